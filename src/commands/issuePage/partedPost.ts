// Long messages to the issue page go in parts (#31). A page message holds every body's HTML: 1.3 MB for a 337 KB
// changelog. Posted whole, the extension host serialises and sends it in one go (VS Code stringifies the message,
// then the RPC call that carries it, and writes it to the renderer's socket): one block of the host's event loop, which
// every extension of the window waits for. In parts of PART_CHARS characters of its JSON, each posted in a task of its
// own (the host runs whatever waits between two parts; waiting for each part's delivery instead added a round trip
// per part to the page's paint), the page joins the parts and reads the message
// (media/issuePage/page.js, `part`). Messages keep their order: while parts are on their way, the next messages wait
// behind them. Pure of vscode (the send function is given).

/** The most characters of JSON one part carries. */
export const PART_CHARS = 64 * 1024;

/** One part of a long message's JSON; `last` ends it. */
export interface PartMessage {
  readonly type: 'part';
  readonly json: string;
  readonly last: boolean;
}

/** `json` in pieces of at most `size` characters, never between the two halves of a surrogate pair. */
export function jsonParts(json: string, size = PART_CHARS): PartMessage[] {
  const parts: PartMessage[] = [];
  for (let at = 0; at < json.length; ) {
    let end = Math.min(json.length, at + size);
    const before = json.charCodeAt(end - 1);
    if (end < json.length && end - 1 > at && before >= 0xd800 && before <= 0xdbff) end--;
    parts.push({ type: 'part', json: json.slice(at, end), last: end >= json.length });
    at = end;
  }
  return parts;
}

export class PartedPoster {
  /** Set while parts (or messages queued behind them) are on their way. */
  private tail: Promise<void> | undefined;

  constructor(
    private readonly send: (message: unknown) => PromiseLike<unknown>,
    private readonly failed: (error: unknown) => void,
    private readonly size = PART_CHARS,
  ) {}

  /** Posts `message`: at once when it is short and nothing is on its way, else in order behind what is. */
  post(message: unknown): void {
    const json = JSON.stringify(message);
    if (json.length <= this.size && !this.tail) {
      this.send(message).then(undefined, this.failed);
      return;
    }
    const pieces: unknown[] = json.length <= this.size ? [message] : jsonParts(json, this.size);
    const previous = this.tail ?? Promise.resolve();
    const tail: Promise<void> = previous
      .then(async () => {
        for (const [i, piece] of pieces.entries()) {
          if (i > 0) await new Promise((resolve) => setImmediate(resolve));
          // Sent in order (VS Code delivers a webview's messages in the order posted); a failed one is reported.
          this.send(piece).then(undefined, this.failed);
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
