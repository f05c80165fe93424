// "Show Log": a job's log in a read-only editor (#40). Documents of the `gitea-log:` scheme come from this
// TextDocumentContentProvider (so the editor cannot save them). The log is read once whole (readJobLogFrom 0) and
// formatted slice by slice, yielding between slices (a 20 MB log never holds the extension host); the first slice is
// the first screen. A running job's log is then followed (src/shared/jobLogFollow.ts): each poll asks the job's state
// and only the new bytes, its lines are appended, and the editors that showed the end keep showing it. One follower
// per open log, stopped when its last tab closes, when the job ends or when the account is refused.
import * as vscode from 'vscode';
import type { ActionWorkflowJob, GiteaClient } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import type { Services } from '../../core/services';
import { errorMessage } from '../treeNode';
import { FOLLOW_INTERVAL_MS, FOLLOW_INTERVAL_UNFOCUSED_MS, JobLogFollower, jobIsDone, lineSlices, type FollowEnd, type FollowedJob } from '../../shared/jobLogFollow';
import { LogText, SLICE_BYTES } from './logText';
import { LOG_SCHEME, parseLogUri, type ParsedLogUri } from './uri';

/** One open log: its text, the job as last read, and its follower while the job runs. */
export interface LiveLog {
  readonly uri: vscode.Uri;
  readonly ref: ParsedLogUri;
  readonly text: LogText;
  job?: FollowedJob & { steps?: ActionWorkflowJob['steps'] };
  follower?: JobLogFollower;
  end?: FollowEnd;
  /** The client that read it, once the log is loaded (the follower's). */
  client?: GiteaClient;
  /** A tab showed it: when no tab does any more, it is forgotten and its follower stopped. */
  shown?: boolean;
  /** Resolves when the first screen is ready (rejects with the client's error: 404 = not started). */
  readonly firstScreen: Promise<void>;
  /** Resolves when the whole log read at opening is formatted. */
  loaded: Promise<void>;
  /** The bytes read at opening (where the follower starts). */
  offset?: number;
}

const yieldToHost = () => new Promise<void>((resolve) => setImmediate(resolve));

