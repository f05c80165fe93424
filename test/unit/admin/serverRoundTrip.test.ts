// The admin bodies against the test server (which behaves like real Gitea, BEHAVIOR.md): what the models build
// is what is sent, and it survives the server's traps. The in-host suite (test/integration/admin*.itest.ts)
// drives the same through the commands.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type GiteaClient } from '../../../src/api';
import { buildRepoEditBody, applyChanges, settingsFromRepository } from '../../../src/commands/admin/repoSettingsModel';
import { buildCreateHookBody, buildEditHookBody } from '../../../src/commands/admin/webhookModel';
import { buildCreateLabelBody, buildEditLabelBody, displayColor } from '../../../src/commands/admin/orgLabelModel';
import { buildMigrateBody } from '../../../src/commands/admin/migrateModel';
import { explainAdminError } from '../../../src/commands/admin/explainError';
import { ACTIVITY_OP_TYPES, renderActivity } from '../../../src/views/activitySentences';
import { FIXTURES, startTestServer, type TestServer } from '../../server/index';

let server: TestServer;
let alice: GiteaClient;
let carol: GiteaClient;

const lastBody = (method: string, apiPath: string): unknown =>
  [...server.requests].reverse().find((r) => r.method === method && r.apiPath === apiPath)?.body;

before(async () => {
  server = await startTestServer();
  alice = createClient({ baseUrl: server.url, auth: { kind: 'token', token: FIXTURES.users.alice.tokens.all }, timeoutMs: 20_000 });
  carol = createClient({ baseUrl: server.url, auth: { kind: 'token', token: FIXTURES.users.carol.tokens.all }, timeoutMs: 20_000 });
});
after(() => server.close());

describe('user webhook edit', () => {
  it('switching a hook off keeps its events and branch filter', async () => {
    const hook = (await alice.userListHooks()).items.find((h) => h.branch_filter === 'main')!;
    assert.ok(hook, 'the fixture user hook with a branch filter');
    const body = buildEditHookBody(hook, { active: false });
    const updated = await alice.userEditHook({ id: hook.id, body });
    assert.deepEqual(lastBody('PATCH', `/user/hooks/${hook.id}`), { events: hook.events, branch_filter: 'main', active: false });
    assert.deepEqual(updated.events, hook.events);
    assert.equal(updated.branch_filter, 'main');
    assert.equal(updated.active, false);
  });
});

describe('organization labels', () => {
  it('create sends #rrggbb and no is_archived; the answer is lowercase without #', async () => {
    const body = buildCreateLabelBody({ name: 'area/docs', color: '#00AABB', exclusive: true });
    const label = await alice.orgCreateLabel({ org: 'acme', body });
    assert.deepEqual(lastBody('POST', '/orgs/acme/labels'), { name: 'area/docs', color: '#00aabb', exclusive: true });
    assert.equal(label.color, '00aabb');
    assert.equal(displayColor(label.color), '#00aabb');
  });

  it('editing the colour of an archived label keeps it archived', async () => {
    const id = FIXTURES.orgs.acme.labels.legacy.id;
    const current = await alice.orgGetLabel({ org: 'acme', id });
    assert.equal(current.is_archived, true);
    const label = await alice.orgEditLabel({ org: 'acme', id, body: buildEditLabelBody(current, { color: '#123456' }) });
    assert.deepEqual(lastBody('PATCH', `/orgs/acme/labels/${id}`), { is_archived: true, color: '#123456' });
    assert.equal(label.is_archived, true);
    assert.equal(label.color, '123456');
  });
});

describe('organization webhook', () => {
  it('creates an active hook with the chosen events', async () => {
    const body = buildCreateHookBody({
      org: 'acme',
      type: 'gitea',
      config: { url: 'https://ci.example.com/acme', content_type: 'json' },
      events: ['push', 'release'],
      branch_filter: 'main',
      authorization_header: 'Bearer t0ken',
    });
    const hook = await alice.orgCreateHook({ org: 'acme', body });
    assert.deepEqual(lastBody('POST', '/orgs/acme/hooks'), { ...body });
    assert.equal(hook.active, true);
    assert.deepEqual(hook.events, ['push', 'release']);
    assert.equal(hook.authorization_header, '');
  });
});

