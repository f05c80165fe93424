// Which pull request `activePullRequest` reads: the one named, else the one the active clone's branch was checked out
// from (git config, git/gitRepositories.ts), else the open pull request whose head is the current branch.
import * as vscode from 'vscode';
import type { RepoRef, Services } from '../core/services';
import { repoParams, type Target } from '../core/target';
import { checkedOutPullRequest, clonedRepository } from '../git/gitRepositories';
import { issueRefFromInput, readyTarget, ToolRefusal } from './toolSupport';

export interface PullChoice {
  readonly repo: RepoRef;
  readonly index: number;
}

/** The pull request of the active clone's branch. `target` is the active repository's. */
export async function workspacePull(services: Services, target: Target, signal: AbortSignal): Promise<PullChoice> {
  const remembered = await checkedOutPullRequest(services);
  if (remembered) return remembered;
  const root = target.repo.rootUri;
  const branch = root ? (await clonedRepository(root))?.repository.state.HEAD?.name : undefined;
  if (!branch) throw new ToolRefusal(vscode.l10n.t('No branch is checked out in the open repository: name the pull request by number.'));
  const open = await target.client.repoListPullRequests({ ...repoParams(target.repo), state: 'open', page: 1, limit: 50 }, { signal });
  const pull = open.items.find((p) => p.head?.ref === branch && p.head.repo_id === p.base?.repo_id);
  if (!pull) throw new ToolRefusal(vscode.l10n.t('The current branch {0} has no open pull request in {1}/{2}.', JSON.stringify(branch), target.repo.owner, target.repo.repo));
  return { repo: target.repo, index: pull.number };
}

/** The pull request `named` (number, owner/repo#n or URL), else the workspace's; with the target of its repository. */
export async function pullOfInput(services: Services, named: string | number | undefined, signal: AbortSignal): Promise<{ target: Target; index: number }> {
  const ref = named !== undefined && named !== '' ? issueRefFromInput(services, named) : undefined;
  if (ref instanceof ToolRefusal) throw ref;
  const activeTarget = await readyTarget(services, ref ? ref.repo : services.repos.active);
  const choice = ref ? { repo: activeTarget.repo, index: ref.number } : await workspacePull(services, activeTarget, signal);
  const target = choice.repo === activeTarget.repo ? activeTarget : await readyTarget(services, choice.repo);
  return { target, index: choice.index };
}
