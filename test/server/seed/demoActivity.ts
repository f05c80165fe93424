// The activity feeds: about sixty actions across many op_types, spread over January 2024 (two on
// 2024-01-10 for `date` filtering), on public and private repositories.
import { pushCommitsContent, recordActivity } from '../activity';
import { FIXTURES } from '../fixtures';
import { parseCommitObject } from '../git';
import type { ServerState } from '../state';
import type { DemoCommit } from './demoHistory';

export function seedDemoActivity(state: ServerState, shas: Record<DemoCommit, string>): void {
  const R = FIXTURES.repos;
  const demo = state.repo(R.demo.id)!;
  const priv = state.repo(R.privateRepo.id)!;
  const mirror = state.repo(R.mirror.id)!;
  const site = state.repo(R.site.id)!;
  const id = (n: string) => state.userByName(n)!.id;
  const [alice, bob, carol] = [id('alice'), id('bob'), id('carol')];
  const title = (index: number) => `${index}|${state.issueByIndex(demo.id, index)!.title}`;
  const commentOn = (index: number) =>
    state.comments.find((c) => c.issueId === state.issueByIndex(demo.id, index)!.id)!;
  const fakeCommit = (sha: string, message: string, who: string, email: string) =>
    parseCommitObject(sha, `tree ${'0'.repeat(40)}\nauthor ${who} <${email}> 1704099600 +0000\ncommitter ${who} <${email}> 1704099600 +0000\n\n${message}`);

  const add = (opType: string, actorId: number, when: string, extra: { repo?: typeof demo; content?: string; refName?: string; commentId?: number } = {}) =>
    recordActivity(state, { opType, actorId, repo: extra.repo ?? demo, content: extra.content, refName: extra.refName,
      commentId: extra.commentId, created: new Date(when) });

  add('create_repo', alice, '2024-01-01T09:00:00Z');
  add('commit_repo', alice, '2024-01-01T12:00:00Z', { refName: 'refs/heads/main',
    content: pushCommitsContent('alice/demo', shas.c1, [fakeCommit(shas.c3, 'Improve main entry\n', 'Bob Builder', 'bob@example.com'),
      fakeCommit(shas.c2, 'Add guide\n', 'Alice Liddell', 'alice@example.com')]) });
  add('star_repo', bob, '2024-01-02T10:00:00Z');
  add('watch_repo', bob, '2024-01-02T10:05:00Z');
  add('create_issue', alice, '2024-01-03T10:00:00Z', { content: title(1) });
  add('comment_issue', bob, '2024-01-04T10:00:00Z', { content: `1|${commentOn(1).body}`, commentId: commentOn(1).id });
  add('create_pull_request', carol, '2024-01-05T10:00:00Z', { content: title(3) });
  add('approve_pull_request', bob, '2024-01-06T10:00:00Z', { content: '3|' });
  add('merge_pull_request', alice, '2024-01-07T10:00:00Z', { content: title(3) });
  add('create_pull_request', bob, '2024-01-08T10:00:00Z', { content: title(4) });
  add('comment_pull', carol, '2024-01-09T10:00:00Z', { content: `4|${commentOn(4).body}`, commentId: commentOn(4).id });
  add('merge_pull_request', alice, '2024-01-10T10:00:00Z', { content: title(4) });
  add('push_tag', alice, '2024-01-10T11:00:00Z', { refName: 'refs/tags/v1.0.0' });
  add('publish_release', alice, '2024-01-10T12:00:00Z', { refName: 'v1.0.0', content: 'Version 1.0.0' });
  add('close_issue', alice, '2024-01-11T10:00:00Z', { content: '5|' });
  add('reopen_issue', bob, '2024-01-12T09:00:00Z', { content: '2|' });
  add('create_pull_request', alice, '2024-01-13T10:00:00Z', { content: title(6) });
  add('reject_pull_request', bob, '2024-01-14T10:00:00Z', { content: '6|Please add tests.' });
  add('pull_request_ready_for_review', alice, '2024-01-14T12:00:00Z', { content: title(6) });
  add('close_pull_request', bob, '2024-01-15T10:00:00Z', { content: title(8) });
  add('delete_branch', alice, '2024-01-16T10:00:00Z', { refName: 'refs/heads/old-feature' });
  add('rename_repo', alice, '2024-01-17T10:00:00Z', { content: 'demo-old' });
  add('create_repo', alice, '2024-01-18T10:00:00Z', { repo: priv });
  add('commit_repo', carol, '2024-01-19T10:00:00Z', { repo: priv, refName: 'refs/heads/main',
    content: pushCommitsContent('acme/private-repo', '', [fakeCommit('1'.repeat(40), 'Internal notes\n', 'Carol Danvers', 'carol@example.com')]) });
  add('create_issue', alice, '2024-01-20T10:00:00Z', { repo: priv, content: '1|Rotate the deploy keys' });
  add('create_issue', carol, '2024-01-21T10:00:00Z', { content: title(9) });
  add('mirror_sync_push', alice, '2024-01-22T10:00:00Z', { repo: mirror, refName: 'refs/heads/main' });
  add('delete_tag', alice, '2024-01-23T10:00:00Z', { refName: 'refs/tags/v0.9-beta' });
  add('create_repo', alice, '2024-01-24T10:00:00Z', { repo: site });
  // A month of daily pushes to develop, so feeds have more than one maximum-sized page.
  for (let day = 1; day <= 29; day++) {
    add('commit_repo', bob, `2024-02-${String(day).padStart(2, '0')}T10:00:00Z`, { refName: 'refs/heads/develop',
      content: pushCommitsContent('alice/demo', shas.c6, [fakeCommit(shas.d1, 'WIP: refactoring\n', 'Bob Builder', 'bob@example.com')]) });
  }
}
