// The composition root: builds the Services from their implementations (accounts in src/auth, the repository
// context in src/git), then lets each area register its parts, one line each. src/extension.ts loads this file
// right after VS Code's activate() call has returned; the HTTP client is loaded later still, on the first request
// (src/apiLoader.ts). Repository detection waits for the git extension in the background.
import * as vscode from 'vscode';
import type { Services } from './core/services';
import { ViewRefresher } from './core/viewRefresher';
import { registerAuth } from './auth';
import { AccountStore } from './auth/accountStore';
import { registerRepositories } from './git';
import { GitRepositoryContext } from './git/repositoryContext';
import { registerViews } from './views';
import { registerCommands } from './commands';

/** What activate() returns: the in-host tests reach the services through it. */
export interface WorkbenchApi {
  readonly services: Services;
}

export function activate(context: vscode.ExtensionContext): WorkbenchApi {
  const log = vscode.window.createOutputChannel('Gitea Workbench', { log: true });
  const accounts = new AccountStore(context, log);
  const repos = new GitRepositoryContext(context, log, accounts);
  context.subscriptions.push(log, accounts, repos);
  const services: Services = { context, log, accounts, repos, views: new ViewRefresher() };

  registerAuth(services, accounts, () => repos.guessInstanceUrl());
  registerRepositories(services, repos);
  registerViews(services);
  registerCommands(services);
  return { services };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
