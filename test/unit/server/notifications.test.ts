// Notifications as Gitea 1.27 makes and answers them (services/uinotification, models/activities/notification*.go,
// routers/api/v1/notify): who gets a thread for which event, the list filters, marking with last_read_at, threads
// of other users, and the count of unread ones.
import assert from 'node:assert/strict';
import { afterEach, before, after, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

type User = 'alice' | 'bob' | 'carol' | 'root';

describe('test server: notifications', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());
  afterEach(() => server.reset());

  const threads = async (as: User, query = '') => (await api(server, `/notifications${query}`, { as })).json as { id: number; unread: boolean; pinned: boolean; updated_at: string; subject: { title: string; type: string; state: string; url: string; latest_comment_html_url: string }; repository: { full_name: string; permissions?: unknown } }[];
  const titles = async (as: User, query = '?all=true') => (await threads(as, query)).map((t) => t.subject.title);
  const newCount = async (as: User) => (await api(server, '/notifications/new', { as })).json.new as number;
  const createIssue = (as: User, repo: string, title: string, body = '', extra: Record<string, unknown> = {}) =>
    api(server, `/repos/${repo}/issues`, { method: 'POST', as, body: { title, body, ...extra } });
  const comment = (as: User, repo: string, index: number, body: string) => api(server, `/repos/${repo}/issues/${index}/comments`, { method: 'POST', as, body: { body } });

  it('a mention reaches the mentioned user, the watchers get the new issue, the doer nothing', async () => {
    // carol/notes: carol watches it (its owner); alice does not.
    const created = await createIssue('bob', 'carol/notes', 'Ping', 'What do you think, @alice?');
    assert.equal(created.status, 201);
    assert.deepEqual(await titles('alice'), ['Ping']);
    assert.deepEqual(await titles('carol'), ['Ping']);
    assert.deepEqual(await titles('bob'), []);
    const [thread] = await threads('alice');
    assert.equal(thread!.unread, true);
    assert.equal(thread!.pinned, false);
    assert.equal(thread!.subject.type, 'Issue');
    assert.equal(thread!.subject.state, 'open');
    assert.equal(thread!.subject.url, `${server.apiUrl}/repos/carol/notes/issues/${created.json.number}`);
    assert.equal(thread!.repository.full_name, 'carol/notes');
    assert.equal('permissions' in thread!.repository, false, 'Gitea leaves the permissions out');
    assert.equal(await newCount('alice'), 1);
  });

  it('a comment reaches the participants and watchers; a read thread turns unread again and its comment link follows', async () => {
    const issue = (await createIssue('carol', 'carol/notes', 'Notes')).json.number as number;
    await comment('alice', 'carol/notes', issue, 'I take part.');
    assert.deepEqual(await titles('alice'), [], 'the doer gets nothing');
    const [carols] = await threads('carol');
    await api(server, `/notifications/threads/${carols!.id}`, { method: 'PATCH', as: 'carol' });
    assert.equal(await newCount('carol'), 0);
    const c = await comment('bob', 'carol/notes', issue, 'Me too.');
    assert.deepEqual(await titles('alice'), ['Notes'], 'alice took part');
    const [again] = await threads('carol');
    assert.equal(again!.id, carols!.id, 'one thread per issue and user');
    assert.equal(again!.unread, true);
    assert.match(again!.subject.latest_comment_html_url, new RegExp(`#issuecomment-${c.json.id}$`));
  });

  it('assignment and review request reach that user only; closing reaches everyone involved', async () => {
    const issue = (await createIssue('alice', 'alice/demo', 'Assigned')).json.number as number;
    await api(server, '/notifications?all=true', { method: 'PUT', as: 'bob' });
    const before = await newCount('bob');
    await api(server, `/repos/alice/demo/issues/${issue}`, { method: 'PATCH', as: 'alice', body: { assignees: ['bob'] } });
    assert.equal(await newCount('bob'), before + 1);
    await api(server, '/notifications?all=true', { method: 'PUT', as: 'bob' });
    await api(server, `/repos/alice/demo/issues/${issue}`, { method: 'PATCH', as: 'alice', body: { state: 'closed' } });
    const [closed] = await threads('bob', '?subject-type=issue');
    assert.equal(closed!.subject.state, 'closed');
    const pull = server.state.issues.find((i) => i.repoId === server.fixtures.repos.demo.id && i.pull && i.state === 'open' && i.posterId !== server.state.userByName('carol')!.id)!;
    const carolBefore = (await threads('carol', '?subject-type=pull')).length;
    const asked = await api(server, `/repos/alice/demo/pulls/${pull.index}/requested_reviewers`, { method: 'POST', as: 'alice', body: { reviewers: ['carol'] } });
    assert.equal(asked.status, 201);
    const pulls = await threads('carol', '?subject-type=pull');
    assert.equal(pulls.length, carolBefore + 1);
    assert.equal(pulls[0]!.subject.type, 'Pull');
  });

  it('filters: status-types (default unread and pinned; unknown names alone match all), subject-type, since/before, all', async () => {
    await createIssue('bob', 'carol/notes', 'First', '@alice');
    await createIssue('bob', 'carol/notes', 'Second', '@alice');
    await createIssue('bob', 'carol/notes', 'Third', '@alice');
    const [third, second, first] = await threads('alice');
    assert.deepEqual([third, second, first].map((t) => t!.subject.title), ['Third', 'Second', 'First'], 'newest first');
    await api(server, `/notifications/threads/${first!.id}`, { method: 'PATCH', as: 'alice' });
    await api(server, `/notifications/threads/${second!.id}?to-status=pinned`, { method: 'PATCH', as: 'alice' });
    assert.deepEqual(await titles('alice', ''), ['Second', 'Third'], 'unread and pinned (marking moved Second\'s update time)');
    assert.deepEqual(await titles('alice', '?status-types=read'), ['First']);
    assert.deepEqual(await titles('alice', '?status-types=pinned'), ['Second']);
    assert.deepEqual(await titles('alice', '?status-types=unread'), ['Third']);
    assert.equal((await titles('alice', '?status-types=bogus')).length, 3);
    assert.equal((await titles('alice', '?all=true&subject-type=pull')).length, 0);
    const future = new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
    assert.equal((await titles('alice', `?all=true&since=${future}`)).length, 0);
    assert.equal((await titles('alice', `?all=true&before=${future}`)).length, 3);
    assert.equal((await api(server, '/notifications?since=garbage', { as: 'alice' })).status, 422);
    const res = await api(server, '/notifications?all=true&limit=2', { as: 'alice' });
    assert.equal(res.headers.get('x-total-count'), '3');
    assert.match(res.headers.get('link') ?? '', /rel="next"/);
  });

  it('PUT with last_read_at marks only what was updated by then; 205 with the changed threads; 400 on a bad time', async () => {
    await createIssue('bob', 'carol/notes', 'Old', '@alice');
    const [old] = await threads('alice');
    const seen = old!.updated_at;
    // A thread updated after what the user saw.
    const later = server.state.notifications.find((n) => n.id === old!.id)!;
    later.updated = new Date(Date.parse(seen) - 5000);
    await createIssue('bob', 'carol/notes', 'New', '@alice');
    server.state.notifications.find((n) => n.id !== old!.id && n.userId === later.userId)!.updated = new Date(Date.parse(seen) + 5000);
    const marked = await api(server, `/notifications?last_read_at=${encodeURIComponent(seen)}`, { method: 'PUT', as: 'alice' });
    assert.equal(marked.status, 205);
    assert.deepEqual(await titles('alice', '?status-types=read'), ['Old']);
    assert.deepEqual(await titles('alice', '?status-types=unread'), ['New']);
    assert.equal((await api(server, '/notifications?last_read_at=garbage', { method: 'PUT', as: 'alice' })).status, 400);
    const repoMarked = await api(server, '/repos/carol/notes/notifications', { method: 'PUT', as: 'alice' });
    assert.equal(repoMarked.status, 205);
    assert.equal(await newCount('alice'), 0);
    assert.equal((await api(server, '/repos/alice/demo/notifications?all=true', { as: 'alice' })).json.length, 0, 'the repository list is of that repository');
  });

  it('threads: 404 unknown, 403 another user\'s, a site administrator may; 401 anonymous; 403 without the notification scope', async () => {
    await createIssue('bob', 'carol/notes', 'Mine', '@alice');
    const [mine] = await threads('alice');
    assert.equal((await api(server, '/notifications/threads/999999', { as: 'alice' })).status, 404);
    const other = await api(server, `/notifications/threads/${mine!.id}`, { as: 'bob' });
    assert.equal(other.status, 403);
    assert.equal(other.json.message, `only user itself and admin are allowed to read/change this thread ${mine!.id}`);
    assert.equal((await api(server, `/notifications/threads/${mine!.id}`, { as: 'root' })).status, 200);
    assert.equal((await api(server, '/notifications/new')).status, 401);
    const scoped = await api(server, '/notifications/new', { authorization: `token ${server.fixtures.users.alice.tokens.readRepository}` });
    assert.equal(scoped.status, 403);
  });
});