describe('repository settings', () => {
  it('sends only what changed and the server applies it', async () => {
    const repo = await alice.repoGet({ owner: 'alice', repo: 'demo' });
    const original = settingsFromRepository(repo);
    const body = buildRepoEditBody(original, applyChanges(original, { description: 'Edited', default_merge_style: 'squash', name: 'demo' }));
    const updated = await alice.repoEdit({ owner: 'alice', repo: 'demo', body });
    assert.deepEqual(lastBody('PATCH', '/repos/alice/demo'), { description: 'Edited', has_pull_requests: true, default_merge_style: 'squash' });
    assert.equal(updated.description, 'Edited');
    assert.equal(updated.default_merge_style, 'squash');
  });

  it('a non-owner changing the visibility of an acme repository gets the 422 explained', async () => {
    const repo = await carol.repoGet({ owner: 'acme', repo: 'site' });
    const original = settingsFromRepository(repo);
    const body = buildRepoEditBody(original, applyChanges(original, { private: !original.private }));
    await assert.rejects(carol.repoEdit({ owner: 'acme', repo: 'site', body }), (e: { kind: string; status: number; message: string; serverMessage?: string }) => {
      assert.equal(e.status, 422);
      assert.match(explainAdminError('repoEdit', e, { target: 'acme/site', bodyFields: Object.keys(body) }), /owners/);
      return true;
    });
  });
});

describe('migration', () => {
  const input = {
    clone_addr: 'https://git.example.com/team/tool.git',
    service: 'gitea' as const,
    repo_name: 'tool',
    repo_owner: 'acme',
    items: ['issues', 'labels', 'releases'] as const,
    credentials: { auth_token: 'remote-token' },
  };

  it('creates the repository, then 409 for the same name', async () => {
    const body = buildMigrateBody(input);
    const repo = await alice.repoMigrate({ body });
    assert.equal(repo.full_name, 'acme/tool');
    assert.deepEqual(lastBody('POST', '/repos/migrate'), body);
    await assert.rejects(alice.repoMigrate({ body }), (e: { kind: string; status: number; message: string }) => {
      assert.equal(e.status, 409);
      assert.match(explainAdminError('repoMigrate', e, { target: 'acme/tool' }), /already exists/);
      return true;
    });
  });

  it('explains a disallowed host and a refused credential without echoing the secret', async () => {
    const local = buildMigrateBody({ ...input, clone_addr: 'http://127.0.0.1:3000/x.git', repo_name: 'local' });
    await assert.rejects(alice.repoMigrate({ body: local }), (e: { kind: string; status: number; message: string }) => {
      assert.match(explainAdminError('repoMigrate', e), /ALLOW_LOCALNETWORKS/);
      return true;
    });
    const secret = FIXTURES.migration.rejectedPassword;
    const bad = buildMigrateBody({ ...input, repo_name: 'denied', credentials: { auth_token: secret } });
    await assert.rejects(alice.repoMigrate({ body: bad }), (e: { kind: string; status: number; message: string }) => {
      const text = explainAdminError('repoMigrate', e, { secrets: [secret] });
      assert.match(text, /credentials/);
      assert.doesNotMatch(text, new RegExp(secret));
      return true;
    });
  });
});

describe('activity feeds', () => {
  it('every seeded activity renders as a known sentence with a link', async () => {
    const feed = await alice.userListActivityFeeds({ username: 'alice', limit: 50 });
    assert.ok(feed.items.length > 10);
    for (const a of feed.items) {
      assert.ok((ACTIVITY_OP_TYPES as readonly string[]).includes(a.op_type), a.op_type);
      const r = renderActivity(a);
      assert.notEqual(r.icon, 'pulse', a.op_type);
      assert.ok(r.url?.startsWith(server.url), `${a.op_type}: ${r.url}`);
    }
  });

  it('the date filter narrows the feed to that day', async () => {
    const feed = await alice.userListActivityFeeds({ username: 'alice', date: '2024-01-10' });
    assert.ok(feed.items.length >= 2);
    for (const a of feed.items) assert.equal(a.created?.slice(0, 10), '2024-01-10');
  });
});
