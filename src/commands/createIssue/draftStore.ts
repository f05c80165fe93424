// Keeps the Create Issue draft of each repository in files (core/durableState.ts): written (debounced) on every change, so
// it survives failed requests, a closed form and a window reload; removed only when the server answers 201.
import type { DraftState } from '../../core/durableState';
import { isEmptyDraft, parseDraft, type IssueDraft } from './issueDraft';

const PREFIX = 'gitea.createIssue.draft:';
const DEBOUNCE_MS = 250;

export function draftKey(repo: { instanceUrl: string; owner: string; repo: string }): string {
  return `${PREFIX}${repo.instanceUrl}|${repo.owner}/${repo.repo}`;
}

export class DraftStore {
  private readonly pending = new Map<string, { draft: IssueDraft; timer: NodeJS.Timeout }>();

  constructor(private readonly state: DraftState) {}

  /** The stored draft (validated: state written by an older version is not trusted blindly). */
  get(key: string): IssueDraft | undefined {
    const pending = this.pending.get(key);
    if (pending) return pending.draft;
    return parseDraft(this.state.get<unknown>(key));
  }

  /** Remembers the draft; written after a short pause in typing. */
  set(key: string, draft: IssueDraft): void {
    const previous = this.pending.get(key);
    if (previous) clearTimeout(previous.timer);
    const timer = setTimeout(() => void this.flush(key), DEBOUNCE_MS);
    this.pending.set(key, { draft, timer });
  }

  /** Writes a pending draft now (before a request, when the form closes). */
  async flush(key: string): Promise<void> {
    const pending = this.pending.get(key);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(key);
    await this.state.update(key, isEmptyDraft(pending.draft) ? undefined : pending.draft);
  }

  /** Forgets the draft: only after the server created the issue (or the user discarded it). */
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
