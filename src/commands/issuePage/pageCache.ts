// What an issue page showed, kept for the cache lifetime: opening or revealing the page again within it shows
// this and sends no request. The lifetime is the views' (their lists are kept 60 s: PagedTreeBase.DEFAULT_TTL_MS;
// both are shared/cacheLifetime.ts), so a page and the row it was opened from are as fresh as each other. Refresh and
// every action on the page go to the server and replace the entry. Bounded in pages and in bytes (what the entries
// hold: a page's model, its rendered HTML and the answers it came from), and expired entries are freed when they
// expire, not when next looked up (#41: 20 pages of 100 comments of 1 MiB each filled the extension host's heap).
// Pure (no vscode).
import { LIST_CACHE_TTL_MS } from '../../shared/cacheLifetime';

export const PAGE_CACHE_TTL_MS = LIST_CACHE_TTL_MS;
/** Pages kept at most (the least recently stored go first): a page holds up to a few hundred rendered comments. */
export const PAGE_CACHE_SIZE = 20;
/**
 * Bytes kept at most, over all pages (the least recently stored go first; a page larger than this is not kept). The
 * 337 KB changelog as a body weighs about 4 MB (its text and 1.5 MB of HTML, two bytes a character), a page of 100
 * ordinary comments well under 1 MB: 64 MiB keeps 20 such pages, and never more than a few bodies of megabytes.
 */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** Bytes counted for anything that is not a string (a number, an object's or an array's own slots). */
const SLOT_BYTES = 16;

/**
 * About how many bytes `value` holds: two a character of every string it reaches (UTF-16, the most V8 uses), and
 * SLOT_BYTES for each other value, object and property. Each object is counted once (shared or cyclic ones too);
 * iterative, so a deep value cannot overflow the stack.
 */
export function approximateBytes(value: unknown): number {
  let bytes = 0;
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') bytes += 2 * v.length;
    else if (typeof v === 'object' && v !== null) {
      if (seen.has(v)) continue;
      seen.add(v);
      bytes += SLOT_BYTES;
      for (const [k, item] of Object.entries(v)) {
        bytes += 2 * k.length + SLOT_BYTES;
        stack.push(item);
      }
    } else bytes += SLOT_BYTES;
  }
  return bytes;
}

interface Entry<V> {
  readonly value: V;
  readonly at: number;
  readonly bytes: number;
}

export class PageCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private bytes = 0;
  /** Set while entries are kept: fires when the oldest expires. */
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
    private readonly size = PAGE_CACHE_SIZE,
    private readonly maxBytes = PAGE_CACHE_MAX_BYTES,
    private readonly bytesOf: (value: V) => number = approximateBytes,
  ) {}

  /** The value stored for `key` within the lifetime, else undefined (a stale entry is dropped). */
  get(key: string, now = Date.now()): V | undefined {
    return this.fresh(key, now)?.value;
  }

  /** When `key` was stored, while it is fresh. */
  storedAt(key: string, now = Date.now()): number | undefined {
    return this.fresh(key, now)?.at;
  }

  /** Stores `value` as of `now`, after freeing what expired by then. */
  set(key: string, value: V, now = Date.now()): void {
    this.sweep(now);
    this.put(key, value, now);
  }

  /** Replaces the value and keeps its time (a page grew by "Load earlier": not fresher than its load). */
  update(key: string, value: V): void {
    const entry = this.entries.get(key);
    if (entry) this.put(key, value, entry.at);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    if (this.entries.size === 0) this.stopTimer();
  }

  /** Forgets everything (a change made elsewhere, e.g. a merge, may concern any page). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.stopTimer();
  }

  /** What the entries hold, in bytes (approximateBytes, or the constructor's `bytesOf`). */
  heldBytes(): number {
    return this.bytes;
  }

  /** How many entries are kept (expired ones are freed by the timer and on every store). */
  count(): number {
    return this.entries.size;
  }

  /** Frees every expired entry. */
  sweep(now = Date.now()): void {
    for (const [key, entry] of [...this.entries]) if (this.expired(entry, now)) this.delete(key);
  }

  /** The entry of `key` within the lifetime; a stale one is dropped. */
  private fresh(key: string, now: number): Entry<V> | undefined {
    const entry = this.entries.get(key);
    if (entry && this.expired(entry, now)) {
      this.delete(key);
      return undefined;
    }
    return entry;
  }

  private expired(entry: Entry<V>, now: number): boolean {
    return now - entry.at > this.ttlMs || now < entry.at;
  }

  /** Stores `value` at the end of the order (it goes last), then frees the oldest while over the bounds. */
  private put(key: string, value: V, at: number): void {
    this.delete(key);
    const bytes = this.bytesOf(value);
    // A value larger than the whole cache is not kept: it would push every other page out, and stay itself.
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, at, bytes });
    this.bytes += bytes;
    while (this.entries.size > this.size || this.bytes > this.maxBytes) this.delete(this.entries.keys().next().value!);
    this.startTimer();
  }

  /** Fires when the oldest kept entry expires; never keeps the process alive. */
  private startTimer(): void {
    this.stopTimer();
    let oldest = Infinity;
    for (const entry of this.entries.values()) oldest = Math.min(oldest, entry.at);
    if (oldest === Infinity) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.sweep();
      this.startTimer();
    }, Math.max(0, oldest + this.ttlMs + 1 - Date.now()));
    // Stryker disable next-line OptionalChaining: Node's timers have unref; the `?.` is for a host whose setTimeout returns a number
    this.timer.unref?.();
  }

  private stopTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
