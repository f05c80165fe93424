// Sign-in inside the extension host, against a test server started in this process (so that the requests it
// received can be inspected): token, password (a scoped token is created and only the token kept), two-factor
// (the one-time code is spent on the token), and the failures that must each get their own message.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import * as vscode from 'vscode';
import type { Services } from '../../src/core/services';
import type { SignInResult } from '../../src/auth/signInArgs';
import type { StoredSecret } from '../../src/auth/accountStore';
import { TOKEN_SCOPES } from '../../src/auth/credentialCheck';
import { resolveTarget } from '../../src/core/target';
import { FIXTURES, startTestServer, totp, type TestServer } from '../server/index';
import { testEnv } from './env';

const EXTENSION_ID = 'gitea-workbench.gitea-workbench';
const { alice, bob } = FIXTURES.users;

interface AccountsWithSecrets {
  secretFor(accountId: string): Promise<StoredSecret | undefined>;
}

async function workbenchServices(): Promise<Services & { accounts: Services['accounts'] & AccountsWithSecrets }> {
  const ext = vscode.extensions.getExtension<{ services: Services }>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not installed in this host`);
  return (await ext.activate()).services as Services & { accounts: Services['accounts'] & AccountsWithSecrets };
}

function signIn(args: Record<string, unknown>): Thenable<SignInResult> {
  return vscode.commands.executeCommand<SignInResult>('gitea.signIn', args);
}

async function signOutOf(services: Services, instanceUrl: string): Promise<void> {
  for (const a of services.accounts.accounts.filter((x) => x.instanceUrl === instanceUrl)) {
    await vscode.commands.executeCommand('gitea.signOut', { accountId: a.id });
  }
}

/** API requests the server received from index `from` on, as `METHOD /path`. */
function apiCalls(server: TestServer, from: number): string[] {
  return server.requests.slice(from).filter((r) => r.kind === 'api').map((r) => `${r.method} ${r.apiPath}`);
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('sign-in (gitea.signIn with arguments)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let services: Awaited<ReturnType<typeof workbenchServices>>;

  before(async () => {
    server = await startTestServer();
    services = await workbenchServices();
  });
  afterEach(async () => signOutOf(services, server.url));
  after(async () => server?.close());

  it('with a token: GET /user and GET /version are checked, then the account and its token are saved', async () => {
    const from = server.requests.length;
    const result = await signIn({ url: server.url, username: 'alice', token: alice.tokens.all });
    assert.ok(result.ok, !result.ok ? result.message : '');
    assert.deepEqual(result.account, { id: `${server.url}|alice`, instanceUrl: server.url, username: 'alice', flavor: 'gitea', version: '1.27.0' });
    assert.deepEqual(apiCalls(server, from), ['GET /user', 'GET /version']);
    assert.equal(server.requests[from]!.headers.authorization, `token ${alice.tokens.all}`);
    assert.deepEqual(await services.accounts.secretFor(result.account.id), { kind: 'token', token: alice.tokens.all });
    assert.ok(services.accounts.accounts.some((a) => a.id === result.account.id));
    const menu = await vscode.authentication.getAccounts('gitea-workbench');
    assert.ok(menu.some((a) => a.id === result.account.id), 'the account is offered in the Accounts menu');
  });

  it('accepts the instance URL without trailing slash, with a sub-path and a port', async () => {
    const sub = await startTestServer({ subPath: '/git' });
    try {
      const typed = sub.url.replace(/\/$/, ''); // http://127.0.0.1:PORT/git
      const result = await signIn({ url: typed, username: 'alice', token: alice.tokens.all });
      assert.ok(result.ok, !result.ok ? result.message : '');
      assert.equal(result.account.instanceUrl, sub.url);
      assert.ok(sub.requests.some((r) => r.url.startsWith('/git/api/v1/user')), 'requests went to the sub-path');
    } finally {
      await signOutOf(services, sub.url);
      await sub.close();
    }
  });

  it('with a password: a scoped access token is created and only the token is kept', async () => {
    const from = server.requests.length;
    const result = await signIn({ url: server.url, username: 'alice', password: alice.password });
    assert.ok(result.ok, !result.ok ? result.message : '');
    assert.deepEqual(apiCalls(server, from), ['GET /user', 'GET /version', 'POST /users/alice/tokens', 'GET /user', 'GET /version']);
    const create = server.requests.slice(from).find((r) => r.apiPath === '/users/alice/tokens')!;
    assert.match(create.headers.authorization ?? '', /^Basic /);
    const body = create.body as { name: string; scopes: string[] };
    assert.deepEqual(body.scopes, [...TOKEN_SCOPES]);
    assert.match(body.name, /^gitea-workbench-/);
    const secret = await services.accounts.secretFor(result.account.id);
    assert.equal(secret?.kind, 'token');
    assert.notEqual((secret as { token: string }).token, alice.password);
    const created = server.state.tokens.find((t) => t.token === (secret as { token: string }).token);
    assert.ok(created, 'the kept token is the one the server created');
    assert.deepEqual(created.scopes, [...TOKEN_SCOPES]);
  });

  it('with a password and keepPassword: the password is kept when the user declines a token', async () => {
    const from = server.requests.length;
    const result = await signIn({ url: server.url, username: 'alice', password: alice.password, keepPassword: true });
    assert.ok(result.ok, !result.ok ? result.message : '');
    assert.deepEqual(apiCalls(server, from), ['GET /user', 'GET /version']);
    assert.deepEqual(await services.accounts.secretFor(result.account.id), { kind: 'basic', password: alice.password });
  });

  it('two-factor: the password alone is refused, the one-time code creates a token, a used code is refused', async () => {
    const without = await signIn({ url: server.url, username: 'bob', password: bob.password });
    assert.equal(without.ok, false);
    assert.equal(!without.ok && without.kind, 'unauthorized');
    assert.match(!without.ok ? without.message : '', /one-time code/);
    assert.ok(!services.accounts.accounts.some((a) => a.instanceUrl === server.url), 'nothing saved');

    const code = totp(bob.totpSecret);
    const from = server.requests.length;
    const result = await signIn({ url: server.url, username: 'bob', password: bob.password, otp: code });
    assert.ok(result.ok, !result.ok ? result.message : '');
    assert.equal(result.account.username, 'bob');
    const create = server.requests.slice(from).find((r) => r.apiPath === '/users/bob/tokens')!;
    assert.equal(create.headers['x-gitea-otp'], code);
    assert.equal(server.requests.slice(from).filter((r) => r.headers['x-gitea-otp']).length, 1, 'the code is sent once');
    assert.equal((await services.accounts.secretFor(result.account.id))?.kind, 'token');

    await signOutOf(services, server.url);
    const reused = await signIn({ url: server.url, username: 'bob', password: bob.password, otp: code });
    assert.equal(reused.ok, false);
    assert.match(!reused.ok ? reused.message : '', /one-time code or the password was not accepted/);
  });

  it('a wrong password gets its own message and nothing is saved', async () => {
    const result = await signIn({ url: server.url, username: 'alice', password: 'not-the-password' });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.kind, 'unauthorized');
    assert.match(!result.ok ? result.message : '', /did not accept the user name and password: the password may be mistyped/);
    assert.ok(!(!result.ok && result.message.includes('not-the-password')), 'the password is not in the message');
    assert.equal(services.accounts.accounts.filter((a) => a.instanceUrl === server.url).length, 0);
  });

  it('a wrong token gets its own message', async () => {
    const result = await signIn({ url: server.url, username: 'alice', token: '0123456789abcdef0123456789abcdef01234567' });
    assert.equal(!result.ok && result.kind, 'unauthorized');
    assert.match(!result.ok ? result.message : '', /did not accept this token/);
  });

  it('an unreachable host gets a network message and nothing is saved', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/`;
    const result = await signIn({ url, username: 'alice', token: alice.tokens.all });
    assert.equal(!result.ok && result.kind, 'network');
    assert.match(!result.ok ? result.message : '', /refused|reach|connect/i);
    assert.ok(!services.accounts.accounts.some((a) => a.instanceUrl === url));
  });

  it('an address that is not a Gitea instance says so', async () => {
    const result = await signIn({ url: `${server.url}not-gitea/`, username: 'alice', token: alice.tokens.all });
    assert.equal(!result.ok && result.kind, 'notFound');
    assert.match(!result.ok ? result.message : '', /No Gitea or Forgejo API/);
  });

  it('an invalid address is refused before any request', async () => {
    const from = server.requests.length;
    const result = await signIn({ url: 'ftp://example.com', username: 'alice', token: alice.tokens.all });
    assert.equal(!result.ok && result.kind, 'validation');
    assert.equal(server.requests.length, from);
  });

  it('Sign Out removes the account, its secret and its Accounts-menu entry', async () => {
    const result = await signIn({ url: server.url, username: 'alice', token: alice.tokens.all });
    assert.ok(result.ok);
    await vscode.commands.executeCommand('gitea.signOut', { accountId: result.account.id });
    assert.ok(!services.accounts.accounts.some((a) => a.id === result.account.id));
    assert.equal(await services.accounts.secretFor(result.account.id), undefined);
    const menu = await vscode.authentication.getAccounts('gitea-workbench');
    assert.ok(!menu.some((a) => a.id === result.account.id));
  });

  it('a repository that is not cloned can be selected on the signed-in instance', async () => {
    const before = services.repos.active;
    const result = await signIn({ url: server.url, username: 'alice', token: alice.tokens.all });
    assert.ok(result.ok);
    try {
      await vscode.commands.executeCommand('gitea.selectRepository', { owner: 'alice', repo: 'demo', instanceUrl: server.url });
      const active = services.repos.active;
      assert.deepEqual(active && { instanceUrl: active.instanceUrl, owner: active.owner, repo: active.repo, accountId: active.accountId }, {
        instanceUrl: server.url,
        owner: 'alice',
        repo: 'demo',
        accountId: result.account.id,
      });
      const resolution = await resolveTarget(services);
      assert.equal(resolution.kind, 'ready');
      if (resolution.kind === 'ready') assert.equal((await resolution.target.client.repoGet({ owner: 'alice', repo: 'demo' })).full_name, 'alice/demo');
    } finally {
      if (before) await vscode.commands.executeCommand('gitea.selectRepository', { owner: before.owner, repo: before.repo, instanceUrl: before.instanceUrl });
    }
  });
});

