// The part of the built-in git extension's API (extensions/git/src/api/git.d.ts, API version 1) that this
// extension uses. Typed by hand so that we do not copy the whole declaration file.
import type { CancellationToken, Disposable, Event, Uri } from 'vscode';

export interface GitRemote {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
  readonly isReadOnly: boolean;
}

export interface GitBranchRef {
  readonly name?: string;
  readonly commit?: string;
  readonly upstream?: { readonly remote: string; readonly name: string };
  /** Commits the branch has that its upstream has not, and the reverse (set when it has an upstream). */
  readonly ahead?: number;
  readonly behind?: number;
}

/** A commit as `log` answers it. */
export interface GitCommit {
  readonly hash: string;
  readonly message: string;
  readonly parents: readonly string[];
}

export interface GitLogOptions {
  readonly maxEntries?: number;
  /** `a..b`, as git log takes it. */
  readonly range?: string;
}

export interface GitChange {
  readonly uri: Uri;
  /** The git extension's Status enum. */
  readonly status: number;
}

/** Status values of changes that a checkout neither carries over nor refuses for (untracked, ignored files). */
export const UNTRACKED_STATUSES: ReadonlySet<number> = new Set([7, 8]);

export interface GitRepositoryState {
  readonly HEAD: GitBranchRef | undefined;
  readonly remotes: readonly GitRemote[];
  /** Staged, unstaged (untracked included, per `git.untrackedChanges`) and conflicted changes. */
  readonly indexChanges: readonly GitChange[];
  readonly workingTreeChanges: readonly GitChange[];
  readonly mergeChanges: readonly GitChange[];
  /** Fires when HEAD, refs, remotes or the working tree change. */
  readonly onDidChange: Event<void>;
}

export interface GitFetchOptions {
  readonly remote?: string;
  /** Passed to `git fetch <remote>` as is: a ref or a refspec. */
  readonly ref?: string;
  readonly cancellationToken?: CancellationToken;
}

export interface GitRepository {
  readonly rootUri: Uri;
  readonly state: GitRepositoryState;
  fetch(options: GitFetchOptions): Promise<void>;
  checkout(treeish: string): Promise<void>;
  createBranch(name: string, checkout: boolean, ref?: string): Promise<void>;
  getBranches(query: { readonly remote?: boolean }): Promise<readonly GitBranchRef[]>;
  getCommit(ref: string): Promise<{ readonly hash: string }>;
  getMergeBase(ref1: string, ref2: string): Promise<string | undefined>;
  /** `git config --local -l`: section and variable names lower-cased, subsections (branch names) as written. */
  getConfigs(): Promise<readonly { readonly key: string; readonly value: string }[]>;
  /** Rejects when the key is not set. */
  getConfig(key: string): Promise<string>;
  /** `git stash push [-u] [-m message]` (API of VS Code 1.97 and later). */
  createStash?(options?: { readonly message?: string; readonly includeUntracked?: boolean }): Promise<void>;
  /** Re-reads the status (after git ran outside the extension). */
  status(): Promise<void>;
  getBranch(name: string): Promise<GitBranchRef>;
  /** `git push [remote] [branch]`, with `--set-upstream` when asked. */
  push(remoteName?: string, branchName?: string, setUpstream?: boolean): Promise<void>;
  log(options?: GitLogOptions): Promise<readonly GitCommit[]>;
  /** `git config --local <key> <value>`. */
  setConfig(key: string, value: string): Promise<string>;
  /** `git pull` of the checked-out branch from its upstream. */
  pull(): Promise<void>;
  deleteBranch(name: string, force?: boolean): Promise<void>;
  addRemote(name: string, url: string): Promise<void>;
  /** `git branch --set-upstream-to=<upstream> <name>` (upstream as `remote/branch`). */
  setBranchUpstream(name: string, upstream: string): Promise<void>;
}

export type GitApiState = 'uninitialized' | 'initialized';

