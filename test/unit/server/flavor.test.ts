// The Forgejo flavour differs from Gitea 1.27 where BEHAVIOR.md says; both run under a sub-path.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, totp, type TestServer } from '../../server/index';
import { api, basic } from './helpers';

describe('test server: forgejo flavour', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ flavor: 'forgejo', subPath: '/forge/' });
  });
  after(() => server?.close());

  it('answers the Forgejo version and its 404 body under the sub-path', async () => {
    assert.equal(server.url, `http://127.0.0.1:${server.port}/forge/`);
    assert.deepEqual((await api(server, '/version')).json, { version: '11.0.1+gitea-1.22.0' });
    const res = await api(server, '/repos/alice/nothing');
    assert.equal(res.status, 404);
    assert.equal(res.json.url, `${server.url}api/swagger`);
    const outside = await fetch(`http://127.0.0.1:${server.port}/api/v1/version`);
    assert.equal(outside.status, 404);
  });

  it('has no actions jobs endpoints, but runs and tasks', async () => {
    assert.equal((await api(server, '/repos/alice/demo/actions/jobs')).status, 404);
    assert.equal((await api(server, '/repos/alice/demo/actions/jobs/3/logs')).status, 404);
    assert.equal((await api(server, '/repos/alice/demo/actions/runs')).json.total_count, 4);
    assert.ok((await api(server, '/repos/alice/demo/actions/tasks')).json.total_count > 0);
  });

  it('ignores branches q and lacks the 1.26+ model fields', async () => {
    assert.equal((await api(server, '/repos/alice/demo/branches?q=feature')).json.length, 7);
    const issue = (await api(server, '/repos/alice/demo/issues/1')).json;
    for (const f of ['content_version', 'time_estimate', 'projects']) assert.equal(f in issue, false, f);
    const repo = (await api(server, '/repos/alice/demo')).json;
    for (const f of ['has_code', 'projects_mode', 'licenses', 'allow_manual_merge']) assert.equal(f in repo, false, f);
    const hook = (await api(server, '/repos/alice/demo/hooks/1', { as: 'alice' })).json;
    assert.equal('name' in hook, false);
    assert.equal(hook.url, hook.config.url);
    assert.equal(hook.content_type, 'json');
  });

  it('accepts X-Forgejo-OTP for two-factor Basic auth', async () => {
    const bob = server.fixtures.users.bob;
    const res = await api(server, '/user', { authorization: basic('bob', bob.password), headers: { 'X-Forgejo-OTP': totp(bob.totpSecret) } });
    assert.equal(res.status, 200);
  });

  it('refuses the password of an account with security keys with Forgejo\'s own 401 message', async () => {
    const carol = server.state.userByName('carol')!;
    carol.webAuthnEnrolled = true;
    try {
      const res = await api(server, '/user', { authorization: basic('carol', carol.password) });
      assert.equal(res.status, 401);
      assert.equal(res.json.message, 'Basic authorization is not allowed while having security keys enrolled');
    } finally {
      carol.webAuthnEnrolled = false;
    }
  });
});
