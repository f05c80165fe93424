// The branch status item's menu ("Gitea: Branch Actions", from the item only) and "Gitea: Update Branch…": open the
// branch's pull request or issue, create one, update it from its base, show its CI jobs, go back to the default
// branch — and, once its pull request is merged, go back and delete the local branch.
import * as vscode from 'vscode';
import { COMMAND } from '../../core/commandIds';
import { isCancellation, messageOf, showFailure } from '../../core/errors';
import { pullRequestArg } from '../../core/pullRequestArg';
import { askPullRequest } from '../../core/pullRequestPick';
import type { Services } from '../../core/services';
import { repoRefFrom } from '../../core/target';
import { clonedRepository } from '../../git/gitRepositories';
import { isValidRefName } from '../../shared/refName';
import { inertText } from '../../shared/untrustedText';
import type { BranchActionsArg } from '../../git/pullRequestStatus';
import { updateBranch, type UpdateResult } from './updateBranch';

/** The CI Jobs view (src/views may not be imported here); `<view>.focus` is VS Code's command for a view. */
const CI_JOBS_VIEW = 'gitea.ciJobs';

interface Action extends vscode.QuickPickItem {
  readonly run: () => Thenable<unknown>;
}

function branchArg(value: unknown): BranchActionsArg | undefined {
  const o = value as Partial<BranchActionsArg> | undefined;
  // The branch is deleted by name (git branch -D): only a name git reads as a branch.
  return o && typeof o.branch === 'string' && isValidRefName(o.branch) && repoRefFrom(o.repo) ? (o as BranchActionsArg) : undefined;
}

/** Back to the default branch, then the merged pull request's local branch deleted (asked first: it may hold more). */
async function backAndDelete(services: Services, arg: BranchActionsArg): Promise<void> {
  const result = await vscode.commands.executeCommand<{ kind: string }>(COMMAND.backToDefaultBranch, { repo: arg.repo });
  if (result?.kind !== 'switched' || !arg.repo.rootUri) return;
  const cloned = await clonedRepository(arg.repo.rootUri);
  if (!cloned) return;
  const remove = vscode.l10n.t('Delete {0}', inertText(arg.branch));
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Pull request #{0} is merged. Delete the local branch {1}? Commits on it that were not pushed are lost.', arg.pull?.index ?? '', inertText(arg.branch)),
    { modal: true },
    remove,
  );
  if (answer !== remove) return;
  // A squash or rebase merge leaves the branch's own commits unmerged as git sees them: -D.
  await cloned.repository.deleteBranch(arg.branch, true);
  services.log.info(`Deleted the local branch ${arg.branch} of the merged pull request #${arg.pull?.index}.`);
}

function actions(services: Services, arg: BranchActionsArg): Action[] {
  const list: Action[] = [];
  // The default branch is the server's name (as the clone's remote HEAD has it).
  const shownDefault = inertText(arg.defaultBranch ?? '');
  const shownBranch = inertText(arg.branch);
  const pull = arg.pull;
  if (pull) {
    list.push({ label: `$(git-pull-request) ${vscode.l10n.t('Open Pull Request #{0}', pull.index)}`, run: () => vscode.commands.executeCommand(COMMAND.openIssue, { repo: pull.repo, number: pull.index, isPull: true }) });
    if (pull.state === 'merged' && arg.defaultBranch) {
      list.push({ label: `$(arrow-left) ${vscode.l10n.t('Back to {0} and Delete {1}', shownDefault, shownBranch)}`, run: () => backAndDelete(services, arg) });
    }
    if (pull.state === 'open') {
      list.push({
        label: `$(repo-sync) ${vscode.l10n.t('Update Branch…')}`,
        description: pull.behind ? vscode.l10n.t('the base has newer commits') : undefined,
        run: () => vscode.commands.executeCommand(COMMAND.updatePullRequestBranch, { repo: pull.repo, index: pull.index }),
      });
    }
    list.push({ label: `$(checklist) ${vscode.l10n.t('Show CI Jobs')}`, run: () => vscode.commands.executeCommand(`${CI_JOBS_VIEW}.focus`) });
  } else {
    list.push({ label: `$(git-pull-request-create) ${vscode.l10n.t('Create Pull Request…')}`, run: () => vscode.commands.executeCommand(COMMAND.createPullRequest, { repo: arg.repo }) });
  }
  if (arg.issue) {
    const issue = arg.issue;
    list.push({ label: `$(issues) ${vscode.l10n.t('Open Issue #{0}', issue.index)}`, run: () => vscode.commands.executeCommand(COMMAND.openIssue, { repo: issue.repo, number: issue.index }) });
  }
  if (arg.defaultBranch && arg.branch !== arg.defaultBranch && pull?.state !== 'merged') {
    list.push({ label: `$(arrow-left) ${vscode.l10n.t('Back to {0}', shownDefault)}`, run: () => vscode.commands.executeCommand(COMMAND.backToDefaultBranch, { repo: arg.repo }) });
  }
  return list;
}

async function showActions(services: Services, value: unknown): Promise<void> {
  const arg = branchArg(value);
  if (!arg) return;
  // The status item's offer once the branch's pull request is merged.
  if ((value as { run?: unknown }).run === 'backAndDelete') return backAndDelete(services, arg);
  const chosen = await vscode.window.showQuickPick(actions(services, arg), { title: vscode.l10n.t('Branch {0}', inertText(arg.branch)) });
  if (chosen) await chosen.run();
}

export function registerBranchActions(services: Services): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMAND.branchActions, (arg?: unknown) =>
      showActions(services, arg).catch((e: unknown) => showFailure(services, vscode.l10n.t('Branch action failed'), e)),
    ),
    vscode.commands.registerCommand(COMMAND.updatePullRequestBranch, async (arg?: unknown): Promise<UpdateResult> => {
      const ref = pullRequestArg(arg, services.repos.active) ?? (await askPullRequest(services, (owner, repo) => vscode.l10n.t('Update Branch of a Pull Request of {0}/{1}', owner, repo)));
      if (!ref) return { kind: 'cancelled' };
      const style = (arg as { style?: unknown } | undefined)?.style;
      try {
        return await updateBranch(services, ref, style === 'merge' || style === 'rebase' ? style : undefined);
      } catch (e) {
        if (isCancellation(e)) return { kind: 'cancelled' };
        showFailure(services, vscode.l10n.t('Could not update the branch of #{0}', ref.index), e);
        return { kind: 'refused', message: messageOf(e) };
      }
    }),
  );
}

