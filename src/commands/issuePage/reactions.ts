// The issue page's reactions (host side). They are not part of the issue or comment JSON: the issue's own and the
// instance's allowed set are asked for with the page's own requests (`start`) and shown once the page has painted
// (`show`), so they cost no round trip of their own and never hold back the page; a comment's are read when the
// webview reports it on screen (`reactionsWanted`), each at most once per page (a few at a time). A change shows at
// once and is sent in order; a refusal puts it back and says why. Only the explicit Refresh reads them again.
import * as vscode from 'vscode';
import { isGiteaError } from '../../api/errorKind';
import { messageOf } from '../../core/errors';
import type { Services } from '../../core/services';
import type { Target } from '../../core/target';
import type { PageOutbound } from './messages';
import { PageCache } from './pageCache';
import { applyReaction, groupReactions, rollbackReaction, type ReactionChange, type ReactionGroup } from './reactionModel';

/** What a page read, kept as long as the page's own data (a page opened again within that time asks nothing). The
 * groups are the page's own map, so the changes made since stay in it. */
interface Remembered {
  readonly allowed: readonly string[];
  readonly me: string;
  groups: Map<number, ReactionGroup[]>;
}
const remembered = new PageCache<Remembered>();

/** Comment reaction lists read at the same time. */
const PARALLEL = 4;

export interface ReactionsHost {
  readonly key: string;
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
  readonly log: Services['log'];
  /** `id` is a comment the page shows (the webview names ids; only the page's own are read or changed). */
  isComment(id: number): boolean;
  target(): Promise<Target | undefined>;
  post(message: PageOutbound): void;
}

export class PageReactions {
  private readonly groups = new Map<number, ReactionGroup[]>();
  /** Comment ids read or being read. */
  private readonly requested = new Set<number>();
  private readonly queue: number[] = [];
  private running = 0;
  private allowed: readonly string[] | undefined;
  private me = '';
  private sending: Promise<unknown> = Promise.resolve();
  private controller = new AbortController();
  private reading: Promise<void> | undefined;
  /** The last read failed: it is not repeated until Refresh. */
  private failed = false;

  constructor(private readonly host: ReactionsHost) {}

  /** Settles once the reactions being read are in (the tests wait for it). */
  settled(): Promise<void> {
    return this.reading ?? Promise.resolve();
  }

  /** What the page shows now (the tests read it). */
  get shown(): ReadonlyMap<number, readonly ReactionGroup[]> {
    return this.groups;
  }

  /** Sends everything known (a webview that was reloaded or re-rendered asks again with `ready`). */
  resend(): void {
    if (!this.allowed) return;
    this.host.post({ type: 'reactions', allowed: this.allowed, reset: true, entries: [...this.groups].map(([id, groups]) => ({ id, groups })) });
  }

  /** Starts reading the allowed set and the issue's reactions, beside the page's own requests; nothing is shown
   * until `show` (once per page; `fresh` for Refresh reads them again). */
  start(target: Target, fresh: boolean): void {
    if (!fresh && this.reading) return;
    // Read once per page: a page shown again (from the cache, or its webview made again) shows what it has, and a
    // read that failed is not repeated until Refresh (the page works without reactions).
    if (!fresh && (this.allowed || this.failed)) return;
    const kept = fresh ? undefined : remembered.get(this.host.key);
    if (kept) {
      this.allowed = kept.allowed;
      this.me = kept.me;
      for (const [id, groups] of kept.groups) {
        this.groups.set(id, groups);
        if (id !== 0) this.requested.add(id);
      }
      kept.groups = this.groups;
      return;
    }
    const reading = this.read(target).finally(() => {
      if (this.reading === reading) this.reading = undefined;
    });
    this.reading = reading;
  }

  /** Sends the reactions to the page once they are read (the page has painted: they go after its own message). */
  async show(): Promise<void> {
    // A Refresh during the wait starts another read: that one is what the page shows.
    while (this.reading) await this.reading;
    this.resend();
  }

  /** `start` then `show`, for a page that has painted already (shown from the cache, or its webview made again). */
  load(target: Target, fresh: boolean): Promise<void> {
    this.start(target, fresh);
    return this.show();
  }

  private async read(target: Target): Promise<void> {
    this.controller.abort();
    this.controller = new AbortController();
    const { signal } = this.controller;
    this.failed = false;
    this.groups.clear();
    this.requested.clear();
    this.queue.length = 0;
    this.me = target.account.username;
    const { client } = target;
    try {
      const [settings, issueReactions] = await Promise.all([
        client.getGeneralUISettings({}, { signal }),
        client.issueGetIssueReactions({ owner: this.host.owner, repo: this.host.repo, index: this.host.index }, { signal }),
      ]);
      if (signal.aborted) return;
      this.allowed = settings.allowed_reactions;
      this.groups.set(0, groupReactions(issueReactions.items, this.me));
      remembered.set(this.host.key, { allowed: this.allowed, me: this.me, groups: this.groups });
    } catch (e) {
      if (signal.aborted) return;
      this.failed = true;
      // The page stays usable without reactions: the failure is logged, not shown.
      this.host.log.info(`Issue page ${this.host.key}: no reactions (${messageOf(e)})`);
    }
  }

