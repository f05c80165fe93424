// GET /repos/{owner}/{repo}/tags as Gitea's ListTags answers it: newest first by tagger date (the commit's
// committer date for a lightweight tag), the tag object's SHA as `id` of an annotated tag, the tagged commit in
// `commit`, archive URLs from the repository's web address, X-Total-Count without a Link header, and the
// repository's visibility as for branches.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

interface TagJson {
  name: string;
  message: string;
  id: string;
  commit: { url: string; sha: string; created: string };
  zipball_url: string;
  tarball_url: string;
}

const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe('test server: tags', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  const gitPathOf = (owner: string, name: string) => server.state.repoByName(owner, name)!.gitPath;

  it('the demo tags: newest first, annotated ids, tagged commits and archive URLs; X-Total-Count, no Link', async () => {
    const res = await api(server, '/repos/alice/demo/tags');
    assert.equal(res.status, 200);
    const tags = res.json as TagJson[];
    // Name order would be v1.0.0 first: the order is the tagger date's.
    assert.deepEqual(tags.map((t) => t.name), ['v1.1.0-rc1', 'v1.0.0']);
    assert.equal(res.headers.get('x-total-count'), '2');
    assert.equal(res.headers.get('link'), null);
    const v1 = tags[1]!;
    assert.equal(v1.message, 'Version 1.0.0');
    // v1.0.0 tags the head of release/1.0; `id` is the tag object, not the commit.
    const release = await api(server, '/repos/alice/demo/branches/release/1.0');
    assert.equal(v1.commit.sha, release.json.commit.id);
    assert.match(v1.id, /^[0-9a-f]{40}$/);
    assert.notEqual(v1.id, v1.commit.sha);
    const peeled = (await server.git.must(gitPathOf('alice', 'demo'), ['rev-parse', `${v1.id}^{commit}`])).toString('utf8').trim();
    assert.equal(peeled, v1.commit.sha);
    assert.equal(v1.commit.url, `${server.apiUrl}/repos/alice/demo/git/commits/${v1.id}`);
    assert.match(v1.commit.created, UTC_TIME);
    assert.ok(Date.parse(tags[0]!.commit.created) > Date.parse(v1.commit.created));
    assert.equal(v1.zipball_url, `${server.url}alice/demo/archive/v1.0.0.zip`);
    assert.equal(v1.tarball_url, `${server.url}alice/demo/archive/v1.0.0.tar.gz`);
  });

  it('a lightweight tag carries its commit as id and message; an annotated tag keeps its time zone; paging', async () => {
    const gitPath = gitPathOf('alice', 'demo');
    const root = (await server.git.must(gitPath, ['rev-list', '--max-parents=0', 'main'])).toString('utf8').trim();
    const rootCommit = await server.git.commit(gitPath, root);
    const tagObject = [`object ${root}`, 'type commit', 'tag zoned', 'tagger Alice <alice@example.com> 1900000000 +0200', '', 'Far future\n'].join('\n');
    const zonedId = (await server.git.must(gitPath, ['mktag'], tagObject)).toString('utf8').trim();
    await server.git.updateRefs(gitPath, [`create refs/tags/light ${root}`, `create refs/tags/zoned ${zonedId}`]);

    const all = await api(server, '/repos/alice/demo/tags');
    assert.deepEqual(all.json.map((t: TagJson) => t.name), ['zoned', 'v1.1.0-rc1', 'v1.0.0', 'light']);
    assert.equal(all.headers.get('x-total-count'), '4');
    const light = all.json[3] as TagJson;
    assert.equal(light.id, root);
    assert.equal(light.commit.sha, root);
    assert.equal(light.message, rootCommit!.message.trim());
    assert.equal(light.commit.created, new Date(rootCommit!.committer.when * 1000).toISOString().replace('.000Z', 'Z'));
    const zoned = all.json[0] as TagJson;
    assert.equal(zoned.id, zonedId);
    assert.equal(zoned.commit.sha, root);
    assert.equal(zoned.message, 'Far future');
    assert.equal(zoned.commit.created, '2030-03-17T19:46:40+02:00');

    const second = await api(server, '/repos/alice/demo/tags?page=2&limit=3');
    assert.deepEqual(second.json.map((t: TagJson) => t.name), ['light']);
    assert.equal(second.headers.get('x-total-count'), '4');
    assert.equal(second.headers.get('link'), null);
    const beyond = await api(server, '/repos/alice/demo/tags?page=5&limit=3');
    assert.deepEqual(beyond.json, []);
  });

  it('pages of the default size (30), limit cut to 50; ties in time keep name order', async () => {
    const gitPath = gitPathOf('carol', 'notes');
    const head = (await server.git.must(gitPath, ['rev-parse', 'HEAD'])).toString('utf8').trim();
    const names = Array.from({ length: 55 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    await server.git.updateRefs(gitPath, names.map((n) => `create refs/tags/${n} ${head}`));
    const first = await api(server, '/repos/carol/notes/tags');
    assert.deepEqual(first.json.map((t: TagJson) => t.name), names.slice(0, 30));
    assert.equal(first.headers.get('x-total-count'), '55');
    const second = await api(server, '/repos/carol/notes/tags?page=2');
    assert.deepEqual(second.json.map((t: TagJson) => t.name), names.slice(30, 55));
    const capped = await api(server, '/repos/carol/notes/tags?limit=500');
    assert.equal(capped.json.length, 50);
  });

  it('an empty repository answers [] ; unknown and invisible repositories answer 404', async () => {
    const empty = await api(server, '/repos/alice/empty/tags');
    assert.equal(empty.status, 200);
    assert.equal(empty.text.trim(), '[]');
    assert.equal(empty.headers.get('x-total-count'), '0');
    const unknown = await api(server, '/repos/alice/no-such-repo/tags');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.message, 'not found');
    assert.equal((await api(server, '/repos/acme/private-repo/tags')).status, 404);
    assert.equal((await api(server, '/repos/acme/private-repo/tags', { as: 'bob' })).status, 404);
    assert.equal((await api(server, '/repos/acme/private-repo/tags', { as: 'carol' })).status, 200);
  });
});
