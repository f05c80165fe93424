// Wiring of the repository context: "Gitea: Select Repository" and the `gitea.hasRepository` context key.
import * as vscode from 'vscode';
import { COMMAND } from '../core/commandIds';
import type { Services } from '../core/services';
import type { GitRepositoryContext } from './repositoryContext';
import { selectRepository } from './selectRepository';

export function registerRepositories(services: Services, repos: GitRepositoryContext): void {
  const { context, accounts } = services;
  const updateContext = (): void => void vscode.commands.executeCommand('setContext', 'gitea.hasRepository', repos.active !== undefined);
  updateContext();
  context.subscriptions.push(
    repos.onDidChangeActive(updateContext),
    // `{ owner, repo, instanceUrl? }` selects without asking (keybindings, tests).
    vscode.commands.registerCommand(COMMAND.selectRepository, (arg?: unknown) => selectRepository(repos, accounts, arg)),
  );
}
