// The worker thread that renders Markdown (dist/markdownWorker.js, started by markdownOffThread.ts): markdown-it and
// the guards of markdown.ts run here, so that a long body (a 337 KB changelog, up to MARKDOWN_MAX_CHARS) never holds
// the extension host's event loop. Each message is one body; the answers go back in the order they came. A body asked
// to be kept (a page of megabytes of HTML, #41) stays here and is read in slices as the page's message is written:
// the extension host never holds it whole, and it goes with the worker when the last page closes.
import { parentPort } from 'node:worker_threads';
import { renderMarkdown, type MarkdownOptions } from './markdown';

/** What the host sends: a body and how to render it (plain data, copied by postMessage). */
export interface RenderRequest {
  readonly id: number;
  readonly markdown: string;
  readonly options: MarkdownOptions;
  /** Keep the HTML here and answer its length (`kept`), when it is at least this long. */
  readonly keepFrom?: number;
}

/** A slice of a kept body: `chars` characters from `from` (one fewer rather than half a surrogate pair). */
export interface ReadRequest {
  readonly id: number;
  readonly read: number;
  readonly from: number;
  readonly chars: number;
}

/** Kept bodies no longer needed (their page closed while another keeps the worker). No answer. */
export interface DropRequest {
  readonly drop: readonly number[];
}

export type WorkerRequest = RenderRequest | ReadRequest | DropRequest;

/** What the worker answers: the HTML, its length when kept, a slice read, or why it could not (the host then shows
 * the text as text). */
export type RenderAnswer =
  | { readonly id: number; readonly html: string }
  | { readonly id: number; readonly kept: number }
  | { readonly id: number; readonly text: string }
  | { readonly id: number; readonly error: string };

const kept = new Map<number, string>();

/** Answers one request; never throws (an answer either way, so the host's promise always settles). */
export function answer(request: WorkerRequest): RenderAnswer | undefined {
  if ('drop' in request) {
    for (const id of request.drop) kept.delete(id);
    return undefined;
  }
  if ('read' in request) {
    const html = kept.get(request.read);
    if (html === undefined) return { id: request.id, error: 'not kept' };
    let end = Math.min(html.length, request.from + request.chars);
    const last = html.charCodeAt(end - 1);
    if (end < html.length && end - 1 > request.from && last >= 0xd800 && last <= 0xdbff) end--;
    return { id: request.id, text: html.slice(request.from, end) };
  }
  try {
    const html = renderMarkdown(request.markdown, request.options);
    if (request.keepFrom === undefined || html.length < request.keepFrom) return { id: request.id, html };
    kept.set(request.id, html);
    return { id: request.id, kept: html.length };
  } catch (e) {
    return { id: request.id, error: e instanceof Error ? e.message : String(e) };
  }
}

parentPort?.on('message', (request: WorkerRequest) => {
  const a = answer(request);
  if (a) parentPort!.postMessage(a);
});
