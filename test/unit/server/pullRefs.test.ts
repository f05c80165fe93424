// refs/pull/<n>/head over smart HTTP, as Gitea keeps them in the base repository: a clone fetches a pull
// request's head, the ref follows pushes to the head branch and survives deleting that branch after a merge.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api, gitSandbox } from './helpers';

describe('test server: refs/pull/<n>/head over git', () => {
  let server: TestServer;
  let sandbox: Awaited<ReturnType<typeof gitSandbox>>;
  let clone: string;
  before(async () => {
    [server, sandbox] = await Promise.all([startTestServer({ subPath: '/git' }), gitSandbox()]);
    const url = server.url.replace('://', `://alice:${server.fixtures.users.alice.tokens.all}@`) + 'alice/demo.git';
    assert.equal((await sandbox.git(['clone', '--quiet', url, 'demo'])).code, 0);
    clone = `${sandbox.dir}/demo`;
  });
  after(async () => {
    await Promise.all([server?.close(), sandbox?.dispose()]);
  });

  const fetchPullHead = async (index: number): Promise<string> => {
    const r = await sandbox.git(['fetch', '--quiet', 'origin', `refs/pull/${index}/head`], clone);
    assert.equal(r.code, 0, r.stderr);
    return (await sandbox.git(['rev-parse', 'FETCH_HEAD'], clone)).stdout.toString().trim();
  };
  const pullHead = async (index: number): Promise<string> => (await api(server, `/repos/alice/demo/pulls/${index}`)).json.head.sha;

  it('fetches the head of an open, a merged and a closed pull request', async () => {
    for (const index of [6, 3, 8]) assert.equal(await fetchPullHead(index), await pullHead(index), `#${index}`);
    const missing = await sandbox.git(['fetch', '--quiet', 'origin', 'refs/pull/99/head'], clone);
    assert.notEqual(missing.code, 0);
  });

  it('follows a push to the head branch', async () => {
    await sandbox.git(['checkout', '-q', '-b', 'login', 'origin/feature/login'], clone);
    await sandbox.git(['commit', '-q', '--allow-empty', '-m', 'Login: one more step'], clone);
    const push = await sandbox.git(['push', '-q', 'origin', 'login:feature/login'], clone);
    assert.equal(push.code, 0, push.stderr);
    const pushed = (await sandbox.git(['rev-parse', 'HEAD'], clone)).stdout.toString().trim();
    assert.equal(await pullHead(6), pushed);
    assert.equal(await fetchPullHead(6), pushed);
  });

  it('still serves the head after the pull request was merged and its branch deleted', async () => {
    const head = await pullHead(6);
    const res = await api(server, '/repos/alice/demo/pulls/6/merge', {
      method: 'POST', as: 'alice', body: { do: 'merge', force_merge: true, delete_branch_after_merge: true },
    });
    assert.equal(res.status, 200, res.text);
    const heads = await sandbox.git(['ls-remote', '--heads', 'origin', 'feature/login'], clone);
    assert.equal(heads.stdout.toString().trim(), '');
    assert.equal(await fetchPullHead(6), head);
  });
});
