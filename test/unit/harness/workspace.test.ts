// The workspace clone: a real clone of a test-server repository whose origin is the plain repository URL and
// whose config holds no credential; the credential reaches git only through the clone's environment.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { run } from '../../harness/proc';
import { cloneWorkspace, gitAuthEnv } from '../../harness/workspace';
import { readRealServerEnv } from '../../harness/provisionReal';

describe('harness: workspace clone', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('clones alice/demo with the token, keeping it out of the remote URL and the git config', async () => {
    const alice = server.fixtures.users.alice;
    const ws = await cloneWorkspace({ instanceUrl: server.url, owner: 'alice', repo: 'demo', auth: { username: 'alice', token: alice.tokens.all } });
    try {
      assert.equal(ws.remoteUrl, `${server.url}alice/demo.git`);
      const config = readFileSync(join(ws.path, '.git', 'config'), 'utf8');
      assert.ok(config.includes(`url = ${server.url}alice/demo.git`));
      assert.ok(!config.includes(alice.tokens.all) && !/authorization|extraheader/i.test(config), config);
      const branch = (await run('git', ['-C', ws.path, 'rev-parse', '--abbrev-ref', 'HEAD'])).stdout.trim();
      assert.equal(branch, server.fixtures.repos.demo.defaultBranch);
      const gitRequests = server.requests.filter((r) => r.kind === 'git');
      assert.ok(gitRequests.some((r) => r.headers.authorization?.startsWith('Basic ')), 'the clone sent Basic auth');
    } finally {
      ws.dispose();
    }
  });

  it('a private repository cannot be cloned without credentials, and nothing is left behind', async () => {
    const repo = server.fixtures.repos.privateRepo;
    const parent = mkdtempSync(join(tmpdir(), 'gwb-unit-'));
    try {
      await assert.rejects(cloneWorkspace({ instanceUrl: server.url, owner: repo.owner, repo: repo.name, parent }), /git clone/);
      assert.deepEqual(readdirSync(parent), []);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('gitAuthEnv puts the header in GIT_CONFIG_* of a copy, never in this process', () => {
    const env = gitAuthEnv({ username: 'alice', password: 'pw' });
    assert.equal(env.GIT_CONFIG_KEY_0, 'http.extraHeader');
    assert.equal(env.GIT_CONFIG_VALUE_0, `Authorization: Basic ${Buffer.from('alice:pw').toString('base64')}`);
    assert.equal(env.GIT_TERMINAL_PROMPT, '0');
    assert.equal(process.env.GIT_CONFIG_VALUE_0, undefined);
  });
});

describe('harness: real-server environment', () => {
  it('is off without GITEA_E2E_URL, and needs a user name and a password or token with it', () => {
    assert.equal(readRealServerEnv({}), undefined);
    assert.throws(() => readRealServerEnv({ GITEA_E2E_URL: 'https://git.example.com' }), /GITEA_E2E_USERNAME/);
    assert.throws(() => readRealServerEnv({ GITEA_E2E_URL: 'https://git.example.com', GITEA_E2E_USERNAME: 'bob' }), /PASSWORD or GITEA_E2E_TOKEN/);
    assert.deepEqual(readRealServerEnv({ GITEA_E2E_URL: 'https://git.example.com/sub', GITEA_E2E_USERNAME: 'bob', GITEA_E2E_TOKEN: 't' }), {
      url: 'https://git.example.com/sub/',
      username: 'bob',
      password: undefined,
      token: 't',
    });
  });
});
