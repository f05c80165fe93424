// The review comments of pull requests as comment threads in the Changed Files diff editors and the workspace files
// of a checked-out pull request: one comment controller, the documents placed so far (left: the old side, right:
// the new side; a workspace file: the new side), the threads of each pull request made from its reviews and the
// pending review kept on this machine, and the lines a new comment may go on (the diff's hunks).
import * as vscode from 'vscode';
import type { PullRequest } from '../../../api';
import type { PullRequestRef } from '../../../core/pullRequestArg';
import type { Services } from '../../../core/services';
import { messageOf } from '../../../core/errors';
import { targetOrSignIn } from '../../../core/targetOrSignIn';
import type { ChangedFileLike } from '../model';
import type { DraftStore } from './draftStore';
import { PullState, ReviewComment } from './reviewComment';
import { loadDiffRanges, loadReviews } from './reviewData';
import { buildThreads, threadKey, type DiffRanges, type ReviewThreadModel, type Side } from './threadModel';
import { giteaAtLeast } from '../../../shared/account';
import { diffHunks } from '../../../shared/diffHunks';

export { PullState, ReviewComment } from './reviewComment';

/** Review data older than this is read again when another file of the pull request is opened. */
const FRESH_MS = 60_000;

export type PullRef = PullRequestRef;

/** What the Changed Files side gives the review. */
export interface ReviewHost {
  /** The pull request the Changed Files view shows. */
  currentPull(): PullRef | undefined;
  /** The pull request (for its head SHA), cached by the Changed Files side. */
  getPull(pull: PullRef): Promise<PullRequest | undefined>;
  /** Whether a diff side shows a note (a binary file, a failed read) rather than the file's text. */
  isNote(uri: vscode.Uri): boolean;
}

/** Where a document sits: which pull request, which file (by its new path), which side. */
interface DocumentPlace {
  readonly pull: PullState;
  readonly path: string;
  readonly side: Side;
  /** A workspace file whose lines may differ from the head commit's (local changes, another commit). */
  readonly mayHaveMoved?: () => boolean;
  /** The diff editor this document is a side of (its lines that take comments come from the two sides). */
  readonly pair?: DiffPair;
}

/** A changed file's diff as opened from Changed Files: its two sides (one for an added or deleted file), and the
 * lines of each that take a comment once worked out. */
interface DiffPair {
  readonly left?: vscode.Uri;
  readonly right?: vscode.Uri;
  hunks?: Promise<DiffRanges | undefined>;
}

/** Where a document the diff did not announce sits (a restored diff editor, a file of a checked-out pull request). */
export type DocumentLookup = (uri: vscode.Uri) => { pull: PullRef; headSha?: string; path: string; side: Side; mayHaveMoved?: () => boolean } | undefined;

function threadId(uri: vscode.Uri, key: string): string {
  return `${uri.toString()}\u0001${key}`;
}

function pullId(p: PullRef): string {
  return `${p.repo.instanceUrl}|${p.repo.owner}/${p.repo.repo}#${p.index}`;
}

export class ReviewThreads implements vscode.Disposable {
  readonly controller: vscode.CommentController;
  private readonly pulls = new Map<string, PullState>();
  private readonly documents = new Map<string, DocumentPlace>();
  private readonly changed = new vscode.EventEmitter<PullState>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Fires after a pull request's threads were redrawn. */
  readonly onDidRender = this.changed.event;
  private readonly lookups: DocumentLookup[] = [];

  constructor(private readonly services: Services, readonly drafts: DraftStore, private readonly isNote: (uri: vscode.Uri) => boolean) {
    this.controller = vscode.comments.createCommentController('gitea.review', vscode.l10n.t('Gitea Review'));
    this.controller.options = { prompt: vscode.l10n.t('Add a review comment'), placeHolder: vscode.l10n.t('Leave a comment (it joins your pending review)') };
    this.controller.commentingRangeProvider = { provideCommentingRanges: (doc) => this.commentingRanges(doc) };
  }

