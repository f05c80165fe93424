// Keeps each branch's Create Pull Request draft in files (core/durableState.ts): written (debounced) on every change,
// so it survives failed requests, a closed form and a window reload; removed only when the server created the pull
// request (or the user discarded it).
import type { DraftState } from '../../core/durableState';
import { isEmptyPullDraft, parsePullDraft, type PullDraft } from './pullDraft';

const PREFIX = 'gitea.createPullRequest.draft:';
const DEBOUNCE_MS = 250;

/** One draft per branch of a clone's repository. */
export function pullDraftKey(repo: { instanceUrl: string; owner: string; repo: string }, branch: string): string {
  return `${PREFIX}${repo.instanceUrl}|${repo.owner}/${repo.repo}|${branch}`;
}

export class PullDraftStore {
  private readonly pending = new Map<string, { draft: PullDraft; timer: NodeJS.Timeout }>();

  constructor(private readonly state: DraftState) {}

  /** The stored draft (validated: state written by an older version is not trusted blindly). */
  get(key: string): PullDraft | undefined {
    const pending = this.pending.get(key);
    if (pending) return pending.draft;
    const stored = this.state.get<unknown>(key);
    return stored === undefined ? undefined : parsePullDraft(stored);
  }

  set(key: string, draft: PullDraft): void {
    const previous = this.pending.get(key);
    if (previous) clearTimeout(previous.timer);
    this.pending.set(key, { draft, timer: setTimeout(() => void this.flush(key), DEBOUNCE_MS) });
  }

  async flush(key: string): Promise<void> {
    const pending = this.pending.get(key);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(key);
    await this.state.update(key, isEmptyPullDraft(pending.draft) ? undefined : pending.draft);
  }

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
