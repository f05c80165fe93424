// What Gitea does after a push: activities for updated and deleted branches, and an empty repository's
// default branch set to a pushed branch when the configured one does not exist.
import { pushCommitsContent, recordActivity } from './activity';
import type { BranchInfo, CommitInfo, GitStore } from './git';
import type { RepoRec, ServerState, UserRec } from './state';

export async function recordPush(state: ServerState, git: GitStore, repo: RepoRec, pusher: UserRec, before: BranchInfo[]): Promise<void> {
  const after = await git.branches(repo.gitPath);
  const old = new Map(before.map((b) => [b.name, b.commit.sha]));
  const fullName = state.fullName(repo);
  for (const b of after) {
    const previous = old.get(b.name);
    if (previous === b.commit.sha) continue;
    const exclude = previous ? [`^${previous}`] : before.map((x) => `^${x.commit.sha}`);
    const list = await git.run(repo.gitPath, ['rev-list', '--max-count=5', b.commit.sha, ...exclude]);
    const shas = list.stdout.toString('utf8').split('\n').filter(Boolean);
    const commits = (await Promise.all(shas.map((s) => git.commit(repo.gitPath, s)))).filter((c): c is CommitInfo => !!c);
    recordActivity(state, { opType: 'commit_repo', actorId: pusher.id, repo, refName: `refs/heads/${b.name}`,
      content: pushCommitsContent(fullName, previous ?? '', commits) });
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
