// Which Gitea repositories the workspace holds (from the git remotes, through the built-in git extension's
// API) and which one the views show: the repository of the active editor, unless the user picked another with
// "Gitea: Select Repository" (kept until the editor moves to a different repository).
import * as vscode from 'vscode';
import type { AccountService, RepoRef, RepositoryContext } from '../core/services';
import { configuredInstances, preferredRemotes, SETTING } from '../core/settings';
import { GIT_EXTENSION_ID, type GitApi, type GitExtension, type GitRepository } from './gitApi';
import { guessInstanceUrls, remoteRefs, refKey } from './remoteRefs';
import type { KnownInstance } from './remoteParser';
import { messageOf } from '../shared/errors';

const SELECTED_KEY = 'gitea.selectedRepository';

interface StoredSelection {
  readonly instanceUrl: string;
  readonly owner: string;
  readonly repo: string;
  readonly root?: string;
  readonly remoteName?: string;
  readonly accountId?: string;
}

export class GitRepositoryContext implements RepositoryContext, vscode.Disposable {
  private git: GitApi | undefined;
  /** One per git repository: its preferred matching remote. */
  private detectedRefs: RepoRef[] = [];
  /** Every remote of every repository that is on a known instance (for the picker). */
  private allRemoteRefs: RepoRef[] = [];
  private activeRef: RepoRef | undefined;
  /** The user's pick; cleared when the active editor moves to another repository. */
  private manual: StoredSelection | undefined;
  private lastEditorRoot: string | undefined;
  private readonly repoWatchers = new Map<string, { signature: string; subscription: vscode.Disposable }>();
  private readonly activeChanged = new vscode.EventEmitter<RepoRef | undefined>();
  private readonly detectedChanged = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable[] = [this.activeChanged, this.detectedChanged];
  readonly onDidChangeActive = this.activeChanged.event;
  /** Fires after every re-detection (remotes, repositories, accounts or settings changed). */
  readonly onDidChangeDetected = this.detectedChanged.event;
  /** Resolves once the git extension answered and the first detection ran (or git is unavailable). */
  readonly ready: Promise<void>;
  /** The git extension's API as soon as it is enabled (before its first scan); undefined without git. */
  readonly gitApi: Promise<GitApi | undefined>;
  private resolveGitApi: (api: GitApi | undefined) => void = () => undefined;
  private disposed = false;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly accounts: AccountService,
  ) {
    this.manual = context.workspaceState.get<StoredSelection>(SELECTED_KEY);
    this.disposables.push(
      accounts.onDidChangeAccounts(() => this.recompute()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(SETTING.instances) || e.affectsConfiguration(SETTING.preferredRemotes)) this.recompute();
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => editor && this.followEditor(editor.document.uri)),
    );
    this.gitApi = new Promise((resolve) => (this.resolveGitApi = resolve));
    // Not awaited by activate(), and started after it: the git extension may still be scanning the workspace, and
    // asking for it (and the first detection) is not activation's work.
    this.ready = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => (this.disposed ? undefined : this.connectGit()))
      .catch((e: unknown) => this.log.warn(`Repository detection is off: ${messageOf(e)}`))
      .finally(() => this.resolveGitApi(this.git));
  }

  get active(): RepoRef | undefined {
    return this.activeRef;
  }

  get detected(): readonly RepoRef[] {
    return this.detectedRefs;
  }

  /** Every matching remote, also the non-preferred ones (a fork's `origin` next to its `upstream`). */
  get allRemotes(): readonly RepoRef[] {
    return this.allRemoteRefs;
  }

  repoForUri(uri: vscode.Uri): RepoRef | undefined {
    const root = this.git?.getRepository(uri)?.rootUri.toString();
    if (root) return this.detectedRefs.find((r) => r.rootUri?.toString() === root);
    // Without the git API: the detected repository whose root contains the file, innermost first.
    const path = uri.toString();
    return [...this.detectedRefs]
      .filter((r) => r.rootUri && (path === r.rootUri.toString() || path.startsWith(`${r.rootUri.toString()}/`)))
      .sort((a, b) => b.rootUri!.toString().length - a.rootUri!.toString().length)[0];
  }

  setActive(ref: RepoRef): void {
    this.manual = { instanceUrl: ref.instanceUrl, owner: ref.owner, repo: ref.repo, root: ref.rootUri?.toString(), remoteName: ref.remoteName, accountId: ref.accountId };
    const editorUri = vscode.window.activeTextEditor?.document.uri;
    this.lastEditorRoot = editorUri ? this.repoForUri(editorUri)?.rootUri?.toString() : undefined;
    void this.context.workspaceState.update(SELECTED_KEY, this.manual);
    this.updateActive();
  }

  /** Instance URLs guessed from remotes that match no known instance, for the sign-in form. */
  guessInstanceUrl(): string | undefined {
    const remotes = (this.git?.repositories ?? []).flatMap((r) => r.state.remotes);
    return guessInstanceUrls(remotes, this.knownInstances())[0];
  }

  knownInstances(): KnownInstance[] {
    const byUrl = new Map<string, KnownInstance>();
    for (const a of this.accounts.accounts) byUrl.set(a.instanceUrl, { url: a.instanceUrl });
    for (const i of configuredInstances()) {
      const existing = byUrl.get(i.url);
      byUrl.set(i.url, { url: i.url, sshHosts: [...(existing?.sshHosts ?? []), ...(i.sshHosts ?? [])] });
    }
    return [...byUrl.values()];
  }

  private async connectGit(): Promise<void> {
    const extension = vscode.extensions.getExtension<GitExtension>(GIT_EXTENSION_ID);
    if (!extension) {
      this.log.info('The built-in git extension is not available: repositories are not detected from remotes.');
      return;
    }
    const git = extension.isActive ? extension.exports : await extension.activate();
    if (!git.enabled) {
      this.log.info('The git extension is disabled (git.enabled): waiting for it to be enabled.');
      await new Promise<void>((resolve) => {
        const sub = git.onDidChangeEnablement((enabled) => enabled && (sub.dispose(), resolve()));
        this.disposables.push(sub);
      });
    }
    const api = git.getAPI(1);
    this.git = api;
    this.resolveGitApi(api);
    this.disposables.push(
      api.onDidOpenRepository((r) => {
        this.watch(r);
        this.recompute();
      }),
      api.onDidCloseRepository((r) => {
        this.repoWatchers.get(r.rootUri.toString())?.subscription.dispose();
        this.repoWatchers.delete(r.rootUri.toString());
        this.recompute();
      }),
    );
    if (api.state !== 'initialized') {
      await new Promise<void>((resolve) => {
        const sub = api.onDidChangeState((s) => s === 'initialized' && (sub.dispose(), resolve()));
        this.disposables.push(sub);
      });
    }
    for (const r of api.repositories) this.watch(r);
    this.recompute();
  }

  /** Repository state changes on every file save; only a change of the remotes triggers a new detection. */
  private watch(repository: GitRepository): void {
    const key = repository.rootUri.toString();
    if (this.repoWatchers.has(key)) return;
    const signature = (): string => repository.state.remotes.map((r) => `${r.name}\n${r.fetchUrl ?? ''}\n${r.pushUrl ?? ''}`).join('\n');
    const entry = {
      signature: signature(),
      subscription: repository.state.onDidChange(() => {
        const now = signature();
        if (now === entry.signature) return;
        entry.signature = now;
        this.recompute();
      }),
    };
    this.repoWatchers.set(key, entry);
  }

  private recompute(): void {
    const instances = this.knownInstances();
    const preferred = preferredRemotes();
    const folders = vscode.workspace.workspaceFolders ?? [];
    const folderIndex = (root: vscode.Uri): number => {
      const i = folders.findIndex((f) => root.toString() === f.uri.toString() || root.toString().startsWith(`${f.uri.toString()}/`));
      return i < 0 ? folders.length : i;
    };
    const repositories = [...(this.git?.repositories ?? [])].sort(
      (a, b) => folderIndex(a.rootUri) - folderIndex(b.rootUri) || a.rootUri.path.localeCompare(b.rootUri.path),
    );
    const all: RepoRef[] = [];
    const detected: RepoRef[] = [];
    for (const repository of repositories) {
      const refs = remoteRefs(repository.rootUri, repository.state.remotes, instances, preferred).map((r) => ({
        ...r,
        accountId: this.accounts.accountFor(r.instanceUrl)?.id,
      }));
      for (const ref of refs) all.push(ref); // no spread: any number of refs
      if (refs[0]) detected.push(refs[0]);
    }
    const before = this.detectedRefs.map(refKey).join(';');
    this.allRemoteRefs = all;
    this.detectedRefs = detected;
    if (detected.map(refKey).join(';') !== before) {
      this.log.info(`Gitea repositories in the workspace: ${detected.map((r) => `${r.owner}/${r.repo} (${r.remoteName})`).join(', ') || 'none'}.`);
    }
    this.updateActive();
    this.detectedChanged.fire();
  }

  private followEditor(uri: vscode.Uri): void {
    const ref = this.repoForUri(uri);
    const root = ref?.rootUri?.toString();
    if (!ref || root === this.lastEditorRoot) return;
    this.lastEditorRoot = root;
    this.manual = undefined;
    void this.context.workspaceState.update(SELECTED_KEY, undefined);
    this.updateActive();
  }

  private updateActive(): void {
    const next = this.fromManual() ?? this.fromEditor() ?? this.sameAsBefore() ?? this.detectedRefs[0];
    const changed = (next ? refKey(next) : '') !== (this.activeRef ? refKey(this.activeRef) : '');
    this.activeRef = next;
    if (changed) {
      this.log.info(next ? `Active repository: ${next.owner}/${next.repo} on ${next.instanceUrl}.` : 'No active repository.');
      this.activeChanged.fire(next);
    }
  }

  /** The user's pick, refreshed (account) — if it is still a repository we can show. */
  private fromManual(): RepoRef | undefined {
    const m = this.manual;
    if (!m) return undefined;
    if (m.root) {
      const cloned = this.allRemoteRefs.find((r) => r.rootUri?.toString() === m.root && r.remoteName === m.remoteName);
      if (cloned) return { ...cloned, accountId: this.accountOr(m.accountId, cloned.instanceUrl) };
      // Before the git extension has reported the repositories, keep the pick; afterwards it is gone.
      if (this.git) return undefined;
    }
    if (!this.knownInstances().some((i) => i.url === m.instanceUrl)) return undefined;
    return {
      instanceUrl: m.instanceUrl,
      owner: m.owner,
      repo: m.repo,
      ...(m.root ? { rootUri: vscode.Uri.parse(m.root) } : {}),
      ...(m.remoteName ? { remoteName: m.remoteName } : {}),
      accountId: this.accountOr(m.accountId, m.instanceUrl),
    };
  }

  private accountOr(accountId: string | undefined, instanceUrl: string): string | undefined {
    const stillThere = accountId && this.accounts.accounts.some((a) => a.id === accountId && a.instanceUrl === instanceUrl);
    return stillThere ? accountId : this.accounts.accountFor(instanceUrl)?.id;
  }

  private fromEditor(): RepoRef | undefined {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const ref = uri ? this.repoForUri(uri) : undefined;
    if (ref) this.lastEditorRoot = ref.rootUri?.toString();
    return ref;
  }

  private sameAsBefore(): RepoRef | undefined {
    const before = this.activeRef;
    return before && this.detectedRefs.find((r) => r.rootUri?.toString() === before.rootUri?.toString());
  }

  dispose(): void {
    this.disposed = true;
    for (const w of this.repoWatchers.values()) w.subscription.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