  /** Called when a changed file's diff opens: its two documents get the pull request's threads. */
  attach(pull: PullRef, headSha: string, file: ChangedFileLike, sides: { left: vscode.Uri; right: vscode.Uri }): Promise<void> {
    const state = this.stateFor(pull, headSha);
    const pair: DiffPair = { left: file.status === 'added' ? undefined : sides.left, right: file.status === 'deleted' ? undefined : sides.right };
    if (pair.left) this.place(state, file.filename, 'old', pair.left, undefined, pair);
    if (pair.right) this.place(state, file.filename, 'new', pair.right, undefined, pair);
    return this.track(this.ensureLoaded(state).then(() => this.render(state)));
  }

  /** A promise of the attaches still drawing, undefined when none is. */
  busy(): Promise<unknown> | undefined {
    return this.inFlight.size ? Promise.allSettled([...this.inFlight]) : undefined;
  }

  /** Puts a document on a side of a pull request's file (its threads come with the next render). */
  place(state: PullState, path: string, side: Side, uri: vscode.Uri, mayHaveMoved?: () => boolean, pair?: DiffPair): void {
    const id = uri.toString();
    const before = this.documents.get(id);
    if (before && (before.pull !== state || before.path !== path || before.side !== side)) this.unplace(uri);
    const key = `${side}|${path}`;
    let uris = state.uris.get(key);
    if (!uris) state.uris.set(key, (uris = new Map<string, vscode.Uri>()));
    uris.set(id, uri);
    this.documents.set(id, { pull: state, path, side, mayHaveMoved, pair });
  }

  /** Takes a document's threads away (its file is no longer a pull request's). */
  unplace(uri: vscode.Uri): void {
    const id = uri.toString();
    const place = this.documents.get(id);
    if (!place) return;
    this.documents.delete(id);
    place.pull.uris.get(`${place.side}|${place.path}`)?.delete(id);
    for (const [tid, { thread }] of place.pull.threads) {
      if (thread.uri.toString() !== id) continue;
      thread.dispose();
      place.pull.threads.delete(tid);
    }
  }

  /** The documents placed so far (to take away those of a pull request no longer checked out). */
  placedUris(): vscode.Uri[] {
    return [...this.pulls.values()].flatMap((s) => [...s.uris.values()].flatMap((m) => [...m.values()]));
  }

  /** Another way to find where a document sits, asked when VS Code shows a document not placed yet. */
  addLookup(lookup: DocumentLookup): vscode.Disposable {
    this.lookups.push(lookup);
    return new vscode.Disposable(() => this.lookups.splice(this.lookups.indexOf(lookup), 1));
  }

  /** Places a document through the lookups and draws its pull request's threads; false when none knows it. */
  show(uri: vscode.Uri): boolean {
    if (this.documents.has(uri.toString())) return true;
    for (const lookup of this.lookups) {
      const found = lookup(uri);
      if (!found) continue;
      const state = this.stateFor(found.pull, found.headSha);
      this.place(state, found.path, found.side, uri, found.mayHaveMoved);
      // The editor asks for the lines that take comments as it opens, and shows no thread before it has them.
      void this.rangesOf(state);
      void this.track(this.ensureLoaded(state).then(() => this.render(state)));
      return true;
    }
    return false;
  }

  /** The documents open before this code loaded or after a reset (restored editors): their threads. */
  showOpenDocuments(): void {
    for (const doc of vscode.workspace.textDocuments) this.show(doc.uri);
  }

  /** A redraw the in-host tests' hook waits for. */
  track(drawn: Promise<void>): Promise<void> {
    this.inFlight.add(drawn);
    void drawn.finally(() => this.inFlight.delete(drawn));
    return drawn;
  }

  stateFor(pull: PullRef, headSha?: string): PullState {
    const id = pullId(pull);
    let state = this.pulls.get(id);
    if (!state) this.pulls.set(id, (state = new PullState(pull, headSha ?? '')));
    if (headSha && state.headSha !== headSha) {
      state.headSha = headSha;
      state.loadedAt = 0;
      state.rangesLoading = undefined;
    }
    return state;
  }

  /** The pull request state of a comment thread, and the thread's model (undefined for a thread not yet commented). */
  threadPlace(thread: vscode.CommentThread): { state: PullState; path: string; side: Side; line: number; model?: ReviewThreadModel } | undefined {
    const doc = this.documents.get(thread.uri.toString());
    if (!doc || !thread.range) return undefined;
    const line = thread.range.start.line + 1;
    const key = threadKey(doc.path, doc.side, line);
    return { state: doc.pull, path: doc.path, side: doc.side, line, model: doc.pull.models.get(key) };
  }

