// The worker thread that renders Markdown (dist/markdownWorker.js, started by markdownOffThread.ts): markdown-it and
// the guards of markdown.ts run here, so that a long body (a 337 KB changelog, up to MARKDOWN_MAX_CHARS) never holds
// the extension host's event loop. Each message is one body; the answers go back in the order they came.
import { parentPort } from 'node:worker_threads';
import { renderMarkdown, type MarkdownOptions } from './markdown';

/** What the host sends: a body and how to render it (plain data, copied by postMessage). */
export interface RenderRequest {
  readonly id: number;
  readonly markdown: string;
  readonly options: MarkdownOptions;
}

/** What the worker answers: the HTML, or why it could not render (the host then shows the text as text). */
export type RenderAnswer = { readonly id: number; readonly html: string } | { readonly id: number; readonly error: string };

/** Renders one request; never throws (an answer either way, so the host's promise always settles). */
export function answer(request: RenderRequest): RenderAnswer {
  try {
    return { id: request.id, html: renderMarkdown(request.markdown, request.options) };
  } catch (e) {
    return { id: request.id, error: e instanceof Error ? e.message : String(e) };
  }
}

parentPort?.on('message', (request: RenderRequest) => parentPort!.postMessage(answer(request)));
