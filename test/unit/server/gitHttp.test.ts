// Git smart HTTP of the test server: clone, log, push (new branch shows up in the API), protected branch,
// private repositories and two-factor accounts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api, gitSandbox } from './helpers';

describe('test server: git over smart HTTP', () => {
  let server: TestServer;
  let sandbox: Awaited<ReturnType<typeof gitSandbox>>;
  before(async () => {
    [server, sandbox] = await Promise.all([startTestServer({ subPath: '/git' }), gitSandbox()]);
  });
  after(async () => {
    await Promise.all([server?.close(), sandbox?.dispose()]);
  });

  const authedUrl = (user: string, secret: string, repo: string) =>
    server.url.replace('://', `://${user}:${secret}@`) + `${repo}.git`;

  it('clones a public repository anonymously and git log shows the fixture history', async () => {
    const clone = await sandbox.git(['clone', '--quiet', `${server.url}alice/demo.git`, 'demo']);
    assert.equal(clone.code, 0, clone.stderr);
    const log = await sandbox.git(['log', '--format=%s', 'origin/main'], `${sandbox.dir}/demo`);
    const subjects = log.stdout.toString().trim().split('\n');
    assert.deepEqual(subjects.slice(-3), ['Improve main entry', 'Add guide', 'Initial commit']);
    assert.ok(subjects.includes("Merge pull request 'Fix typo in README' (#3) from fix/typo into main"));
    const heads = await sandbox.git(['ls-remote', '--heads', 'origin'], `${sandbox.dir}/demo`);
    const apiBranches = await api(server, '/repos/alice/demo/branches?limit=50');
    const fromGit = heads.stdout.toString().trim().split('\n').map((l) => l.split('\t')[1].replace('refs/heads/', '')).sort();
    assert.deepEqual(fromGit, apiBranches.json.map((b: { name: string }) => b.name).sort());
    const main = apiBranches.json.find((b: { name: string }) => b.name === 'main');
    const headSha = (await sandbox.git(['rev-parse', 'origin/main'], `${sandbox.dir}/demo`)).stdout.toString().trim();
    assert.equal(main.commit.id, headSha);
  });

  it('a pushed branch appears in the branches endpoint and the feed', async () => {
    const dir = `${sandbox.dir}/push`;
    const url = authedUrl('alice', server.fixtures.users.alice.tokens.all, 'alice/demo');
    assert.equal((await sandbox.git(['clone', '--quiet', url, 'push'])).code, 0);
    await sandbox.git(['checkout', '-q', '-b', 'feature/pushed'], dir);
    await sandbox.git(['commit', '-q', '--allow-empty', '-m', 'Pushed from a test'], dir);
    const push = await sandbox.git(['push', '-q', 'origin', 'feature/pushed'], dir);
    assert.equal(push.code, 0, push.stderr);
    const res = await api(server, '/repos/alice/demo/branches?q=pushed');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.map((b: { name: string }) => b.name), ['feature/pushed']);
    assert.equal(res.json[0].commit.message, 'Pushed from a test\n');
    const feed = await api(server, '/users/alice/activities/feeds?limit=1', { as: 'alice' });
    assert.equal(feed.json[0].op_type, 'commit_repo');
    assert.equal(feed.json[0].ref_name, 'refs/heads/feature/pushed');
  });

  it('refuses a push to the protected main branch by a writer outside the whitelist', async () => {
    const dir = `${sandbox.dir}/bob`;
    const url = authedUrl('bob', server.fixtures.users.bob.tokens.all, 'alice/demo');
    assert.equal((await sandbox.git(['clone', '--quiet', url, 'bob'])).code, 0);
    await sandbox.git(['commit', '-q', '--allow-empty', '-m', 'Direct to main'], dir);
    const push = await sandbox.git(['push', 'origin', 'main'], dir);
    assert.notEqual(push.code, 0);
    assert.match(push.stderr, /protected branch main/);
  });

  it('a reader may not push: refused in the pre-receive hook with Gitea\'s words, nothing written', async () => {
    const dir = `${sandbox.dir}/carol`;
    const url = authedUrl('carol', server.fixtures.users.carol.tokens.all, 'alice/demo');
    assert.equal((await sandbox.git(['clone', '--quiet', url, 'carol'])).code, 0);
    await sandbox.git(['checkout', '-q', '-b', 'carol/idea'], dir);
    await sandbox.git(['commit', '-q', '--allow-empty', '-m', 'An idea'], dir);
    const push = await sandbox.git(['push', 'origin', 'carol/idea'], dir);
    assert.notEqual(push.code, 0);
    assert.match(push.stderr, /remote: error: User permission denied for writing\./);
    assert.match(push.stderr, /! \[remote rejected\] carol\/idea -> carol\/idea \(pre-receive hook declined\)/);
    const branch = await api(server, '/repos/alice/demo/branches/carol/idea', { as: 'alice' });
    assert.equal(branch.status, 404, 'the branch was not created');
  });

  it('private repositories need credentials; 2FA accounts cannot use their password', async () => {
    const anon = await fetch(`${server.url}acme/private-repo.git/info/refs?service=git-upload-pack`);
    assert.equal(anon.status, 401);
    assert.match(anon.headers.get('www-authenticate') ?? '', /^Basic/);
    const bob = server.fixtures.users.bob;
    const pw = await fetch(`${server.url}alice/demo.git/info/refs?service=git-receive-pack`, {
      headers: { authorization: `Basic ${Buffer.from(`bob:${bob.password}`).toString('base64')}` },
    });
    assert.equal(pw.status, 401);
    assert.match(await pw.text(), /two-factor authentication/);
    const carol = server.fixtures.users.carol;
    const ok = await sandbox.git(['ls-remote', authedUrl('carol', carol.password, 'acme/private-repo')]);
    assert.equal(ok.code, 0, ok.stderr);
    const stranger = await fetch(`${server.url}acme/private-repo.git/info/refs?service=git-upload-pack`, {
      headers: { authorization: `token ${bob.tokens.all}` },
    });
    assert.equal(stranger.status, 404);
  });
});
