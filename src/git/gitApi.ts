// The part of the built-in git extension's API (extensions/git/src/api/git.d.ts, API version 1) that this
// extension uses. Typed by hand so that we do not copy the whole declaration file.
import type { Event, Uri } from 'vscode';

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
}

export interface GitRepositoryState {
  readonly HEAD: GitBranchRef | undefined;
  readonly remotes: readonly GitRemote[];
  /** Fires when HEAD, refs, remotes or the working tree change. */
  readonly onDidChange: Event<void>;
}

export interface GitRepository {
  readonly rootUri: Uri;
  readonly state: GitRepositoryState;
}

export type GitApiState = 'uninitialized' | 'initialized';

export interface GitApi {
  readonly state: GitApiState;
  readonly onDidChangeState: Event<GitApiState>;
  readonly repositories: readonly GitRepository[];
  readonly onDidOpenRepository: Event<GitRepository>;
  readonly onDidCloseRepository: Event<GitRepository>;
  /** The repository that contains the file, if any (the innermost one for nested repositories). */
  getRepository(uri: Uri): GitRepository | null;
}

export interface GitExtension {
  readonly enabled: boolean;
  readonly onDidChangeEnablement: Event<boolean>;
  getAPI(version: 1): GitApi;
}

export const GIT_EXTENSION_ID = 'vscode.git';
