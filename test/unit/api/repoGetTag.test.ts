// repoGetTag (GET /repos/{owner}/{repo}/tags/{tag}): what Releases asks before offering a draft's source archives.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FIXTURES, clients, startServer, type TestServer } from './liveServer';
import { failure } from './stub';

describe('repoGetTag against the test server', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server?.close());

  it('answers an existing tag with its commit and archives; notFound for the tag a draft release has not created', async () => {
    const alice = clients(server).token('alice');
    const demo = { owner: FIXTURES.repos.demo.owner, repo: FIXTURES.repos.demo.name };
    const { published, draft } = FIXTURES.repos.demo.releases;
    const tag = await alice.repoGetTag({ ...demo, tag: published });
    assert.equal(tag.name, published);
    assert.match(tag.commit?.sha ?? '', /^[0-9a-f]{40}$/);
    assert.match(tag.tarball_url ?? '', new RegExp(`/archive/${published}\\.tar\\.gz$`));
    assert.equal((await failure(alice.repoGetTag({ ...demo, tag: draft }))).kind, 'notFound');
  });
});
