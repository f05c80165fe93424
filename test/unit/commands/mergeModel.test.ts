// Merge Pull Request's decisions: the allowed styles and their order, Gitea's default merge messages, why a pull
// request cannot be merged, what a refusal means; and Request Review's changes to the review requests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Branch, CombinedStatus, PullRequest, PullReview, Repository } from '../../../src/api';
import {
  allowedMergeStyles,
  proposeDeleteBranch,
  approversOf,
  defaultMergeMessage,
  mergeBlockers,
  mergeRefusal,
  onlyPendingChecks,
  requiredChecks,
  styleTakesMessage,
} from '../../../src/commands/merge/mergeModel';
import { reviewerChanges } from '../../../src/commands/requestReview/reviewerChanges';

const repo = (o: Partial<Repository>) => o as Repository;
const pull = (o: Partial<PullRequest>): PullRequest =>
  ({
    id: 60,
    number: 6,
    title: 'Add login page',
    state: 'open',
    merged: false,
    mergeable: true,
    draft: false,
    html_url: 'https://gitea.example/alice/demo/pulls/6',
    head: { ref: 'feature/login', sha: 'a'.repeat(40), repo_id: 1, label: 'feature/login' },
    base: { ref: 'main', sha: 'b'.repeat(40), repo_id: 1, label: 'main' },
    labels: [],
    assignees: [],
    requested_reviewers: [],
    requested_reviewers_teams: [],
    ...o,
  }) as unknown as PullRequest;
const review = (id: number, user: string, state: string, o: Partial<PullReview> = {}): PullReview =>
  ({ id, state, official: true, dismissed: false, user: { id: user.length, login: user, full_name: `${user[0]!.toUpperCase()}${user.slice(1)}`, email: `${user}@example.com` }, ...o }) as unknown as PullReview;
const branch = (o: Partial<Branch>) => ({ name: 'main', protected: true, status_check_contexts: [], ...o }) as Branch;
const statuses = (...s: [string, string][]) => ({ statuses: s.map(([context, status], id) => ({ id, context, status })) }) as unknown as CombinedStatus;

test('only the allowed styles are offered, the default first, then in Gitea\'s order; absent settings are not allowed', () => {
  const all = { allow_merge_commits: true, allow_rebase: true, allow_rebase_explicit: true, allow_squash_merge: true, allow_fast_forward_only_merge: true, allow_manual_merge: true };
  assert.deepEqual(allowedMergeStyles(repo({ ...all, default_merge_style: 'squash' })), ['squash', 'merge', 'rebase', 'rebase-merge', 'fast-forward-only', 'manually-merged']);
  assert.deepEqual(allowedMergeStyles(repo({ allow_rebase: true, allow_squash_merge: true, default_merge_style: 'merge' })), ['rebase', 'squash']);
  // An older server without allow_fast_forward_only_merge / allow_manual_merge.
  assert.deepEqual(allowedMergeStyles(repo({ allow_merge_commits: true, allow_squash_merge: true, default_merge_style: 'merge' })), ['merge', 'squash']);
  // gitea.merge.defaultStyle: first when the repository allows it; otherwise the repository's default leads.
  assert.deepEqual(allowedMergeStyles(repo({ ...all, default_merge_style: 'squash' }), 'rebase').slice(0, 2), ['rebase', 'merge']);
  assert.deepEqual(allowedMergeStyles(repo({ allow_merge_commits: true, allow_squash_merge: true, default_merge_style: 'squash' }), 'rebase'), ['squash', 'merge']);
  assert.deepEqual(allowedMergeStyles(repo({ allow_merge_commits: true, allow_squash_merge: true, default_merge_style: 'squash' }), 'repository'), ['squash', 'merge']);
  assert.deepEqual(allowedMergeStyles(repo({})), []);
  assert.deepEqual((['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only', 'manually-merged'] as const).map(styleTakesMessage), [true, false, true, true, false, false]);
});

