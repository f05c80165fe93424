// BEHAVIOR.md traps around webhooks and organization labels.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

describe('test server: hooks and organization labels', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('userEditHook rewrites events and branch_filter on every PATCH', async () => {
    const before = await api(server, '/user/hooks/4', { as: 'alice' });
    assert.equal(before.json.branch_filter, 'main');
    assert.ok(before.json.events.includes('issues'));
    const res = await api(server, '/user/hooks/4', { method: 'PATCH', as: 'alice', body: { active: false } });
    assert.equal(res.status, 200);
    assert.equal(res.json.active, false);
    assert.equal(res.json.branch_filter, '');
    assert.deepEqual(res.json.events, ['push']);
    assert.equal(res.json.authorization_header, '');
    const kept = await api(server, '/user/hooks/4', { method: 'PATCH', as: 'alice', body: { events: before.json.events, branch_filter: 'main' } });
    assert.deepEqual(kept.json.events, before.json.events);
    assert.equal(kept.json.branch_filter, 'main');
  });

  it('orgCreateHook: owners only, the ten types, and Gitea\'s 422 messages', async () => {
    const hook = { type: 'gitea', config: { url: 'https://example.com/h', content_type: 'json' }, events: ['push'], active: true };
    const notOwner = await api(server, '/orgs/acme/hooks', { method: 'POST', as: 'carol', body: hook });
    assert.equal(notOwner.status, 403);
    assert.equal(notOwner.json.message, 'Must be an organization owner');
    const cases: Array<[unknown, string]> = [
      [{ ...hook, type: 'jenkins' }, 'Invalid hook type: jenkins'],
      [{ ...hook, config: { content_type: 'json' } }, 'Missing config option: url'],
      [{ ...hook, config: { url: 'https://example.com/h' } }, 'Missing config option: content_type'],
      [{ ...hook, config: { url: 'https://example.com/h', content_type: 'xml' } }, 'Invalid content type'],
      [{ ...hook, config: { url: 'not a url', content_type: 'form' } }, 'Invalid url'],
      [{ ...hook, type: 'slack' }, 'Missing config option: channel'],
      [{ config: hook.config }, '[Type]: Required'],
    ];
    for (const [body, message] of cases) {
      const res = await api(server, '/orgs/acme/hooks', { method: 'POST', as: 'alice', body });
      assert.equal(res.status, 422, message);
      assert.equal(res.json.message, message);
    }
    const created = await api(server, '/orgs/acme/hooks', { method: 'POST', as: 'alice', body: { ...hook, events: ['issues'] } });
    assert.equal(created.status, 201);
    assert.deepEqual(created.json.events, ['issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment']);
    assert.equal(created.json.name, '');
    assert.equal((await api(server, '/orgs/acme/hooks', { as: 'alice' })).headers.get('x-total-count'), '2');
  });

  it('repoListHooks is for repository admins only and never reveals authorization_header', async () => {
    assert.equal((await api(server, '/repos/alice/demo/hooks', { as: 'bob' })).status, 403);
    const res = await api(server, '/repos/alice/demo/hooks', { as: 'alice' });
    assert.equal(res.status, 200);
    assert.ok(res.json.every((h: { authorization_header: string }) => h.authorization_header === ''));
  });

  it('orgCreateLabel normalises colours and ignores is_archived; 422 "invalid color"', async () => {
    for (const [color, expected] of [['#ABC', 'aabbcc'], ['12ef56', '12ef56'], ['#00FF00', '00ff00']]) {
      const res = await api(server, '/orgs/acme/labels', { method: 'POST', as: 'alice', body: { name: `c-${color}`, color, is_archived: true } });
      assert.equal(res.status, 201);
      assert.equal(res.json.color, expected);
      assert.equal(res.json.is_archived, false);
      assert.equal(res.json.url, `${server.apiUrl}/orgs/acme/labels/${res.json.id}`);
    }
    const bad = await api(server, '/orgs/acme/labels', { method: 'POST', as: 'alice', body: { name: 'bad', color: '#12345' } });
    assert.equal(bad.status, 422);
    assert.equal(bad.json.message, 'invalid color');
    assert.equal((await api(server, '/orgs/acme/labels', { method: 'POST', as: 'carol', body: { name: 'x', color: 'fff' } })).status, 403);
  });

  it('orgEditLabel un-archives a label when is_archived is omitted', async () => {
    const id = server.fixtures.orgs.acme.labels.legacy.id;
    assert.equal((await api(server, `/orgs/acme/labels/${id}`)).json.is_archived, true);
    const keep = await api(server, `/orgs/acme/labels/${id}`, { method: 'PATCH', as: 'alice', body: { description: 'x', is_archived: true } });
    assert.equal(keep.json.is_archived, true);
    const res = await api(server, `/orgs/acme/labels/${id}`, { method: 'PATCH', as: 'alice', body: { description: 'still old' } });
    assert.equal(res.status, 200);
    assert.equal(res.json.is_archived, false);
    assert.equal(res.json.description, 'still old');
  });

  it('team feeds: 403 "Must be a team member" for org members, 404 for others', async () => {
    const secret = server.fixtures.orgs.acme.teams.releaseManagers.id;
    const member = await api(server, `/teams/${secret}/activities/feeds`, { as: 'carol' });
    assert.equal(member.status, 403);
    assert.equal(member.json.message, 'Must be a team member');
    assert.equal((await api(server, `/teams/${secret}/activities/feeds`, { as: 'bob' })).status, 404);
    const dev = await api(server, `/teams/${server.fixtures.orgs.acme.teams.developers.id}/activities/feeds`, { as: 'carol' });
    assert.equal(dev.status, 200);
    assert.ok(dev.json.length > 0);
    assert.ok(dev.json.every((a: { repo: { full_name: string } }) => a.repo.full_name === 'acme/private-repo'));
    const teams = await api(server, '/orgs/acme/teams', { as: 'carol' });
    assert.deepEqual(teams.json.map((t: { name: string }) => t.name).sort(), ['Developers', 'Owners']);
  });
});
