// BEHAVIOR.md traps around repositories: edit, migrate, releases, deploy keys, commit → pull request,
// pull request files and diff, raw/contents, and the empty repository.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sshEd25519PublicKey, startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

describe('test server: repositories', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('empty repository: branches body null with X-Total-Count 0; release create 422 "repo is empty"', async () => {
    const res = await api(server, '/repos/alice/empty/branches');
    assert.equal(res.text.trim(), 'null');
    assert.equal(res.headers.get('x-total-count'), '0');
    const rel = await api(server, '/repos/alice/empty/releases', { method: 'POST', as: 'alice', body: { tag_name: 'v1' } });
    assert.equal(rel.status, 422);
    assert.equal(rel.json.message, 'repo is empty');
  });

  it('releases: 201 with a real tag, 409 for a tag with a release, 404 for an unknown target, allowed when archived', async () => {
    const created = await api(server, '/repos/alice/demo/releases', { method: 'POST', as: 'alice', body: { tag_name: 'v2.0.0', target_commitish: 'develop', name: 'Two' } });
    assert.equal(created.status, 201);
    assert.equal(created.json.tag_name, 'v2.0.0');
    const branches = await api(server, '/repos/alice/demo/branches?q=develop');
    const tagged = await api(server, '/repos/alice/demo/raw/src/main.ts?ref=v2.0.0');
    assert.equal(tagged.status, 200);
    assert.ok(branches.json[0].commit.id);
    assert.equal((await api(server, '/repos/alice/demo/releases', { method: 'POST', as: 'alice', body: { tag_name: 'v1.0.0' } })).status, 409);
    const target = await api(server, '/repos/alice/demo/releases', { method: 'POST', as: 'alice', body: { tag_name: 'v9', target_commitish: 'nope' } });
    assert.equal(target.status, 404);
    assert.match(target.json.message, /target "nope" not found/);
    assert.equal((await api(server, '/repos/alice/archived/releases', { method: 'POST', as: 'alice', body: { tag_name: 'v0.1' } })).status, 201);
    const list = await api(server, '/repos/alice/demo/releases', { as: 'carol' });
    assert.ok(list.json.every((r: { draft: boolean }) => !r.draft));
    const mine = await api(server, '/repos/alice/demo/releases?draft=true', { as: 'alice' });
    assert.deepEqual(mine.json.map((r: { tag_name: string }) => r.tag_name), ['v1.2.0']);
  });

  it('commit → pull request needs the full SHA the merge produced', async () => {
    const merged = await api(server, '/repos/alice/demo/pulls/3');
    const sha: string = merged.json.merge_commit_sha;
    assert.match(sha, /^[0-9a-f]{40}$/);
    const hit = await api(server, `/repos/alice/demo/commits/${sha}/pull`);
    assert.equal(hit.status, 200);
    assert.equal(hit.json.number, 3);
    assert.equal(hit.json.url, hit.json.html_url);
    assert.equal((await api(server, `/repos/alice/demo/commits/${sha.slice(0, 12)}/pull`)).status, 404);
    assert.equal((await api(server, `/repos/alice/demo/commits/${merged.json.head.sha}/pull`)).status, 404);
    const rebased = await api(server, '/repos/alice/demo/pulls/4');
    assert.equal((await api(server, `/repos/alice/demo/commits/${rebased.json.merge_commit_sha}/pull`)).json.number, 4);
  });

  it('pull request list omits stats and nulls empty lists; files use Gitea statuses and the whitespace option', async () => {
    const list = await api(server, '/repos/alice/demo/pulls?state=all');
    const closed = list.json.find((p: { number: number }) => p.number === 8);
    assert.equal('additions' in closed, false);
    assert.equal('review_comments' in closed, false);
    assert.equal(closed.assignees, null);
    assert.equal(closed.requested_reviewers, null);
    assert.equal(list.json.find((p: { number: number }) => p.number === 4).review_comments, 2);
    const single = await api(server, '/repos/alice/demo/pulls/6');
    assert.equal(single.json.changed_files, 6);
    const files = await api(server, '/repos/alice/demo/pulls/6/files');
    const byName = Object.fromEntries(files.json.map((f: { filename: string }) => [f.filename, f]));
    assert.equal(byName['src/auth.ts'].status, 'added');
    assert.equal(byName['docs/old.md'].status, 'deleted');
    assert.equal(byName['src/utils/strings.ts'].status, 'renamed');
    assert.equal(byName['src/utils/strings.ts'].previous_filename, 'src/util.ts');
    assert.equal(byName['README.md'].status, 'changed');
    assert.equal(byName['README.md'].changes, byName['README.md'].additions + byName['README.md'].deletions);
    const ignoring = await api(server, '/repos/alice/demo/pulls/6/files?whitespace=ignore-all');
    assert.equal(ignoring.json.some((f: { filename: string }) => f.filename === 'docs/guide.md'), false);
    assert.equal(ignoring.json.find((f: { filename: string }) => f.filename === 'src/main.ts').changes, 2);
    const diff = await fetch(`${server.apiUrl}/repos/alice/demo/pulls/6.diff`);
    assert.match(await diff.text(), /^diff --git a\/README.md b\/README.md/);
  });

  it('deploy keys: real SHA256 fingerprints, filters, 422 messages, 204 delete', async () => {
    const key = sshEd25519PublicKey('new-key');
    const created = await api(server, '/repos/alice/demo/keys', { method: 'POST', as: 'alice', body: { title: 'new', key, read_only: true } });
    assert.equal(created.status, 201);
    assert.match(created.json.fingerprint, /^SHA256:[A-Za-z0-9+/]{43}$/);
    assert.equal(created.json.key, key.split(' ').slice(0, 2).join(' '));
    assert.equal('repository' in created.json, false, 'the answer to a create has no repository (recordings, line 67)');
    const again = await api(server, '/repos/alice/demo/keys', { method: 'POST', as: 'alice', body: { title: 'other', key } });
    assert.equal(again.json.message, 'This key has already been added to this repository');
    const sameName = await api(server, '/repos/alice/demo/keys', { method: 'POST', as: 'alice', body: { title: 'new', key: sshEd25519PublicKey('other') } });
    assert.equal(sameName.json.message, 'A key with the same name already exists');
    const junk = await api(server, '/repos/alice/demo/keys', { method: 'POST', as: 'alice', body: { title: 'junk', key: 'ssh-ed25519 AAAA' } });
    assert.equal(junk.status, 422);
    assert.match(junk.json.message, /^Invalid key content/);
    const byFp = await api(server, `/repos/alice/demo/keys?fingerprint=${encodeURIComponent(created.json.fingerprint)}`, { as: 'alice' });
    assert.deepEqual(byFp.json.map((k: { id: number }) => k.id), [created.json.id]);
    assert.equal((await api(server, '/repos/alice/demo/keys', { as: 'bob' })).status, 403);
    assert.equal((await api(server, '/repos/alice/demo/keys/9999', { method: 'DELETE', as: 'alice' })).status, 204);
  });

  it('repoEdit: admins only, rename clash 422, mirror archive 422, unknown default branch ignored, org visibility rule', async () => {
    assert.equal((await api(server, '/repos/alice/demo', { method: 'PATCH', as: 'bob', body: { description: 'x' } })).status, 403);
    const clash = await api(server, '/repos/alice/demo', { method: 'PATCH', as: 'alice', body: { name: 'empty' } });
    assert.equal(clash.status, 422);
    assert.equal((await api(server, '/repos/alice/mirror', { method: 'PATCH', as: 'alice', body: { archived: true } })).status, 422);
    const branch = await api(server, '/repos/alice/demo', { method: 'PATCH', as: 'alice', body: { default_branch: 'nope', description: 'd' } });
    assert.equal(branch.json.default_branch, 'main');
    assert.equal(branch.json.description, 'd');
    assert.equal((await api(server, '/repos/acme/site', { method: 'PATCH', as: 'carol', body: { private: true } })).status, 422);
    assert.equal((await api(server, '/repos/acme/site', { method: 'PATCH', as: 'carol', body: { description: 'ok' } })).status, 200);
    const archive = await api(server, '/repos/carol/notes', { method: 'PATCH', as: 'carol', body: { archived: true } });
    assert.equal(archive.json.archived, true);
    assert.equal((await api(server, '/repos/carol/notes/issues', { method: 'POST', as: 'carol', body: { title: 'x' } })).status, 423);
  });

  it('repoMigrate: 201, 409 for an existing name, disallowed hosts, URL and owner checks', async () => {
    const body = { clone_addr: 'https://code.example.org/someone/tool.git', repo_name: 'tool' };
    const ok = await api(server, '/repos/migrate', { method: 'POST', as: 'alice', body });
    assert.equal(ok.status, 201);
    assert.equal(ok.json.full_name, 'alice/tool');
    assert.equal(ok.json.original_url, body.clone_addr);
    const dup = await api(server, '/repos/migrate', { method: 'POST', as: 'alice', body });
    assert.equal(dup.status, 409);
    assert.equal(dup.json.message, 'The repository with the same name already exists.');
    const local = await api(server, '/repos/migrate', { method: 'POST', as: 'alice', body: { ...body, clone_addr: `${server.url}alice/demo.git`, repo_name: 'x' } });
    assert.equal(local.json.message, 'You can not import from disallowed hosts.');
    const other = await api(server, '/repos/migrate', { method: 'POST', as: 'carol', body: { ...body, repo_owner: 'acme', repo_name: 'y' } });
    assert.equal(other.status, 403);
    const name = await api(server, '/repos/migrate', { method: 'POST', as: 'alice', body: { ...body, repo_name: 'bad name' } });
    assert.equal(name.json.message, '[RepoName]: AlphaDashDot');
    const failing = await api(server, '/repos/migrate', { method: 'POST', as: 'alice', body: { ...body, clone_addr: 'https://gone.invalid/x.git', repo_name: 'z' } });
    assert.match(failing.json.message, /^Migration failed: /);
  });

  it('serves raw bytes and contents from git at a ref', async () => {
    const png = await fetch(`${server.apiUrl}/repos/alice/demo/raw/media/logo.png`);
    assert.equal(png.headers.get('content-type'), 'image/png');
    assert.deepEqual([...new Uint8Array(await png.arrayBuffer()).subarray(1, 4)], [0x50, 0x4e, 0x47]);
    const old = await api(server, '/repos/alice/demo/contents/README.md?ref=v1.0.0');
    assert.equal(old.json.type, 'file');
    assert.match(Buffer.from(old.json.content, 'base64').toString(), /npm start/);
    const dir = await api(server, '/repos/alice/demo/contents/src');
    assert.deepEqual(dir.json.map((e: { name: string }) => e.name).sort(), ['main.ts', 'search.ts', 'util.ts']);
    assert.equal((await api(server, '/repos/alice/demo/raw/src')).status, 404);
  });
});
