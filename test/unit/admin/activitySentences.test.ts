import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ACTIVITY_OP_TYPES, renderActivity, shortRef, type ActivitySource } from '../../../src/views/activitySentences';

const repo = { full_name: 'alice/demo', name: 'demo', html_url: 'http://127.0.0.1:3000/git/alice/demo', owner: { login: 'alice' } };
const base = { act_user: { login: 'bob' }, repo };
const R = repo.html_url;

/** One sample per op_type, as Gitea's notifier writes it, with the sentence, icon and link expected. */
const cases: Record<(typeof ACTIVITY_OP_TYPES)[number], { a: Partial<ActivitySource>; sentence: string; icon: string; url: string; detail?: string }> = {
  create_repo: { a: {}, sentence: 'bob created repository alice/demo', icon: 'repo', url: R },
  rename_repo: { a: { content: 'old-demo' }, sentence: 'bob renamed repository old-demo to alice/demo', icon: 'edit', url: R },
  star_repo: { a: {}, sentence: 'bob starred alice/demo', icon: 'star-full', url: R },
  watch_repo: { a: {}, sentence: 'bob started watching alice/demo', icon: 'eye', url: R },
  commit_repo: {
    a: { ref_name: 'refs/heads/main', content: JSON.stringify({ Commits: [{ Sha1: 'abc123', Message: 'Fix it\n\nbody' }], Len: 1, CompareURL: '' }) },
    sentence: 'bob pushed to main at alice/demo',
    icon: 'repo-push',
    url: `${R}/commit/abc123`,
    detail: 'Fix it',
  },
  create_issue: { a: { content: '12|Crash on start' }, sentence: 'bob opened issue alice/demo#12', icon: 'issues', url: `${R}/issues/12`, detail: 'Crash on start' },
  create_pull_request: { a: { content: '3|Add feature' }, sentence: 'bob created pull request alice/demo#3', icon: 'git-pull-request', url: `${R}/pulls/3`, detail: 'Add feature' },
  transfer_repo: { a: { content: 'carol/demo' }, sentence: 'bob transferred repository carol/demo to alice/demo', icon: 'arrow-swap', url: R },
  push_tag: { a: { ref_name: 'refs/tags/v1.0' }, sentence: 'bob pushed tag v1.0 to alice/demo', icon: 'tag', url: `${R}/src/tag/v1.0` },
  comment_issue: {
    a: { content: '12|Me too', comment: { html_url: `${R}/issues/12#issuecomment-5` } },
    sentence: 'bob commented on issue alice/demo#12',
    icon: 'comment',
    url: `${R}/issues/12#issuecomment-5`,
    detail: 'Me too',
  },
  merge_pull_request: { a: { content: '3|Add feature' }, sentence: 'bob merged pull request alice/demo#3', icon: 'git-merge', url: `${R}/pulls/3`, detail: 'Add feature' },
  close_issue: { a: { content: '12|Crash' }, sentence: 'bob closed issue alice/demo#12', icon: 'issue-closed', url: `${R}/issues/12`, detail: 'Crash' },
  reopen_issue: { a: { content: '12|Crash' }, sentence: 'bob reopened issue alice/demo#12', icon: 'issue-reopened', url: `${R}/issues/12`, detail: 'Crash' },
  close_pull_request: { a: { content: '3|X' }, sentence: 'bob closed pull request alice/demo#3', icon: 'git-pull-request-closed', url: `${R}/pulls/3`, detail: 'X' },
  reopen_pull_request: { a: { content: '3|X' }, sentence: 'bob reopened pull request alice/demo#3', icon: 'git-pull-request', url: `${R}/pulls/3`, detail: 'X' },
  delete_tag: { a: { ref_name: 'refs/tags/v0.9' }, sentence: 'bob deleted tag v0.9 at alice/demo', icon: 'trash', url: `${R}/tags` },
  delete_branch: { a: { ref_name: 'refs/heads/feature/x' }, sentence: 'bob deleted branch feature/x at alice/demo', icon: 'trash', url: `${R}/branches` },
  mirror_sync_push: {
    a: { ref_name: 'main', content: JSON.stringify({ Commits: [{ Sha1: 'a1' }, { Sha1: 'b2' }], Len: 2, CompareURL: 'alice/demo/compare/a1...b2' }) },
    sentence: 'bob synced 2 commits to main at alice/demo from the mirror',
    icon: 'sync',
    url: 'http://127.0.0.1:3000/git/alice/demo/compare/a1...b2',
  },
  mirror_sync_create: { a: { ref_name: 'refs/heads/new' }, sentence: 'bob synced new reference new to alice/demo from the mirror', icon: 'sync', url: `${R}/src/branch/new` },
  mirror_sync_delete: { a: { ref_name: 'refs/heads/old' }, sentence: 'bob synced and deleted reference old at alice/demo from the mirror', icon: 'sync', url: R },
  approve_pull_request: { a: { content: '3|LGTM' }, sentence: 'bob approved alice/demo#3', icon: 'pass', url: `${R}/pulls/3`, detail: 'LGTM' },
  reject_pull_request: { a: { content: '3|Needs tests' }, sentence: 'bob requested changes on alice/demo#3', icon: 'request-changes', url: `${R}/pulls/3`, detail: 'Needs tests' },
  comment_pull: { a: { content: '3|Nice' }, sentence: 'bob commented on pull request alice/demo#3', icon: 'comment-discussion', url: `${R}/pulls/3`, detail: 'Nice' },
  publish_release: { a: { ref_name: 'refs/tags/v1.0', content: 'Version 1.0' }, sentence: 'bob released Version 1.0 at alice/demo', icon: 'package', url: `${R}/releases/tag/v1.0`, detail: 'v1.0' },
  pull_review_dismissed: {
    a: { content: '3|carol|outdated' },
    sentence: 'bob dismissed the review of carol on alice/demo#3',
    icon: 'circle-slash',
    url: `${R}/pulls/3`,
    detail: 'outdated',
  },
  pull_request_ready_for_review: { a: { content: '3|WIP done' }, sentence: 'bob marked alice/demo#3 ready for review', icon: 'eye', url: `${R}/pulls/3`, detail: 'WIP done' },
  auto_merge_pull_request: { a: { content: '3|X' }, sentence: 'bob automatically merged pull request alice/demo#3', icon: 'git-merge', url: `${R}/pulls/3`, detail: 'X' },
};

