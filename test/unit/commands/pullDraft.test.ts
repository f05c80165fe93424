// The Create Pull Request form's draft: the request body (a fork's head as owner:branch, the draft's work-in-progress
// prefix), the field each of Gitea's refusals belongs to, untrusted input, and the text prefilled from commits,
// template and issue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  emptyPullDraft, fieldOfPullRefusal, localPullProblems, parsePullDraft, titleToSend, toCreatePullBody, wipPrefixOf, type PullDraft,
} from '../../../src/commands/createPullRequest/pullDraft';
import { closesIssue, prefillPull } from '../../../src/commands/createPullRequest/prefill';

const draft = (d: Partial<PullDraft>): PullDraft => ({ ...emptyPullDraft(), title: 'Add search', base: 'main', head: 'feature/search', baseRepo: 'alice/demo', ...d });

test('the body: only the fields set; a fork\'s head as owner:branch; reviewers and teams apart', () => {
  assert.deepEqual(toCreatePullBody(draft({}), { wipPrefix: 'WIP:' }), { head: 'feature/search', base: 'main', title: 'Add search' });
  assert.deepEqual(toCreatePullBody(draft({ body: 'Text', labels: [3, 1], milestone: 2, assignees: ['bob'], reviewers: ['carol'], teamReviewers: ['devs'] }),
    { headOwner: 'carol', wipPrefix: 'WIP:' }), {
    head: 'carol:feature/search', base: 'main', title: 'Add search', body: 'Text', assignees: ['bob'], labels: [3, 1], milestone: 2,
    reviewers: ['carol'], team_reviewers: ['devs'],
  });
});

test('a draft is a title prefix: the instance\'s (setting), not added twice, any of Gitea\'s defaults counts', () => {
  assert.equal(titleToSend({ title: ' Add search ', draft: true }, 'WIP:'), 'WIP: Add search');
  assert.equal(titleToSend({ title: 'Add search', draft: true }, '[Draft]'), '[Draft] Add search');
  assert.equal(titleToSend({ title: '[wip] Add search', draft: true }, 'WIP:'), '[wip] Add search');
  assert.equal(titleToSend({ title: 'WIP: Add search', draft: false }, 'WIP:'), 'WIP: Add search', 'typed by the user: kept');
  assert.equal(wipPrefixOf('wip: x', ['WIP:', '[WIP]']), 'WIP:');
  assert.equal(wipPrefixOf('Wipe the cache', ['WIP:', '[WIP]']), undefined);
});

test('each refusal of POST /pulls lands at its field', () => {
  assert.equal(fieldOfPullRefusal(409, 'pull request already exists for these targets [id: 1, issue_id: 6, ...]'), 'head');
  assert.equal(fieldOfPullRefusal(422, 'Invalid PullRequest: There are no changes between the head and the base'), 'base');
  assert.equal(fieldOfPullRefusal(422, 'Invalid PullRequest: base and head must be branches'), 'base');
  assert.equal(fieldOfPullRefusal(422, '[Title]: Required'), 'title');
  assert.equal(fieldOfPullRefusal(422, 'Assignee does not exist: [name: user does not exist [uid: 0, name: x]]'), 'assignees');
  assert.equal(fieldOfPullRefusal(422, "user doesn't have access to repo [user_id: 4, repo_name: demo]"), 'assignees');
  assert.equal(fieldOfPullRefusal(404, "user doesn't exist: zed"), 'reviewers');
  assert.equal(fieldOfPullRefusal(404, "team doesn't exist: devs"), 'reviewers');
  assert.equal(fieldOfPullRefusal(400, 'the user bob does not have a fork of the base repository'), 'head');
  assert.equal(fieldOfPullRefusal(403, 'user must be a collaborator'), 'baseRepo');
  assert.equal(fieldOfPullRefusal(423, 'repo is archived'), 'baseRepo');
  assert.equal(fieldOfPullRefusal(500, ''), undefined);
  assert.deepEqual(localPullProblems(draft({ title: '  ', base: '' })), { title: 'required', base: 'required' });
});

