// The issue page's edit messages (title, description, pickers, pull request buttons) and what the page shows of a
// pull request: every message is checked exactly; forks, reviews and CI come out as Gitea shows them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PullRequest, PullReview } from '../../../../src/api';
import { MAX_BODY_CHARS, MAX_TITLE_CHARS, parseInbound } from '../../../../src/commands/issuePage/messages';
import { labelScope, pageLabel } from '../../../../src/commands/issuePage/pageModel';
import { headName, latestReviews, pullDetails } from '../../../../src/commands/issuePage/pullModel';

describe('issue page edit messages', () => {
  it('accepts a title, a description (also empty), a picker field and a pull request button', () => {
    assert.deepEqual(parseInbound({ type: 'editTitle', title: '  New title ' }), { type: 'editTitle', title: 'New title' });
    assert.deepEqual(parseInbound({ type: 'editBody', body: '' }), { type: 'editBody', body: '' });
    assert.deepEqual(parseInbound({ type: 'editBody', body: '**x**' }), { type: 'editBody', body: '**x**' });
    for (const field of ['labels', 'assignees', 'milestone', 'dueDate']) assert.deepEqual(parseInbound({ type: 'pick', field }), { type: 'pick', field });
    for (const action of ['changedFiles', 'ciJobs', 'checkout', 'review', 'merge', 'requestReview']) assert.deepEqual(parseInbound({ type: 'pullAction', action }), { type: 'pullAction', action });
  });

  const malformed: [string, unknown][] = [
    ['an empty title', { type: 'editTitle', title: '   ' }],
    ['a title over 255 characters', { type: 'editTitle', title: 'x'.repeat(MAX_TITLE_CHARS + 1) }],
    ['a title that is not text', { type: 'editTitle', title: 3 }],
    ['a description over the limit', { type: 'editBody', body: 'x'.repeat(MAX_BODY_CHARS + 1) }],
    ['a description with an extra key', { type: 'editBody', body: 'x', id: 0 }],
    ['an unknown picker field', { type: 'pick', field: 'projects' }],
    ['a picker field as a prototype key', { type: 'pick', field: 'toString' }],
    ['a picker with an id list', { type: 'pick', field: 'labels', ids: [1] }],
    ['a command id instead of an action', { type: 'pullAction', action: 'gitea.mergePullRequest' }],
    ['a pull action with an argument', { type: 'pullAction', action: 'checkout', repo: 'x' }],
  ];
  for (const [what, message] of malformed) {
    it(`drops ${what}`, () => assert.equal(parseInbound(message), undefined));
  }
});

describe('issue page labels', () => {
  it('an exclusive `scope/name` label shows in two parts; others, and odd slashes, as one', () => {
    assert.deepEqual(pageLabel({ name: 'priority/high', color: 'EE0701', description: 'Now', exclusive: true }), { name: 'high', scope: 'priority', color: '#ee0701', description: 'Now' });
    assert.equal(labelScope({ name: 'area/ui/dark', exclusive: true }), 'area/ui');
    assert.equal(labelScope({ name: 'priority/high', exclusive: false }), undefined);
    assert.equal(labelScope({ name: '/high', exclusive: true }), undefined);
    assert.equal(labelScope({ name: 'priority/', exclusive: true }), undefined);
    assert.deepEqual(pageLabel({ name: 'bug', color: 'zz', description: '' }), { name: 'bug', color: undefined, description: undefined });
  });
});

const repo = (fullName: string, id: number) => ({ id, full_name: fullName, owner: { id, login: fullName.split('/')[0]! } });
const pull = (over: Partial<PullRequest> = {}): PullRequest =>
  ({
    id: 1,
    number: 5,
    title: 'Feature',
    state: 'open',
    labels: [],
    assignees: [],
    requested_reviewers: [],
    requested_reviewers_teams: [],
    base: { ref: 'main', label: 'main', sha: 'b', repo_id: 1, repo: repo('alice/demo', 1) },
    head: { ref: 'feature', label: 'feature', sha: 'h1', repo_id: 1, repo: repo('alice/demo', 1) },
    mergeable: true,
    merged: false,
    changed_files: 3,
    additions: 10,
    deletions: 2,
    ...over,
  }) as unknown as PullRequest;
const review = (id: number, login: string, state: string, at: string, over: Partial<PullReview> = {}): PullReview =>
  ({ id, user: { id, login }, state, submitted_at: at, ...over }) as unknown as PullReview;

describe('issue page pull request details', () => {
  it('names a fork’s head owner:branch and a same-repository head by its branch', () => {
    assert.equal(headName(pull()), 'feature');
    assert.equal(headName(pull({ head: { ref: 'fix', label: 'bob:fix', sha: 'x', repo_id: 9, repo: repo('bob/demo', 9) as never } })), 'bob:fix');
    // A deleted fork: repo null, repo_id -1; Gitea's label still names it.
    assert.equal(headName(pull({ head: { ref: 'fix', label: 'bob:fix', sha: 'x', repo_id: -1 } })), 'bob:fix');
  });

  it('keeps the latest verdict of each reviewer; pending, requested and dismissed reviews do not count', () => {
    const reviews = [
      review(1, 'bob', 'REQUEST_CHANGES', '2026-01-01T10:00:00Z'),
      review(2, 'carol', 'COMMENT', '2026-01-01T11:00:00Z'),
      review(3, 'bob', 'APPROVED', '2026-01-02T10:00:00Z'),
      review(4, 'dave', 'PENDING', '2026-01-02T11:00:00Z'),
      review(5, 'erin', 'APPROVED', '2026-01-02T12:00:00Z', { dismissed: true }),
      review(6, 'frank', 'REQUEST_REVIEW', '2026-01-02T13:00:00Z'),
    ];
    assert.deepEqual(latestReviews(reviews), [
      { reviewer: 'carol', verdict: 'commented', at: '2026-01-01T11:00:00Z' },
      { reviewer: 'bob', verdict: 'approved', at: '2026-01-02T10:00:00Z' },
    ]);
  });

  it('shows mergeability while open, who merged it and when once merged, requested reviewers and the CI state', () => {
    const open = pullDetails(pull({ requested_reviewers: [{ id: 7, login: 'gina' }] as never, requested_reviewers_teams: [{ id: 1, name: 'core' }] as never }), {
      commits: 4,
      status: { state: 'failure', total_count: 2, statuses: [] } as never,
    });
    assert.equal(open.mergeable, true);
    assert.equal(open.commits, 4);
    assert.equal(open.changedFiles, 3);
    assert.deepEqual(open.requestedReviewers, ['gina', 'core']);
    assert.deepEqual(open.status, { state: 'failure', total: 2 });
    assert.equal(pullDetails(pull({ mergeable: false }), {}).mergeable, false, 'conflicting');
    const merged = pullDetails(pull({ state: 'closed', merged: true, mergeable: false, merged_by: { id: 1, login: 'alice' } as never, merged_at: '2026-01-03T00:00:00Z' }), {});
    assert.equal(merged.mergeable, undefined, 'no conflict shown for a merged pull request');
    assert.equal(merged.mergedBy, 'alice');
    assert.equal(merged.mergedAt, '2026-01-03T00:00:00Z');
    // No statuses: Gitea's state is "" — nothing to show.
    assert.equal(pullDetails(pull(), { status: { state: '', total_count: 0, statuses: [] } as never }).status, undefined);
    assert.equal(pullDetails(pull(), { status: { state: 'pending', total_count: 0, statuses: [] } as never }).status, undefined, 'no checks: nothing pending');
  });
});
