// The "Changed Files" view (`gitea.changedFiles`): the files of one pull request as a folder tree or a flat
// list, filled page by page while they arrive, each opening its diff. Shown while a pull request is chosen.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ChangedFile } from '../../api';
import type { RepoRef, Services } from '../../core/services';
import { setViewMessage } from '../format';
import { isCancellation, messageOf } from '../../core/errors';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { changesUri, statusName } from './fileDocuments';
import { buildTree, fileRowLabel, flatList, totals, isWhitespaceMode, type TreeNode, type WhitespaceMode } from './model';
import { COMMAND } from '../../core/commandIds';
import { DEFAULT_MAX_PAGES, readAllPages } from '../../api/paging';
import { isRepoPath, partitionByRepoPath } from '../../shared/repoPath';
import { inertText } from '../../shared/untrustedText';

export const VIEW_ID = 'gitea.changedFiles';
export const ACTIVE_CONTEXT = 'gitea.changedFiles.active';
export const LAYOUT_CONTEXT = 'gitea.changedFiles.layout';
export const LAYOUT_SETTING = 'gitea.changedFiles.layout';
export const WHITESPACE_SETTING = 'gitea.changedFiles.whitespace';

export type Layout = 'tree' | 'list';

/** Page requests in flight at once for the files of one pull request (1,500 files are 30 pages of 50). */
const PAGE_CONCURRENCY = 6;
const REBUILD_INTERVAL_MS = 500;
type Node = TreeNode<ChangedFile>;

export function currentLayout(): Layout {
  return vscode.workspace.getConfiguration().get<string>(LAYOUT_SETTING) === 'list' ? 'list' : 'tree';
}

export function currentWhitespace(): WhitespaceMode {
  const value = vscode.workspace.getConfiguration().get<string>(WHITESPACE_SETTING);
  return isWhitespaceMode(value) ? value : 'show-all';
}

interface Shown {
  readonly ref: RepoRef;
  readonly index: number;
  title?: string;
  files: ChangedFile[];
  /** Files whose path the server sent is not a plain repository path (`..`, `/…`, a backslash): left out. */
  readonly refused: ChangedFile[];
  /** The server still said "more" after the page cap (DEFAULT_MAX_PAGES): the view says only these are shown. */
  capped?: boolean;
  loading: boolean;
  pagesRead: number;
  pageCount?: number;
  error?: string;
  /** Bumped per load, so a superseded load stops updating the view. */
  readonly generation: number;
}

export interface LoadResult {
  readonly files: readonly ChangedFile[];
  readonly whitespace: WhitespaceMode;
}

function counts(f: { additions?: number | null; deletions?: number | null }): string {
  return `+${f.additions ?? 0} −${f.deletions ?? 0}`;
}

