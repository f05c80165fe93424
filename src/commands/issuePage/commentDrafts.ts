// The comment being typed on each issue page, kept in files (core/durableState.ts; per issue, not per workspace):
// written (debounced) on every change, so it survives a failed request, a closed tab and a window reload; removed
// only when the server accepted the comment.
import type { DraftState } from '../../core/durableState';
import { MAX_BODY_CHARS } from './messages';

const PREFIX = 'gitea.issuePage.commentDraft:';
const DEBOUNCE_MS = 250;

export class CommentDrafts {
  private readonly pending = new Map<string, { body: string; timer: NodeJS.Timeout }>();

  constructor(private readonly state: DraftState) {}

  get(pageKey: string): string {
    const pending = this.pending.get(pageKey);
    if (pending) return pending.body;
    // Stored state is not trusted blindly (an older version or another extension may have written it).
    const stored = this.state.get<unknown>(PREFIX + pageKey);
    return typeof stored === 'string' && stored.length <= MAX_BODY_CHARS ? stored : '';
  }

  set(pageKey: string, body: string): void {
    const previous = this.pending.get(pageKey);
    if (previous) clearTimeout(previous.timer);
    this.pending.set(pageKey, { body, timer: setTimeout(() => void this.flush(pageKey), DEBOUNCE_MS) });
  }

  /** Writes a pending draft now (before a request, when the page closes). */
  async flush(pageKey: string): Promise<void> {
    const pending = this.pending.get(pageKey);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(pageKey);
    await this.state.update(PREFIX + pageKey, pending.body.trim() === '' ? undefined : pending.body);
  }

  /** Forgets the draft: only after the server accepted the comment. */
  async clear(pageKey: string): Promise<void> {
    const pending = this.pending.get(pageKey);
    if (pending) clearTimeout(pending.timer);
    this.pending.delete(pageKey);
    await this.state.update(PREFIX + pageKey, undefined);
  }

  async flushAll(): Promise<void> {
    await Promise.all([...this.pending.keys()].map((k) => this.flush(k)));
  }
}
