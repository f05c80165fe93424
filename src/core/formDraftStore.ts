// Keeps the drafts of a form (Create Issue: one per repository; Create Pull Request: one per branch of a clone) in
// files (core/durableState.ts): written (debounced) on every change, so that they survive failed requests, a closed
// form and a window reload; removed only when the server accepted the request (or the user discarded the draft).
// Typed by the draft: the form gives how a stored value is checked (it is untrusted: an older version, a hand edit)
// and which draft is empty (an emptied draft removes the stored one).
import type { DraftState } from './durableState';

/** How a form's drafts are read back and when one is empty. */
export interface DraftCodec<D> {
  /** The draft in a stored value, or undefined when the value is none. */
  parse(stored: unknown): D | undefined;
  isEmpty(draft: D): boolean;
}

/** The pause in typing after which a change is written. */
export const DRAFT_WRITE_DELAY_MS = 250;

export class FormDraftStore<D> {
  private readonly pending = new Map<string, { draft: D; timer: NodeJS.Timeout }>();

  constructor(
    private readonly state: DraftState,
    private readonly codec: DraftCodec<D>,
  ) {}

  /** The draft: a change not written yet, else the stored one (validated). */
  get(key: string): D | undefined {
    const pending = this.pending.get(key);
    if (pending) return pending.draft;
    // Nothing stored (undefined) is no draft to the codec either (its contract).
    return this.codec.parse(this.state.get<unknown>(key));
  }

  /** Remembers the draft; written after a short pause in typing. */
  set(key: string, draft: D): void {
    const previous = this.pending.get(key);
    if (previous) clearTimeout(previous.timer);
    const timer = setTimeout(() => void this.flush(key), DRAFT_WRITE_DELAY_MS);
    this.pending.set(key, { draft, timer });
  }

  /** Writes a pending draft now (before a request, when the form closes). */
  async flush(key: string): Promise<void> {
    const pending = this.pending.get(key);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(key);
    await this.state.update(key, this.codec.isEmpty(pending.draft) ? undefined : pending.draft);
  }

  /** Forgets the draft: only after the server accepted it (or the user discarded it). */
  async clear(key: string): Promise<void> {
    const pending = this.pending.get(key);
    if (pending) clearTimeout(pending.timer);
    this.pending.delete(key);
    await this.state.update(key, undefined);
  }

  async flushAll(): Promise<void> {
    await Promise.all([...this.pending.keys()].map((k) => this.flush(k)));
  }
}
