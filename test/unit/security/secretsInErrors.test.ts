// No secret in an error or a log line of the client. The client is driven into every kind of failure with known
// secrets — a token, a password, a one-time code, migration credentials and a webhook's authorization header —
// against a hostile server that echoes whatever it received back in its error messages and bodies. Every string
// the client produces (message, serverMessage, field, String(e), the stack, util.inspect of the error with its
// causes, every log line at every level) is scanned for the secrets and for the Basic header's base64.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { startRecordingServer, type RecordingServer } from './twoOrigins';
import { captureLog, clientMethods, outcomeOf } from '../hostile/clientOutcome';
import type { ClientOptions } from '../../../src/api';

const TOKEN = 'tok_S3CRET_a1b2c3d4e5f6a7b8c9d0';
const PASSWORD = 'Pw-S3CRET-correct-horse';
const OTP = '731942';
const MIGRATION = { auth_password: 'mig-S3CRET-password', auth_token: 'mig_S3CRET_token_998877', aws_secret_access_key: 'AWS-S3CRET-KEY-0123' };
const HOOK_AUTH = 'Bearer hook-S3CRET-header-556677';
const HOOK_CONFIG_SECRET = 'hook-S3CRET-signing-112233';

const SECRETS = [TOKEN, PASSWORD, OTP, ...Object.values(MIGRATION), HOOK_AUTH, HOOK_AUTH.slice('Bearer '.length), HOOK_CONFIG_SECRET];
const BASIC_B64 = Buffer.from(`alice:${PASSWORD}`).toString('base64');

/** Every string reachable from an error that could end up in a notification, a tree item or a log. */
function producedStrings(e: unknown): string[] {
  if (!(e instanceof Error)) return [String(e)];
  const details = (e as { details?: unknown }).details;
  return [e.message, String(e), e.stack ?? '', inspect(e, { depth: 8, showHidden: false }), JSON.stringify(details ?? null)];
}

function assertClean(label: string, strings: readonly string[]): void {
  for (const s of strings) {
    for (const secret of [...SECRETS, BASIC_B64]) {
      assert.ok(!s.includes(secret), `${label}: "${secret}" appears in: ${s.slice(0, 500)}`);
    }
  }
}

/** How the hostile instance answers: it echoes the request (headers and body) in its error message. */
type Mode = 'echo401' | 'echo403' | 'echo422' | 'echo500' | 'echoMalformed' | 'echoHtml502' | 'ok';

describe('no secret in errors or logs', () => {
  let server: RecordingServer;
  let mode: Mode = 'echo401';

  before(async () => {
    server = await startRecordingServer((r) => {
      const echo = `${r.method} ${r.url} authorization=${r.headers.authorization ?? ''} otp=${r.headers['x-gitea-otp'] ?? ''} body=${r.body}`;
      switch (mode) {
        case 'echo401':
          return { status: 401, body: JSON.stringify({ message: `invalid username, password or token: ${echo}` }) };
        case 'echo403':
          return { status: 403, body: JSON.stringify({ message: `token does not have at least one of required scope(s), required=[write:issue], token scope=${echo}` }) };
        case 'echo422':
          return { status: 422, body: JSON.stringify({ message: `Authentication failed: ${echo}` }) };
        case 'echo500':
          return { status: 500, body: JSON.stringify({ message: `panic: ${echo}` }) };
        case 'echoMalformed':
          return { status: r.method === 'POST' ? 201 : 200, body: JSON.stringify({ id: echo, login: { secret: echo }, name: [echo] }) };
        case 'echoHtml502':
          return { status: 502, headers: { 'content-type': 'text/html' }, body: `<html><head><title>502 ${echo}</title></head><body>${echo}</body></html>` };
        case 'ok':
          return { status: r.method === 'POST' ? 201 : 200, body: '{}' };
      }
    });
  });
  after(() => server.close());

  const AUTHS: [string, NonNullable<ClientOptions['auth']>][] = [
    ['token', { kind: 'token', token: TOKEN }],
    ['basic', { kind: 'basic', username: 'alice', password: PASSWORD }],
    ['basic+otp', { kind: 'basic', username: 'alice', password: PASSWORD, otp: OTP }],
  ];

  const CALLS: [string, Record<string, unknown>][] = [
    ['userGetCurrent', {}],
    ['repoListBranches', { owner: 'alice', repo: 'big', page: 1, limit: 50 }],
    ['repoMigrate', { body: { clone_addr: `https://alice:${MIGRATION.auth_password}@example.com/x/y.git`, repo_name: 'y', repo_owner: 'alice', service: 'gitea', auth_username: 'alice', ...MIGRATION } }],
    ['orgCreateHook', { org: 'acme', body: { type: 'gitea', active: true, events: ['push'], authorization_header: HOOK_AUTH, config: { url: 'https://hooks.example.com/x', content_type: 'json', secret: HOOK_CONFIG_SECRET } } }],
    ['userEditHook', { id: 1, body: { active: true, events: ['push'], branch_filter: '', authorization_header: HOOK_AUTH, config: { url: 'https://hooks.example.com/x', content_type: 'json', secret: HOOK_CONFIG_SECRET } } }],
  ];

  for (const m of ['echo401', 'echo403', 'echo422', 'echo500', 'echoMalformed', 'echoHtml502', 'ok'] as const) {
    for (const [authName, auth] of AUTHS) {
      it(`${m} with ${authName}: errors and logs carry no secret`, async () => {
        mode = m;
        const { lines, log } = captureLog();
        const client = clientMethods({ baseUrl: `${server.origin}/`, auth, timeoutMs: 5000, log });
        for (const [op, params] of CALLS) {
          const out = await outcomeOf(client[op]!(structuredClone(params)));
          if (!out.ok) assertClean(`${m}/${authName}/${op}`, producedStrings('error' in out ? out.error : out.untyped));
        }
        assertClean(`${m}/${authName} log`, lines);
      });
    }
  }

  it('a per-request one-time code is kept out of errors and logs too', async () => {
    mode = 'echo401';
    const { lines, log } = captureLog();
    const client = clientMethods({ baseUrl: `${server.origin}/`, auth: { kind: 'basic', username: 'alice', password: PASSWORD }, timeoutMs: 5000, log });
    const out = await outcomeOf(client.userGetCurrent!({}, { otp: OTP } as { signal?: AbortSignal }));
    assert.equal(out.ok, false);
    if (!out.ok) assertClean('per-request otp', producedStrings('error' in out ? out.error : out.untyped));
    assertClean('per-request otp log', lines);
  });

  it('transport failures (refused, timeout) carry no secret', async () => {
    const { lines, log } = captureLog();
    // The URL's user-info is a secret too: the client must neither send nor print it.
    for (const baseUrl of ['http://127.0.0.1:9/', `http://alice:${PASSWORD}@127.0.0.1:9/`]) {
      const client = clientMethods({ baseUrl, auth: { kind: 'token', token: TOKEN }, timeoutMs: 2000, log });
      const out = await outcomeOf(client.userGetCurrent!({}));
      if (!out.ok) assertClean(`refused ${baseUrl.replace(PASSWORD, '…')}`, producedStrings('error' in out ? out.error : out.untyped));
    }
    assertClean('transport log', lines);
  });
});
