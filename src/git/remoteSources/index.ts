// Gitea where VS Code's git already looks: Git: Clone's "Clone from Gitea (user@host)", one remote source provider per
// signed-in account, and Publish Branch's "Publish to Gitea" for a repository without remotes. Registered when the
// repository context obtains the git extension's API (nothing at activation), again when the accounts change. The
// registered objects are stand-ins: the requests and questions (implementation.ts, dist/remoteSources.js) load on
// first use.
import * as vscode from 'vscode';
import { isGiteaError } from '../../api/errorKind';
import type { Services } from '../../core/services';
import { accountLabel, type Account } from '../../shared/account';
import { messageOf } from '../../shared/errors';
import { settledWithin } from '../../shared/settledWithin';
import { inertText } from '../../shared/untrustedText';
import type { GitApi, GitRemoteSource, GitRemoteSourceProvider, GitRemoteSourcePublisher, GitRepository } from '../gitApi';
import type { GitRepositoryContext } from '../repositoryContext';
import type * as Implementation from './implementation';

/** Not in package.json: how the in-host tests reach the objects registered with git. */
export const REMOTE_SOURCES_HOOK = 'gitea.git.remoteSources';

export interface RegisteredRemoteSources {
  readonly providers: readonly GitRemoteSourceProvider[];
  readonly publisher: GitRemoteSourcePublisher | undefined;
}

let implementation: typeof Implementation | undefined;
function load(): typeof Implementation {
  // esbuild leaves this require to dist/remoteSources.js (scripts/build.mjs).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy bundle, loaded on the first clone list or publication
  implementation ??= require('./implementation') as typeof Implementation;
  return implementation;
}

/** "Gitea (alice@git.example.com)": Git: Clone shows "Clone from" and this, one per signed-in account. */
export function providerName(account: Account): string {
  return `${account.flavor === 'forgejo' ? 'Forgejo' : 'Gitea'} (${accountLabel(account)})`;
}

function providerFor(services: Services, account: Account): GitRemoteSourceProvider {
  // Git: Clone asks again as the user types: the previous question is abandoned.
  let inFlight: AbortController | undefined;
  return {
    name: providerName(account),
    icon: 'repo',
    supportsQuery: true,
    getRemoteSources: async (query?: string): Promise<GitRemoteSource[]> => {
      inFlight?.abort();
      const abort = new AbortController();
      inFlight = abort;
      try {
        return await load().remoteSourcesOf(services, account.id, query, abort.signal);
      } catch (e) {
        // expected: a newer query replaced this one.
        if (abort.signal.aborted || (isGiteaError(e) && e.kind === 'cancelled')) return [];
        services.log.warn(`Clone from ${providerName(account)}: ${messageOf(e)}`);
        // Git: Clone shows the message in its picker, where `$(…)` would be an icon.
        throw new Error(inertText(messageOf(e)), { cause: e });
      }
    },
  };
}

function publisherFor(services: Services): GitRemoteSourcePublisher {
  return {
    name: 'Gitea',
    icon: 'repo',
    publishRepository: async (repository: GitRepository): Promise<void> => {
      await load().publishToGitea(services, repository);
    },
  };
}

/** The registration, and a bounded wait for its first round (see `registeredWithin`). */
export interface RemoteSourcesRegistration extends vscode.Disposable {
  /** Resolves once the providers of the accounts were offered to git (or git is unavailable), or after `ms`. */
  registeredWithin(ms: number): Promise<void>;
}

export function registerRemoteSources(services: Services, repos: GitRepositoryContext): RemoteSourcesRegistration {
  let api: GitApi | undefined;
  let registrations: vscode.Disposable[] = [];
  let registeredFor = '';
  let current: RegisteredRemoteSources = { providers: [], publisher: undefined };
  let disposed = false;
  const unregister = (): void => {
    for (const r of registrations) r.dispose();
    registrations = [];
  };
  const register = (): void => {
    const accounts = services.accounts.accounts;
    const key = accounts.map((a) => a.id).join('\n');
    if (!api || disposed || key === registeredFor) return;
    unregister();
    registeredFor = key;
    const providers = accounts.map((a) => providerFor(services, a));
    const publisher = accounts.length > 0 ? publisherFor(services) : undefined;
    current = { providers, publisher };
    const gitApi = api;
    if (gitApi.registerRemoteSourceProvider) registrations.push(...providers.map((p) => gitApi.registerRemoteSourceProvider!(p)));
    if (publisher && gitApi.registerRemoteSourcePublisher) registrations.push(gitApi.registerRemoteSourcePublisher(publisher));
  };
  const registered = repos.gitApi
    .then((a) => {
      api = a;
      register();
    })
    .catch((e: unknown) => services.log.warn(`Clone from and Publish to Gitea are off: ${messageOf(e)}`));
  const subscriptions = [services.accounts.onDidChangeAccounts(register), vscode.commands.registerCommand(REMOTE_SOURCES_HOOK, () => current)];
  return {
    dispose: () => {
      disposed = true;
      unregister();
      for (const s of subscriptions) s.dispose();
    },
    registeredWithin: (ms) => settledWithin(registered, ms).then(() => undefined),
  };
}
