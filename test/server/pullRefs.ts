// Gitea keeps every pull request's head in the base repository as `refs/pull/<index>/head` (a fork's commits
// are fetched into it), so the head stays fetchable after its branch is deleted. The test server writes these
// refs when a server starts (the seeded pull requests) and after every push or merge that moves a head.
import type { GitStore } from './git';
import type { IssueRec, RepoRec, ServerState } from './state';

export const pullHeadRef = (issue: IssueRec): string => `refs/pull/${issue.index}/head`;

/**
 * Points `refs/pull/<index>/head` of the pull requests of `repos` (base or head repositories; all when absent)
 * at their heads: an open pull request follows its head branch, a merged or closed one keeps its frozen head.
 */
export async function syncPullHeadRefs(state: ServerState, git: GitStore, repos?: RepoRec[]): Promise<void> {
  const ids = repos ? new Set(repos.map((r) => r.id)) : undefined;
  const byBase = new Map<number, IssueRec[]>();
  for (const issue of state.issues) {
    if (!issue.pull) continue;
    if (ids && !ids.has(issue.repoId) && !ids.has(issue.pull.headRepoId)) continue;
    const list = byBase.get(issue.repoId) ?? [];
    list.push(issue);
    byBase.set(issue.repoId, list);
  }
  for (const [repoId, issues] of byBase) {
    const repo = state.repo(repoId);
    if (!repo) continue;
    const branches = await git.branches(repo.gitPath);
    const lines: string[] = [];
    for (const issue of issues) {
      const pr = issue.pull!;
      const open = !pr.merged && issue.state === 'open';
      const headRepo = state.repo(pr.headRepoId);
      if (headRepo && headRepo.id !== repo.id) {
        // A fork's head: fetch its commits into the base repository, as Gitea does on push.
        if (open) {
          await git.run(repo.gitPath, ['fetch', '--quiet', '--no-tags', git.dir(headRepo.gitPath),
            `+refs/heads/${pr.headBranch}:${pullHeadRef(issue)}`]);
        }
        continue;
      }
      const branchSha = branches.find((b) => b.name === pr.headBranch)?.commit.sha;
      const sha = open ? branchSha ?? pr.headSha : pr.headSha ?? branchSha;
      if (sha) lines.push(`update ${pullHeadRef(issue)} ${sha}`);
    }
    if (lines.length) await git.updateRefs(repo.gitPath, lines);
  }
}
