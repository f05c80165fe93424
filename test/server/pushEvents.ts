// What Gitea does after a push (services/repository/push.go and the feed notifier): for a new branch a
// commit_repo action with empty content (CreateRef: the feed says "created branch") and then one with the push
// summary (PushCommits: "pushed to"); for an updated branch only the latter; for a deleted branch delete_branch.
// An empty repository's default branch becomes a pushed branch when the configured one does not exist.
import { pushCommitsContent, recordActivity } from './activity';
import type { BranchInfo, CommitInfo, GitStore } from './git';
import type { RepoRec, ServerState, UserRec } from './state';

/** Gitea's setting.UI.FeedMaxCommitNum: the push summary lists this many commits at most. */
const FEED_MAX_COMMITS = 5;

export async function recordPush(state: ServerState, git: GitStore, repo: RepoRec, pusher: UserRec, before: BranchInfo[]): Promise<void> {
  const after = await git.branches(repo.gitPath);
  const old = new Map(before.map((b) => [b.name, b.commit.sha]));
  const fullName = state.fullName(repo);
  for (const b of after) {
    const previous = old.get(b.name);
    if (previous === b.commit.sha) continue;
    // A new branch lists the commits no other branch had; an updated one the commits since its old head.
    const exclude = previous ? [`^${previous}`] : before.map((x) => `^${x.commit.sha}`);
    const list = await git.run(repo.gitPath, ['rev-list', b.commit.sha, ...exclude]);
    const shas = list.stdout.toString('utf8').split('\n').filter(Boolean);
    const commits = (await Promise.all(shas.slice(0, FEED_MAX_COMMITS).map((s) => git.commit(repo.gitPath, s))))
      .filter((c): c is CommitInfo => !!c);
    const ref = `refs/heads/${b.name}`;
    if (!previous) recordActivity(state, { opType: 'commit_repo', actorId: pusher.id, repo, refName: ref });
    const base = previous ?? (await newBranchCompareBase(git, repo, b.name, shas));
    recordActivity(state, { opType: 'commit_repo', actorId: pusher.id, repo, refName: ref,
      content: pushCommitsContent(fullName, base, commits, { head: b.commit, total: shas.length }) });
  }
  for (const b of before) {
    if (!after.some((a) => a.name === b.name)) {
      recordActivity(state, { opType: 'delete_branch', actorId: pusher.id, repo, refName: `refs/heads/${b.name}` });
    }
  }
  if (after.length && !after.some((b) => b.name === repo.defaultBranch)) {
    repo.defaultBranch = after[0].name;
    await git.run(repo.gitPath, ['symbolic-ref', 'HEAD', `refs/heads/${repo.defaultBranch}`]);
  }
  repo.updated = new Date();
}

/** Where Gitea's compare link of a new branch starts: the parent of its oldest new commit, else the default
 * branch (for any other branch), else nothing. */
async function newBranchCompareBase(git: GitStore, repo: RepoRec, branch: string, shas: string[]): Promise<string> {
  const oldest = shas.length ? await git.commit(repo.gitPath, shas[shas.length - 1]!) : undefined;
  if (oldest?.parents[0]) return oldest.parents[0];
  return branch !== repo.defaultBranch ? repo.defaultBranch : '';
}
