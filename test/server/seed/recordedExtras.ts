// The recorded seed's releases, deploy key, webhooks, Actions runs and activity feed (see recordedState.ts):
// releases v0.1.0, the draft pre-release v0.2.0-rc1 and v9.9.195; deploy key 1 "ci box"; the repository hook
// (id 1), alice's user hook (id 2) and acme's hook (id 3); five runs of ci.yml with two jobs each, all still
// queued because the instance has no runner; and the activities of the recorded day.
import { EMPTY_SHA, pushCommitsContent, recordActivity } from '../activity';
import { sshEd25519PublicKey } from '../fixtures';
import type { CommitInfo } from '../git';
import { normalizeHookEvents } from '../hookEvents';
import { parsePublicKey, type ParsedKey } from '../sshKeys';
import type { HookOwner, RepoRec, ServerState } from '../state';
import { MERGE_MESSAGE, RECORDED_AUTHOR, recordedAt, recordedDate, TOPIC_BRANCHES, type RecordedCommit } from './recordedHistory';

function seedReleases(state: ServerState, demo: RepoRec): void {
  const alice = state.userByName('alice')!.id;
  const release = (tagName: string, name: string, body: string, created: Date, draft = false, prerelease = false) =>
    state.releases.push({ id: state.nextId('release'), repoId: demo.id, tagName, target: 'main', name, body, draft, prerelease,
      authorId: alice, created, publishedAt: created, assets: [] });
  release('v0.1.0', 'First', 'notes', recordedDate(11, 53));
  release('v0.2.0-rc1', 'RC', '', recordedDate(11, 53), true, true);
  release('v9.9.195', 'probe', '', recordedDate(12, 8));
}

function seedKeysAndHooks(state: ServerState, demo: RepoRec): void {
  const parsed = parsePublicKey(sshEd25519PublicKey('recorded-ci-box', 'root@vm')) as ParsedKey;
  state.deployKeys.push({ id: state.nextId('deploy_key'), keyId: state.nextId('public_key'), repoId: demo.id, title: 'ci box',
    content: parsed.content, fingerprint: parsed.fingerprint, readOnly: true, created: recordedDate(11, 53) });
  // Keys 2 and 3 were added and removed on the recorded instance: the next key is 4, as its answers show.
  state.useId('deploy_key', 3);
  state.useId('public_key', 3);

  const hook = (owner: HookOwner, url: string, events: string[], branchFilter: string, created: Date) =>
    state.hooks.push({ id: state.nextId('webhook'), owner, type: 'gitea', name: '', url, contentType: 'json', httpMethod: 'POST', meta: {},
      events: normalizeHookEvents(events), branchFilter, authorizationHeader: '', active: true, created, updated: created });
  hook({ kind: 'repo', id: demo.id }, 'http://127.0.0.1:9/hook', ['push', 'issues'], 'main', recordedDate(11, 53));
  hook({ kind: 'user', id: state.userByName('alice')!.id }, 'http://127.0.0.1:9/userhook', ['push', 'pull_request'], 'release/*',
    recordedDate(11, 53));
  hook({ kind: 'org', id: state.orgByName('acme')!.id }, 'http://127.0.0.1:9/org', ['push'], '', recordedDate(12, 8));
}

/**
 * Runs of ci.yml for the merge commit, pushed as tag v0.1.0, twice to main and as tag v9.9.195; the recorded
 * run 5 came from the tag a recorded release creation pushed (line 59), which the seed has as a second push
 * of v9.9.195 so that run 5 exists without replaying it. No runner: every job stays queued (`waiting`).
 */
function seedRuns(state: ServerState, demo: RepoRec, shas: Record<RecordedCommit, string>): void {
  const alice = state.userByName('alice')!.id;
  const runs: Array<[ref: string, created: Date]> = [
    ['refs/tags/v0.1.0', recordedDate(11, 52)], ['refs/heads/main', recordedDate(11, 54)], ['refs/heads/main', recordedDate(11, 54)],
    ['refs/tags/v9.9.195', recordedDate(12, 8)], ['refs/tags/v9.9.195', recordedDate(12, 8)],
  ];
  runs.forEach(([ref, created], i) => {
    const run = { id: state.nextId('action_run'), repoId: demo.id, runNumber: i + 1, title: MERGE_MESSAGE.split('\n')[0], workflowId: 'ci.yml',
      event: 'push', ref, commitSha: shas.merge, status: 'waiting' as const, triggerUserId: alice, attempt: 1, created };
    state.runs.push(run);
    for (const name of ['build', 'test']) {
      state.jobs.push({ id: state.nextId('action_run_job'), runId: run.id, repoId: demo.id, name, labels: ['ubuntu-latest'],
        status: 'waiting', attempt: 1, taskId: 0, runnerId: 0, runnerName: '', created, steps: [], log: '' });
    }
  });
}