  /** The thread shown on a document's line (1-based), if any. */
  shownThread(uri: vscode.Uri, line: number): vscode.CommentThread | undefined {
    const doc = this.documents.get(uri.toString());
    return doc && doc.pull.threads.get(threadId(uri, threadKey(doc.path, doc.side, line)))?.thread;
  }

  /** Whether a placed document is a workspace file whose lines may differ from the head commit's. */
  mayHaveMoved(uri: vscode.Uri): boolean {
    return this.documents.get(uri.toString())?.mayHaveMoved?.() ?? false;
  }

  /** The threads on screen that show this comment (one per document of its file's side). */
  threadsOf(comment: ReviewComment): vscode.CommentThread[] {
    return [...comment.pull.threads.values()].map((t) => t.thread).filter((t) => t.comments.includes(comment));
  }

  /** Shows a comment in another mode (editing a pending comment, or back to reading it). VS Code redraws a thread
   * when its comments are assigned again. */
  setMode(comment: ReviewComment, mode: vscode.CommentMode): void {
    comment.mode = mode;
    if (mode === vscode.CommentMode.Preview) comment.body = comment.markdown();
    for (const thread of this.threadsOf(comment)) thread.comments = [...thread.comments];
  }

  /** The pull request whose diff the active editor shows. */
  activePull(): PullState | undefined {
    const editors = [vscode.window.activeTextEditor, ...vscode.window.visibleTextEditors];
    for (const e of editors) {
      const doc = e && this.documents.get(e.document.uri.toString());
      if (doc) return doc.pull;
    }
    return undefined;
  }

  /** Reads the reviews (again when older than a minute, or `force`). */
  ensureLoaded(state: PullState, force = false): Promise<void> {
    if (state.loading) return state.loading;
    if (!force && state.data && Date.now() - state.loadedAt < FRESH_MS) return Promise.resolve();
    const loading = (async () => {
      const target = await targetOrSignIn(this.services, state.pull.repo);
      if (!target) return;
      state.me = target.account.username;
      state.repliesNow = giteaAtLeast(target.account, 1, 27);
      state.data = await loadReviews(target.client, { owner: state.pull.repo.owner, repo: state.pull.repo.repo, index: state.pull.index }, undefined, (pages) =>
        this.services.log.warn(`Reviews of #${state.pull.index}: stopped after ${pages} pages; the server still said there were more.`),
      );
      state.loadedAt = Date.now();
      state.error = undefined;
    })()
      .catch((e: unknown) => {
        state.error = messageOf(e);
        this.services.log.error(`Review comments of ${pullId(state.pull)}: ${state.error}`);
        void vscode.window.showWarningMessage(vscode.l10n.t('Could not load the review comments of #{0}: {1}', state.pull.index, state.error));
      })
      .finally(() => (state.loading = undefined));
    state.loading = loading;
    return loading;
  }

  /**
   * The hunks of the pull request's diff (read once per head; the threads do not wait for them: only the lines a new
   * comment may go on do).
   */
  private rangesOf(state: PullState): Promise<Map<string, DiffRanges>> {
    state.rangesLoading ??= (async () => {
      const target = await targetOrSignIn(this.services, state.pull.repo);
      if (!target) return new Map<string, DiffRanges>();
      return loadDiffRanges(target.client, { owner: state.pull.repo.owner, repo: state.pull.repo.repo, index: state.pull.index });
    })().catch((e: unknown) => {
      this.services.log.error(`Diff of ${pullId(state.pull)}: ${messageOf(e)}`);
      state.rangesLoading = undefined; // the next document asks again
      return new Map<string, DiffRanges>();
    });
    return state.rangesLoading;
  }

  /** The lines of the head commit's files, from the documents open of their new side: a diff's right side, or the
   * workspace file of a checked-out pull request while it is as in the head commit. */
  private headLines(state: PullState): (path: string, line: number) => string | undefined {
    let open: Map<string, vscode.TextDocument> | undefined;
    return (path, line) => {
      open ??= new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
      for (const id of state.uris.get(`new|${path}`)?.keys() ?? []) {
        const doc = open.get(id);
        if (!doc || this.documents.get(id)?.mayHaveMoved?.()) continue;
        return line <= doc.lineCount ? doc.lineAt(line - 1).text : undefined;
      }
      return undefined;
    };
  }

