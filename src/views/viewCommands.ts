// The commands of the views: shared item actions (Open in Browser, Retry, Load more) and each view's title and
// context actions. Menus and `when` clauses are in package.json (contributes.menus).
import * as vscode from 'vscode';
import { COMMAND } from '../core/commandIds';
import type { Services } from '../core/services';
import { JOB_STATUSES, type JobStatus } from './ciJobsView';
import { createRelease } from './createRelease';
import { removeDependency } from './issueDependencies';
import { pickIssueFilters } from './issueFilterPicker';
import { DEFAULT_ISSUE_FILTERS } from './issuesView';
import { showJobLog, type JobLogProvider } from './jobLog';
import { OPEN_RELEASE_COMMAND, openRelease } from './releasesView';
import type { ViewsRegistry } from './registry';
import { TreeNode } from './treeNode';
import { openServerUrl } from '../core/openExternal';

function asNode(arg: unknown): TreeNode | undefined {
  return arg instanceof TreeNode ? arg : undefined;
}

export function registerViewCommands(services: Services, views: ViewsRegistry, logs: JobLogProvider): vscode.Disposable[] {
  const reg = (id: string, fn: (...args: unknown[]) => unknown): vscode.Disposable => vscode.commands.registerCommand(id, fn);
  return [
    reg('gitea.views.openInBrowser', async (arg) => {
      const node = asNode(arg);
      return node?.url ? openServerUrl(node.url, node.instanceUrl) : false;
    }),
    reg(COMMAND.viewsRetry, (arg) => asNode(arg)?.options.action?.()),
    reg(COMMAND.viewsLoadMore, (arg) => asNode(arg)?.options.action?.()),

    // Through the refresher: the branch protections given to VS Code's git follow this view.
    reg('gitea.branches.refresh', () => services.views.refresh('branches')),
    reg('gitea.branches.filter', async () => {
      const scope = views.branches.currentScope;
      const q = await vscode.window.showInputBox({
        title: vscode.l10n.t('Filter Branches'),
        prompt:
          scope && !views.branches.serverFilters(scope)
            ? vscode.l10n.t('Part of a branch name. This server cannot search branches: the loaded pages are filtered here.')
            : vscode.l10n.t('Part of a branch name (empty to show all)'),
        value: views.branches.filter,
      });
      if (q !== undefined) views.branches.setFilter(q);
    }),
    reg('gitea.branches.clearFilter', () => views.branches.setFilter('')),

    reg('gitea.issues.refresh', () => views.issues.refresh()),
    reg('gitea.issues.filter', () => pickIssueFilters(services, views.issues)),
    reg('gitea.issues.clearFilters', () => views.issues.setFilters(DEFAULT_ISSUE_FILTERS)),
    reg('gitea.issues.removeDependency', (arg) => removeDependency(services, views.issues, asNode(arg))),

    reg('gitea.pullRequests.refresh', () => views.pullRequests.refresh()),
    reg('gitea.pullRequests.filterState', async () => {
      const states = [
        { label: vscode.l10n.t('Open'), value: 'open' as const },
        { label: vscode.l10n.t('Closed'), value: 'closed' as const },
        { label: vscode.l10n.t('All'), value: 'all' as const },
      ];
      const current = views.pullRequests.pullState;
      const pick = await vscode.window.showQuickPick(
        states.map((s) => ({ ...s, description: s.value === current ? vscode.l10n.t('(current)') : undefined })),
        { title: vscode.l10n.t('Show Pull Requests') },
      );
      if (pick) views.pullRequests.setPullState(pick.value);
    }),
    reg(COMMAND.openChangedFileFromPullRequest, (arg) => openChangedFile(asNode(arg))),

    reg('gitea.releases.refresh', () => views.releases.refresh()),
    reg('gitea.releases.create', () => createRelease(services, views.releases)),
    reg(OPEN_RELEASE_COMMAND, (arg) => openRelease(asNode(arg))),

    reg('gitea.ciJobs.refresh', () => views.ciJobs.refresh()),
    reg('gitea.ciJobs.filterStatus', async () => {
      const current = views.ciJobs.statusFilter;
      const items = JOB_STATUSES.map((s) => ({ label: s, picked: current.includes(s) }));
      const picked = await vscode.window.showQuickPick(items, {
        title: vscode.l10n.t('Show CI Jobs with Status'),
        placeHolder: vscode.l10n.t('Select statuses (none selected: all jobs)'),
        canPickMany: true,
      });
      if (picked) views.ciJobs.setStatusFilter(picked.map((p) => p.label as JobStatus));
    }),
    reg('gitea.ciJobs.showLog', (arg) => showJobLog(logs, asNode(arg))),

    reg('gitea.deployKeys.refresh', () => views.deployKeys.refresh()),
  ];
}

/** A changed file's diff, opened by Changed Files (src/views/changedFiles), which shows its own failures. */
async function openChangedFile(node: TreeNode | undefined): Promise<unknown> {
  return node ? vscode.commands.executeCommand(COMMAND.openChangedFileDiff, node.data) : undefined;
}
