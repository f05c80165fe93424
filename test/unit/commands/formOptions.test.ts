// The Create Issue form's pickers against the test server: branches stay plain names, tags follow as
// `refs/tags/<name>` refs newest first, and a tags request that fails costs only a `problems` entry.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient, GiteaError, type GiteaClient } from '../../../src/api';
import { loadFormOptions, tagRef } from '../../../src/commands/createIssue/formOptions';
import type { Target } from '../../../src/core/target';
import { FIXTURES, startTestServer, type TestServer } from '../../server/index';

const demo = FIXTURES.repos.demo;

describe('Create Issue form options', () => {
  let server: TestServer;
  let client: GiteaClient;
  before(async () => {
    server = await startTestServer();
    client = createClient({ baseUrl: server.url, auth: { kind: 'token', token: FIXTURES.users.alice.tokens.all } });
  });
  after(() => server?.close());

  /** The form's target with `client` (client, repo and the account's flavour and version are read by loadFormOptions). */
  const targetWith = (c: GiteaClient, version = '1.27.0', flavor: 'gitea' | 'forgejo' = 'gitea'): Target =>
    ({ client: c, repo: { instanceUrl: server.url, owner: demo.owner, repo: demo.name }, account: { flavor, version } }) as unknown as Target;

  /** The real client with repoListTags replaced (its own methods are read-only, hence a view of it). */
  const withTags = (repoListTags: GiteaClient['repoListTags']): GiteaClient =>
    new Proxy({} as GiteaClient, { get: (_, key) => (key === 'repoListTags' ? repoListTags : Reflect.get(client, key)) });

  it('lists the branches as plain names and the tags, newest first, as refs/tags/ refs', async () => {
    const options = await loadFormOptions(targetWith(client));
    assert.deepEqual(options.problems, []);
    assert.deepEqual([...options.branches].sort(), [...demo.branches].sort());
    assert.deepEqual(options.tags, [
      { name: 'v1.1.0-rc1', ref: 'refs/tags/v1.1.0-rc1' },
      { name: 'v1.0.0', ref: 'refs/tags/v1.0.0' },
    ]);
    assert.equal(tagRef('release/2.0'), 'refs/tags/release/2.0');
    const asked = server.requests.filter((r) => r.apiPath === '/repos/alice/demo/tags');
    assert.ok(asked.length >= 1 && asked.every((r) => r.status === 200));
  });

  it('the Projects field: typed ids on Gitea 1.27+, disabled where the server drops them (1.26, Forgejo)', async () => {
    assert.equal((await loadFormOptions(targetWith(client))).projects, 'ids');
    assert.equal((await loadFormOptions(targetWith(client, '1.26.3'))).projects, 'ignored');
    assert.equal((await loadFormOptions(targetWith(client, '11.0.1+gitea-1.22.0', 'forgejo'))).projects, 'ignored');
  });

  it('a failing tags request adds one problem; every other list still loads', async () => {
    const broken = withTags(() => Promise.reject(new GiteaError('server', 'The server failed (500).', { operation: 'repoListTags', status: 500 })));
    const options = await loadFormOptions(targetWith(broken));
    assert.deepEqual(options.tags, []);
    assert.equal(options.problems.length, 1);
    assert.match(options.problems[0]!, /^tags: The server failed \(500\)\.$/);
    assert.deepEqual([...options.branches].sort(), [...demo.branches].sort());
    assert.ok(options.labels.length > 0 && options.assignees.length > 0);
    assert.equal(options.defaultBranch, demo.defaultBranch);
  });

  it('reads at most 4 pages of tags (more can still be typed)', async () => {
    const pages: number[] = [];
    const endless = withTags(async (params) => {
      pages.push(params.page ?? 1);
      return { items: [{ name: `t${params.page}` }], page: params.page ?? 1, limit: 50, hasMore: true };
    });
    const options = await loadFormOptions(targetWith(endless));
    assert.deepEqual(pages, [1, 2, 3, 4]);
    assert.deepEqual(options.tags.map((t) => t.ref), ['refs/tags/t1', 'refs/tags/t2', 'refs/tags/t3', 'refs/tags/t4']);
  });

  it('an aborted load rejects instead of reporting problems', async () => {
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(loadFormOptions(targetWith(client), ac.signal));
  });
});
