// The client against what a real Gitea 1.27.0 answered (test/fixtures/gitea-api/recordings/gitea-1.27.0.jsonl and
// its README.md): every recorded exchange is replayed through a local server, the method named by its
// operationId is called with parameters taken from the recorded request, and the test checks that the client
// sent that request, parsed a 2xx answer without losing what the product reads, turned the paging headers into
// Page fields, and turned a refusal into a GiteaError of the right kind with the server's message.
// One test per line, named after it, so a failure names the recording's line.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createClient, type GiteaErrorKind, type Page } from '../../../src/api';
import type { Operation } from '../../../src/api/ops/op';
import { failure, startStub, type Stub, type StubReply, type StubRequest } from './stub';
import {
  paramsFor,
  readRecordings,
  recordedPath,
  recordedQuery,
  replyFor,
  resolveOperation,
  type Exchange,
  type OperationName,
  type Resolved,
} from './replay';
import { checkReads } from './replayReads';
import { RECORDINGS_FILE } from '../../harness/paths';

const FILE = RECORDINGS_FILE;
const SETTINGS_PATH = '/api/v1/settings/api';
const TOKEN = 'replay-token-5f3a9c'; // appears in no recorded message, so redaction leaves them alone

/** The kind a refusal must become (src/api/errorKind.ts, BEHAVIOR.md), from the status and the server's message. */
function expectedKind(status: number, message: string): GiteaErrorKind {
  if (status === 403) return /required scope/i.test(message) ? 'scope' : 'forbidden';
  const byStatus: Record<number, GiteaErrorKind> = {
    400: 'badRequest',
    401: 'unauthorized',
    404: 'notFound',
    409: 'conflict',
    412: 'precondition',
    422: 'validation',
    423: 'archived',
  };
  return byStatus[status] ?? 'server';
}

/** Query entries, sorted, for comparing requests regardless of parameter order. */
function entries(q: URLSearchParams): [string, string][] {
  return [...q.entries()].sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));
}

function linkPage(link: string | undefined, rel: string): number | undefined {
  const part = link?.split(/,(?=\s*<)/).find((p) => new RegExp(`rel="?${rel}"?`).test(p));
  const page = part && /[?&]page=(\d+)/.exec(part)?.[1];
  return page ? Number(page) : undefined;
}

/** The recorded request as the client must send it: method, path, query, the recorded headers, the body. */
function checkRequest(ex: Exchange, sent: StubRequest): void {
  const [path, query = ''] = sent.url.split('?') as [string, string?];
  assert.equal(sent.method, ex.method, 'method');
  assert.equal(path, recordedPath(ex), 'path');
  assert.deepEqual(entries(new URLSearchParams(query)), entries(recordedQuery(ex)), 'query');
  for (const [name, value] of Object.entries(ex.requestHeaders)) assert.equal(sent.headers[name.toLowerCase()], value, `request header ${name}`);
  if (ex.requestBody === undefined) assert.equal(sent.body, '', 'no request body');
  else assert.deepEqual(JSON.parse(sent.body), ex.requestBody, 'request body');
}

/** Items, paging fields (where the recording carries paging headers) and the reads of every item. */
function checkPage(ex: Exchange, name: OperationName, operation: Operation, page: Page<unknown>): void {
  const result = operation.result;
  assert.equal(result.kind, 'list');
  const body = result.kind === 'list' && result.itemsKey ? (ex.responseBody as Record<string, unknown>)[result.itemsKey] : ex.responseBody;
  const recorded = (body ?? []) as unknown[];
  assert.ok(Array.isArray(recorded), 'the recorded answer is a list');
  assert.equal(page.items.length, recorded.length, 'every recorded item is kept');
  recorded.forEach((item, i) => checkReads(name, page.items[i], item, `items[${i}]`));

  const headers = Object.fromEntries(Object.entries(ex.responseHeaders).map(([k, v]) => [k.toLowerCase(), v]));
  const link = headers['link'];
  const bodyTotal = result.kind === 'list' && result.totalKey ? (ex.responseBody as Record<string, unknown>)[result.totalKey] : undefined;
  const total = headers['x-total-count'] !== undefined ? Number(headers['x-total-count']) : typeof bodyTotal === 'number' ? bodyTotal : undefined;
  if (total !== undefined) assert.equal(page.totalCount, total, 'totalCount from X-Total-Count / total_count');
  const asked = recordedQuery(ex);
  const next = linkPage(link, 'next');
  if (next !== undefined) {
    assert.equal(page.hasMore, true, 'Link rel=next → hasMore');
    assert.equal(page.nextPage, next, 'nextPage from Link rel=next');
  } else if (headers['x-hasmore'] !== undefined) {
    assert.equal(page.hasMore, headers['x-hasmore'] === 'true', 'hasMore from X-HasMore');
  } else if (link !== undefined) {
    assert.equal(page.hasMore, false, 'a Link without rel=next is the last page');
  } else if (total !== undefined && asked.has('page') && asked.has('limit')) {
    assert.equal(page.hasMore, Number(asked.get('page')) * Number(asked.get('limit')) < total, 'hasMore from the total');
  }
  const last = linkPage(link, 'last');
  if (last !== undefined) assert.equal(page.lastPage, last, 'lastPage from Link rel=last');
}

