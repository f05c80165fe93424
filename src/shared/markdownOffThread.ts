// The editor's way to render Markdown: on a worker thread (markdownWorker.ts, bundled apart as
// dist/markdownWorker.js), so that no body holds the extension host's event loop — every extension of the window
// waits while it is held. The host only copies the text there and the HTML back (about 1 ms per MB). The worker
// starts on the first render (or earlier, `warmMarkdownWorker`, when a page that will render opens), stays for the
// next ones, and ends after a minute without work, or as soon as it has nothing left to render once the last page
// that held it (holdMarkdownWorker) has closed: its heap, hundreds of MB after a page of long bodies, is the extension
// host's memory (#41: +197 MiB after such a page closed, until it idled out). A render that fails, or takes longer than RENDER_TIMEOUT_MS
// (the worker is then ended), shows the text as escaped plain text: never as markup, never nothing. The worker
// renders one body at a time, so a body's time counts from when the one before it was answered, not from when it was
// asked for (a page of 100 bodies of 1 MiB takes longer than one timeout in all, #41). A page of megabytes of HTML
// keeps its long bodies' HTML on the worker (renderMarkdownKept): the host holds a KeptHtml and reads it in slices as the
// page's message is written, so that what the host allocates for the page is the message's parts, short-lived, and the
// HTML goes with the worker when the page closes (#41: the host's garbage outlived such a page by hundreds of MiB).
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { escapeHtml } from './htmlSafety';
import type { MarkdownOptions } from './markdown';
import type { RenderAnswer, WorkerRequest } from './markdownWorker';

/** The longest a render may take: 1 MB of the slowest markup renders in 1-2 s, and took 12 s on 2 cores under a
 * load of 26 (`npm run bench`, Markdown section). */
export const RENDER_TIMEOUT_MS = 30_000;
/** The worker ends after this long without a render (it holds markdown-it and what the last body left). */
const IDLE_MS = 60_000;
/** The worker's heap: a 1 MB body of the densest markup needs about 300 MB of tokens while it renders. */
const WORKER_HEAP_MB = 768;

/** The most text shown as plain text: markdown.ts's MARKDOWN_MAX_CHARS (a unit test holds them equal), not
 * imported, so that the renderer and markdown-it stay out of the bundle that starts the worker. */
export const PLAIN_MAX_CHARS = 1024 * 1024;

interface Pending {
  /** The worker's answer, or undefined when it ended first. */
  readonly resolve: (answer: RenderAnswer | undefined) => void;
  readonly timeoutMs: number;
  /** Set once the worker is on it (it is the oldest still pending). */
  timer?: NodeJS.Timeout;
}

let worker: Worker | undefined;
/** Which worker this is (a KeptHtml names the one that keeps it: another one started since does not have it). */
let generation = 0;
/** Bodies kept on the worker for the pages that hold it: while any is, it does not end for idleness. */
let keptCount = 0;
let idleTimer: NodeJS.Timeout | undefined;
/** Pages open that render (holdMarkdownWorker). */
let holders = 0;
/** The last holder closed while renders were pending: the worker ends when they are done. */
let endWhenDone = false;
let nextId = 1;
const pending = new Map<number, Pending>();

/** The file of the worker: beside this module's bundle (dist/) or its compiled file (out/src/shared/). */
function workerFile(): string {
  return join(__dirname, 'markdownWorker.js');
}

/** A body that could not be rendered, shown as text: escaped, in a `pre`, cut like a rendered one. */
export function plainText(markdown: string): string {
  return `<pre class="markdown-plain">${escapeHtml(markdown.length > PLAIN_MAX_CHARS ? markdown.slice(0, PLAIN_MAX_CHARS) : markdown)}</pre>\n`;
}

function settle(id: number, answer: RenderAnswer | undefined): void {
  const p = pending.get(id);
  if (!p) return;
  pending.delete(id);
  clearTimeout(p.timer);
  p.resolve(answer);
  if (pending.size === 0 && endWhenDone && worker) stop(worker);
  else if (pending.size === 0) idle();
  else if (worker) timeNext(worker);
}

/** Starts the clock of the oldest pending render: the one the worker is on (it answers in the order asked). */
function timeNext(w: Worker): void {
  const next = pending.values().next().value;
  if (!next || next.timer) return;
  next.timer = setTimeout(() => stop(w), next.timeoutMs);
  next.timer.unref();
}

/** Ends the worker (after a failure, a timeout, or idleness); what it still had to render shows as text. */
function stop(w: Worker): void {
  if (worker !== w) return;
  worker = undefined;
  endWhenDone = false;
  keptCount = 0;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = undefined;
  void w.terminate();
  for (const id of [...pending.keys()]) settle(id, undefined);
}

/** No render left: the worker waits a while for the next (unless it keeps bodies of open pages), and never keeps
 * the process alive meanwhile. */
function idle(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = undefined;
  const w = worker;
  if (!w) return;
  w.unref();
  if (keptCount > 0) return;
  idleTimer = setTimeout(() => stop(w), IDLE_MS);
  idleTimer.unref();
}