const commitInfo = (sha: string, message: string, when: number, who = RECORDED_AUTHOR): CommitInfo => ({
  sha, tree: '', parents: [], message, author: { ...who, when }, committer: { ...who, when },
});

/** The activities of the recorded day, in the order they happened. */
function seedActivity(state: ServerState, demo: RepoRec, shas: Record<RecordedCommit, string>): void {
  const alice = state.userByName('alice')!.id;
  const repo = (full: string) => state.repoByName(full.split('/')[0], full.split('/')[1])!;
  const add = (opType: string, r: RepoRec, created: Date, extra: { content?: string; refName?: string } = {}) =>
    recordActivity(state, { opType, actorId: alice, repo: r, created, ...extra });
  const commits = {
    init: commitInfo(shas.init, 'Initial commit\n', recordedAt(11, 30)),
    app: commitInfo(shas.app, 'app\n', recordedAt(11, 32)),
    login: commitInfo(shas.login, 'login feature\n', recordedAt(11, 32)),
    open: commitInfo(shas.open, 'open change\n', recordedAt(11, 33)),
    ci: commitInfo(shas.ci, 'ci workflow\n', recordedAt(11, 44)),
    merge: commitInfo(shas.merge, MERGE_MESSAGE, recordedAt(11, 50), { name: 'alice', email: 'alice@example.com' }),
  };
  const full = state.fullName(demo);
  const push = (ref: string, base: string, list: CommitInfo[], created: Date, head = list[0]) =>
    add('commit_repo', demo, created, { refName: ref, content: pushCommitsContent(full, base, list, { head }) });

  add('create_repo', demo, recordedDate(11, 30));
  add('create_repo', repo('acme/tools'), recordedDate(11, 31));
  add('create_repo', repo('alice/oldstuff'), recordedDate(11, 31));
  push('refs/heads/main', '', [commits.app, commits.init], recordedDate(11, 33));
  for (const [branch, head] of [['feature/login', commits.login], ['feature/open', commits.open]] as const) {
    add('commit_repo', demo, recordedDate(11, 33), { refName: `refs/heads/${branch}` });
    push(`refs/heads/${branch}`, shas.app, [head], recordedDate(11, 33));
  }
  push('refs/heads/main', shas.app, [commits.ci], recordedDate(11, 44));
  add('create_pull_request', demo, recordedDate(11, 46), { content: '1|Add login' });
  add('merge_pull_request', demo, recordedDate(11, 51), { content: '1|Add login' });
  add('create_pull_request', demo, recordedDate(11, 52), { content: '2|Open change with rename' });
  add('create_issue', demo, recordedDate(11, 52), { content: '3|Bug: crash on start' });
  add('create_issue', demo, recordedDate(11, 52), { content: '4|Release blocker' });
  // A new branch with no new commit: Gitea records the creation, then a summary with only the head commit.
  for (const branch of TOPIC_BRANCHES) {
    add('commit_repo', demo, recordedDate(11, 53), { refName: `refs/heads/${branch}` });
    push(`refs/heads/${branch}`, 'main', [], recordedDate(11, 53), commits.app);
  }
  const tag = (name: string, created: Date, title: string) => {
    add('push_tag', demo, created, { refName: `refs/tags/${name}`,
      content: pushCommitsContent(full, EMPTY_SHA, [], { head: commits.merge, tag: true }) });
    add('publish_release', demo, created, { refName: `refs/tags/${name}`, content: title });
  };
  tag('v0.1.0', recordedDate(11, 53), 'First');
  push('refs/heads/main', shas.ci, [commits.merge, commits.login], recordedDate(11, 54));
  add('create_repo', repo('alice/gmig28807'), recordedDate(12, 8));
  add('create_issue', demo, recordedDate(12, 8), { content: '5|probe issue' });
  tag('v9.9.195', recordedDate(12, 8), 'probe');
}

export function seedRecordedExtras(state: ServerState, shas: Record<RecordedCommit, string>): void {
  const demo = state.repoByName('alice', 'demo')!;
  seedReleases(state, demo);
  seedKeysAndHooks(state, demo);
  seedRuns(state, demo, shas);
  seedActivity(state, demo, shas);
}
