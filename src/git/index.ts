// Wiring of the repository context: "Gitea: Select Repository" and the `gitea.hasRepository` context key.
import * as vscode from 'vscode';
import type { CoreServices } from '../core/services';
import { selectRepository } from './selectRepository';

export function registerRepositories(services: CoreServices): void {
  const { context, repos, accounts } = services;
  const updateContext = (): void => void vscode.commands.executeCommand('setContext', 'gitea.hasRepository', repos.active !== undefined);
  updateContext();
  context.subscriptions.push(
    repos.onDidChangeActive(updateContext),
    // `{ owner, repo, instanceUrl? }` selects without asking (keybindings, tests).
    vscode.commands.registerCommand('gitea.selectRepository', (arg?: unknown) => selectRepository(repos, accounts, arg)),
  );
}