test('a base or head git would misread (an option, a range, a reflog entry) is refused before anything is pushed or sent', () => {
  assert.deepEqual(localPullProblems(draft({ head: '-f', base: 'main..HEAD' })), { head: 'badRef', base: 'badRef' });
  assert.deepEqual(localPullProblems(draft({ head: 'x@{1}' })), { head: 'badRef' });
  assert.deepEqual(localPullProblems(draft({})), {});
});

test('untrusted drafts: every field checked, cleared milestone as null', () => {
  const parsed = parsePullDraft({ title: 'x', labels: [1, 2], milestone: null, draft: true, extra: 'dropped' }, draft({ milestone: 4 }));
  assert.deepEqual(parsed, draft({ title: 'x', labels: [1, 2], draft: true }));
  assert.equal(parsePullDraft({ labels: ['1'] }), undefined);
  assert.equal(parsePullDraft({ reviewers: [''] }), undefined);
  assert.equal(parsePullDraft({ title: 'x'.repeat(256) }), undefined);
  assert.equal(parsePullDraft([]), undefined);
});

test('prefill: one commit gives subject and body; several the branch as a sentence and their subjects oldest first', () => {
  assert.deepEqual(prefillPull('fix/crash', [{ message: 'Fix the crash on start\n\nThe config was read\ntoo early.\n' }], undefined), {
    title: 'Fix the crash on start', body: 'The config was read\ntoo early.', labelNames: [], assignees: [],
  });
  const several = prefillPull('issue-12-dark-mode_toggle', [{ message: 'Second\n' }, { message: 'First\n\nbody' }], undefined, '#12');
  assert.equal(several.title, 'Dark mode toggle');
  assert.equal(several.body, '- First\n- Second\n\nCloses #12\n');
  assert.equal(prefillPull('topic', [], undefined).title, 'Topic');
});

test('prefill: the template replaces the commits\' text, prefixes the title, preselects; Closes #N once', () => {
  const template = { path: 'PULL_REQUEST_TEMPLATE.md', title: '[Change]: ', body: '## Why\n\nCloses #7\n', labels: ['docs'], assignees: ['bob'] };
  const p = prefillPull('docs', [{ message: 'Update docs\n\nLong text' }], template, '#7');
  assert.deepEqual(p, { title: '[Change]: Update docs', body: '## Why\n\nCloses #7\n', labelNames: ['docs'], assignees: ['bob'] });
  assert.equal(prefillPull('x', [], { ...template, body: '## Why\n' }, 'alice/demo#3').body, '## Why\n\nCloses alice/demo#3\n');
  assert.ok(closesIssue('This fixes: #12.', '#12'));
  assert.ok(!closesIssue('Closes #123', '#12'));
  assert.ok(closesIssue('resolved #12', '#12'));
});

test('prefill: the closing keywords read as before (with or without a colon, spaces around it)', () => {
  for (const yes of ['closes #12', 'Close: #12', 'fixes   :   #12', 'FIXED\t#12', 'resolve :\n#12', 'x fix #12)']) assert.ok(closesIssue(yes, '#12'), yes);
  for (const no of ['closes:#12', 'close :#12', 'closes #123', 'encloses #12', 'closes#12', 'fix it #12']) assert.ok(!closesIssue(no, '#12'), no);
});

test('prefill: a template of `closes` and 100,000 spaces, or `a`, 50,000 spaces and `b`, is read in linear time', () => {
  const spaces = ' '.repeat(100_000);
  const template = { path: 'PULL_REQUEST_TEMPLATE.md', title: '', body: `closes${spaces}x`, labels: [], assignees: [] };
  assert.equal(prefillPull('b', [], template, '#1').body, `closes${spaces}x\n\nCloses #1\n`);
  assert.equal(closesIssue(`${`closes${spaces}:`.repeat(10)}`, '#1'), false);
  const middle = { ...template, body: `a${' '.repeat(50_000)}b` };
  assert.equal(prefillPull('b', [], middle, '#1').body, `a${' '.repeat(50_000)}b\n\nCloses #1\n`);
  const trailing = { ...template, body: `a${' '.repeat(50_000)}` };
  assert.equal(prefillPull('b', [], trailing, '#1').body, 'a\n\nCloses #1\n');
});
