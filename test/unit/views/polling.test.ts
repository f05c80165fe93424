// The unread-count poller on a fake clock: one request per interval while the window has the focus, none while it
// has not or the interval is 0, a due poll at once on regaining the focus, backoff after failures.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_BACKOFF_FACTOR, Poller, type PollClock } from '../../../src/shared/polling';

class FakeClock implements PollClock {
  time = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private next = 1;
  now(): number {
    return this.time;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.push({ at: this.time + ms, fn, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  /** Moves the clock on, running the timers that fall due (and letting their promises settle). */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    }
    this.time = end;
  }
}

function setup(answer: () => Promise<number> = () => Promise.resolve(3)) {
  const clock = new FakeClock();
  const shown: (number | undefined)[] = [];
  let requests = 0;
  const poller = new Poller<number>({
    clock,
    fetch: () => {
      requests++;
      return answer();
    },
    show: (n) => shown.push(n),
  });
  return { clock, shown, poller, requests: () => requests };
}

describe('account poller (unread count, stopwatch)', () => {
  it('asks once per interval while focused, and shows each count', async () => {
    const { clock, shown, poller, requests } = setup();
    poller.configure(60_000);
    poller.setFocused(true);
    await clock.advance(0);
    assert.equal(requests(), 1, 'at once when focused and nothing was asked yet');
    await clock.advance(59_999);
    assert.equal(requests(), 1);
    await clock.advance(1);
    assert.equal(requests(), 2);
    await clock.advance(10 * 60_000);
    assert.equal(requests(), 12, 'one per interval');
    assert.deepEqual(new Set(shown), new Set([3]));
  });

  it('asks nothing while the window is unfocused, and resumes at once when a poll is due', async () => {
    const { clock, poller, requests } = setup();
    poller.configure(60_000);
    poller.setFocused(true);
    await clock.advance(0);
    poller.setFocused(false);
    await clock.advance(60 * 60_000);
    assert.equal(requests(), 1, 'no request in an hour without the focus');
    poller.setFocused(true);
    await clock.advance(0);
    assert.equal(requests(), 2, 'due: asked on regaining the focus');
    poller.setFocused(false);
    poller.setFocused(true);
    await clock.advance(0);
    assert.equal(requests(), 2, 'not due yet: a focus change alone asks nothing');
    await clock.advance(60_000);
    assert.equal(requests(), 3);
  });

  it('0 turns it off: no requests, no badge', async () => {
    const { clock, shown, poller, requests } = setup();
    poller.setFocused(true);
    poller.configure(0);
    await clock.advance(60 * 60_000);
    assert.equal(requests(), 0);
    assert.deepEqual(shown, [undefined]);
    await poller.pollNow();
    assert.equal(requests(), 0, 'pollNow does nothing while off');
  });

  it('backs off after failures (doubling, capped) and returns to the interval after a success', async () => {
    let fail = true;
    const { clock, poller, requests } = setup(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve(1)));
    poller.configure(60_000);
    poller.setFocused(true);
    await clock.advance(0);
    assert.equal(requests(), 1);
    await clock.advance(60_000);
    assert.equal(requests(), 1, 'after one failure the wait is doubled');
    await clock.advance(60_000);
    assert.equal(requests(), 2);
    assert.equal(poller.delayMs, 4 * 60_000);
    for (let i = 0; i < 10; i++) await clock.advance(poller.delayMs);
    assert.equal(poller.delayMs, MAX_BACKOFF_FACTOR * 60_000, 'capped');
    fail = false;
    await clock.advance(poller.delayMs);
    assert.equal(poller.delayMs, 60_000);
    const before = requests();
    await clock.advance(60_000);
    assert.equal(requests(), before + 1);
  });

  it('pollNow asks at once and the next poll counts from it', async () => {
    const { clock, poller, requests } = setup();
    poller.configure(60_000);
    poller.setFocused(true);
    await clock.advance(30_000);
    await poller.pollNow();
    assert.equal(requests(), 2);
    await clock.advance(59_000);
    assert.equal(requests(), 2);
    await clock.advance(1_000);
    assert.equal(requests(), 3);
  });
});