export class JobLogProvider implements vscode.TextDocumentContentProvider, vscode.FoldingRangeProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private readonly stateEmitter = new vscode.EventEmitter<LiveLog>();
  /** A log's job state or follow state changed (the status item listens). */
  readonly onDidChangeState = this.stateEmitter.event;
  private readonly logs = new Map<string, LiveLog>();
  /** Editors that showed the end of a log before its text grew: they are scrolled to the new end. */
  private readonly atEnd = new Map<string, vscode.TextEditor[]>();
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Per log, the first lines of the script listings folded once already (a listing the user opens stays open). */
  private readonly foldedListings = new Map<string, Set<number>>();
  private stamps = false;

  constructor(private readonly services: Services) {
    this.subscriptions.push(
      vscode.window.tabGroups.onDidChangeTabs(() => this.syncTabs()),
      vscode.workspace.onDidCloseTextDocument((d) => d.uri.scheme === LOG_SCHEME && this.syncTabs()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        this.revealEnd(e.document);
        // A running job's new steps bring new listings: folded as those of the first screen were.
        const active = vscode.window.activeTextEditor;
        if (active?.document === e.document) void this.foldListings(active);
      }),
    );
  }

  get timestampsShown(): boolean {
    return this.stamps;
  }

  /** The open log of a URI (tests and the status item read its state). */
  log(uri: vscode.Uri): LiveLog | undefined {
    return this.logs.get(uri.toString());
  }

  /** Opens (or finds) the log and waits for its first screen; rejects with the client's error. */
  async open(uri: vscode.Uri, signal?: AbortSignal): Promise<LiveLog> {
    const key = uri.toString();
    let live = this.logs.get(key);
    if (!live) {
      const ref = parseLogUri(uri);
      if (!ref) throw new Error(vscode.l10n.t('Not a job log: {0}', uri.toString()));
      live = this.start(uri, ref, signal);
      this.logs.set(key, live);
    }
    try {
      await live.firstScreen;
    } catch (e) {
      if (this.logs.get(key) === live) this.logs.delete(key);
      throw e;
    }
    return live;
  }

  /** The log's text as the server wrote it (what the CI problems parse), in its parts, once it is loaded. */
  async rawParts(uri: vscode.Uri, signal?: AbortSignal): Promise<Iterable<string>> {
    const live = await this.open(uri, signal);
    await live.loaded;
    return live.text.rawParts();
  }

  /** Where a line's text starts in the editor (after its timestamp when they are shown). */
  textColumn(uri: vscode.Uri, line: number): number {
    return this.logs.get(uri.toString())?.text.stampWidth(line, this.stamps) ?? 0;
  }

  private start(uri: vscode.Uri, ref: ParsedLogUri, signal?: AbortSignal): LiveLog {
    let ordinal = -1;
    const text = new LogText(() => {
      // The k-th step that ran is the next step of the job's list that was not skipped.
      const steps = live.job?.steps ?? [];
      for (let i = ordinal + 1; i < steps.length; i++) {
        if (steps[i]!.conclusion === 'skipped' || steps[i]!.status === 'skipped') continue;
        ordinal = i;
        return steps[i]!.name ?? undefined;
      }
      return undefined;
    });
    let loadedResolve: () => void = () => undefined;
    const live: LiveLog = {
      uri,
      ref,
      text,
      firstScreen: Promise.resolve(),
      loaded: new Promise<void>((r) => (loadedResolve = r)),
    };
    (live as { firstScreen: Promise<void> }).firstScreen = (async () => {
      const client = await this.services.accounts.getClient(ref.accountId);
      const params = { owner: ref.owner, repo: ref.repo, job_id: ref.jobId };
      const [job, read] = await Promise.all([client.getWorkflowJob(params, { signal }).catch((e: unknown) => {
          // The log alone still shows (steps titled by their Run line); the follower asks the job again.
          this.services.log.info(`Job ${ref.jobId}: its state could not be read: ${errorMessage(e)}`);
          return undefined;
        }), client.readJobLogFrom({ ...params, from: 0 }, { signal })]);
      live.job = job ? { status: job.status, conclusion: job.conclusion, steps: job.steps } : undefined;
      const bytes = read.kind === 'nothingNew' ? new Uint8Array(0) : read.bytes;
      const slices = lineSlices(bytes, SLICE_BYTES);
      const append = ([a, b]: [number, number]) => text.append(Buffer.from(bytes.buffer, bytes.byteOffset + a, b - a).toString('utf8'), bytes.subarray(a, b));
      if (slices[0]) append(slices[0]);
      // The rest after the first screen, a slice per turn of the event loop; then the whole text once.
      void (async () => {
        for (const slice of slices.slice(1)) {
          await yieldToHost();
          if (this.logs.get(uri.toString()) !== live) return;
          append(slice);
        }
        live.client = client;
        live.offset = bytes.length;
        loadedResolve();
        if (slices.length > 1) this.changed(live);
        this.syncTabs();
        this.stateEmitter.fire(live);
      })();
    })();
    return live;
  }

  private follow(live: LiveLog, client: GiteaClient, offset: number): void {
    const params = { owner: live.ref.owner, repo: live.ref.repo, job_id: live.ref.jobId };
    live.follower = new JobLogFollower(
      {
        readJob: async (signal) => {
          const job = await client.getWorkflowJob(params, { signal });
          return { status: job.status, conclusion: job.conclusion, steps: job.steps };
        },
        readLog: (from, signal) => client.readJobLogFrom({ ...params, from }, { signal }),
        delayMs: () => (vscode.window.state.focused ? FOLLOW_INTERVAL_MS : FOLLOW_INTERVAL_UNFOCUSED_MS),
        onText: (t, reset) => {
          if (reset) this.services.log.info(`Job log ${live.ref.jobId}: the server sent the whole log again; it is appended as it came.`);
          live.text.append(t);
          this.changed(live);
        },
        onJob: (job) => {
          const before = live.job;
          live.job = job;
          if (before?.status !== job.status || before?.conclusion !== job.conclusion) this.stateEmitter.fire(live);
        },
        onEnd: (end) => {
          live.end = end;
          if (end.reason === 'refused' || end.reason === 'failed') {
            this.services.log.warn(`Job log ${live.ref.jobId}: no longer followed: ${errorMessage(end.error)}`);
          }
          this.stateEmitter.fire(live);
        },
      },
      offset,
    );
    live.follower.start();
    this.stateEmitter.fire(live);
  }

  /** The text grew: the editors at its end are scrolled to the new end once the document has it. */
  private changed(live: LiveLog): void {
    const key = live.uri.toString();
    const atEnd = vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === key && showsEnd(e));
    if (atEnd.length) this.atEnd.set(key, atEnd);
    this.emitter.fire(live.uri);
  }

  /**
   * Folds the script listings of the log in `editor` (the active one: VS Code folds in the active editor) that were
   * not folded before, as Gitea's page shows each step's listing collapsed. VS Code computes the folding ranges after
   * the text changes, and a fold asked before that folds nothing: it is asked again until the listings' lines are
   * hidden (at most about 2 s). Seen on a real runner's log, which arrives while the editor opens.
   */
  async foldListings(editor: vscode.TextEditor): Promise<void> {
    const key = editor.document.uri.toString();
    const live = this.logs.get(key);
    if (!live) return;
    const done = this.foldedListings.get(key) ?? new Set<number>();
    this.foldedListings.set(key, done);
    const starts = live.text.formatter.sections
      .filter((s) => s.kind === 'listing' && s.end !== undefined && s.end > s.start && s.end < editor.document.lineCount && !done.has(s.start))
      .map((s) => s.start);
    if (starts.length === 0) return;
    for (const line of starts) done.add(line);
    for (let attempt = 0; attempt < 12; attempt++) {
      if (vscode.window.activeTextEditor !== editor) return;
      await vscode.commands.executeCommand('editor.fold', { selectionLines: starts, levels: 1 });
      if (starts.every((line) => foldedOrUnseen(editor, line))) return;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  private revealEnd(doc: vscode.TextDocument): void {
    if (doc.uri.scheme !== LOG_SCHEME) return;
    const editors = this.atEnd.get(doc.uri.toString());
    if (!editors) return;
    this.atEnd.delete(doc.uri.toString());
    const last = new vscode.Range(doc.lineCount - 1, 0, doc.lineCount - 1, 0);
    for (const e of editors) e.revealRange(last, vscode.TextEditorRevealType.Default);
  }

  /** A log in a tab is followed while its job runs; one no tab shows any more (after one did) is forgotten and its
   * follower stopped: closing the editor ends the polling. A log read without an editor (Show Failures) is not followed. */
  private syncTabs(): void {
    const open = new Set<string>();
    for (const group of vscode.window.tabGroups.all) {
      for (const tab of group.tabs) if (tab.input instanceof vscode.TabInputText) open.add(tab.input.uri.toString());
    }
    for (const [key, live] of this.logs) {
      if (open.has(key)) {
        live.shown = true;
        if (live.client && live.offset !== undefined && !live.follower && (!live.job || !jobIsDone(live.job))) this.follow(live, live.client, live.offset);
        continue;
      }
      if (!live.shown) continue;
      live.follower?.stop();
      this.logs.delete(key);
      this.atEnd.delete(key);
      this.foldedListings.delete(key);
    }
  }

  /** Shows or hides the timestamps in every open log (the parts are stamped a few at a time). */
  async setTimestamps(shown: boolean): Promise<void> {
    this.stamps = shown;
    void vscode.commands.executeCommand('setContext', 'gitea.jobLog.timestamps', shown);
    for (const live of this.logs.values()) {
      if (shown) while (!live.text.prepareStamps(4)) await yieldToHost();
      this.changed(live);
    }
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const controller = new AbortController();
    const sub = token.onCancellationRequested(() => controller.abort());
    try {
      const live = await this.open(uri, controller.signal);
      return live.text.text(this.stamps);
    } catch (e) {
      return notStarted(e) ? vscode.l10n.t('This job has not started yet, so it has no log.') : errorMessage(e);
    } finally {
      sub.dispose();
    }
  }

  provideFoldingRanges(doc: vscode.TextDocument): vscode.FoldingRange[] {
    const live = this.logs.get(doc.uri.toString());
    if (!live) return [];
    const last = doc.lineCount - 1;
    const ranges: vscode.FoldingRange[] = [];
    for (const s of live.text.formatter.sections) {
      const end = Math.min(s.end ?? last, last);
      if (end <= s.start) continue;
      // The script listings are comments, so that Fold All Block Comments folds them (what Show Log does first).
      ranges.push(new vscode.FoldingRange(s.start, end, s.kind === 'listing' ? vscode.FoldingRangeKind.Comment : vscode.FoldingRangeKind.Region));
    }
    return ranges;
  }

  dispose(): void {
    for (const live of this.logs.values()) live.follower?.stop();
    this.logs.clear();
    for (const s of this.subscriptions) s.dispose();
    this.emitter.dispose();
    this.stateEmitter.dispose();
  }
}

/** Whether the listing starting at `line` is folded: its first line shows and the next one does not. A listing
 * outside the visible part cannot be told: taken as folded. */
function foldedOrUnseen(e: vscode.TextEditor, line: number): boolean {
  const shows = (l: number) => e.visibleRanges.some((r) => r.start.line <= l && l <= r.end.line);
  return !shows(line) || !shows(line + 1);
}

function showsEnd(e: vscode.TextEditor): boolean {
  const last = e.visibleRanges[e.visibleRanges.length - 1];
  return !!last && last.end.line >= e.document.lineCount - 2;
}

/** A job no runner picked up yet: its log answers 404 "job not started". */
export function notStarted(e: unknown): boolean {
  return isGiteaError(e) && e.kind === 'notFound';
}
