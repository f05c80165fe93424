// The pending review kept on this machine: the comments written and the summary typed for each pull request,
// until the server accepted the review. Kept in files (core/durableState.ts, written before `update` resolves; read
// from globalState, where earlier versions kept them, until first written), so a window reload right after typing or
// a failed submit loses nothing. No vscode import: the state is passed in.
import type { DraftComment, Side } from './threadModel';

/** The part of vscode.Memento the store uses. */
export interface StateLike {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

export interface PendingReview {
  readonly drafts: readonly DraftComment[];
  /** The summary typed in the last Submit Review that did not go through. */
  readonly summary?: string;
}

export const DRAFTS_KEY = 'gitea.review.pending';

export interface PullKey {
  readonly instanceUrl: string;
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
}

export function pullKey(p: PullKey): string {
  return `${p.instanceUrl.replace(/(?<!\/)\/+$/, '')}|${p.owner}/${p.repo}#${p.index}`.toLowerCase();
}

function isDraft(v: unknown): v is DraftComment {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return typeof d.id === 'string' && typeof d.path === 'string' && (d.side === 'new' || d.side === 'old') && typeof d.line === 'number' &&
    d.line > 0 && typeof d.body === 'string' && typeof d.createdAt === 'string';
}

export class DraftStore {
  private counter = 0;

  constructor(private readonly state: StateLike, private readonly now: () => Date = () => new Date()) {}

  private all(): Record<string, PendingReview> {
    const raw = this.state.get<unknown>(DRAFTS_KEY);
    return typeof raw === 'object' && raw !== null ? (raw as Record<string, PendingReview>) : {};
  }

  get(pull: PullKey): PendingReview {
    const entry = this.all()[pullKey(pull)];
    const drafts = Array.isArray(entry?.drafts) ? entry.drafts.filter(isDraft) : [];
    return { drafts, summary: typeof entry?.summary === 'string' ? entry.summary : undefined };
  }

  private async put(pull: PullKey, next: PendingReview): Promise<void> {
    const all = { ...this.all() };
    const key = pullKey(pull);
    if (next.drafts.length === 0 && !next.summary) delete all[key];
    else all[key] = next;
    await this.state.update(DRAFTS_KEY, all);
  }

  async add(pull: PullKey, place: { path: string; side: Side; line: number }, body: string): Promise<DraftComment> {
    const at = this.now();
    const draft: DraftComment = { id: `draft-${at.getTime().toString(36)}-${(this.counter++).toString(36)}`, ...place, body, createdAt: at.toISOString() };
    const current = this.get(pull);
    await this.put(pull, { ...current, drafts: [...current.drafts, draft] });
    return draft;
  }

  async edit(pull: PullKey, id: string, body: string): Promise<void> {
    const current = this.get(pull);
    await this.put(pull, { ...current, drafts: current.drafts.map((d) => (d.id === id ? { ...d, body } : d)) });
  }

  async remove(pull: PullKey, id: string): Promise<void> {
    const current = this.get(pull);
    await this.put(pull, { ...current, drafts: current.drafts.filter((d) => d.id !== id) });
  }

  async setSummary(pull: PullKey, summary: string | undefined): Promise<void> {
    await this.put(pull, { ...this.get(pull), summary: summary || undefined });
  }

  /** After the server accepted the review, or when the user discards it. */
  async clear(pull: PullKey): Promise<void> {
    await this.put(pull, { drafts: [] });
  }

  /** Every pull request with a pending review here. */
  pulls(): string[] {
    return Object.keys(this.all());
  }
}
