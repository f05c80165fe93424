// Long messages to the issue page go in parts of their JSON, one after another is delivered (#31: the host never
// serialises a 1.3 MB page in one go); the page joins them. Order is kept, short messages go at once when nothing waits.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jsonParts, PartedPoster, type PartMessage } from '../../../../src/commands/issuePage/partedPost';

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
  it('cuts JSON into parts of at most the size, never inside a surrogate pair; joined they are the JSON', () => {
    const json = JSON.stringify({ html: `<p>${'é😀'.repeat(5000)}</p>` });
    for (const size of [7, 64, 1000, json.length, json.length + 1]) {
      const parts = jsonParts(json, size);
      assert.equal(parts.map((p) => p.json).join(''), json);
      assert.ok(parts.every((p) => p.json.length <= size && p.json.length > 0));
      assert.ok(parts.every((p) => !/^[\udc00-\udfff]/.test(p.json)), 'no part starts with a low surrogate');
      assert.deepEqual(parts.map((p) => p.last), parts.map((_, i) => i === parts.length - 1));
    }
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
