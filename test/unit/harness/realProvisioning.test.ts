// Real-server mode's plumbing against a small fake server: the environment variables, the retry of a merge that
// Gitea asks to try again later, the ledger that deletes in reverse order once, and the sweep of what killed runs
// left behind (only runs that are over: process gone on this host, or older than any run lasts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { RealApi, readRealServerEnv } from '../../harness/realApi';
import { Ledger, sweepLeftovers } from '../../harness/realCleanup';

type Route = (req: IncomingMessage) => { status: number; body?: unknown } | undefined;

/** A JSON server answering with `route`; records `METHOD path` of every request. */
async function fakeServer(route: Route): Promise<{ url: string; calls: string[]; close(): Promise<void> }> {
  const calls: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    calls.push(`${req.method} ${req.url}`);
    const answer = route(req) ?? { status: 404, body: { message: 'not found' } };
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('the environment: a URL needs a user and a secret; the two-factor account is all three variables or none', () => {
  assert.equal(readRealServerEnv({}), undefined);
  assert.throws(() => readRealServerEnv({ GITEA_E2E_URL: 'http://h' }), /GITEA_E2E_USERNAME/);
  const env = readRealServerEnv({ GITEA_E2E_URL: 'http://h/git', GITEA_E2E_USERNAME: 'alice', GITEA_E2E_TOKEN: 't' });
  assert.deepEqual(env, { url: 'http://h/git/', username: 'alice', password: undefined, token: 't' });
  const base = { GITEA_E2E_URL: 'http://h/', GITEA_E2E_USERNAME: 'alice', GITEA_E2E_PASSWORD: 'p' };
  assert.throws(() => readRealServerEnv({ ...base, GITEA_E2E_OTP_SECRET: 'S' }), /GITEA_E2E_OTP_USERNAME/);
  const otp = { GITEA_E2E_OTP_USERNAME: 'dave', GITEA_E2E_OTP_PASSWORD: 'pw', GITEA_E2E_OTP_SECRET: 'S' };
  assert.deepEqual(readRealServerEnv({ ...base, ...otp })?.twoFactor, { username: 'dave', password: 'pw', totpSecret: 'S' });
});

test('a merge answered 405 "Please try again later" is retried; another 405 is an error at once', async () => {
  let merges = 0;
  const server = await fakeServer((req) => {
    if (req.url === '/api/v1/repos/a/r/pulls/1/merge') {
      merges++;
      return merges < 3 ? { status: 405, body: { message: 'Please try again later' } } : { status: 200 };
    }
    if (req.url === '/api/v1/repos/a/r/pulls/2/merge') return { status: 405, body: { message: 'User not allowed to merge PR' } };
    return undefined;
  });
  try {
    const api = new RealApi({ url: server.url, username: 'a', token: 't' });
    assert.equal((await api.call('POST', '/repos/a/r/pulls/1/merge', { Do: 'merge' })).status, 200);
    assert.equal(merges, 3);
    await assert.rejects(api.call('POST', '/repos/a/r/pulls/2/merge', { Do: 'merge' }), /405: .*not allowed/);
    assert.equal(server.calls.filter((c) => c.endsWith('/pulls/2/merge')).length, 1);
  } finally {
    await server.close();
  }
});

test('the ledger deletes latest first, once, and names what it could not delete', async () => {
  const order: string[] = [];
  const ledger = new Ledger();
  ledger.add('repository', async () => order.push('repository'));
  ledger.add('organisation', () => Promise.reject(new Error('HTTP 500')));
  ledger.add('user', async () => order.push('user'));
  const first = ledger.cleanup();
  await assert.rejects(first, /could not delete organisation: HTTP 500/);
  assert.deepEqual(order, ['user', 'repository']);
  await assert.rejects(ledger.cleanup(), /organisation/);
  assert.deepEqual(order, ['user', 'repository'], 'nothing runs twice');
});

test('the sweep deletes what runs that are over left behind, and nothing of a run still going', async () => {
  const now = Date.now().toString(36);
  const old = (Date.now() - 3 * 60 * 60_000).toString(36);
  const dead = `gwb-test-${now}-dead`; // this host, a process that is gone
  const live = `gwb-test-${now}-live`; // this host, this very process
  const aged = `gwb-test-${old}-aged`; // another host, older than any run
  const marker = (pid: number, host = hostname()) => `Gitea Workbench test run (pid ${pid} on ${host}); deleted when the run ends.`;
  const server = await fakeServer((req) => {
    const page1 = req.url?.includes('page=1');
    if (req.method === 'DELETE') return { status: 204 };
    if (req.url?.startsWith('/api/v1/user/repos')) {
      const repos = [
        { name: dead, owner: { login: 'alice' }, description: marker(2 ** 22 + 7) },
        { name: live, owner: { login: 'alice' }, description: marker(process.pid) },
        { name: `${aged}-archived`, owner: { login: 'alice' }, description: marker(process.pid, 'elsewhere') },
        { name: 'gwb-test-notes', owner: { login: 'alice' }, description: '' },
        { name: `${dead}-fork`, owner: { login: 'bob' }, description: '' },
      ];
      return { status: 200, body: page1 ? repos : [] };
    }
    if (req.url?.startsWith('/api/v1/user/orgs')) return { status: 200, body: page1 ? [{ username: `${dead}-org`, description: '' }] : [] };
    if (req.url?.startsWith(`/api/v1/orgs/${dead}-org/repos`)) return { status: 200, body: page1 ? [{ name: 'site' }] : [] };
    if (req.url?.startsWith('/api/v1/user/hooks')) {
      return { status: 200, body: page1 ? [{ id: 7, config: { url: `https://ci.example.com/hooks/${live}` } }, { id: 8, config: { url: 'https://x/hooks/mine' } }] : [] };
    }
    if (req.url?.startsWith('/api/v1/users/search')) return { status: 200, body: { data: [{ login: `${dead}-m` }, { login: `${live}-m` }] } };
    return undefined;
  });
  try {
    const api = new RealApi({ url: server.url, username: 'alice', token: 't' });
    const swept = await sweepLeftovers(api, 'alice', { isAdmin: true, hasPassword: false });
    assert.deepEqual(swept, [
      `repository alice/${dead}`,
      `repository alice/${aged}-archived`,
      `organisation ${dead}-org`,
      `user ${dead}-m`,
    ]);
    const deletes = server.calls.filter((c) => c.startsWith('DELETE'));
    assert.deepEqual(deletes, [
      `DELETE /api/v1/repos/alice/${dead}`,
      `DELETE /api/v1/repos/alice/${aged}-archived`,
      `DELETE /api/v1/repos/${dead}-org/site`,
      `DELETE /api/v1/orgs/${dead}-org`,
      `DELETE /api/v1/admin/users/${dead}-m?purge=true`,
    ]);
  } finally {
    await server.close();
  }
});
