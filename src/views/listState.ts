// The loaded state of one paged list: its items, the next page, the in-flight request and its failure.
// Pure bookkeeping; PagedTreeProvider decides when to load and what to show.
import type { ListSpec, PageResult, TreeNode } from './treeNode';

export type ListStatus = 'idle' | 'loading' | 'loaded' | 'error';

export class ListState<T> {
  status: ListStatus = 'idle';
  items: T[] = [];
  lead: T[] = [];
  hasMore = false;
  nextPage = 1;
  /** How many items page 1 contributed: what a silent reload of page 1 replaces. */
  firstPageCount = 0;
  error: unknown;
  /** When the last page arrived (0: none yet): the cache lifetime counts from here. */
  loadedAt = 0;
  /** The node whose children this list is (undefined at the top level): what to refresh on change. */
  parent: TreeNode | undefined;
  private controller: AbortController | undefined;
  /** Bumped by every reset/abort so that late answers of superseded requests are dropped. */
  private generation = 0;
  private readonly nodes = new WeakMap<object, TreeNode>();
  private primitiveNodes = new Map<unknown, TreeNode>();

  constructor(public spec: ListSpec<T>) {}

  get inFlight(): boolean {
    return this.controller !== undefined;
  }

  isStale(ttlMs: number, now = Date.now()): boolean {
    return this.status === 'loaded' && this.loadedAt > 0 && now - this.loadedAt > ttlMs;
  }

  /** Starts a request; returns its signal and a token to check with `isCurrent` when it settles. */
  begin(): { signal: AbortSignal; token: number } {
    this.controller?.abort();
    this.controller = new AbortController();
    return { signal: this.controller.signal, token: ++this.generation };
  }

  isCurrent(token: number): boolean {
    return token === this.generation;
  }

  /** Marks the request of `token` finished (the controller is no longer needed). */
  settle(token: number): void {
    if (token === this.generation) this.controller = undefined;
  }

  /** Cancels the in-flight request; the list keeps what it had (or goes back to idle when it had nothing). */
  abort(): void {
    if (!this.controller) return;
    this.controller.abort();
    this.controller = undefined;
    this.generation++;
    if (this.status === 'loading') this.status = this.loadedAt > 0 ? 'loaded' : 'idle';
  }

  /** Forgets everything: the next render loads page 1 again. */
  reset(): void {
    this.abort();
    this.status = 'idle';
    this.items = [];
    this.lead = [];
    this.hasMore = false;
    this.nextPage = 1;
    this.firstPageCount = 0;
    this.error = undefined;
    this.loadedAt = 0;
    this.primitiveNodes = new Map();
  }

  /** Appends a page, dropping items already shown (pages shift when items are added meanwhile). */
  append(page: PageResult<T>): void {
    const seen = this.identities();
    const before = this.items.length;
    for (const item of page.items) {
      const id = this.spec.identity?.(item);
      if (id !== undefined && seen.has(id)) continue;
      if (id !== undefined) seen.add(id);
      this.items.push(item);
    }
    if (page.page === 1) this.firstPageCount = this.items.length - before;
    this.hasMore = page.hasMore;
    this.nextPage = page.nextPage ?? page.page + 1;
  }

  /** Replaces the first page with a fresh one (polling), keeping later pages that are not in it. */
  replaceFirstPage(page: PageResult<T>): void {
    const hadMorePages = this.nextPage > 2;
    const fresh = [...page.items];
    const id = this.spec.identity;
    const freshIds = new Set(id ? fresh.map((i) => id(i)) : []);
    // Items pushed off page 1 by new ones are already on the loaded later pages' side: keep every old item that
    // is not in the fresh page (by identity; without one, the old later pages as they were).
    const rest = !hadMorePages ? [] : id ? this.items.filter((i) => !freshIds.has(id(i))) : this.items.slice(this.firstPageCount);
    this.items = [...fresh, ...rest];
    this.firstPageCount = fresh.length;
    if (!hadMorePages) {
      this.hasMore = page.hasMore;
      this.nextPage = page.nextPage ?? page.page + 1;
    }
  }

  /** Lead items first, then list items that are not lead items; client-side filter applied. */
  visibleItems(): T[] {
    const id = this.spec.identity;
    const leadIds = new Set(id ? this.lead.map((i) => id(i)) : []);
    const all = [...this.lead, ...this.items.filter((i) => !id || !leadIds.has(id(i)))];
    const filter = this.spec.filter;
    return filter ? all.filter(filter) : all;
  }

  /** The node of an item, built once per item object; `now` is the render's clock (see ListSpec.render). */
  nodeFor(item: T, now: number): TreeNode {
    const cache = typeof item === 'object' && item !== null;
    const existing = cache ? this.nodes.get(item as object) : this.primitiveNodes.get(item);
    if (existing) return existing;
    const node = this.spec.render(item, now);
    if (cache) this.nodes.set(item as object, node);
    else this.primitiveNodes.set(item, node);
    return node;
  }

  private identities(): Set<string | number> {
    const id = this.spec.identity;
    return new Set(id ? this.items.map((i) => id(i)) : []);
  }
}
