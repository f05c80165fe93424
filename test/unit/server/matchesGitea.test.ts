// The test server against a real Gitea 1.27.0: every exchange of test/fixtures/gitea-api/recordings/gitea-1.27.0.jsonl
// is replayed against a server seeded with the same story (`seed: 'recorded'`), and the answer must have the
// recorded status, the same paging headers present or absent, and a JSON body of the same shape. Unsafe
// requests run on a fresh seed each (after the lines they build on). Differences that cannot be matched are
// listed, with their reason, in test/server/giteaDifferences.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GITEA_DIFFERENCES } from '../../server/giteaDifferences';
import { startTestServer, type TestServer } from '../../server/index';
import { answerDifferences } from './answerDifferences';
import {
  commitTranslation, isUnsafe, loadExchanges, PREREQUISITES, RECORDINGS_FILE, replay, type RecordedExchange,
} from './giteaExchanges';

let exchanges: RecordedExchange[] = [];
let loadError: Error | undefined;
try {
  exchanges = loadExchanges();
} catch (err) {
  loadError = err as Error;
}

describe('test server answers like the recorded Gitea 1.27.0', () => {
  let server: TestServer;
  let commits = new Map<string, string>();
  /** An unsafe line changed the state since the last reset. */
  let dirty = false;
  const usedAllowances = new Set<string>();

  before(async () => {
    server = await startTestServer({ seed: 'recorded' });
    if (exchanges.length) commits = await commitTranslation(server, exchanges);
  });
  after(() => server?.close());

  it('the recordings file is there', () => {
    assert.equal(loadError, undefined, loadError?.message);
    assert.ok(exchanges.length > 0, `${RECORDINGS_FILE} holds no exchanges`);
  });

  for (const e of exchanges) {
    const path = e.url.replace(/^\/api\/v1/, '');
    it(`line ${e.line} ${e.operationId}: ${e.method} ${path} → ${e.status}`, async () => {
      if (isUnsafe(e)) {
        await server.reset();
        dirty = true;
        for (const n of PREREQUISITES[e.line] ?? []) {
          const earlier = exchanges.find((x) => x.line === n)!;
          const answer = await replay(server, earlier, commits);
          assert.equal(answer.status, earlier.status, `line ${e.line} builds on line ${n}, which answered ${answer.status}: ${answer.text}`);
        }
      } else if (dirty) {
        await server.reset();
        dirty = false;
      }
      const answer = await replay(server, e, commits);
      const allowed = GITEA_DIFFERENCES.filter((d) => d.line === e.line).flatMap((d) => d.paths);
      const unexplained = answerDifferences(e, answer).filter((d) => {
        if (!allowed.includes(d.path)) return true;
        usedAllowances.add(`${e.line} ${d.path}`);
        return false;
      });
      assert.deepEqual(unexplained.map((d) => d.description), [], `line ${e.line} (${e.operationId}) differs from Gitea`);
    });
  }

  it('every allowed difference names a recorded line and still occurs', () => {
    for (const d of GITEA_DIFFERENCES) {
      assert.equal(exchanges.find((e) => e.line === d.line)?.operationId, d.operationId, `giteaDifferences.ts: line ${d.line} is not ${d.operationId}`);
    }
    const stale = GITEA_DIFFERENCES.flatMap((d) => d.paths.map((p) => `${d.line} ${p}`)).filter((k) => !usedAllowances.has(k));
    assert.deepEqual(stale, [], 'giteaDifferences.ts lists differences the test server no longer has');
  });
});
