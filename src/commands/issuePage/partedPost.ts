// Long messages to the issue page go in parts (#31). A page message holds every body's HTML: 1.3 MB for a 337 KB
// changelog. Posted whole, the extension host serialises and sends it in one go (VS Code stringifies the message,
// then the RPC call that carries it, and writes it to the renderer's socket): one block of the host's event loop, which
// every extension of the window waits for. In parts of PART_CHARS characters of its JSON, each posted in a task of its
// own (the host runs whatever waits between two parts; waiting for each part's delivery instead added a round trip
// per part to the page's paint), the page joins the parts and reads the message
// (media/issuePage/page.js, `part`). Messages keep their order: while parts are on their way, the next messages wait
// behind them. The JSON is written part by part as the parts go (jsonText), never whole (#41: a page of 100 bodies of
// 1 MiB made a 255 MiB string at once, held by the host until V8 collected it, and one task as long as its writing).
// A body's HTML kept on the Markdown worker (a page of megabytes, KeptHtml) is read from there in slices as its parts
// are written. A message is not changed after it is posted (pages' data is read-only). Pure of vscode (the send
// function is given).
import { KeptHtml, plainText, readKeptHtml } from '../../shared/markdownOffThread';

/** The most characters of JSON one part carries. */
export const PART_CHARS = 64 * 1024;

/** One part of a long message's JSON; `last` ends it. */
export interface PartMessage {
  readonly type: 'part';
  readonly json: string;
  readonly last: boolean;
}

/** No slice of a long string is longer (escaped, a slice may be up to 6 times as long: `\u0000`). */
const SLICE_CHARS = 16 * 1024;

/** The end of a slice of `text` from `at`, at most `size` long, never between the two halves of a surrogate pair. */
function sliceEnd(text: string, at: number, size: number): number {
  const end = Math.min(text.length, at + size);
  const before = text.charCodeAt(end - 1);
  return end < text.length && end - 1 > at && before >= 0xd800 && before <= 0xdbff ? end - 1 : end;
}

/** `value` as JSON.stringify writes it (plain data: objects, arrays, strings, numbers, booleans, null; toJSON
 * honoured), in pieces: a long string in escaped slices, so that no piece is long and the whole is never built. */
function* jsonText(value: unknown, key: string, seen: Set<object>): Generator<string | KeptHtml, void, undefined> {
  if (value instanceof KeptHtml) {
    // A string of the page's HTML, read from the worker by the caller.
    yield value;
    return;
  }
  const v = typeof (value as { toJSON?: unknown } | null)?.toJSON === 'function' ? (value as { toJSON(k: string): unknown }).toJSON(key) : value;
  if (typeof v === 'string') {
    if (v.length <= SLICE_CHARS) {
      yield JSON.stringify(v);
      return;
    }
    yield '"';
    for (let at = 0; at < v.length; ) {
      const end = sliceEnd(v, at, SLICE_CHARS);
      yield JSON.stringify(v.slice(at, end)).slice(1, -1);
      at = end;
    }
    yield '"';
    return;
  }
  if (v === null || typeof v !== 'object') {
    // Numbers, booleans and what JSON.stringify refuses (a bigint throws) or leaves out (undefined: callers skip it).
    yield JSON.stringify(v) ?? 'null';
    return;
  }
  if (seen.has(v)) throw new TypeError('Converting circular structure to JSON');
  seen.add(v);
  if (Array.isArray(v)) {
    yield '[';
    for (let i = 0; i < v.length; i++) {
      if (i > 0) yield ',';
      const item: unknown = v[i];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null';
      else yield* jsonText(item, String(i), seen);
    }
    yield ']';
  } else {
    yield '{';
    let first = true;
    for (const k of Object.keys(v)) {
      const item: unknown = (v as Record<string, unknown>)[k];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      yield first ? `${JSON.stringify(k)}:` : `,${JSON.stringify(k)}:`;
      first = false;
      yield* jsonText(item, k, seen);
    }
    yield '}';
  }
  seen.delete(v);
}

/** Reads a kept body's slice (readKeptHtml; the tests give their own). */
export type KeptReader = (kept: KeptHtml, from: number, chars: number) => Promise<string | undefined>;

