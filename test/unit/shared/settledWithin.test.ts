// The bounded wait before a diff opens: a promise that settles in time (fulfilled or rejected) ends it with true,
// one that never settles ends it with false once the time is up, and no timer is left behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settledWithin } from '../../../src/shared/settledWithin';

test('settledWithin: true for a promise that settles in time, fulfilled or rejected (the rejection is not rethrown)', async () => {
  assert.equal(await settledWithin(Promise.resolve('drawn'), 10_000), true);
  assert.equal(await settledWithin(Promise.reject(new Error('refused')), 10_000), true);
  assert.equal(await settledWithin(new Promise((resolve) => setTimeout(resolve, 5)), 10_000), true);
});

test('settledWithin: false once the time is up for a promise that never settles', async () => {
  assert.equal(await settledWithin(new Promise(() => undefined), 20), false);
});

test('settledWithin: the timer is cleared when the promise wins (nothing keeps the process waiting)', async () => {
  const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
  await settledWithin(Promise.resolve(), 60_000);
  assert.equal(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length, before);
});
