// The client against broken servers: every failure is a GiteaError of the right kind with a message a user can
// act on (no HTML, no stack), requests time out after the configured time, and an AbortSignal cancels them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { GiteaErrorKind } from '../../../src/api/errorKind';
import { closedPort, startBrokenServer, type BrokenMode, type BrokenServer } from './brokenServer';
import { clientMethods, describeUntyped, outcomeOf, type AnyMethod, type Outcome } from './clientOutcome';

const LIST = { owner: 'alice', repo: 'big', page: 1, limit: 50 };

function client(baseUrl: string, timeoutMs = 5000): Record<string, AnyMethod> {
  return clientMethods({ baseUrl, auth: { kind: 'token', token: 'broken-token' }, timeoutMs });
}

/** The error of a failed call; fails the test on success or on an untyped throw. */
function typedError(out: Outcome, what: string) {
  if (out.ok) assert.fail(`${what}: expected a GiteaError, got a value: ${JSON.stringify(out.value).slice(0, 300)}`);
  if ('untyped' in out) assert.fail(`${what}: untyped throw ${describeUntyped(out.untyped)}`);
  const e = out.error;
  assert.ok(e.message.trim().length > 10, `${what}: message too short to act on: "${e.message}"`);
  assert.doesNotMatch(e.message, /<\/?(html|head|body|center|h1|form)\b/i, `${what}: the message carries the proxy's HTML`);
  assert.doesNotMatch(e.message, /\n[ \t]+at /, `${what}: the message carries a stack trace`);
  assert.doesNotMatch(e.message, /broken-token/, `${what}: the message carries the token`);
  assert.equal(e.operation, 'repoListBranches', `${what}: the error does not name the operation`);
  return e;
}

describe('client against a broken server', () => {
  let server: BrokenServer;
  before(async () => {
    server = await startBrokenServer();
  });
  after(() => server.close());

  const expectKind = (mode: BrokenMode, kinds: readonly GiteaErrorKind[], extra?: (e: ReturnType<typeof typedError>) => void): void =>
    void it(`${mode} → ${kinds.join(' or ')}`, async () => {
      const out = await outcomeOf(client(server.urlFor(mode)).repoListBranches!({ ...LIST }));
      const e = typedError(out, mode);
      assert.ok(kinds.includes(e.kind), `${mode}: kind ${e.kind} (${e.message})`);
      extra?.(e);
    });

  expectKind('truncatedJson', ['malformed']);
  expectKind('nginx502', ['server'], (e) => assert.equal(e.status, 502));
  expectKind('htmlLogin', ['malformed']);
  expectKind('wrongTypes', ['malformed'], (e) => assert.match(e.details.field ?? '', /\[0\]\.(name|commit|protected)$/));
  expectKind('wrongShape', ['malformed']);
  expectKind('emptyBody', ['malformed']);
  expectKind('status502', ['server'], (e) => assert.equal(e.status, 502));
  expectKind('status503', ['server'], (e) => assert.equal(e.status, 503));
  expectKind('status504', ['server'], (e) => assert.equal(e.status, 504));
  expectKind('resetBeforeHeaders', ['network']);
  expectKind('resetMidBody', ['network']);
  expectKind('hugeGarbage', ['malformed']);
  // undici's fetch reports a corrupt gzip stream as a body error, request() hands over the raw bytes: both are fine
  // as long as the result is typed.
  expectKind('badGzip', ['malformed', 'network']);

  it('a 60 MB body is parsed or refused with a typed error, without crashing', { timeout: 120_000 }, async () => {
    const out = await outcomeOf(client(server.urlFor('huge'), 60_000).repoListBranches!({ ...LIST }));
    if (!out.ok && 'untyped' in out) assert.fail(`untyped throw ${describeUntyped(out.untyped)}`);
    if (!out.ok) assert.ok(['malformed', 'server'].includes(out.error.kind), `kind ${out.error.kind}: ${out.error.message}`);
    else assert.ok(Array.isArray((out.value as { items?: unknown[] }).items));
  });

  it('connection refused → network', async () => {
    const port = await closedPort();
    const out = await outcomeOf(client(`http://127.0.0.1:${port}/`).repoListBranches!({ ...LIST }));
    assert.equal(typedError(out, 'refused').kind, 'network');
  });

  it('a server that accepts and never answers → timeout after the configured time', async () => {
    const started = Date.now();
    const out = await outcomeOf(client(server.urlFor('hang'), 300).repoListBranches!({ ...LIST }));
    const elapsed = Date.now() - started;
    assert.equal(typedError(out, 'hang').kind, 'timeout');
    // Upper bounds are loose (shared, busy machines); they only need to tell the setting from the 30 s default.
    assert.ok(elapsed >= 250 && elapsed < 10_000, `timed out after ${elapsed} ms with timeoutMs 300`);
  });

  it('the timeout is the configured one, not a default', async () => {
    const started = Date.now();
    const out = await outcomeOf(client(server.urlFor('hang'), 1200).repoListBranches!({ ...LIST }));
    const elapsed = Date.now() - started;
    assert.equal(typedError(out, 'hang 1200').kind, 'timeout');
    assert.ok(elapsed >= 1100 && elapsed < 12_000, `timed out after ${elapsed} ms with timeoutMs 1200`);
  });

  it('a body that stalls after the headers → timeout', async () => {
    const out = await outcomeOf(client(server.urlFor('stallBody'), 400).repoListBranches!({ ...LIST }));
    assert.equal(typedError(out, 'stallBody').kind, 'timeout');
  });

  it('an AbortSignal cancels a hung request promptly → cancelled', async () => {
    const ac = new AbortController();
    const started = Date.now();
    setTimeout(() => ac.abort(), 200);
    const out = await outcomeOf(client(server.urlFor('hang'), 30_000).repoListBranches!({ ...LIST }, { signal: ac.signal }));
    const elapsed = Date.now() - started;
    assert.equal(typedError(out, 'abort').kind, 'cancelled');
    assert.ok(elapsed < 10_000, `cancelled after ${elapsed} ms, abort was at 200 ms (the timeout was 30 s)`);
  });

  it('an already aborted signal → cancelled', async () => {
    const out = await outcomeOf(client(server.urlFor('hang'), 30_000).repoListBranches!({ ...LIST }, { signal: AbortSignal.abort() }));
    assert.equal(typedError(out, 'pre-aborted').kind, 'cancelled');
  });
});

describe('client does not keep abandoned connections', () => {
  it('closes the socket of a timed-out and of a cancelled request', async () => {
    const server = await startBrokenServer();
    try {
      const c = client(server.urlFor('hang'), 300);
      await outcomeOf(c.repoListBranches!({ ...LIST }));
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 100);
      await outcomeOf(c.repoListBranches!({ ...LIST }, { signal: ac.signal }));
      const deadline = Date.now() + 2000;
      while (server.pendingRequests() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.equal(server.pendingRequests(), 0, 'the connection of an abandoned request is still open');
    } finally {
      await server.close();
    }
  });
});