  /** A placed document's text is there: its threads' outdated marks can be decided now. */
  documentOpened(uri: vscode.Uri): void {
    const place = this.documents.get(uri.toString());
    if (place?.pull.data) this.render(place.pull);
  }

  /** Makes the threads of the files opened so far match the reviews and the pending review. */
  render(state: PullState): void {
    const pending = this.drafts.get(state.key);
    const models = buildThreads({
      reviews: state.data?.reviews ?? [],
      commentsByReview: state.data?.commentsByReview ?? new Map(),
      headLine: this.headLines(state),
      drafts: pending.drafts,
      me: state.me,
    });
    const seen = new Set<string>();
    state.models.clear();
    for (const model of models) {
      state.models.set(model.key, model);
      for (const uri of state.uris.get(`${model.side}|${model.path}`)?.values() ?? []) {
        const id = threadId(uri, model.key);
        seen.add(id);
        let shown = state.threads.get(id);
        let created = false;
        if (!shown) {
          const range = new vscode.Range(model.line - 1, 0, model.line - 1, 0);
          // The comments go with the creation: VS Code sends a thread's later changes 100 ms on (debounced), and a
          // thread created empty is drawn twice (first as an empty one).
          const comments = model.comments.map((c) => new ReviewComment(c, state, uri.scheme === 'file'));
          shown = { thread: this.controller.createCommentThread(uri, range, comments), key: model.key };
          state.threads.set(id, shown);
          created = true;
        }
        this.dress(shown.thread, model, state, this.documents.get(uri.toString())?.mayHaveMoved?.() ?? false, created);
      }
    }
    for (const [id, { thread }] of state.threads) {
      if (seen.has(id)) continue;
      thread.dispose();
      state.threads.delete(id);
    }
    this.changed.fire(state);
  }

  /** A thread VS Code made for a new comment (the gutter's "+") becomes the thread of its line. */
  adopt(thread: vscode.CommentThread, state: PullState, key: string): void {
    const id = threadId(thread.uri, key);
    const existing = state.threads.get(id);
    if (existing?.thread === thread) return;
    if (existing) thread.dispose();
    else state.threads.set(id, { thread, key });
  }

  /** `created`: the thread was just made with the model's comments (they are not built and compared again). */
  private dress(thread: vscode.CommentThread, model: ReviewThreadModel, state: PullState, mayHaveMoved: boolean, created = false): void {
    if (!created) {
      const comments = model.comments.map((c) => new ReviewComment(c, state, thread.uri.scheme === 'file'));
      const sameComments =
        thread.comments.length === comments.length &&
        thread.comments.every((c, i) => c instanceof ReviewComment && c.model.id === comments[i]!.model.id && c.model.body === comments[i]!.model.body && c.label === comments[i]!.label);
      if (!sameComments) thread.comments = comments;
    }
    const label = [
      model.outdated ? vscode.l10n.t('Outdated') : undefined,
      model.pending ? vscode.l10n.t('Pending') : undefined,
      model.resolved ? vscode.l10n.t('Resolved by {0}', model.resolvedBy ?? '') : undefined,
      mayHaveMoved && model.side === 'new' ? vscode.l10n.t('Line as in the pull request (your copy differs)') : undefined,
    ].filter(Boolean).join(' · ');
    // Each assignment is sent to the window (and redraws the widget): only changes are assigned.
    if (thread.label !== (label || undefined)) thread.label = label || undefined;
    if (thread.canReply !== true) thread.canReply = true;
    const resolvable = model.rootCommentId !== undefined;
    const contextValue = ['giteaThread', resolvable && !model.resolved ? 'canResolve' : '', resolvable && model.resolved ? 'canUnresolve' : '', model.pending ? 'pending' : '',
      resolvable && state.repliesNow ? 'canReplyNow' : '', model.side === 'new' && !mayHaveMoved ? 'canSuggest' : '']
      .filter(Boolean).join(' ');
    if (thread.contextValue !== contextValue) thread.contextValue = contextValue;
    const resolution = model.resolved ? vscode.CommentThreadState.Resolved : vscode.CommentThreadState.Unresolved;
    if (resolvable && thread.state !== resolution) thread.state = resolution;
    const collapsed = model.resolved ? vscode.CommentThreadCollapsibleState.Collapsed : vscode.CommentThreadCollapsibleState.Expanded;
    if (thread.collapsibleState !== collapsed) thread.collapsibleState = collapsed;
  }

