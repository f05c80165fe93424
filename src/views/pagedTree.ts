// The base of every Gitea tree view: lists fetched page by page, with loading, empty and error items in the
// tree, "Load more" for the next page, a cache with a lifetime, and cancellation when the repository changes.
//
// A view implements one method, `rootChildren(scope)`, returning fixed nodes and/or a ListSpec (see treeNode.ts);
// any node can have children the same way. Everything else — when to request, what to show meanwhile, when to
// drop the cache — lives here. Rules that keep big repositories fast:
//   * one request per page; a page is rendered as soon as it arrives (lead items arrive on their own);
//   * nothing is requested for a view or node the user has not opened;
//   * a list visited again within `ttlMs` (default 60 s) is shown from the cache with no request.
// PagedTreeBase is generic over what the view shows data for (its scope): the repository views extend
// PagedTreeProvider (the active repository); the views of the user (Activity, Starred) extend
// PagedTreeBase<AccountScope> and resolve an account, so they work without a repository.
import * as vscode from 'vscode';
import { ListState } from './listState';
import { resolveScope, type AccountScope, type ViewScope } from './scope';
import { LIST_CACHE_TTL_MS } from '../shared/cacheLifetime';
import {
  emptyNode,
  errorMessage,
  errorNode,
  loadingNode,
  loadMoreNode,
  signInAgainNode,
  type ListSpec,
  type NodeChildren,
  type TreeNode,
} from './treeNode';
import { isRefusedCredential } from '../core/signInAgain';
import type { Account, Services } from '../core/services';
import { instanceLabel } from '../shared/instanceUrl';
import { inertText } from '../shared/untrustedText';

/** How long a page may take after a click before its loading item replaces "Load more" (see showLoading). */
const LOADING_ITEM_DELAY_MS = 500;

export interface PagedTreeOptions {
  /** How long loaded pages are reused without a request. */
  readonly ttlMs?: number;
}

