// The editor's way to render Markdown: on a worker thread (markdownWorker.ts, bundled apart as
// dist/markdownWorker.js), so that no body holds the extension host's event loop — every extension of the window
// waits while it is held. The host only copies the text there and the HTML back (about 1 ms per MB). The worker
// starts on the first render (or earlier, `warmMarkdownWorker`, when a page that will render opens), stays for the
// next ones, and ends after a minute without work, or as soon as it has nothing left to render once the last page
// that held it (holdMarkdownWorker) has closed: its heap, hundreds of MB after a page of long bodies, is the extension
// host's memory (#41: +197 MiB after such a page closed, until it idled out). A render that fails, or takes longer than RENDER_TIMEOUT_MS
// (the worker is then ended), shows the text as escaped plain text: never as markup, never nothing. The worker
// renders one body at a time, so a body's time counts from when the one before it was answered, not from when it was
// asked for (a page of 100 bodies of 1 MiB takes longer than one timeout in all, #41).
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { escapeHtml } from './htmlSafety';
import type { MarkdownOptions } from './markdown';
import type { RenderAnswer, RenderRequest } from './markdownWorker';

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
  readonly resolve: (html: string) => void;
  readonly markdown: string;
  readonly timeoutMs: number;
  /** Set once the worker is on it (it is the oldest still pending). */
  timer?: NodeJS.Timeout;
}

let worker: Worker | undefined;
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

function settle(id: number, html: string | undefined): void {
  const p = pending.get(id);
  if (!p) return;
  pending.delete(id);
  clearTimeout(p.timer);
  p.resolve(html ?? plainText(p.markdown));
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
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = undefined;
  void w.terminate();
  for (const id of [...pending.keys()]) settle(id, undefined);
}

/** No render left: the worker waits a while for the next, and never keeps the process alive meanwhile. */
function idle(): void {
  if (idleTimer) clearTimeout(idleTimer);
  const w = worker;
  if (!w) return;
  w.unref();
  idleTimer = setTimeout(() => stop(w), IDLE_MS);
  idleTimer.unref();
}

function started(): Worker {
  if (worker) return worker;
  const w = new Worker(workerFile(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  w.on('message', (a: RenderAnswer) => settle(a.id, 'html' in a ? a.html : undefined));
  w.on('error', () => stop(w));
  w.on('exit', () => stop(w));
  worker = w;
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

/** Held by a page that renders, while it is open. When the last holder lets go, the worker ends once it has nothing
 * left to render (the next render starts a new one), so that what it allocated leaves the extension host with the page. */
export function holdMarkdownWorker(): { dispose(): void } {
  holders++;
  endWhenDone = false;
  let held = true;
  return {
    dispose: () => {
      if (!held) return;
      held = false;
      if (--holders > 0 || !worker) return;
      if (pending.size === 0) stop(worker);
      else endWhenDone = true;
    },
  };
}

/** Markdown to safe HTML (markdown.ts's renderMarkdown, run on the worker thread). Never rejects; past `timeoutMs`
 * the worker is ended and what it had to render shows as plain text (plainText). */
export function renderMarkdownOffThread(markdown: string, options: MarkdownOptions = {}, timeoutMs = RENDER_TIMEOUT_MS): Promise<string> {
  const w = started();
  if (idleTimer) clearTimeout(idleTimer);
  // While it renders, the worker keeps the process alive (a test, a script waits for its answer).
  w.ref();
  const id = nextId++;
  return new Promise<string>((resolve) => {
    pending.set(id, { resolve, markdown, timeoutMs });
    timeNext(w);
    const request: RenderRequest = { id, markdown, options: { ...options } };
    w.postMessage(request);
  });
}