  /**
   * The lines of a diff's two sides that take a comment, worked out from the sides' texts: VS Code draws no thread of
   * an editor before its commenting ranges are answered, and the whole pull request's diff (the server's hunks) can
   * be hundreds of KB. The server's diff still answers where the two texts differ too much to work it out here.
   */
  private pairHunks(pair: DiffPair, state: PullState, path: string): Promise<DiffRanges | undefined> {
    const text = async (uri: vscode.Uri | undefined) => (uri ? (await vscode.workspace.openTextDocument(uri)).getText() : '');
    pair.hunks ??= Promise.all([text(pair.left), text(pair.right)])
      // A note's lines are not the file's (a binary file has no hunks, a failed read is not the file): the server says.
      .then(([before, after]) => ([pair.left, pair.right].some((side) => side && this.isNote(side)) ? undefined : diffHunks(before, after)))
      .catch((e: unknown) => {
        this.services.log.warn(`Diff of ${path}: ${messageOf(e)}`);
        return undefined;
      })
      .then(async (hunks) => hunks ?? (await this.rangesOf(state)).get(path));
    return pair.hunks;
  }

  private async commentingRanges(doc: vscode.TextDocument): Promise<vscode.Range[]> {
    if (!this.show(doc.uri)) return [];
    const place = this.documents.get(doc.uri.toString());
    // A workspace file that differs from the head commit: its lines are not the diff's, a comment would land elsewhere.
    if (!place || place.mayHaveMoved?.()) return [];
    const ranges = place.pair ? await this.pairHunks(place.pair, place.pull, place.path) : (await this.rangesOf(place.pull)).get(place.path);
    if (!ranges) return [];
    const last = Math.max(0, doc.lineCount - 1);
    return (place.side === 'new' ? ranges.new : ranges.old).map(([a, b]) => new vscode.Range(Math.min(a - 1, last), 0, Math.min(b - 1, last), 0));
  }

  /** The lines (1-based, inclusive) of an open document that take a comment (for the in-host tests' hook). */
  async commentLines(uri: vscode.Uri): Promise<[number, number][]> {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    return doc ? (await this.commentingRanges(doc)).map((r) => [r.start.line + 1, r.end.line + 1]) : [];
  }

  /** Every thread on screen (for the in-host tests' hook). */
  snapshot(): { uri: string; path: string; side: Side; line: number; label?: string; contextValue?: string; state?: string; collapsed: boolean;
    comments: { author: string; body: string; label?: string; avatar?: string }[] }[] {
    const out = [];
    for (const state of this.pulls.values()) {
      for (const { thread, key } of state.threads.values()) {
        const model = state.models.get(key);
        if (!model) continue;
        out.push({
          uri: thread.uri.toString(), path: model.path, side: model.side, line: model.line, label: thread.label, contextValue: thread.contextValue,
          state: thread.state === undefined ? undefined : thread.state === vscode.CommentThreadState.Resolved ? 'resolved' : 'unresolved',
          collapsed: thread.collapsibleState === vscode.CommentThreadCollapsibleState.Collapsed,
          comments: thread.comments.map((c) => ({ author: c.author.name, body: typeof c.body === 'string' ? c.body : c.body.value, label: c.label, ...(c.author.iconPath ? { avatar: c.author.iconPath.toString(true) } : {}) })),
        });
      }
    }
    return out;
  }

  /** The Markdown of every comment on screen (for the in-host tests' hook). */
  bodies(): vscode.MarkdownString[] {
    const out: vscode.MarkdownString[] = [];
    for (const state of this.pulls.values()) for (const { thread } of state.threads.values()) for (const c of thread.comments) if (typeof c.body !== 'string') out.push(c.body);
    return out;
  }

  /** Forgets every thread and loaded review, as a window reload does (the pending review stays in the store). */
  reset(): void {
    for (const state of this.pulls.values()) for (const { thread } of state.threads.values()) thread.dispose();
    this.pulls.clear();
    this.documents.clear();
  }

  dispose(): void {
    this.reset();
    this.controller.dispose();
    this.changed.dispose();
  }
}
