// Time tracking as Gitea 1.26 answers it (routers/api/v1/repo/issue_stopwatch.go, issue_tracked_time.go): 201/201/204
// for start/stop/cancel, 409 when starting a running stopwatch or stopping/cancelling none, a bare 403 for a
// reader, starting on another issue stops the running one (its time tracked), /user/stopwatches lists the user's
// own; times: 404 "Timetracker is disabled" when off, 422 for 0, a reader sees only their own entries, 403 when
// deleting another's.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

describe('test server: time tracking', () => {
  let server: TestServer;
  const issue = (n: number) => `/repos/alice/demo/issues/${n}`;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('starts, refuses a second start with 409, lists it under /user/stopwatches, stops it into a tracked time', async () => {
    assert.equal((await api(server, `${issue(1)}/stopwatch/start`, { method: 'POST', as: 'bob' })).status, 201);
    const again = await api(server, `${issue(1)}/stopwatch/start`, { method: 'POST', as: 'bob' });
    assert.equal(again.status, 409);
    assert.equal(again.json.message, 'cannot start a stopwatch again if it already exists');
    const mine = await api(server, '/user/stopwatches', { as: 'bob' });
    assert.equal(mine.status, 200);
    assert.equal(mine.json.length, 1);
    assert.equal(mine.json[0].issue_index, 1);
    assert.equal(mine.json[0].repo_owner_name, 'alice');
    assert.equal(mine.json[0].repo_name, 'demo');
    assert.equal(typeof mine.json[0].seconds, 'number');
    assert.equal((await api(server, '/user/stopwatches', { as: 'alice' })).json.length, 0, 'another user sees none of them');
    assert.equal((await api(server, `${issue(1)}/stopwatch/stop`, { method: 'POST', as: 'bob' })).status, 201);
    const none = await api(server, `${issue(1)}/stopwatch/stop`, { method: 'POST', as: 'bob' });
    assert.equal(none.status, 409);
    assert.equal(none.json.message, 'cannot stop a non-existent stopwatch');
    const times = await api(server, `${issue(1)}/times`, { as: 'bob' });
    assert.equal(times.status, 200);
    assert.equal(times.json.length, 1);
    assert.equal(times.json[0].user_name, 'bob');
  });

  it('starting on another issue stops the running one; cancel drops it (204), then 409', async () => {
    await api(server, `${issue(2)}/stopwatch/start`, { method: 'POST', as: 'alice' });
    assert.equal((await api(server, `${issue(5)}/stopwatch/start`, { method: 'POST', as: 'alice' })).status, 201);
    const running = await api(server, '/user/stopwatches', { as: 'alice' });
    assert.deepEqual(running.json.map((s: { issue_index: number }) => s.issue_index), [5]);
    assert.equal((await api(server, `${issue(2)}/times`, { as: 'alice' })).json.length, 1, 'the stopped one was tracked');
    assert.equal((await api(server, `${issue(5)}/stopwatch/delete`, { method: 'DELETE', as: 'alice' })).status, 204);
    const again = await api(server, `${issue(5)}/stopwatch/delete`, { method: 'DELETE', as: 'alice' });
    assert.equal(again.status, 409);
    assert.equal(again.json.message, 'cannot cancel a non-existent stopwatch');
    assert.equal((await api(server, `${issue(5)}/times`, { as: 'alice' })).json.length, 0, 'nothing tracked');
  });

  it('a reader gets a bare 403 on the stopwatch; an unknown issue 404', async () => {
    const refused = await api(server, `${issue(1)}/stopwatch/start`, { method: 'POST', as: 'carol' });
    assert.equal(refused.status, 403);
    assert.equal((await api(server, `${issue(999)}/stopwatch/start`, { method: 'POST', as: 'bob' })).status, 404);
  });

  it('adds time (200 with the entry), refuses 0 with 422, and deletes only one\'s own', async () => {
    const added = await api(server, `${issue(7)}/times`, { method: 'POST', as: 'bob', body: { time: 5400 } });
    assert.equal(added.status, 200);
    assert.equal(added.json.time, 5400);
    assert.equal(added.json.user_name, 'bob');
    // The timeline answers the stored `|5400` as Gitea's SecToHours (convert.ToTimelineComment).
    const timeline = await api(server, `${issue(7)}/timeline`, { as: 'bob' });
    assert.ok(timeline.json.some((c: { type: string; body: string }) => c.type === 'add_time_manual' && c.body === '1 hour 30 minutes'), timeline.text.slice(0, 500));
    const zero = await api(server, `${issue(7)}/times`, { method: 'POST', as: 'bob', body: { time: 0 } });
    assert.equal(zero.status, 422);
    const other = await api(server, `${issue(7)}/times/${added.json.id}`, { method: 'DELETE', as: 'carol' });
    assert.equal(other.status, 403);
    assert.equal((await api(server, `${issue(7)}/times/${added.json.id}`, { method: 'DELETE', as: 'bob' })).status, 204);
    assert.equal((await api(server, `${issue(7)}/times/${added.json.id}`, { method: 'DELETE', as: 'bob' })).status, 404);
    assert.equal((await api(server, `${issue(7)}/times`, { as: 'bob' })).json.length, 0);
  });

  it('with time tracking off: GET times 404 "Timetracker is disabled", POST 400, the stopwatch 403', async () => {
    // Gitea reads internal_tracker only with has_issues: true (routers/api/v1/repo/repo.go, updateRepoUnits).
    const ignored = await api(server, '/repos/alice/demo', { method: 'PATCH', as: 'alice', body: { internal_tracker: { enable_time_tracker: false } } });
    assert.equal(ignored.json.internal_tracker.enable_time_tracker, true);
    const off = await api(server, '/repos/alice/demo', { method: 'PATCH', as: 'alice', body: { has_issues: true, internal_tracker: { enable_time_tracker: false, allow_only_contributors_to_track_time: true, enable_issue_dependencies: true } } });
    assert.equal(off.status, 200);
    assert.equal(off.json.internal_tracker.enable_time_tracker, false);
    const list = await api(server, `${issue(1)}/times`, { as: 'alice' });
    assert.equal(list.status, 404);
    assert.equal(list.json.message, 'Timetracker is disabled');
    assert.equal(list.text, `{"errors":null,"message":"Timetracker is disabled","url":"${server.url}api/swagger"}\n`, 'Gitea 1.26.3 answers so');
    const add = await api(server, `${issue(1)}/times`, { method: 'POST', as: 'alice', body: { time: 60 } });
    assert.equal(add.status, 400);
    assert.equal(add.json.message, 'time tracking disabled');
    assert.equal((await api(server, `${issue(1)}/stopwatch/start`, { method: 'POST', as: 'alice' })).status, 403);
  });
});
