// What an issue page showed, kept for the cache lifetime: opening or revealing the page again within it shows
// this and sends no request. The lifetime is the views' (their lists are kept 60 s: PagedTreeBase.DEFAULT_TTL_MS;
// both are shared/cacheLifetime.ts), so a page and the row it was opened from are as fresh as each other. Refresh and
// every action on the page go to the server and replace the entry. Pure (no vscode).
import { LIST_CACHE_TTL_MS } from '../../shared/cacheLifetime';

export const PAGE_CACHE_TTL_MS = LIST_CACHE_TTL_MS;
/** Pages kept at most (the least recently stored go first): a page holds up to a few hundred rendered comments. */
export const PAGE_CACHE_SIZE = 20;

export class PageCache<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly at: number }>();

  constructor(
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
    private readonly size = PAGE_CACHE_SIZE,
  ) {}

  /** The value stored for `key` within the lifetime, else undefined (a stale entry is dropped). */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at > this.ttlMs || now < entry.at) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** When `key` was stored, while it is fresh. */
  storedAt(key: string, now = Date.now()): number | undefined {
    return this.get(key, now) === undefined ? undefined : this.entries.get(key)?.at;
  }

  set(key: string, value: V, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: now });
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Replaces the value and keeps its time (a page grew by "Load earlier": not fresher than its load). */
  update(key: string, value: V): void {
    const entry = this.entries.get(key);
    if (entry) this.entries.set(key, { value, at: entry.at });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets everything (a change made elsewhere, e.g. a merge, may concern any page). */
  clear(): void {
    this.entries.clear();
  }
}