test('there are 27 op types and each has a case', () => {
  assert.equal(ACTIVITY_OP_TYPES.length, 27);
  assert.deepEqual(Object.keys(cases).sort(), [...ACTIVITY_OP_TYPES].sort());
});

for (const op of ACTIVITY_OP_TYPES) {
  test(`op_type ${op}: sentence, icon, link`, () => {
    const c = cases[op];
    const r = renderActivity({ ...base, op_type: op, ...c.a });
    assert.equal(r.sentence, c.sentence);
    assert.equal(r.icon, c.icon);
    assert.equal(r.url, c.url);
    assert.equal(r.detail, c.detail);
  });
}

test('an unknown op_type gives a generic sentence, never a crash', () => {
  const r = renderActivity({ ...base, op_type: 'teleport_repo' });
  assert.equal(r.sentence, 'bob did "teleport_repo" at alice/demo');
  assert.equal(r.icon, 'pulse');
  assert.equal(r.url, R);
});

test('missing repository, actor and content do not crash', () => {
  const r = renderActivity({ op_type: 'create_issue', repo: null, act_user: null });
  assert.equal(r.sentence, 'Someone opened issue a repository');
  assert.equal(r.url, undefined);
  assert.doesNotThrow(() => renderActivity({}));
  assert.doesNotThrow(() => renderActivity({ op_type: 'commit_repo', content: '{broken json' }));
});

test('pushes of several commits say how many and link to the branch when there is no compare URL', () => {
  const r = renderActivity({ ...base, op_type: 'commit_repo', ref_name: 'dev', content: JSON.stringify({ Commits: [{ Sha1: 'a' }, { Sha1: 'b' }, { Sha1: 'c' }], Len: 5 }) });
  assert.equal(r.sentence, 'bob pushed 5 commits to dev at alice/demo');
  assert.equal(r.url, `${R}/src/branch/dev`);
});

test('the translator receives each sentence with its arguments', () => {
  const seen: string[] = [];
  renderActivity({ ...base, op_type: 'star_repo' }, (m, ...args) => {
    seen.push(m);
    return `${m}|${args.join(',')}`;
  });
  assert.deepEqual(seen, ['{0} starred {1}']);
});

test('short refs', () => {
  assert.equal(shortRef('refs/heads/a/b'), 'a/b');
  assert.equal(shortRef('refs/tags/v1'), 'v1');
  assert.equal(shortRef('main'), 'main');
  assert.equal(shortRef(undefined), '');
});

test('entries about an issue or pull request name it (its page opens in the editor); others name none', () => {
  assert.deepEqual(renderActivity({ ...base, op_type: 'comment_issue', content: '12|Me too' }).item, { owner: 'alice', repo: 'demo', number: 12, isPull: false, title: 'Me too' });
  assert.deepEqual(renderActivity({ ...base, op_type: 'merge_pull_request', content: '3|Add feature' }).item, { owner: 'alice', repo: 'demo', number: 3, isPull: true, title: 'Add feature' });
  // The dismissal's content is number|reviewer|reason: no title.
  assert.deepEqual(renderActivity({ ...base, op_type: 'pull_review_dismissed', content: '3|carol|outdated' }).item, { owner: 'alice', repo: 'demo', number: 3, isPull: true });
  // A repository known only by name and owner.
  assert.deepEqual(renderActivity({ act_user: { login: 'bob' }, repo: { name: 'demo', owner: { login: 'alice' } }, op_type: 'close_issue', content: '7|x' }).item, { owner: 'alice', repo: 'demo', number: 7, isPull: false, title: 'x' });
  assert.equal(renderActivity({ ...base, op_type: 'star_repo' }).item, undefined);
  assert.equal(renderActivity({ ...base, op_type: 'create_issue', content: 'x|not a number' }).item, undefined);
  assert.equal(renderActivity({ ...base, op_type: 'create_issue', content: '12|t', repo: null }).item, undefined);
});