test('default messages are Gitea\'s: merge title with the head (fork: owner/repo:branch), squash "title (#n)", Reviewed-on/-by body, rebase none', () => {
  const approvers = approversOf([review(1, 'bob', 'APPROVED'), review(2, 'carol', 'COMMENT')]);
  assert.deepEqual(defaultMergeMessage('merge', pull({}), approvers), {
    title: "Merge pull request 'Add login page' (#6) from feature/login into main",
    body: 'Reviewed-on: https://gitea.example/alice/demo/pulls/6\nReviewed-by: Bob <bob@example.com>\n',
  });
  assert.equal(defaultMergeMessage('rebase-merge', pull({}), []).title, "Merge pull request 'Add login page' (#6) from feature/login into main");
  assert.deepEqual(defaultMergeMessage('squash', pull({}), []), { title: 'Add login page (#6)', body: 'Reviewed-on: https://gitea.example/alice/demo/pulls/6\n' });
  assert.deepEqual(defaultMergeMessage('rebase', pull({}), approvers), { title: '', body: '' });
  const fork = pull({ head: { ref: 'fix', repo_id: 9, repo: { full_name: 'bob/demo' } as Repository } });
  assert.equal(defaultMergeMessage('merge', fork, []).title, "Merge pull request 'Add login page' (#6) from bob/demo:fix into main");
  const gone = pull({ head: { ref: 'fix', repo_id: -1 } });
  assert.equal(defaultMergeMessage('merge', gone, []).title, "Merge pull request 'Add login page' (#6) from <deleted>:fix into main");
  assert.equal(defaultMergeMessage('squash', pull({}), [], true).title, 'Add login page (!6)');
});

test('approvers: each reviewer\'s latest official, not dismissed approval', () => {
  const reviews = [
    review(1, 'bob', 'APPROVED'),
    review(3, 'bob', 'REQUEST_CHANGES'),
    review(2, 'dave', 'APPROVED', { dismissed: true }),
    review(4, 'erin', 'APPROVED', { official: false }),
    review(5, 'frank', 'APPROVED'),
    review(6, 'frank', 'COMMENT'),
  ];
  assert.deepEqual(approversOf(reviews).map((a) => a.email), ['frank@example.com']);
});

test('required checks follow Gitea: globs, a context that has not reported is pending, a failure fails', () => {
  assert.deepEqual(requiredChecks(statuses(['ci/build', 'success']), ['ci/*']), { state: 'success', missing: [] });
  assert.deepEqual(requiredChecks(statuses(['ci/build', 'success']), ['ci/build', 'lint']), { state: 'pending', missing: ['lint'] });
  assert.deepEqual(requiredChecks(statuses(['ci/build', 'failure']), ['ci/build']), { state: 'failure', missing: ['ci/build'] });
  assert.deepEqual(requiredChecks(statuses(['ci/build', 'pending']), []), { state: 'pending', missing: [] });
  assert.deepEqual(requiredChecks(undefined, []), { state: 'pending', missing: [] });
});