  /** The webview shows these comments: reads the reactions of those not read yet. */
  want(ids: readonly number[]): void {
    if (!this.allowed) return;
    for (const id of ids) {
      if (this.requested.has(id) || !this.host.isComment(id)) continue;
      this.requested.add(id);
      this.queue.push(id);
    }
    this.drain();
  }

  private drain(): void {
    while (this.running < PARALLEL && this.queue.length) {
      const id = this.queue.shift()!;
      this.running++;
      void this.readComment(id).finally(() => {
        this.running--;
        this.drain();
      });
    }
  }

  private async readComment(id: number): Promise<void> {
    const { signal } = this.controller;
    const target = await this.host.target();
    if (!target || signal.aborted) return;
    try {
      const list = await target.client.issueGetCommentReactions({ owner: this.host.owner, repo: this.host.repo, id }, { signal });
      if (signal.aborted) return;
      this.groups.set(id, groupReactions(list.items, this.me));
      this.host.post({ type: 'reactions', entries: [{ id, groups: this.groups.get(id)! }] });
    } catch (e) {
      if (signal.aborted) return;
      this.host.log.info(`Issue page ${this.host.key}: no reactions for comment ${id} (${messageOf(e)})`);
    }
  }

  /** Shows the change at once, then sends it (after the ones before it); a refusal undoes it and says why. */
  react(change: ReactionChange): Promise<{ ok: true } | { ok: false; message: string }> {
    // Only what the page shows and has read: a comment's reactions are known before it offers a change.
    const before = this.groups.get(change.target);
    const after = before && applyReaction(before, change.content, this.me, change.add);
    if (!this.allowed || !before || !after || sameGroups(before, after)) return Promise.resolve({ ok: false, message: 'nothing to change' });
    this.groups.set(change.target, after);
    this.host.post({ type: 'reactions', entries: [{ id: change.target, groups: after }] });
    const sent = this.sending.then(() => this.send(change));
    this.sending = sent;
    return sent;
  }

  private async send(change: ReactionChange): Promise<{ ok: true } | { ok: false; message: string }> {
    const { owner, repo, index } = this.host;
    const body = { content: change.content };
    try {
      const target = await this.host.target();
      if (!target) throw new Error(vscode.l10n.t('No account for this repository.'));
      const client = target.client;
      if (change.target === 0) {
        await (change.add ? client.issuePostIssueReaction({ owner, repo, index, body }) : client.issueDeleteIssueReaction({ owner, repo, index, body }));
      } else {
        const params = { owner, repo, id: change.target, body };
        await (change.add ? client.issuePostCommentReaction(params) : client.issueDeleteCommentReaction(params));
      }
      return { ok: true };
    } catch (e) {
      const groups = rollbackReaction(this.groups.get(change.target) ?? [], change, this.me);
      this.groups.set(change.target, groups);
      const message = refusal(change, e);
      this.host.log.warn(`Issue page ${this.host.key}: ${message}`);
      this.host.post({ type: 'reactions', entries: [{ id: change.target, groups }] });
      this.host.post({ type: 'error', message });
      return { ok: false, message };
    }
  }

  dispose(): void {
    this.controller.abort();
  }
}

function sameGroups(a: readonly ReactionGroup[], b: readonly ReactionGroup[]): boolean {
  return a.length === b.length && a.every((g, i) => g.content === b[i]!.content && g.mine === b[i]!.mine && g.users.length === b[i]!.users.length);
}

/** The sentence for a refused change: why, in the user's words where the reason is known. */
function refusal(change: ReactionChange, e: unknown): string {
  const what = change.add ? vscode.l10n.t('Could not add the reaction {0}', change.content) : vscode.l10n.t('Could not remove the reaction {0}', change.content);
  if (isGiteaError(e)) {
    if (e.kind === 'forbidden' && /not an allowed reaction/i.test(e.details.serverMessage ?? '')) return `${what}: ${vscode.l10n.t('the server does not allow this reaction.')}`;
    if (e.kind === 'forbidden') return `${what}: ${vscode.l10n.t('you may not react here (the conversation may be locked).')}`;
    if (e.kind === 'archived') return `${what}: ${vscode.l10n.t('the repository is archived.')}`;
    if (e.kind === 'notFound') return `${what}: ${vscode.l10n.t('the issue or comment no longer exists.')}`;
  }
  return `${what}: ${messageOf(e)}`;
}
