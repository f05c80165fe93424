// The pull requests checked out in the workspace: every clone the git extension knows whose current branch is
// remembered as a pull request's (`branch.<name>.gitea-pr`), with its HEAD commit and uncommitted files. Followed
// through the repositories' state events (checking out another branch or Back to default branch ends an entry).
// Loaded with the views (src/workbench.ts), not at activation.
import * as vscode from 'vscode';
import type { CheckedOutPull, CheckedOutPulls } from '../core/checkedOutPulls';
import { messageOf } from '../shared/errors';
import type { GitRepository } from './gitApi';
import { gitApi, pullRequestOfBranch } from './gitRepositories';

export function watchCheckedOutPullRequests(log: Pick<vscode.LogOutputChannel, 'warn'>): CheckedOutPulls & vscode.Disposable {
  type Watched = {
    entry?: CheckedOutPull;
    signature: string;
    generation: number;
    subscription: vscode.Disposable;
    /** The pull request of the branch last looked up: the git config is read again only when the branch changes
     * (state events come with every saved file). */
    lookedUp?: { branch: string; pr: Awaited<ReturnType<typeof pullRequestOfBranch>> };
  };
  const byRoot = new Map<string, Watched>();
  const changed = new vscode.EventEmitter<void>();
  const subscriptions: vscode.Disposable[] = [changed];

  const update = async (repository: GitRepository): Promise<void> => {
    const root = repository.rootUri.toString();
    const watched = byRoot.get(root);
    if (!watched) return;
    const head = repository.state.HEAD;
    const changedFiles = new Set([...repository.state.indexChanges, ...repository.state.workingTreeChanges].map((c) => c.uri.toString()));
    const signature = `${head?.name ?? ''}@${head?.commit ?? ''}|${[...changedFiles].sort().join('\n')}`;
    if (signature === watched.signature) return;
    watched.signature = signature;
    const mine = ++watched.generation;
    const branch = head?.name;
    const pr = !branch ? undefined : watched.lookedUp?.branch === branch ? watched.lookedUp.pr : await pullRequestOfBranch(repository, branch);
    if (mine !== watched.generation || byRoot.get(root) !== watched) return;
    if (branch) watched.lookedUp = { branch, pr };
    watched.entry = pr
      ? {
          rootUri: repository.rootUri,
          pull: { repo: { instanceUrl: pr.key.instanceUrl, owner: pr.key.owner, repo: pr.key.repo, rootUri: repository.rootUri }, index: pr.key.index },
          commit: head?.commit,
          changedFiles,
        }
      : undefined;
    changed.fire();
  };
  const logged = (repository: GitRepository) => (): void => void update(repository).catch((e: unknown) => log.warn(`Checked-out pull request: ${messageOf(e)}`));
  const open = (repository: GitRepository): void => {
    const root = repository.rootUri.toString();
    if (byRoot.has(root)) return;
    byRoot.set(root, { signature: '', generation: 0, subscription: repository.state.onDidChange(logged(repository)) });
    logged(repository)();
  };
  const close = (repository: GitRepository): void => {
    const root = repository.rootUri.toString();
    const watched = byRoot.get(root);
    if (!watched) return;
    watched.subscription.dispose();
    byRoot.delete(root);
    if (watched.entry) changed.fire();
  };

  let disposed = false;
  void gitApi()
    .then((api) => {
      if (!api || disposed) return;
      subscriptions.push(api.onDidOpenRepository(open), api.onDidCloseRepository(close));
      for (const r of api.repositories) open(r);
    })
    .catch((e: unknown) => log.warn(`Checked-out pull requests: ${messageOf(e)}`));

  return {
    get current() {
      return [...byRoot.values()].flatMap((w) => (w.entry ? [w.entry] : []));
    },
    onDidChange: changed.event,
    dispose: () => {
      disposed = true;
      for (const w of byRoot.values()) w.subscription.dispose();
      byRoot.clear();
      for (const s of subscriptions) s.dispose();
    },
  };
}
