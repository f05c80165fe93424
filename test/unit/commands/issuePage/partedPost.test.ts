// Long messages to the issue page go in parts of their JSON, one after another is delivered (#31: the host never
// serialises a 1.3 MB page in one go); the page joins them. Order is kept, short messages go at once when nothing waits.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jsonPartsOf, PartedPoster, type KeptReader, type PartMessage } from '../../../../src/commands/issuePage/partedPost';
import { KeptHtml, plainText } from '../../../../src/shared/markdownOffThread';

/** Every part, in order. */
async function all(parts: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const p of parts) out.push(p);
  return out;
}

/** What the page does with what it receives (media/issuePage/page.js): parts joined and parsed, others as they are. */
function receiver() {
  const received: unknown[] = [];
  let parts: string[] = [];
  const receive = (m: unknown) => {
    const part = m as PartMessage;
    if (part.type !== 'part') return void received.push(m);
    parts.push(part.json);
    if (part.last) {
      received.push(JSON.parse(parts.join('')));
      parts = [];
    }
  };
  return { received, receive };
}

describe('parted posting to the issue page', () => {
  it('cuts JSON into parts of at most the size, never inside a surrogate pair; joined they are the JSON', async () => {
    const message = { html: `<p>${'é😀'.repeat(50_000)}</p>`, list: ['a\u0000b', 1, true, null, undefined, { d: new Date(0) }], gone: undefined };
    const json = JSON.stringify(message);
    for (const size of [7, 64, 1000, json.length, json.length + 1]) {
      const parts = await all(jsonPartsOf(message, size));
      assert.equal(parts.join(''), json);
      assert.ok(parts.every((p) => p.length <= size && p.length > 0));
      assert.ok(parts.every((p) => !/^[\udc00-\udfff]/.test(p)), 'no part starts with a low surrogate');
    }
  });

  it('joined parts are JSON.stringify of generated hostile data: long strings of escapes, lone surrogates, deep nesting', async () => {
    let seed = 41;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const alphabet = ['a', '"', '\\', '\u0000', '\n', '\u2028', '\ud83d', '\ude00', '😀', 'é', '<', '\u001f'];
    const text = (n: number): string => Array.from({ length: n }, () => alphabet[random(alphabet.length)]).join('');
    const value = (depth: number): unknown => {
      const kind = depth > 4 ? random(4) : random(7);
      if (kind === 0) return text(random(3) === 0 ? 40_000 + random(30_000) : random(20));
      if (kind === 1) return random(3) === 0 ? -random(1000) / 7 : random(1000);
      if (kind === 2) return [true, false, null, undefined, Number.NaN][random(5)];
      if (kind === 3) return text(3);
      if (kind === 4) return Array.from({ length: random(6) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: random(6) }, () => [text(4), value(depth + 1)]));
    };
    for (let i = 0; i < 60; i++) {
      const message = { type: 'page', data: value(0) };
      const parts = await all(jsonPartsOf(message, 1 + random(5000)));
      assert.equal(parts.join(''), JSON.stringify(message), `input ${i}`);
    }
  });

  it('writes the JSON as its parts are asked for: the first part reads only the start of the message', async () => {
    const read: string[] = [];
    const big = 'x'.repeat(1_000_000);
    const message = {
      get first() { return read.push('first'), big; },
      get second() { return read.push('second'), big; },
    };
    const parts = jsonPartsOf(message, 1000);
    assert.ok((await parts.next()).value);
    assert.deepEqual(read, ['first'], 'the second string is not read (nor its JSON written) for the first part');
  });

  it('a circular message is refused as JSON.stringify refuses it', async () => {
    const message: Record<string, unknown> = { a: 1 };
    message.self = message;
    await assert.rejects(all(jsonPartsOf(message, 10)), TypeError);
  });

  /** HTML kept on a pretend worker: read in slices of at most the asked length, never half a surrogate pair. */
  function worker(bodies: Map<number, string>, lostAfter = Infinity): { read: KeptReader; reads: number[] } {
    const reads: number[] = [];
    return {
      reads,
      read: async (k, from, chars) => {
        if (reads.length >= lostAfter || !bodies.has(k.id)) return undefined;
        const html = bodies.get(k.id)!;
        let end = Math.min(html.length, from + chars);
        if (end < html.length && /[\ud800-\udbff]/.test(html[end - 1]!)) end--;
        reads.push(end - from);
        return html.slice(from, end);
      },
    };
  }

  it('a body kept on the worker is read in slices as its parts are written: joined, the JSON of the page with its HTML', async () => {
    const html = `<p>${'<a href="https://x/1">#1</a> é😀"\\ '.repeat(20_000)}</p>\n`;
    const { read, reads } = worker(new Map([[7, html]]));
    const kept = new KeptHtml(1, 7, html.length, '#1 '.repeat(20_000));
    const message = { type: 'page', page: { timeline: [{ kind: 'comment', html: 'short' }, { kind: 'comment', html: kept }], after: 1 } };
    const parts = await all(jsonPartsOf(message, 4096, read));
    assert.equal(parts.join(''), JSON.stringify({ type: 'page', page: { timeline: [{ kind: 'comment', html: 'short' }, { kind: 'comment', html }], after: 1 } }));
    assert.ok(parts.every((p) => p.length <= 4096));
    assert.ok(reads.length > 10 && reads.every((n) => n <= 16 * 1024), `read in ${reads.length} slices`);
  });

  it('a kept body whose worker ended shows its text as text: from the start, or after what was read', async () => {
    const html = `<p>${'<em>x</em> '.repeat(10_000)}</p>\n`;
    const source = '_x_ '.repeat(10_000);
    const kept = new KeptHtml(1, 7, html.length, source);
    const gone = worker(new Map());
    assert.deepEqual(JSON.parse((await all(jsonPartsOf({ html: kept }, 1000, gone.read))).join('')), { html: plainText(source) });
    const midway = worker(new Map([[7, html]]), 2);
    const shown = JSON.parse((await all(jsonPartsOf({ html: kept }, 1000, midway.read))).join('')) as { html: string };
    assert.equal(shown.html, html.slice(0, midway.reads[0]! + midway.reads[1]!) + plainText(source));
  });

  it('the poster posts a page with a kept body in parts, behind what was posted before and before what follows', async () => {
    const html = '<p>' + 'k'.repeat(50_000) + '</p>';
    const { read } = worker(new Map([[3, html]]));
    const { received, receive } = receiver();
    const poster = new PartedPoster(async (m) => (receive(m), true), (e) => assert.fail(String(e)), 1000, read);
    poster.post({ type: 'draft', body: 'a' });
    poster.post({ type: 'page', html: new KeptHtml(1, 3, html.length, 'k') });
    poster.post({ type: 'busy', busy: false });
    await poster.settled();
    assert.deepEqual(received, [{ type: 'draft', body: 'a' }, { type: 'page', html }, { type: 'busy', busy: false }]);
  });

  it('posts a short message at once, a long one in parts each in a task of its own, and keeps the order', async () => {
    const { received, receive } = receiver();
    const sent: unknown[] = [];
    // A counter of the event loop's turns (ended after the posts): the task each part was sent in.
    let task = 0;
    let ticking = true;
    const tick = (): void => void setImmediate(() => (task++, ticking && tick()));
    tick();
    const partTasks: number[] = [];
    const send = async (m: unknown) => {
      sent.push(m);
      if ((m as PartMessage).type === 'part') partTasks.push(task);
      receive(m);
      return true;
    };
    const poster = new PartedPoster(send, (e) => assert.fail(String(e)), 100);
    poster.post({ type: 'draft', body: 'short' });
    assert.equal(sent.length, 1, 'a short message is sent at once');
    const page = { type: 'page', page: { html: `<p>${'x'.repeat(1000)}</p>` }, loading: false };
    poster.post(page);
    poster.post({ type: 'busy', busy: false });
    await poster.settled();
    ticking = false;
    assert.deepEqual(received, [{ type: 'draft', body: 'short' }, page, { type: 'busy', busy: false }]);
    assert.ok(sent.length > 10, `${sent.length} messages`);
    assert.ok(sent.every((m) => JSON.stringify(m).length < 200), 'no message carries more than a part');
    assert.equal(new Set(partTasks).size, partTasks.length, 'no two parts in the same task');
  });

  it('a failed delivery is reported and does not stop the messages after it', async () => {
    const failures: unknown[] = [];
    const sent: unknown[] = [];
    const poster = new PartedPoster(async (m) => {
      sent.push(m);
      if ((m as PartMessage).type === 'part') throw new Error('panel closed');
      return true;
    }, (e) => failures.push(e), 50);
    poster.post({ type: 'page', page: 'y'.repeat(200) });
    poster.post({ type: 'busy', busy: true });
    await poster.settled();
    await new Promise((r) => setImmediate(r));
    assert.equal(failures.length, sent.length - 1, 'each failed part is reported');
    assert.deepEqual(sent.at(-1), { type: 'busy', busy: true });
  });
});
