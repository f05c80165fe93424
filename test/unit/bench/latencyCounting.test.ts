// The latency mode's counting (bench/lib/latency.mjs) and the unread badge's (bench/lib/unreadBadge.mjs): pure
// functions over request times, so the figures the bench prints can be checked without a code-server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../../harness/paths';

interface Req { path: string; start: number; end?: number }
interface Latency { criticalPath(requests: Req[]): { roundTrips: number; levels: Req[][]; depth: Map<Req, number> } }
interface UnreadBadge { mostPollsPerInterval(starts: number[], intervalMs: number): number }

const lib = async <T>(name: string): Promise<T> => (await import(pathToFileURL(join(REPO_ROOT, 'bench', 'lib', name)).href)) as T;

test('criticalPath: a request waits for those that ended before it started; parallel ones share a level', async () => {
  const { criticalPath } = await lib<Latency>('latency.mjs');
  const repo = { path: '/repos/a/b', start: 0, end: 100 };
  const issue = { path: '/repos/a/b/issues/1', start: 1, end: 105 };
  const status = { path: '/repos/a/b/commits/x/status', start: 106, end: 210 };
  const reactions = { path: '/repos/a/b/issues/1/reactions', start: 2, end: 104 };
  const unfinished = { path: '/repos/a/b/slow', start: 300 };
  const path = criticalPath([status, repo, issue, reactions, unfinished]);
  assert.equal(path.roundTrips, 2);
  assert.deepEqual(path.levels.map((l) => l.map((r) => r.path)), [[repo.path, issue.path, reactions.path], [status.path]]);
  assert.equal(path.depth.get(status), 2);
  assert.equal(path.depth.get(reactions), 1);
  assert.equal(path.depth.has(unfinished), false, 'a request still under way is left out');
});

test('criticalPath: pages read six at a time make one level per batch', async () => {
  const { criticalPath } = await lib<Latency>('latency.mjs');
  const pages = Array.from({ length: 13 }, (_, i) => {
    const batch = i === 0 ? 0 : Math.ceil(i / 6);
    return { path: `/files?page=${i + 1}`, start: batch * 110 + i, end: batch * 110 + 100 + i };
  });
  const path = criticalPath(pages);
  assert.equal(path.roundTrips, 3);
  assert.equal(path.depth.get(pages[0]!), 1, 'the first page is one round trip away');
});

test('mostPollsPerInterval: one poll per interval is 1; two within one interval are 2', async () => {
  const { mostPollsPerInterval } = await lib<UnreadBadge>('unreadBadge.mjs');
  assert.equal(mostPollsPerInterval([0, 15_000, 30_000, 45_000], 15_000), 1);
  assert.equal(mostPollsPerInterval([0, 15_000, 20_000, 45_000], 15_000), 2);
  assert.equal(mostPollsPerInterval([], 15_000), 0);
});