function started(): Worker {
  if (worker) return worker;
  const w = new Worker(workerFile(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  w.on('message', (a: RenderAnswer) => settle(a.id, a));
  w.on('error', () => stop(w));
  w.on('exit', () => stop(w));
  worker = w;
  generation++;
  idle();
  return w;
}

/** Starts the worker ahead of the first render (a page that will render opens while its requests run). */
export function warmMarkdownWorker(): void {
  started();
}

/** Whether the worker runs (tests and the bench: it ends with the last page). */
export function markdownWorkerRunning(): boolean {
  return worker !== undefined;
}

/** A hold on the worker, by a page while it is open: the bodies kept for it are dropped when it lets go. */
export interface MarkdownHold {
  dispose(): void;
  /** Counts a body kept on the worker for this page (renderMarkdownKept); dropped at once if the page has closed. */
  keep(id: number): void;
}

/** Held by a page that renders, while it is open. When the last holder lets go, the worker ends once it has nothing
 * left to render (the next render starts a new one), so that what it allocated leaves the extension host with the
 * page; while others hold it, the bodies kept for this page are dropped. */
export function holdMarkdownWorker(): MarkdownHold {
  holders++;
  endWhenDone = false;
  let held = true;
  const kept: number[] = [];
  const drop = (ids: readonly number[]): void => {
    if (!worker || ids.length === 0) return;
    worker.postMessage({ drop: ids } satisfies WorkerRequest);
    keptCount = Math.max(0, keptCount - ids.length);
    if (pending.size === 0) idle();
  };
  return {
    keep: (id) => {
      keptCount++;
      if (held) kept.push(id);
      else drop([id]);
    },
    dispose: () => {
      if (!held) return;
      held = false;
      const mine = kept.splice(0);
      if (--holders > 0 || !worker) return drop(mine);
      if (pending.size === 0) stop(worker);
      else endWhenDone = true;
    },
  };
}

/** Sends `request` (given its id) and resolves with the worker's answer, undefined if it ended first. */
function ask(make: (id: number) => WorkerRequest, timeoutMs: number): { readonly generation: number; readonly answer: Promise<RenderAnswer | undefined> } {
  const w = started();
  if (idleTimer) clearTimeout(idleTimer);
  // While it works, the worker keeps the process alive (a test, a script waits for its answer).
  w.ref();
  const id = nextId++;
  const answer = new Promise<RenderAnswer | undefined>((resolve) => {
    pending.set(id, { resolve, timeoutMs });
    timeNext(w);
    w.postMessage(make(id));
  });
  return { generation, answer };
}

/** Markdown to safe HTML (markdown.ts's renderMarkdown, run on the worker thread). Never rejects; past `timeoutMs`
 * the worker is ended and what it had to render shows as plain text (plainText). */
export async function renderMarkdownOffThread(markdown: string, options: MarkdownOptions = {}, timeoutMs = RENDER_TIMEOUT_MS): Promise<string> {
  const a = await ask((id) => ({ id, markdown, options: { ...options } }), timeoutMs).answer;
  return a && 'html' in a ? a.html : plainText(markdown);
}

/** A body's HTML kept on the worker for a page (renderMarkdownKept): read it with readKeptHtml. */
export class KeptHtml {
  constructor(
    /** The worker that keeps it. */
    readonly generation: number,
    readonly id: number,
    /** Its length in characters. */
    readonly length: number,
    /** The Markdown it was rendered from: shown as text if the worker is gone when it is read. */
    readonly source: string,
  ) {}
}

/** As renderMarkdownOffThread, but HTML of `keepFrom` characters or more stays on the worker for `hold`'s page: a
 * KeptHtml is answered. */
export async function renderMarkdownKept(markdown: string, options: MarkdownOptions, hold: MarkdownHold, keepFrom: number, timeoutMs = RENDER_TIMEOUT_MS): Promise<string | KeptHtml> {
  const asked = ask((id) => ({ id, markdown, options: { ...options }, keepFrom }), timeoutMs);
  const a = await asked.answer;
  if (!a || 'error' in a || 'text' in a) return plainText(markdown);
  if ('html' in a) return a.html;
  // Kept on a worker that may have ended since (then what is read falls back to the text).
  if (asked.generation === generation && worker) hold.keep(a.id);
  return new KeptHtml(asked.generation, a.id, a.kept, markdown);
}

/** `chars` characters of a kept body from `from` (fewer at its end, or one fewer rather than half a surrogate pair);
 * undefined when the worker that kept it has ended (a render timed out, or its page closed). */
export async function readKeptHtml(kept: KeptHtml, from: number, chars: number): Promise<string | undefined> {
  if (kept.generation !== generation || !worker) return undefined;
  const a = await ask((id) => ({ id, read: kept.id, from, chars }), RENDER_TIMEOUT_MS).answer;
  return a && 'text' in a ? a.text : undefined;
}
