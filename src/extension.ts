// The extension's entry point and composition root (dist/extension.js). activate() builds the Services from
// AccountStore (auth) and GitRepositoryContext (git) and registers what has to work from the start: sign-in and the
// Accounts menu, Select Repository, the status bar item and the `gitea.signedIn` / `gitea.hasRepository` context keys.
// The views and commands (src/workbench.ts, dist/workbench.js) wait for their first use: activation registers
// stand-ins for them (core/deferredFeatures.ts). Two of them answer VS Code with nothing used first: a panel or diff
// VS Code restores (they load inside activation) and the opt-in line hover (loaded right after it). The sign-in
// flows, git's credential answers and the branch status item are bundled apart too (auth/signInLoader.ts,
// git/gitCredentials.ts, git/pullRequestStatus.ts): activate() registers, and the rest waits for its first use. Whatever loads at activation is counted in VS Code's activation figures; `npm run bench` budgets
// their total (Load Code + Call Activate + Finish Activate).
import * as vscode from 'vscode';
import { COMMAND } from './core/commandIds';
import { DeferredFeatures } from './core/deferredFeatures';
import { registerNotificationBadge } from './core/notificationBadge';
import type { Services } from './core/services';
import { pullRequestHoverEnabled, SETTING } from './core/settings';
import { FILE_SCHEME } from './core/uriSchemes';
import { ViewRefresher } from './core/viewRefresher';
import { registerAuth } from './auth';
import { AccountStore } from './auth/accountStore';
import { loadSignIn, signInLoaded } from './auth/signInLoader';
import { registerRepositories } from './git';
import { registerBranchProtection } from './git/branchProtection';
import { GIT_EXTENSION_ID } from './git/gitApi';
import { registerGitCredentials } from './git/gitCredentials';
import { registerPushErrorHandler } from './git/pushErrorHandler';
import { GitRepositoryContext } from './git/repositoryContext';
import { registerPullRequestStatus } from './git/pullRequestStatus';
import { registerRemoteSources, REMOTE_SOURCES_HOOK } from './git/remoteSources';
import { registerToolStandIns } from './lm/standIns';
import { registerStatusBar } from './views/statusBar';
import { registerStopwatchStatus, STOPWATCH_STATUS_HOOK } from './timeTracking/stopwatchStatus';
import type * as Workbench from './workbench';

/** How long activation in a window without a folder waits at most for Clone from Gitea's registration with git. */
const REMOTE_SOURCES_WAIT_MS = 2000;

/** What activate() returns: the in-host tests reach the services through it. */
export interface WorkbenchApi {
  readonly services: Services;
}

/** The commands registerAuth, registerRepositories and the stopwatch item (its test hook) register at activation: they need no stand-in. */
const STARTUP_COMMANDS: ReadonlySet<string> = new Set([COMMAND.signIn, COMMAND.signOut, COMMAND.signInAgain, COMMAND.addCaCertificate, COMMAND.selectRepository,
  STOPWATCH_STATUS_HOOK, REMOTE_SOURCES_HOOK]);

/** Commands the features register that package.json does not list: how the in-host tests reach the providers. */
const HIDDEN_FEATURE_COMMANDS = ['gitea.views.registry', 'gitea.webhooks.provider', 'gitea.ciSettings.provider', 'gitea.activity.provider', 'gitea.starred.provider', 'gitea.notifications.provider', 'gitea.changedFiles.provider',
  'gitea.review.threads', 'gitea.review.reset', 'gitea.stopwatch.status', 'gitea.git.remoteSources'];

