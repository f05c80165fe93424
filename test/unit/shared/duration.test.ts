// Time tracking's durations: the stopwatch's clock, the short form of a tracked time, and what Add Time reads.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatElapsed, formatTracked, MAX_DURATION_INPUT_CHARS, parseDuration } from '../../../src/shared/duration';

describe('durations of time tracking', () => {
  it('formats the elapsed time as h:mm:ss, hours unbounded, nonsense as 0', () => {
    assert.equal(formatElapsed(0), '0:00:00');
    assert.equal(formatElapsed(59.9), '0:00:59');
    assert.equal(formatElapsed(3725), '1:02:05');
    assert.equal(formatElapsed(100 * 3600 + 61), '100:01:01');
    assert.equal(formatElapsed(-5), '0:00:00');
    assert.equal(formatElapsed(Number.NaN), '0:00:00');
  });

  it('formats a tracked time short: hours and minutes, seconds only under a minute', () => {
    assert.equal(formatTracked(5400), '1h 30m');
    assert.equal(formatTracked(7200), '2h');
    assert.equal(formatTracked(2700), '45m');
    assert.equal(formatTracked(30), '30s');
    assert.equal(formatTracked(0), '0s');
  });

  it('reads hours and minutes in the forms people type', () => {
    const seconds = (t: string) => {
      const p = parseDuration(t);
      return p.ok ? p.seconds : p.problem;
    };
    assert.equal(seconds('1h 30m'), 5400);
    assert.equal(seconds('1h30m'), 5400);
    assert.equal(seconds(' 2H '), 7200);
    assert.equal(seconds('90m'), 5400);
    assert.equal(seconds('90 min'), 5400);
    assert.equal(seconds('1.5h'), 5400);
    assert.equal(seconds('1:30'), 5400);
    assert.equal(seconds('45'), 2700);
    assert.equal(seconds('2 hours 5 minutes'), 7500);
  });

  it('refuses what is not a duration, zero, too much, and overlong text unread', () => {
    const problem = (t: string) => {
      const p = parseDuration(t);
      return p.ok ? `ok ${p.seconds}` : p.problem;
    };
    assert.equal(problem(''), 'empty');
    assert.equal(problem('   '), 'empty');
    assert.equal(problem('abc'), 'format');
    assert.equal(problem('30m 1h'), 'format');
    assert.equal(problem('1:75'), 'format');
    assert.equal(problem('-1h'), 'format');
    assert.equal(problem('0'), 'zero');
    assert.equal(problem('0h 0m'), 'zero');
    assert.equal(problem('1001h'), 'tooLong');
    assert.equal(problem('1'.repeat(MAX_DURATION_INPUT_CHARS + 1)), 'format');
  });

  it('reads a long hostile input in linear time', () => {
    const text = `${'1'.repeat(30)}${' '.repeat(30)}h`;
    const started = process.hrtime.bigint();
    for (let i = 0; i < 10_000; i++) parseDuration(text);
    assert.ok(Number(process.hrtime.bigint() - started) / 1e6 < 2000);
  });
});