export class ChangedFilesView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<Node>;
  private shown: Shown | undefined;
  private roots: Node[] = [];
  private generation = 0;
  private controller: AbortController | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;
  private layout: Layout = 'tree';
  /** When the tree was last redrawn during the current load. */
  private lastRebuild = 0;
  /** Tree items by file name and layout: a redraw while pages arrive reuses those already made. */
  private readonly items = new Map<string, vscode.TreeItem>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly services: Services) {
    this.view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: this, showCollapseAll: true });
    this.disposables.push(
      this.view,
      this.changed,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(LAYOUT_SETTING)) this.rebuild();
        if (e.affectsConfiguration(WHITESPACE_SETTING) && this.shown) void this.show(this.shown.ref, this.shown.index);
      }),
    );
    void vscode.commands.executeCommand('setContext', LAYOUT_CONTEXT, currentLayout());
  }

  /** Loads the files of pull request `index` of `ref` into the view and reveals it. */
  async show(ref: RepoRef, index: number): Promise<LoadResult | undefined> {
    const target = await targetOrSignIn(this.services, ref);
    if (!target) return undefined;
    this.controller?.abort();
    const controller = (this.controller = new AbortController());
    const shown: Shown = { ref, index, files: [], refused: [], loading: true, pagesRead: 0, generation: ++this.generation };
    this.shown = shown;
    this.items.clear();
    const whitespace = currentWhitespace();
    const params = { owner: ref.owner, repo: ref.repo, index };
    // The requests go out first; revealing the view (round trips to the window) happens while they travel.
    const reading = readAllPages(
      (page) => target.client.repoGetPullRequestFiles({ ...params, whitespace, page, limit: 50 }, { signal: controller.signal }),
      {
        signal: controller.signal,
        concurrency: PAGE_CONCURRENCY,
        onCapped: (pages, items) => {
          shown.capped = true;
          this.services.log.warn(`Changed files of ${ref.owner}/${ref.repo}#${index}: stopped after ${pages} pages (${items} files); the server still said there were more.`);
        },
        onPage: (items, pagesRead, pageCount) => {
          if (this.shown !== shown) return;
          // A path that is not a plain repository path never reaches another request (raw/{filepath}).
          const { accepted, refused } = partitionByRepoPath(items);
          for (const r of refused) shown.refused.push(r); // no spread: a pull request of any size
          for (const f of accepted) shown.files.push(f);
          shown.pagesRead = pagesRead;
          shown.pageCount = pageCount;
          this.scheduleRebuild();
        },
      },
    );
    // The title comes alongside; the files do not wait for it.
    // expected: without its title the view still shows the files (and their own failure).
    void target.client.repoGetPullRequest(params, { signal: controller.signal }).then(
      (pr) => {
        if (this.shown !== shown) return;
        shown.title = pr.title;
        this.describe();
      },
      () => undefined,
    );
    this.rebuild();
    // expected: the progress bar only ends on a failure; the failure itself is handled below.
    void vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => reading.catch(() => undefined));
    void vscode.commands.executeCommand('setContext', ACTIVE_CONTEXT, true).then(() => vscode.commands.executeCommand(`${VIEW_ID}.focus`));
    try {
      await reading;
      if (this.shown !== shown) return undefined;
      shown.loading = false;
      this.rebuild();
      if (shown.refused.length) this.tellRefused(shown);
      return { files: shown.files, whitespace };
    } catch (e) {
      if (this.shown !== shown || isCancellation(e)) return undefined;
      shown.loading = false;
      shown.error = messageOf(e);
      this.services.log.error(`Changed files of ${ref.owner}/${ref.repo}#${index}: ${shown.error}`);
      this.rebuild();
      throw e;
    }
  }

  /** Reloads the pull request shown (e.g. after a push). */
  async reload(): Promise<void> {
    if (this.shown) await this.show(this.shown.ref, this.shown.index);
  }

  async close(): Promise<void> {
    this.controller?.abort();
    this.shown = undefined;
    this.rebuild();
    await vscode.commands.executeCommand('setContext', ACTIVE_CONTEXT, false);
  }

  get current(): { ref: RepoRef; index: number; files: readonly ChangedFile[]; loading: boolean } | undefined {
    return this.shown && { ref: this.shown.ref, index: this.shown.index, files: this.shown.files, loading: this.shown.loading };
  }

  /**
   * While pages arrive, the tree (and its "page N of M" message) is redrawn at most every REBUILD_INTERVAL_MS after
   * the previous redraw (the first one is the empty tree when loading starts); the view's progress bar shows that
   * more is coming. Every redraw sends the whole tree to
   * the window, and VS Code holds back a view's refresh (a new message too) by 200 ms after the previous one, so
   * redrawing per page would delay the complete tree rather than show it sooner.
   */
  private scheduleRebuild(): void {
    if (this.refreshTimer) return;
    const wait = Math.max(0, this.lastRebuild + REBUILD_INTERVAL_MS - Date.now());
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.rebuild();
    }, wait);
  }

  /** Says which listed paths were left out, and logs them. */
  private tellRefused(shown: Shown): void {
    const names = shown.refused.map((f) => (isRepoPath(f.filename) ? `${f.previous_filename ?? ''} → ${f.filename}` : f.filename));
    this.services.log.warn(`Changed files of ${shown.ref.owner}/${shown.ref.repo}#${shown.index}: left out paths that are not plain repository paths: ${JSON.stringify(names)}`);
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'The server listed {0} file(s) of #{1} whose path is not a plain repository path (such as "{2}"): they are left out, and nothing is read with them.',
        names.length,
        shown.index,
        inertText(names[0]!),
      ),
    );
  }

  private rebuild(): void {
    if (this.refreshTimer) {
      clearTimeout(this.refreshTimer);
      this.refreshTimer = undefined;
    }
    const files = this.shown?.files ?? [];
    this.lastRebuild = Date.now();
    // Read once per redraw: getConfiguration() per item cost more than the rest of a 1,500-file redraw.
    this.layout = currentLayout();
    this.roots = this.layout === 'tree' ? buildTree(files) : flatList(files).map((file) => ({ kind: 'file', name: file.filename, file }));
    void vscode.commands.executeCommand('setContext', LAYOUT_CONTEXT, this.layout);
    // The tree first: of two refreshes in a row VS Code delivers the first at once and the second 200 ms later.
    this.changed.fire(undefined);
    this.describe();
  }

  private describe(): void {
    const s = this.shown;
    this.view.description = s ? `#${s.index}${s.title ? ` ${s.title}` : ''}` : undefined;
    setViewMessage(this.view, this.messageFor(s));
  }

  private messageFor(s: Shown | undefined): string {
    if (!s) return vscode.l10n.t('Choose "Show Changed Files" on a pull request.');
    if (s.error) return vscode.l10n.t('Could not load the changed files: {0}', s.error);
    if (s.loading) {
      return s.pageCount !== undefined
        ? vscode.l10n.t('Loading changed files… page {0} of {1}', s.pagesRead, s.pageCount)
        : vscode.l10n.t('Loading changed files…');
    }
    if (s.files.length === 0) return vscode.l10n.t('This pull request changes no files.');
    const t = totals(s.files);
    const summary = vscode.l10n.t('{0} files changed, +{1} −{2}', s.files.length, t.additions, t.deletions);
    return s.capped ? vscode.l10n.t('{0} (the first {1} pages: the server lists more)', summary, DEFAULT_MAX_PAGES) : summary;
  }

  getChildren(node?: Node): Node[] {
    if (!node) return this.roots;
    return node.kind === 'folder' ? node.children : [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    const s = this.shown!;
    const idPrefix = `${s.ref.instanceUrl}|${s.ref.owner}/${s.ref.repo}#${s.index}:`;
    if (node.kind === 'folder') {
      const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Expanded);
      item.id = `${idPrefix}${node.path}/`;
      item.iconPath = vscode.ThemeIcon.Folder;
      item.contextValue = 'changedFolder';
      return item;
    }
    const f = node.file;
    const layout = this.layout;
    const key = `${layout}:${f.filename}`;
    const cached = this.items.get(key);
    if (cached) return cached;
    const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.None);
    item.id = `${idPrefix}${f.filename}`;
    item.resourceUri = changesUri(s.ref.owner, s.ref.repo, s.index, f);
    const dir = path.posix.dirname(f.filename);
    // The file's name, or `old → new` for a rename (the folder is the tree's, or the description's in the list).
    item.label = fileRowLabel(f);
    item.description = layout === 'list' && dir !== '.' ? `${dir}  ${counts(f)}` : counts(f);
    item.contextValue = 'changedFile';
    this.items.set(key, item);
    return item;
  }

  /**
   * The tooltip (on hover) and the command (on click) are made for the one file they concern, not sent along with
   * 1,500 items: VS Code resolves both here when they are undefined.
   */
  resolveTreeItem(item: vscode.TreeItem, node: Node): vscode.TreeItem {
    if (node.kind !== 'file' || !this.shown) return item;
    const s = this.shown;
    const f = node.file;
    if (!item.tooltip) {
      const tooltip = new vscode.MarkdownString();
      tooltip.appendText(`${f.filename}\n\n${statusName(f.status)}`);
      if (f.previous_filename) tooltip.appendText(` — ${vscode.l10n.t('previously {0}', f.previous_filename)}`);
      tooltip.appendText(`\n\n${counts(f)}`);
      item.tooltip = tooltip;
    }
    item.command ??= {
      command: COMMAND.openChangedFile,
      title: vscode.l10n.t('Open Changes'),
      arguments: [{ instanceUrl: s.ref.instanceUrl, owner: s.ref.owner, repo: s.ref.repo, accountId: s.ref.accountId }, s.index, f],
    };
    return item;
  }

  dispose(): void {
    this.controller?.abort();
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    for (const d of this.disposables) d.dispose();
  }
}