export function activate(context: vscode.ExtensionContext): WorkbenchApi | Promise<WorkbenchApi> {
  const log = vscode.window.createOutputChannel('Gitea Workbench', { log: true });
  const accounts = new AccountStore(context, log, {
    build: (instanceUrl, channel) => loadSignIn().buildHttpOptions(instanceUrl, channel),
    reset: () => signInLoaded() && loadSignIn().resetShownProblems(),
  });
  const repos = new GitRepositoryContext(context, log, accounts);
  const features = new DeferredFeatures(
    log,
    () => accounts.verifySecrets(),
    () => {
      // esbuild leaves this require to dist/workbench.js (scripts/build.mjs).
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (another bundle)
      (require('./workbench') as typeof Workbench).activate(services);
    },
  );
  const services: Services = { context, log, accounts, repos, views: new ViewRefresher(), treeViews: features };
  context.subscriptions.push(log, accounts, repos, features);

  registerAuth(services, accounts, () => repos.guessInstanceUrl());
  registerRepositories(services, repos);
  context.subscriptions.push(registerGitCredentials(repos, accounts, log));
  const remoteSources = registerRemoteSources(services, repos);
  context.subscriptions.push(remoteSources);
  context.subscriptions.push(registerBranchProtection(services, repos));
  context.subscriptions.push(registerPushErrorHandler(services, repos));
  registerStatusBar(services);
  // On a checked-out pull request's branch, its review threads go on the workspace files (views/changedFiles/review).
  // expected: load() has logged the failure; the files show no threads.
  registerPullRequestStatus(services, () => void features.load().catch(() => undefined));
  const contributed = contributions(context);
  features.standIn([...contributed.commands, ...HIDDEN_FEATURE_COMMANDS].filter((id) => !STARTUP_COMMANDS.has(id)), contributed.shownViews);
  const toolRelays = registerToolStandIns(contributed.tools, async () => {
    await features.load();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded by features.load() (another bundle)
    return (require('./workbench') as typeof Workbench).toolImplementations();
  }, log);
  if (toolRelays) context.subscriptions.push(toolRelays);
  context.subscriptions.push(registerNotificationBadge(services, () => features.shownView('gitea.notifications')));
  context.subscriptions.push(registerStopwatchStatus(services));
  // expected: load() has logged the failure; the hover stays off.
  const hover = (): void => void (pullRequestHoverEnabled() && features.load().catch(() => undefined));
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SETTING.pullRequestHover)) hover();
    }),
  );
  // The first read of a setting costs VS Code's merge of every extension's defaults: after activation. Nobody hovers
  // a line within that tick.
  setImmediate(hover);
  const api: WorkbenchApi = { services };
  const waits: Promise<unknown>[] = [];
  // Git: Clone and Publish (onCommand:git.clone / git.publish) show their picker as soon as activate() resolves, in a
  // window with or without a folder: "Clone from Gitea" must be registered by then. The git extension owns those
  // commands, so it is active then and the registration takes milliseconds. Activated at startup before git, a window
  // does not wait for git's activation.
  if (!vscode.workspace.workspaceFolders?.length || vscode.extensions.getExtension(GIT_EXTENSION_ID)?.isActive) {
    waits.push(remoteSources.registeredWithin(REMOTE_SOURCES_WAIT_MS));
  }
  const why = neededAtActivation(contributed.webviewPanels);
  if (why) {
    log.info(`Loading the views and commands at activation: ${why}.`);
    waits.push(features.load());
  }
  return waits.length ? Promise.all(waits).then(() => api) : api;
}

/**
 * Why the features cannot wait for a view or command: VS Code restores a panel of theirs or a changed file's diff
 * (its `gitea-file:` documents and review threads are theirs). The hover, when on, loads them right after activation.
 */
function neededAtActivation(webviewPanels: readonly string[]): string | undefined {
  const diff = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .find(({ input }) => input instanceof vscode.TabInputTextDiff && (input.modified.scheme === FILE_SCHEME || input.original.scheme === FILE_SCHEME));
  if (diff) return `the diff "${diff.label}" is being restored`;
  // VS Code waits for the panel's serializer before it shows a restored panel; the tab is there already.
  const restored = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .find(({ input }) => input instanceof vscode.TabInputWebview && webviewPanels.some((type) => input.viewType.endsWith(type)));
  return restored ? `the panel "${restored.label}" is being restored` : undefined;
}

/**
 * From package.json: the commands; the views that show without a `when` clause (a feature shows the others); the
 * webview panels VS Code restores (`onWebviewPanel:` activation events); the language-model tools.
 */
function contributions(context: vscode.ExtensionContext): { commands: string[]; shownViews: string[]; webviewPanels: string[]; tools: string[] } {
  const manifest = context.extension.packageJSON as Manifest;
  const prefix = 'onWebviewPanel:';
  return {
    commands: (manifest.contributes?.commands ?? []).map((c) => c.command),
    shownViews: Object.values(manifest.contributes?.views ?? {})
      .flat()
      .filter((v) => !v.when)
      .map((v) => v.id),
    webviewPanels: (manifest.activationEvents ?? []).filter((e) => e.startsWith(prefix)).map((e) => e.slice(prefix.length)),
    tools: (manifest.contributes?.languageModelTools ?? []).map((t) => t.name),
  };
}

interface Manifest {
  readonly activationEvents?: readonly string[];
  readonly contributes?: {
    readonly commands?: readonly { readonly command: string }[];
    readonly views?: Readonly<Record<string, readonly { readonly id: string; readonly when?: string }[]>>;
    readonly languageModelTools?: readonly { readonly name: string }[];
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
