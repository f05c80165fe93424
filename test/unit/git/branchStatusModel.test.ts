// The branch status item's text (pull request state, review verdict, CI, behind; or the issue), the verdicts and CI
// states it is made of, and the polls' backoff.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { branchItemText, ciState, PollBackoff, reviewVerdict, type PullFacts } from '../../../src/git/branchStatusModel';

const pull = (p: Partial<PullFacts>): PullFacts => ({ index: 12, title: 'Add login', state: 'open', draft: false, review: 'none', ci: 'none', behind: false, ...p });

test('the text: state icon, number, title; for an open one its verdict, CI and behind; else the issue', () => {
  assert.equal(branchItemText({ branch: 'b', pull: pull({}) }), '$(git-pull-request) #12 Add login');
  assert.equal(branchItemText({ branch: 'b', pull: pull({ review: 'approved', ci: 'failure', behind: true }) }), '$(git-pull-request) #12 Add login $(pass) $(error) $(arrow-down)');
  assert.equal(branchItemText({ branch: 'b', pull: pull({ state: 'merged', review: 'approved', ci: 'success' }) }), '$(git-merge) #12 Add login');
  assert.equal(branchItemText({ branch: 'b', pull: pull({ state: 'closed', title: 'x'.repeat(60) }) }), `$(git-pull-request-closed) #12 ${'x'.repeat(39)}…`);
  assert.equal(branchItemText({ branch: 'b', issue: { index: 7 } }), '$(issues) #7');
  assert.equal(branchItemText({ branch: 'b' }), '');
});

test('the server\'s title shows as text: no icon or link of its own among the item\'s icons', () => {
  const text = branchItemText({ branch: 'b', pull: pull({ title: '$(zap) [x](command:workbench.action.quit)', review: 'approved' }) });
  assert.ok(text.startsWith('$(git-pull-request) #12 ') && text.endsWith(' $(pass)'), text);
  assert.doesNotMatch(text.slice('$(git-pull-request) '.length, -' $(pass)'.length), /\$\(|\]\(/, 'the title keeps no icon or link syntax');
  assert.doesNotMatch(branchItemText({ branch: 'b', issue: { index: 7, title: '$(bug) crash' } }), /\$\(bug\)/);
});

test('the verdict: each reviewer\'s latest, a change request wins, comments do not take a verdict back, dismissed ones do not count', () => {
  const r = (id: number, login: string, state: string, dismissed = false) => ({ id, user: { login }, state, dismissed });
  assert.equal(reviewVerdict([r(1, 'bob', 'APPROVED')]), 'approved');
  assert.equal(reviewVerdict([r(1, 'bob', 'REQUEST_CHANGES'), r(2, 'bob', 'APPROVED')]), 'approved');
  assert.equal(reviewVerdict([r(1, 'bob', 'APPROVED'), r(2, 'carol', 'REQUEST_CHANGES')]), 'changes');
  assert.equal(reviewVerdict([r(2, 'bob', 'COMMENT'), r(1, 'bob', 'REQUEST_CHANGES')]), 'changes');
  assert.equal(reviewVerdict([r(1, 'bob', 'REQUEST_CHANGES', true)]), 'none');
  assert.equal(reviewVerdict([r(1, 'bob', 'PENDING'), r(2, 'bob', 'REQUEST_REVIEW')]), 'none');
});

test('CI: no statuses is none (Gitea answers pending then), warning and error fail', () => {
  assert.equal(ciState({ state: 'pending', total_count: 0 }), 'none');
  assert.equal(ciState({ state: 'pending', total_count: 2 }), 'pending');
  assert.equal(ciState({ state: 'warning', total_count: 1 }), 'failure');
  assert.equal(ciState({ state: 'success', total_count: 1 }), 'success');
  assert.equal(ciState(undefined), 'none');
});

test('polls back off while nothing changes, up to the maximum, and start over on a change', () => {
  const b = new PollBackoff(30, 200);
  assert.deepEqual([b.next(false), b.next(false), b.next(false), b.next(false)], [60, 120, 200, 200]);
  assert.equal(b.next(true), 30);
});