describe('repository context from the clone the harness opened', function () {
  this.timeout(120_000);
  let services: Awaited<ReturnType<typeof workbenchServices>>;
  let signedInHere: string | undefined;

  before(async () => {
    services = await workbenchServices();
    const { url, user } = testEnv();
    if (!services.accounts.accounts.some((a) => a.instanceUrl === url)) {
      const result = await signIn({ url, username: user.username, ...(user.token ? { token: user.token } : { password: user.password }) });
      assert.ok(result.ok, !result.ok ? result.message : '');
      signedInHere = result.account.id;
    }
  });

  after(async () => {
    if (signedInHere) await vscode.commands.executeCommand('gitea.signOut', { accountId: signedInHere });
  });

  it("detects the repository from the clone's origin through the git extension", async () => {
    const { url, repo, workspace } = testEnv();
    const end = Date.now() + 60_000;
    let found = services.repos.detected.find((r) => r.instanceUrl === url);
    while (!found && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 250));
      found = services.repos.detected.find((r) => r.instanceUrl === url);
    }
    assert.ok(found, `not detected; detected: ${JSON.stringify(services.repos.detected)}`);
    assert.equal(`${found.owner}/${found.repo}`, `${repo.owner}/${repo.name}`);
    assert.equal(found.remoteName, 'origin');
    assert.equal(found.rootUri?.fsPath, workspace);
    assert.equal(found.accountId, services.accounts.accountFor(url)?.id);
  });

  it('repoForUri maps a file of the clone to its repository, and an editor on it makes it active', async () => {
    const { url, workspace } = testEnv();
    const file = vscode.Uri.file(`${workspace}/README.md`);
    const ref = services.repos.repoForUri(file);
    assert.equal(ref?.instanceUrl, url);
    await vscode.window.showTextDocument(file);
    const end = Date.now() + 10_000;
    while (services.repos.active?.rootUri?.fsPath !== workspace && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    assert.equal(services.repos.active?.rootUri?.fsPath, workspace);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