/** What git gets for an http(s) remote, through the git extension's askpass. */
export interface GitCredentials {
  readonly username: string;
  readonly password: string;
}

export interface GitCredentialsProvider {
  /** `host`: the remote as git names it in its prompt (`https://host[:port]`, with the path under credential.useHttpPath). */
  getCredentials(host: Uri): Promise<GitCredentials | undefined>;
}

export interface GitApi {
  /** The git executable the extension runs. */
  readonly git: { readonly path: string };
  readonly state: GitApiState;
  readonly onDidChangeState: Event<GitApiState>;
  readonly repositories: readonly GitRepository[];
  readonly onDidOpenRepository: Event<GitRepository>;
  readonly onDidCloseRepository: Event<GitRepository>;
  /** The repository that contains the file, if any (the innermost one for nested repositories). */
  getRepository(uri: Uri): GitRepository | null;
  /** Asked (in registration order) when git prompts for a user name; the first answer wins. */
  registerCredentialsProvider(provider: GitCredentialsProvider): Disposable;
  /** Git: Clone's "Clone from …" (VS Code 1.49 and later; optional: a stand-in API may lack it). */
  registerRemoteSourceProvider?(provider: GitRemoteSourceProvider): Disposable;
  /** Publish Branch's "Publish to …" for a repository without remotes (VS Code 1.52 and later). */
  registerRemoteSourcePublisher?(publisher: GitRemoteSourcePublisher): Disposable;
  /** Asked, in registration order, when a push with a remote and branch named fails; `true` ends the failure there.
   * Optional: typed so for editors without it (VS Code has had it since 1.54). */
  registerPushErrorHandler?(handler: GitPushErrorHandler): Disposable;
  /** The branches VS Code warns before a commit to, per remote, for the repository at `root` (VS Code 1.83 and
   * later; missing elsewhere: nothing is registered). */
  registerBranchProtectionProvider?(root: Uri, provider: GitBranchProtectionProvider): Disposable;
}

export interface GitPushErrorHandler {
  /** `refspec`: `branch` or `branch:upstream`; `error`: the git extension's GitError (`stderr`, `gitErrorCode`). */
  handlePushError(repository: GitRepository, remote: GitRemote, refspec: string, error: Error & { readonly stderr?: string; readonly gitErrorCode?: string }): Promise<boolean>;
}

/** picomatch patterns of branch names: a branch is protected when it matches an `include` and no `exclude`. */
export interface GitBranchProtectionRule {
  readonly include?: string[];
  readonly exclude?: string[];
}

export interface GitBranchProtection {
  /** The remote name the rules are for: a branch whose upstream is on that remote is checked against them. */
  readonly remote: string;
  readonly rules: GitBranchProtectionRule[];
}

export interface GitBranchProtectionProvider {
  /** Fires with the repository root when `provideBranchProtection` would answer differently. */
  readonly onDidChangeBranchProtection: Event<Uri>;
  provideBranchProtection(): GitBranchProtection[];
}

export interface GitExtension {
  readonly enabled: boolean;
  readonly onDidChangeEnablement: Event<boolean>;
  getAPI(version: 1): GitApi;
}

export const GIT_EXTENSION_ID = 'vscode.git';

/** A repository Git: Clone offers: `name` is the label, `url` what git clones. */
export interface GitRemoteSource {
  readonly name: string;
  readonly description?: string;
  /** A codicon name (shown by VS Code 1.66 and later). */
  readonly icon?: string;
  readonly url: string | string[];
}

export interface GitRemoteSourceProvider {
  readonly name: string;
  /** A codicon name. */
  readonly icon?: string;
  /** Asked again with what the user types. */
  readonly supportsQuery?: boolean;
  getRemoteSources(query?: string): Promise<GitRemoteSource[]>;
}

export interface GitRemoteSourcePublisher {
  readonly name: string;
  readonly icon?: string;
  publishRepository(repository: GitRepository): Promise<void>;
}
