// What the extension shows: the tree views of the `gitea` container, Changed Files, their commands and the job-log
// documents. src/workbench.ts calls registerViews once, when a Gitea view is first shown or one of these commands
// first runs (the status bar item, ./statusBar.ts, is registered at activation by src/extension.ts); everything
// registered here is disposed with the extension. Each view registers its refresh with `services.views`, which is
// how commands reload a view after a change.
import * as vscode from 'vscode';
import { COMMAND } from '../core/commandIds';
import type { CheckedOutPulls } from '../core/checkedOutPulls';
import type { Services } from '../core/services';
import { BranchesProvider } from './branchesView';
import { CiJobsProvider } from './ciJobsView';
import { DeployKeysProvider } from './deployKeysView';
import { IssuesProvider } from './issuesView';
import { JobLogProvider, registerJobLog } from './jobLog';
import type { PagedTreeProvider } from './pagedTree';
import { PullRequestsProvider } from './pullRequestsView';
import type { ViewsRegistry } from './registry';
import { ReleasesProvider } from './releasesView';
import { registerViewCommands } from './viewCommands';
import { registerActivityView } from './activityView';
import { registerStarredView } from './starredView';
import { registerNotificationsView } from './notifications';
import { registerWebhooksView } from './webhooksView';
import { registerChangedFiles } from './changedFiles';
import { registerCiActions } from './workflows';
import { registerCiCommands } from './ci';
import { registerCiSettings } from './ciSettings';

export type { ViewsRegistry } from './registry';
export { PagedTreeProvider } from './pagedTree';
export { TreeNode } from './treeNode';

/** Returns the ViewsRegistry: `await vscode.commands.executeCommand<ViewsRegistry>('gitea.views.registry')`. */
export const REGISTRY_COMMAND = 'gitea.views.registry';

/** `checkedOut`: the pull requests checked out in the workspace (from the git layer), for their review threads. */
export function registerViews(services: Services, checkedOut?: CheckedOutPulls): ViewsRegistry {
  const providers = {
    branches: new BranchesProvider(services),
    issues: new IssuesProvider(services),
    pullRequests: new PullRequestsProvider(services, COMMAND.openChangedFileFromPullRequest),
    releases: new ReleasesProvider(services),
    ciJobs: new CiJobsProvider(services),
    deployKeys: new DeployKeysProvider(services),
  };
  const all: PagedTreeProvider[] = Object.values(providers);
  for (const p of all) p.createTreeView();
  const jobLogs = new JobLogProvider(services);
  const registry: ViewsRegistry = { ...providers, jobLogs, byId: new Map(all.map((p) => [p.viewId, p])) };
  services.context.subscriptions.push(
    ...all,
    ...registerJobLog(services, jobLogs),
    ...registerViewCommands(services, registry, jobLogs),
    ...registerCiActions(services, providers.ciJobs),
    ...registerCiCommands(services, registry),
    ...registerCiSettings(services, providers.ciJobs),
    // Not in the palette: how other features and the in-host tests reach the providers (activate() returns services).
    vscode.commands.registerCommand(REGISTRY_COMMAND, () => registry),
    ...Object.entries(providers).map(([name, p]) => services.views.register(name as keyof typeof providers, () => p.refresh())),
    registerChangedFiles(services, checkedOut),
  );
  registerWebhooksView(services);
  registerActivityView(services);
  registerStarredView(services);
  registerNotificationsView(services);
  return registry;
}
