// The branch protections of Gitea repositories, given to VS Code's git (a branch protection provider per clone), so
// that it warns before a commit to a protected branch as `git.branchProtectionPrompt` says. Per Gitea remote of the
// clone: the repository's rules (`branch_protections`, glob patterns included, readable by its admins), else the
// protected branches of its branch list (everyone else: names only). Registered when the repository context
// obtains the git extension (no work at activation); read when a clone opens, an account or the remotes change, and
// whenever the Branches view is refreshed. Editors without registerBranchProtectionProvider get nothing.
import * as vscode from 'vscode';
import { isGiteaError } from '../api/errorKind';
import { readAllPages } from '../api/paging';
import type { Services } from '../core/services';
import { accountForRepo } from '../core/target';
import { picomatchPatternOfRule } from '../shared/branchGlob';
import { messageOf } from '../shared/errors';
import type { GitApi, GitBranchProtection, GitBranchProtectionProvider } from './gitApi';
import type { GitRepositoryContext } from './repositoryContext';

/** Rules read per repository at most: a server with more is not followed further. */
const MAX_RULES = 500;
/** Pages of branches read at most to find the protected ones (when the rules are not readable). */
const MAX_BRANCH_PAGES = 20;

/** The protected branch patterns of `owner/repo`: its rules, or (not an admin) its protected branches' names. */
async function protectedPatterns(services: Services, ref: { instanceUrl: string; owner: string; repo: string; accountId?: string }): Promise<string[]> {
  const account = accountForRepo(services.accounts, ref);
  if (!account || services.accounts.needsSignIn(account.id)) return [];
  const client = await services.accounts.getClient(account.id);
  const params = { owner: ref.owner, repo: ref.repo };
  let names: string[];
  try {
    const rules = await client.repoListBranchProtection(params);
    names = rules.items.slice(0, MAX_RULES).map((r) => r.rule_name || r.branch_name || '');
  } catch (e) {
    if (!isGiteaError(e) || e.kind !== 'forbidden') throw e;
    // Not an admin of the repository: the branches the server marks protected, by name.
    const branches = await readAllPages((page) => client.repoListBranches({ ...params, page }), { maxPages: MAX_BRANCH_PAGES });
    names = branches.items.filter((b) => b.protected && b.name).map((b) => b.name!);
  }
  return names.map(picomatchPatternOfRule).filter((p): p is string => p !== undefined);
}

class GiteaBranchProtection implements GitBranchProtectionProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChangeBranchProtection = this.changed.event;
  private protections: GitBranchProtection[] = [];
  private generation = 0;

  constructor(
    private readonly services: Services,
    private readonly repos: GitRepositoryContext,
    readonly root: vscode.Uri,
  ) {}

  provideBranchProtection(): GitBranchProtection[] {
    return this.protections;
  }

  /** Reads every Gitea remote's protections again; the newest read wins. */
  async refresh(): Promise<void> {
    const generation = ++this.generation;
    const remotes = this.repos.allRemotes.filter((r) => r.rootUri?.toString() === this.root.toString() && r.remoteName);
    const read = await Promise.all(
      remotes.map(async (r): Promise<GitBranchProtection | undefined> => {
        try {
          const include = await protectedPatterns(this.services, r);
          return include.length ? { remote: r.remoteName!, rules: [{ include }] } : undefined;
        } catch (e) {
          this.services.log.warn(`Branch protections of ${r.owner}/${r.repo} (${r.remoteName}) not read: ${messageOf(e)}`);
          return this.protections.find((p) => p.remote === r.remoteName);
        }
      }),
    );
    if (generation !== this.generation) return;
    this.protections = read.filter((p): p is GitBranchProtection => p !== undefined);
    this.changed.fire(this.root);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

type Register = (root: vscode.Uri, provider: GitBranchProtectionProvider) => vscode.Disposable;

function connect(services: Services, repos: GitRepositoryContext, api: GitApi, register: Register): vscode.Disposable {
  const providers = new Map<string, { provider: GiteaBranchProtection; registration: vscode.Disposable }>();
  const refreshAll = (): void => {
    for (const { provider } of providers.values()) void provider.refresh();
  };
  const sync = (): void => {
    const open = new Set(api.repositories.map((r) => r.rootUri.toString()));
    for (const [key, entry] of providers) {
      if (open.has(key)) continue;
      entry.registration.dispose();
      entry.provider.dispose();
      providers.delete(key);
    }
    for (const repository of api.repositories) {
      const key = repository.rootUri.toString();
      if (providers.has(key)) continue;
      const provider = new GiteaBranchProtection(services, repos, repository.rootUri);
      providers.set(key, { provider, registration: register(repository.rootUri, provider) });
      void provider.refresh();
    }
  };
  sync();
  const subscriptions = [
    api.onDidOpenRepository(sync),
    api.onDidCloseRepository(sync),
    repos.onDidChangeDetected(refreshAll),
    services.accounts.onDidChangeAccounts(refreshAll),
    services.views.follow('branches', refreshAll),
  ];
  return {
    dispose: () => {
      for (const s of subscriptions) s.dispose();
      for (const { provider, registration } of providers.values()) {
        registration.dispose();
        provider.dispose();
      }
      providers.clear();
    },
  };
}

export function registerBranchProtection(services: Services, repos: GitRepositoryContext): vscode.Disposable {
  let connection: vscode.Disposable | undefined;
  let disposed = false;
  repos.gitApi
    .then((api) => {
      if (!api || disposed) return;
      if (typeof api.registerBranchProtectionProvider !== 'function') {
        services.log.info('This editor\'s git has no branch protection providers: Gitea\'s protected branches are not given to it.');
        return;
      }
      connection = connect(services, repos, api, (root, provider) => api.registerBranchProtectionProvider!(root, provider));
    })
    .catch((e: unknown) => services.log.warn(`Gitea's branch protections for git are off: ${messageOf(e)}`));
  return {
    dispose: () => {
      disposed = true;
      connection?.dispose();
    },
  };
}