test('refusal reasons before sending, in Gitea\'s order', () => {
  const facts = (pr: Partial<PullRequest>, o: { base?: Branch; status?: CombinedStatus; reviews?: PullReview[]; push?: boolean } = {}) =>
    mergeBlockers({ pr: pull(pr), repo: repo({ permissions: { push: o.push ?? true } }), base: o.base, status: o.status, reviews: o.reviews ?? [] });
  assert.deepEqual(facts({ merged: true }), [{ kind: 'merged' }]);
  assert.deepEqual(facts({ state: 'closed' }), [{ kind: 'closed' }]);
  assert.deepEqual(facts({}, { push: false }), [{ kind: 'noPermission' }]);
  assert.deepEqual(facts({}, { base: branch({ user_can_merge: false }) }), [{ kind: 'protectedBranch', branch: 'main' }]);
  assert.deepEqual(facts({ title: 'WIP: Add login page', mergeable: false }), [{ kind: 'workInProgress' }]);
  assert.deepEqual(facts({ draft: true }), [{ kind: 'workInProgress' }]);
  assert.deepEqual(facts({ mergeable: false }), [{ kind: 'conflicts', base: 'main' }]);
  const rule = branch({ user_can_merge: true, required_approvals: 1, enable_status_check: true, status_check_contexts: ['ci/build'] });
  assert.deepEqual(facts({}, { base: rule }), [
    { kind: 'checks', state: 'pending', contexts: ['ci/build'] },
    { kind: 'approvals', required: 1, have: 0 },
  ]);
  assert.deepEqual(facts({}, { base: rule, status: statuses(['ci/build', 'failure']), reviews: [review(1, 'bob', 'APPROVED')] }), [
    { kind: 'checks', state: 'failure', contexts: ['ci/build'] },
  ]);
  assert.deepEqual(facts({}, { base: rule, status: statuses(['ci/build', 'success']), reviews: [review(1, 'bob', 'APPROVED')] }), []);
  // An unprotected branch: statuses do not matter.
  assert.deepEqual(facts({}, { base: branch({ protected: false }), status: statuses(['ci/build', 'failure']) }), []);
  const pending = facts({}, { base: rule, reviews: [review(1, 'bob', 'APPROVED')] });
  assert.equal(onlyPendingChecks(pending), true, 'pending checks alone can be waited for');
  assert.equal(onlyPendingChecks(facts({}, { base: rule })), false);
});

test('the server\'s refusals are told apart by status and Gitea 1.27\'s messages', () => {
  assert.deepEqual(mergeRefusal(405, 'Please try again later'), { kind: 'tryAgainLater' });
  assert.deepEqual(mergeRefusal(405, ''), { kind: 'alreadyMerged' });
  assert.deepEqual(mergeRefusal(405, 'Work in progress PRs cannot be merged'), { kind: 'workInProgress' });
  assert.deepEqual(mergeRefusal(405, 'User not allowed to merge PR'), { kind: 'noPermission' });
  assert.deepEqual(mergeRefusal(405, 'not allowed to merge [reason: Does not have enough approvals]'), { kind: 'protection', reason: 'Does not have enough approvals' });
  assert.deepEqual(mergeRefusal(405, 'squash is not allowed an allowed merge style for this repository'), { kind: 'styleNotAllowed' });
  assert.deepEqual(mergeRefusal(409, 'head out of date'), { kind: 'headChanged' });
  assert.deepEqual(mergeRefusal(409, 'merge push out of date'), { kind: 'baseChanged' });
  assert.deepEqual(mergeRefusal(409, 'pull request is already scheduled to auto merge when checks succeed [pull_id: 6]'), { kind: 'alreadyScheduled' });
  assert.deepEqual(mergeRefusal(409, undefined), { kind: 'gitConflict' });
  assert.deepEqual(mergeRefusal(404, 'not found'), { kind: 'closed' });
  assert.deepEqual(mergeRefusal(423, 'repo is archived'), { kind: 'archived' });
  assert.deepEqual(mergeRefusal(500, 'boom'), { kind: 'other', message: 'boom' });
});

test('Request Review: what to request and what to withdraw (names compared without case)', () => {
  const current = { reviewers: ['bob', 'Carol'], team_reviewers: ['devs'] };
  assert.deepEqual(reviewerChanges(current, { reviewers: ['carol', 'dave'], team_reviewers: ['devs', 'qa'] }), {
    added: { reviewers: ['dave'], team_reviewers: ['qa'] },
    removed: { reviewers: ['bob'], team_reviewers: [] },
  });
});

test('gitea.merge.deleteBranch: the repository\'s setting unless always or never', () => {
  assert.deepEqual([proposeDeleteBranch(true, 'repository'), proposeDeleteBranch(undefined, 'repository'), proposeDeleteBranch(false, 'always'), proposeDeleteBranch(true, 'never')], [true, false, true, false]);
});