function checkAnswer(ex: Exchange, resolved: Resolved, value: unknown): void {
  const result = resolved.operation.result;
  switch (result.kind) {
    case 'json':
      checkReads(resolved.name, value, ex.responseBody, '(body)');
      return;
    case 'list':
      checkPage(ex, resolved.name, resolved.operation, value as Page<unknown>);
      return;
    case 'text':
      assert.equal(value, ex.responseBody, 'the text answer as sent');
      return;
    case 'bytes':
      assert.ok(value instanceof Uint8Array, 'bytes');
      assert.equal(Buffer.from(value).toString('utf8'), ex.responseBody, 'the bytes as sent');
      return;
    case 'none':
      assert.equal(value, undefined);
  }
}

async function checkRefusal(ex: Exchange, resolved: Resolved, call: Promise<unknown>): Promise<void> {
  const e = await failure(call);
  const message = (ex.responseBody as { message?: unknown } | undefined)?.message;
  assert.equal(typeof message, 'string', 'the recorded refusal carries a message');
  assert.equal(e.kind, expectedKind(ex.status, message as string), `${e.kind} (${e.status}): ${e.message}`);
  assert.equal(e.status, ex.status, 'status');
  assert.equal(e.serverMessage, message, "the server's message is kept");
  assert.equal(e.operation, resolved.name, 'operation');
  const field = ex.status === 422 ? /^\[(\w+)\]:/.exec(message as string)?.[1] : undefined;
  if (field) assert.equal(e.details.field, field, 'the field a validation message names');
}

describe('the client against the recordings of Gitea 1.27.0', () => {
  if (!existsSync(FILE)) {
    it('finds the recordings', () => {
      assert.fail(`The recordings file is missing: ${FILE}. It belongs in test/fixtures/gitea-api/recordings/ of the repository.`);
    });
    return;
  }
  const lines = readRecordings(FILE);
  const exchanges = lines.filter((l): l is Exchange => !('error' in l));
  const settings = exchanges.find((ex) => ex.operationId === 'getGeneralAPISettings' && ex.status === 200);
  let stub: Stub;
  let current: Exchange | undefined;

  before(async () => {
    // Each test replays one exchange; a list call's first GET /settings/api gets Gitea's recorded settings.
    stub = await startStub((req): StubReply => {
      const replay = current?.operationId !== 'getGeneralAPISettings' && req.url.split('?')[0] === SETTINGS_PATH ? settings : current;
      return replay ? replyFor(replay, `${stub.origin}/`) : { status: 599, body: 'no exchange is being replayed' };
    });
  });
  after(() => stub?.close());

  it('has more than 100 exchanges and the settings answer list calls need', () => {
    assert.ok(exchanges.length > 100, `${exchanges.length} exchanges in ${FILE}`);
    assert.ok(settings, 'a recorded 200 answer of getGeneralAPISettings');
  });

  for (const entry of lines) {
    if ('error' in entry) {
      it(`line ${entry.line} is an exchange`, () => assert.fail(entry.error));
      continue;
    }
    const ex = entry;
    const resolved = resolveOperation(ex);
    const relabelled = resolved && resolved.name !== ex.operationId ? ` (recorded as ${ex.operationId})` : '';
    const apiPath = recordedPath(ex).replace(/^\/api\/v1/, '');
    it(`line ${ex.line} ${resolved?.name ?? ex.operationId} ${ex.method} ${apiPath} → ${ex.status}${relabelled}`, async () => {
      assert.ok(resolved, `no client operation serves ${ex.method} ${ex.url} (recorded as ${ex.operationId})`);
      if (relabelled) {
        // Only a path the recorder matched to a less specific template than the one the server routes it to.
        assert.ok(resolved.operation.path.startsWith(ex.pathTemplate), `${ex.operationId} (${ex.pathTemplate}) vs ${resolved.operation.path}`);
      }
      const { params, unknownQuery } = paramsFor(ex, resolved);
      assert.deepEqual(unknownQuery, [], `query parameters the client's ${resolved.name} cannot send`);
      current = ex;
      stub.requests.length = 0;
      const client = createClient({ baseUrl: `${stub.origin}/`, auth: { kind: 'token', token: TOKEN }, timeoutMs: 5000 });
      const method = (client as unknown as Record<string, (p: Record<string, unknown>) => Promise<unknown>>)[resolved.name]!;
      const call = method.call(client, params);
      if (ex.status >= 200 && ex.status < 300) checkAnswer(ex, resolved, await call);
      else await checkRefusal(ex, resolved, call);

      const own = ex.operationId === 'getGeneralAPISettings' ? stub.requests : stub.requests.filter((r) => r.url.split('?')[0] !== SETTINGS_PATH);
      assert.equal(own.length, 1, `one request: ${stub.requests.map((r) => `${r.method} ${r.url}`).join(', ')}`);
      checkRequest(ex, own[0]!);
    });
  }
});
