// The test server's Actions settings against a real Gitea 1.27.0: the repository and refusal lines of
// test/fixtures/gitea-api/recordings/actions-settings-1.27.0.jsonl (see that folder's README) replayed in order on a
// fresh seed, each answered with the recorded status, message and list shape. The recorded repository (empty,
// alice's) stands for alice/empty; its reader bob for carol (made a read collaborator); alice, a site admin there,
// for root on the admin list; the recorded global runner (id 1) for the seed's (shared-arm). The runs and the
// organization's own lines need the recorded run and organization: the in-host tests cover those.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GITEA_FIXTURES_DIR } from '../../harness/paths';
import { FIXTURES, startTestServer, type TestServer } from '../../server/index';
import { Access } from '../../server/state';
import { api } from './helpers';

interface Line {
  operationId: string;
  method: string;
  url: string;
  requestBody: unknown;
  status: number;
  responseBody: unknown;
}

const FILE = join(GITEA_FIXTURES_DIR, 'recordings', 'actions-settings-1.27.0.jsonl');
const lines: Line[] = readFileSync(FILE, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);

/** The lines replayed: the repository's settings, the runners' lists and the organization refusals. */
const replayed = lines.filter((l) => /\/actions\/(?:secrets|variables|runners)/.test(l.url) && !/\/orgs\/cisettings-rec-org\//.test(l.url) || (l.url.includes('/orgs/') && l.status >= 400));

/** Field values that differ between instances by nature (dates, ids, tokens). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, ['created_at', 'repo_id', 'token', 'url'].includes(k) ? typeof v : shape(v)]),
  );
}

describe('test server: Actions settings as a real Gitea 1.27.0 answers them (recorded)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    server.state.repo(FIXTURES.repos.empty.id)!.collaborators.set(FIXTURES.users.carol.id, Access.Read);
  });
  after(() => server.close());

  it('replays enough lines to mean something', () => {
    assert.ok(replayed.length >= 30, `${replayed.length} lines`);
  });

  it('every replayed line gets the recorded status and message, lists their recorded items', async () => {
    const shared = server.state.runners.find((r) => r.name === 'shared-arm')!;
    const differences: string[] = [];
    for (const line of replayed) {
      const path = line.url
        .replace(/^\/api\/v1/, '')
        .replace('/repos/alice/cisettings-rec/', '/repos/alice/empty/')
        .replace('/orgs/cisettings-rec-org/', '/orgs/acme/')
        .replace(/\/runners\/1$/, `/runners/${shared.id}`);
      const as = line.status === 403 ? 'carol' : line.url.startsWith('/api/v1/admin/') ? 'root' : 'alice';
      const answer = await api(server, path, { method: line.method, as, body: line.requestBody ?? undefined });
      const recorded = line.responseBody;
      const got = answer.json ?? (answer.text === '' ? '' : answer.text);
      const sameBody = line.url.includes('/admin/')
        ? Object.keys(got as object).join() === Object.keys(recorded as object).join()
        : typeof recorded === 'object' && recorded !== null && 'message' in recorded
          ? (got as { message?: string }).message === (recorded as { message: string }).message
          : JSON.stringify(shape(got)) === JSON.stringify(shape(recorded));
      if (answer.status !== line.status || !sameBody) {
        differences.push(`${line.method} ${line.url}: recorded ${line.status} ${JSON.stringify(recorded)}, got ${answer.status} ${JSON.stringify(got)}`);
      }
    }
    assert.deepEqual(differences, []);
  });
});