export abstract class PagedTreeBase<S extends AccountScope> implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  static readonly DEFAULT_TTL_MS = LIST_CACHE_TTL_MS;

  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  protected readonly disposables: vscode.Disposable[] = [this.emitter];
  protected readonly ttlMs: number;
  /** The tree view, once `createTreeView` made it. */
  protected view: vscode.TreeView<TreeNode> | undefined;
  /** The scope of the last top-level render. */
  protected scope: S | undefined;

  /** Keyed `${scope.key}\n${spec.key}`: lists of other repositories stay cached for a quick way back. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- lists of different item types side by side; each ListSpec is typed where it is built
  private readonly lists = new Map<string, ListState<any>>();
  private root: { scopeKey: string; children: NodeChildren } | undefined;
  /** The scope key each rendered node belongs to, so its children use the right cache entries. */
  private readonly nodeScopes = new WeakMap<TreeNode, string>();
  /** The node each rendered node is under (none at the top level): what `reveal` needs. */
  private readonly nodeParents = new WeakMap<TreeNode, TreeNode>();
  /** The clock a list item was rendered with; the lists and fixed nodes under it use the same one. */
  private readonly nodeClocks = new WeakMap<TreeNode, number>();
  private pending = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    protected readonly services: Services,
    readonly viewId: string,
    options: PagedTreeOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? PagedTreeBase.DEFAULT_TTL_MS;
    this.disposables.push(
      services.repos.onDidChangeActive(() => this.onRepositoryChanged()),
      services.accounts.onDidChangeAccounts(() => this.clearAll()),
    );
  }

  /** What the view last showed data for: the repository and its account, or just the account. */
  get currentScope(): S | undefined {
    return this.scope;
  }

  /** The top level of the view for its scope. Called again after a refresh. */
  protected abstract rootChildren(scope: S): NodeChildren;

  /** What the view shows data for (undefined: its welcome content shows); the scope's `key` prefixes its
   * cache keys. Asked again on every top-level render: after a repository or account change, a refresh. */
  protected abstract resolveViewScope(): Promise<S | undefined>;

  /** True when the scope's account waits for Sign In Again (the view then shows only that offer). */
  protected waitsForSignIn(scope: S): boolean {
    return this.services.accounts.needsSignIn(scope.account.id);
  }

  /** Hook: a list finished loading a page (used e.g. by CI Jobs to schedule polling). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- lists of different item types side by side; each ListSpec is typed where it is built
  protected onListLoaded(_spec: ListSpec<any>, _items: readonly unknown[]): void {}

  /** Takes over the view made at activation (or creates it) and follows its visibility: stale lists reload when it
   * is shown again. `options` apply to a view created here; one made at activation has `showCollapseAll` only. */
  createTreeView(options: Omit<vscode.TreeViewOptions<TreeNode>, 'treeDataProvider'> = {}): vscode.TreeView<TreeNode> {
    const view =
      this.services.treeViews.adopt(this.viewId, this) ??
      vscode.window.createTreeView(this.viewId, { showCollapseAll: true, ...options, treeDataProvider: this });
    this.view = view;
    this.disposables.push(
      view,
      view.onDidChangeVisibility((e) => {
        if (e.visible) this.reloadStale();
        this.onVisibilityChanged(e.visible);
      }),
    );
    return view;
  }

  /** Hook for subclasses (polling stops while hidden). */
  protected onVisibilityChanged(_visible: boolean): void {}

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.item;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return this.nodeParents.get(node);
  }

  /** Shows the view and selects `node` (one this view rendered). A reveal that reaches the main thread while it is
   * still rendering a refresh selects nothing (the row it names is replaced): it is made again, a few times. */
  async reveal(node: TreeNode): Promise<void> {
    const view = this.view;
    if (!view) return;
    const id = node.item.id;
    for (let attempt = 0; attempt < 5; attempt++) {
      await view.reveal(node, { select: true, focus: true });
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, 100));
        if (view.selection.some((n) => n === node || (id !== undefined && n.item.id === id))) return;
      }
    }
  }

  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    if (item.tooltip === undefined && node.options.tooltip) item.tooltip = node.options.tooltip();
    return item;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (node) {
      const children = node.children();
      const scopeKey = this.nodeScopes.get(node);
      return children && scopeKey !== undefined ? this.expand(node, children, scopeKey) : [];
    }
    let scope: S | undefined;
    try {
      scope = await this.resolveViewScope();
    } catch (e) {
      this.services.log.warn(`[${this.viewId}] ${String((e as Error)?.message ?? e)}`);
      return [errorNode(e, () => this.refresh())];
    }
    this.scope = scope;
    if (!scope) {
      this.root = undefined;
      return []; // signed out (or no repository, for a repository view): the view's welcome content shows
    }
    // A refused token would only be refused again: no request until the account signed in again.
    if (this.waitsForSignIn(scope)) {
      this.root = undefined;
      return [signInAgainNode(refusedMessage(scope.account), scope.account.id)];
    }
    if (this.root?.scopeKey !== scope.key) this.root = { scopeKey: scope.key, children: this.rootChildren(scope) };
    return this.expand(undefined, this.root.children, scope.key);
  }

  /** Drops the cache of the active repository in this view and loads again (the Refresh title action). */
  refresh(): void {
    const prefix = this.scope ? `${this.scope.key}\n` : '';
    for (const [key, state] of this.lists) {
      if (key.startsWith(prefix)) {
        state.reset();
        this.lists.delete(key);
      }
    }
    this.root = undefined;
    this.emitter.fire(undefined);
  }

  /** Resolves when no request of this view is in flight (tests, and commands that wait for a reload). */
  whenIdle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  dispose(): void {
    for (const state of this.lists.values()) state.reset();
    this.lists.clear();
    vscode.Disposable.from(...this.disposables).dispose();
  }

  /** Reloads the lists of the active repository whose key matches (e.g. after a change made by a command). */
  protected invalidate(match: (specKey: string) => boolean): void {
    const prefix = this.scope ? `${this.scope.key}\n` : undefined;
    if (prefix === undefined) return;
    for (const [key, state] of this.lists) {
      if (!key.startsWith(prefix) || !match(key.slice(prefix.length))) continue;
      state.reset();
      this.emitter.fire(state.parent);
    }
  }

  /** The items of a loaded list of the active repository (undefined when it is not loaded). */
  protected loadedItems(specKey: string): readonly unknown[] | undefined {
    const state = this.scope && this.lists.get(`${this.scope.key}\n${specKey}`);
    return state?.status === 'loaded' ? state.items : undefined;
  }

  /** Fetches page 1 of a loaded list again without a loading item and merges it (polling).
   * Resolves to false when the list was busy or not loaded, or the request failed. */
  protected async reloadFirstPage(specKey: string): Promise<boolean> {
    const state = this.scope && this.lists.get(`${this.scope.key}\n${specKey}`);
    if (!state || state.status !== 'loaded' || state.inFlight) return false;
    const { signal, token } = state.begin();
    this.track(+1);
    try {
      const page = await state.spec.fetch(1, signal);
      if (!state.isCurrent(token)) return false;
      state.replaceFirstPage(page);
      state.loadedAt = Date.now();
      this.emitter.fire(state.parent);
      this.onListLoaded(state.spec, state.items);
      return true;
    } catch (e) {
      if (state.isCurrent(token)) this.services.log.warn(`[${this.viewId}] reload failed: ${String((e as Error)?.message ?? e)}`);
      return false;
    } finally {
      state.settle(token);
      this.track(-1);
    }
  }

  /** Builds the top level again from `rootChildren` (e.g. after a filter changed), keeping cached lists. */
  protected rebuildRoot(): void {
    this.root = undefined;
    this.emitter.fire(undefined);
  }

  /** Re-renders one node's children (or the whole view). */
  protected changed(node?: TreeNode): void {
    this.emitter.fire(node);
  }

  /**
   * One clock per render: the items rendered now count their relative dates from `now`, which is the parent's
   * clock when the parent is (under) a list item — so "9 min ago" on an issue and on its dependencies agree —
   * and the time of this render at the top level and under fixed sections.
   */
  private expand(parent: TreeNode | undefined, children: NodeChildren, scopeKey: string): TreeNode[] {
    const inherited = parent && this.nodeClocks.get(parent);
    const now = inherited ?? Date.now();
    const fixed = children.fixed ?? [];
    if (inherited !== undefined) for (const n of fixed) if (!this.nodeClocks.has(n)) this.nodeClocks.set(n, inherited);
    const out = [...fixed];
    if (children.list) for (const node of this.listNodes(parent, children.list, scopeKey, now)) out.push(node); // no spread: a list of any size
    // A scope key starts with its account's id: that account's instance is where the nodes' links belong.
    const instanceUrl = this.services.accounts.accounts.find((a) => scopeKey === a.id || scopeKey.startsWith(`${a.id}|`))?.instanceUrl;
    for (const n of out) {
      this.nodeScopes.set(n, scopeKey);
      if (parent) this.nodeParents.set(n, parent);
      n.instanceUrl ??= instanceUrl;
    }
    return out;
  }

  private listNodes<T>(parent: TreeNode | undefined, spec: ListSpec<T>, scopeKey: string, now: number): TreeNode[] {
    const key = `${scopeKey}\n${spec.key}`;
    let state = this.lists.get(key) as ListState<T> | undefined;
    if (!state) {
      state = new ListState(spec);
      this.lists.set(key, state);
    } else state.spec = spec; // same data, maybe a new client-side filter
    state.parent = parent;
    if (state.isStale(this.ttlMs)) state.reset();
    if (state.status === 'idle') this.loadNext(state, false);
    return this.render(state, now);
  }

  private render<T>(state: ListState<T>, now: number): TreeNode[] {
    const nodes = state.visibleItems().map((i) => {
      const node = state.nodeFor(i, now);
      if (!this.nodeClocks.has(node)) this.nodeClocks.set(node, now);
      return node;
    });
    if (state.status === 'loading') nodes.push(loadingNode());
    else if (state.status === 'error') {
      nodes.push(
        isRefusedCredential(state.error)
          ? signInAgainNode(errorMessage(state.error).split('\n')[0]!)
          : (state.spec.explainError?.(state.error) ?? errorNode(state.error, () => this.loadNext(state))),
      );
    }
    else if (state.status === 'loaded') {
      if (nodes.length === 0) {
        const loaded = state.items.length + state.lead.length;
        nodes.push(
          emptyNode(loaded > 0 ? vscode.l10n.t('Nothing matches among the {0} loaded', loaded) : state.spec.emptyLabel),
        );
      }
      if (state.hasMore) nodes.push(loadMoreNode(() => this.loadNext(state), state.items.length));
    }
    return nodes;
  }

  /** Loads the next page of a list (page 1 when nothing is loaded) and re-renders its parent on arrival.
   * `showLoading`: show that it loads (not while VS Code is asking for children, which renders the loading item). */
  private loadNext<T>(state: ListState<T>, showLoading = true): void {
    if (state.inFlight) return;
    const first = state.items.length === 0 && state.loadedAt === 0;
    const page = first ? 1 : state.nextPage;
    const { signal, token } = state.begin();
    state.status = 'loading';
    state.error = undefined;
    this.track(+1);
    const fetched = state.spec.fetch(page, signal);
    const request = fetched
      .then(
        (result) => {
          if (!state.isCurrent(token)) return;
          state.append(result);
          state.status = 'loaded';
          // The lifetime counts from the last page that arrived: a user still clicking Load more after a
          // minute must not see the list start over at page 1 on the next render.
          state.loadedAt = Date.now();
          this.emitter.fire(state.parent);
          this.onListLoaded(state.spec, state.items);
        },
        (e: unknown) => {
          if (!state.isCurrent(token)) return;
          state.status = 'error';
          state.error = e;
          this.services.log.warn(`[${this.viewId}] ${state.spec.key} page ${page}: ${String((e as Error)?.message ?? e)}`);
          this.emitter.fire(state.parent);
        },
      )
      .finally(() => {
        state.settle(token);
        this.track(-1);
      });
    if (showLoading) this.showLoading(state, token, request);
    if (first && state.spec.lead) {
      this.track(+1);
      state.spec
        .lead(
          signal,
          fetched.then(
            (r): readonly T[] => r.items,
            (): readonly T[] => {
              // expected: the page's own failure is shown by the page; the lead then asks on its own
              return [];
            },
          ),
        )
        .then(
          (lead) => {
            if (!state.isCurrent(token) || lead.length === 0) return;
            state.lead = [...lead];
            if (state.status === 'loaded') this.emitter.fire(state.parent);
          },
          (e: unknown) => this.services.log.debug(`[${this.viewId}] ${state.spec.key} lead: ${String((e as Error)?.message ?? e)}`),
        )
        .finally(() => this.track(-1));
    }
  }

  private onRepositoryChanged(): void {
    for (const state of this.lists.values()) state.abort(); // the previous repository's requests are moot
    this.root = undefined;
    this.emitter.fire(undefined);
  }

  private clearAll(): void {
    for (const state of this.lists.values()) state.reset();
    this.lists.clear();
    this.root = undefined;
    this.emitter.fire(undefined);
  }

  private reloadStale(): void {
    const prefix = this.scope ? `${this.scope.key}\n` : undefined;
    if (prefix === undefined) return;
    for (const [key, state] of this.lists) {
      if (!key.startsWith(prefix) || !state.isStale(this.ttlMs)) continue;
      state.reset();
      this.emitter.fire(state.parent);
    }
  }

  /**
   * While a page loads after a click (Load more, Retry): the view's progress bar at once, and the loading item in
   * place of "Load more" or the error only when the page is slow. VS Code holds back a view refresh by 200 ms
   * when another one came just before it, so re-rendering at once for the loading item would delay every fast
   * page by that much.
   */
  private showLoading<T>(state: ListState<T>, token: number, request: Promise<void>): void {
    const timer = setTimeout(() => {
      if (state.isCurrent(token) && state.status === 'loading') this.emitter.fire(state.parent);
    }, LOADING_ITEM_DELAY_MS);
    void request.finally(() => clearTimeout(timer));
    void vscode.window.withProgress({ location: { viewId: this.viewId } }, () => request);
  }

  private track(delta: number): void {
    this.pending += delta;
    if (this.pending > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    // After the change events of this tick, so that a caller sees the new children.
    setTimeout(() => waiters.forEach((w) => w()), 0);
  }
}

/** What a view shows while the account waits for Sign In Again. */
function refusedMessage(account: Account): string {
  return vscode.l10n.t('the server refused the access token of {0} on {1}', inertText(account.username), instanceLabel(account.instanceUrl));
}

/** The base of the repository views: their scope is the active repository. */
export abstract class PagedTreeProvider extends PagedTreeBase<ViewScope> {
  protected resolveViewScope(): Promise<ViewScope | undefined> {
    return resolveScope(this.services);
  }
}