/** The JSON string of a kept body, in pieces: read from the worker a slice at a time. If the worker has ended (a render
 * elsewhere timed out), the body's text is shown as text instead, or after what was already read. */
async function* keptJson(kept: KeptHtml, read: KeptReader): AsyncGenerator<string, void, undefined> {
  yield '"';
  for (let at = 0; at < kept.length; ) {
    const text = await read(kept, at, SLICE_CHARS);
    if (text === undefined || text.length === 0) {
      const plain = plainText(kept.source);
      for (let p = 0; p < plain.length; ) {
        const end = sliceEnd(plain, p, SLICE_CHARS);
        yield JSON.stringify(plain.slice(p, end)).slice(1, -1);
        p = end;
      }
      break;
    }
    yield JSON.stringify(text).slice(1, -1);
    at += text.length;
  }
  yield '"';
}

/** Parts of at most `size` characters from `pieces` (after `buffer`, and `kept` first if given). */
async function* partsFrom(pieces: Iterator<string | KeptHtml, void>, buffer: string, kept: KeptHtml | undefined, size: number, read: KeptReader): AsyncGenerator<string, void, undefined> {
  let text = buffer;
  function* cut(): Generator<string, void, undefined> {
    while (text.length > size) {
      const end = sliceEnd(text, 0, size);
      yield text.slice(0, end);
      text = text.slice(end);
    }
  }
  let next: KeptHtml | undefined = kept;
  for (;;) {
    if (next) {
      for await (const piece of keptJson(next, read)) {
        text += piece;
        yield* cut();
      }
      next = undefined;
    }
    const r = pieces.next();
    if (r.done) break;
    if (r.value instanceof KeptHtml) next = r.value;
    else {
      text += r.value;
      yield* cut();
    }
  }
  if (text.length > 0) yield text;
}

/** The JSON of `message` in parts of at most `size` characters (never between the halves of a surrogate pair),
 * written as they are asked for, kept bodies read from the worker as they are reached: joined, they are
 * JSON.stringify(message) with each KeptHtml as its HTML. */
export function jsonPartsOf(message: unknown, size = PART_CHARS, read: KeptReader = readKeptHtml): AsyncGenerator<string, void, undefined> {
  return partsFrom(jsonText(message, '', new Set()), '', undefined, size, read);
}

export class PartedPoster {
  /** Set while parts (or messages queued behind them) are on their way. */
  private tail: Promise<void> | undefined;

  constructor(
    private readonly send: (message: unknown) => PromiseLike<unknown>,
    private readonly failed: (error: unknown) => void,
    private readonly size = PART_CHARS,
    private readonly read: KeptReader = readKeptHtml,
  ) {}

  /** Posts `message`: at once when it is short and nothing is on its way, else in order behind what is. Its JSON is
   * written a part at a time, each part in a task of its own. */
  post(message: unknown): void {
    // Short: its JSON fits in one part and holds no kept body (found out without writing more than a part).
    const pieces = jsonText(message, '', new Set());
    let start = '';
    let kept: KeptHtml | undefined;
    let short = true;
    for (let r = pieces.next(); !r.done; r = pieces.next()) {
      if (r.value instanceof KeptHtml) kept = r.value;
      else start += r.value;
      if (kept || start.length > this.size) {
        short = false;
        break;
      }
    }
    if (short && !this.tail) {
      this.send(message).then(undefined, this.failed);
      return;
    }
    const previous = this.tail ?? Promise.resolve();
    const tail: Promise<void> = previous
      .then(async () => {
        if (short) {
          this.send(message).then(undefined, this.failed);
          return;
        }
        const parts = partsFrom(pieces, start, kept, this.size, this.read);
        let part = await parts.next();
        while (!part.done) {
          const next = await parts.next();
          // Sent in order (VS Code delivers a webview's messages in the order posted); a failed one is reported.
          this.send({ type: 'part', json: part.value, last: next.done === true } satisfies PartMessage).then(undefined, this.failed);
          if (next.done) return;
          await new Promise((resolve) => setImmediate(resolve));
          part = next;
        }
      })
      .catch(this.failed)
      .finally(() => {
        if (this.tail === tail) this.tail = undefined;
      });
    this.tail = tail;
  }

  /** Resolves when everything posted so far was sent. */
  async settled(): Promise<void> {
    while (this.tail) await this.tail;
  }
}
