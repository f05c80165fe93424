// refs/pull/<n>/head over smart HTTP, as Gitea keeps them in the base repository: a clone fetches a pull
// request's head, the ref follows pushes to the head branch, is written for a pull request created through the API,
// and survives deleting that branch after a merge.
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

  it('creates a pull request of a pushed branch (201, refs/pull/<n>/head written); refuses the same targets again (409), head = base (422), an unknown branch (404)', async () => {
    await sandbox.git(['checkout', '-q', '-b', 'notes', 'origin/main'], clone);
    await sandbox.git(['commit', '-q', '--allow-empty', '-m', 'Notes'], clone);
    assert.equal((await sandbox.git(['push', '-q', 'origin', 'notes:notes'], clone)).code, 0);
    const pushed = (await sandbox.git(['rev-parse', 'HEAD'], clone)).stdout.toString().trim();
    const create = (body: unknown) => api(server, '/repos/alice/demo/pulls', { method: 'POST', as: 'bob', body });
    const created = await create({ head: 'notes', base: 'main', title: 'Notes' });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual([created.json.user.login, created.json.state, created.json.head.ref, created.json.head.sha, created.json.base.ref],
      ['bob', 'open', 'notes', pushed, 'main']);
    assert.equal(await fetchPullHead(created.json.number), pushed);
    const again = await create({ head: 'notes', base: 'main', title: 'Notes again' });
    assert.equal(again.status, 409);
    assert.match(again.json.message, /^pull request already exists for these targets \[id: \d+, issue_id: \d+, .*head_branch: notes, base_branch: main\]$/);
    assert.equal((await create({ head: 'main', base: 'main', title: 'Nothing' })).status, 422);
    assert.equal((await create({ head: 'no-such-branch', base: 'main', title: 'Nothing' })).status, 404);
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
