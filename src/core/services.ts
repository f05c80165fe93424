// The shared services that auth, git, views and commands receive from the composition root (src/workbench.ts).
// Interfaces only: the implementations live in src/auth (accounts) and src/git (repository context).
import type * as vscode from 'vscode';
import type { GiteaClient } from '../api';
import type { Account } from '../shared/account';
import type { ViewRefresher } from './viewRefresher';

export type { Account } from '../shared/account';

/** A repository on an instance, and (when it is cloned) the workspace folder and remote it came from. */
export interface RepoRef {
  readonly instanceUrl: string;
  readonly owner: string;
  readonly repo: string;
  /** The git repository root in the workspace, when the repository is cloned. */
  readonly rootUri?: vscode.Uri;
  readonly remoteName?: string;
  /** The account used for it (the first signed-in account on that instance, or the one the user picked). */
  readonly accountId?: string;
}

export interface AccountService {
  readonly accounts: readonly Account[];
  readonly onDidChangeAccounts: vscode.Event<void>;
  /** A client authenticated as the account (cached per account; rebuilt when TLS/proxy settings change). */
  getClient(accountId: string): Promise<GiteaClient>;
  /** The account for an instance: the one the user picked for it, else the first on that instance. */
  accountFor(instanceUrl: string): Account | undefined;
  /** True once the server refused the account's stored token or password (a 401), until it signs in again:
   * its polls stop and its views offer Sign In Again (`onDidChangeAccounts` fires when this changes). */
  needsSignIn(accountId: string): boolean;
}

export interface RepositoryContext {
  /** The repository the views show: follows the active editor; can be overridden by "Gitea: Select Repository". */
  readonly active: RepoRef | undefined;
  readonly onDidChangeActive: vscode.Event<RepoRef | undefined>;
  /** Every Gitea repository detected in the workspace's git remotes. */
  readonly detected: readonly RepoRef[];
  /** Every matching remote, also the non-preferred ones (a fork's `origin` next to its `upstream`). */
  readonly allRemotes: readonly RepoRef[];
  /** The repository that contains a file, if any. */
  repoForUri(uri: vscode.Uri): RepoRef | undefined;
  setActive(ref: RepoRef): void;
}

/** The tree views made at activation, before the code of their providers was loaded (core/deferredFeatures.ts). */
export interface TreeViewHost {
  /** The view made at activation for `viewId`, from now on served by `provider`; undefined when none was made. */
  adopt<T>(viewId: string, provider: vscode.TreeDataProvider<T>): vscode.TreeView<T> | undefined;
}

export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly accounts: AccountService;
  readonly repos: RepositoryContext;
  /** How commands ask a view to reload (`services.views.refresh('issues')`), without knowing its code. */
  readonly views: ViewRefresher;
  /** Where a tree view's provider finds the view VS Code has shown since activation. */
  readonly treeViews: TreeViewHost;
}
