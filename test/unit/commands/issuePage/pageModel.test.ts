// The issue page's data: header and state (open / closed / merged), labels in their colours, the description and
// every comment as safe HTML interleaved with the events, and which comments the user may edit.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Issue, TimelineComment } from '../../../../src/api';
import { buildPage, pageLabel, stubHeader, type CommentEntry, type EventEntry } from '../../../../src/commands/issuePage/pageModel';

const INSTANCE = 'https://git.example.com/';
const user = (login: string) => ({ id: login.length, login });

function issue(over: Partial<Issue> = {}): Issue {
  return {
    id: 10,
    number: 7,
    title: 'Crash on start',
    state: 'open',
    html_url: 'https://git.example.com/alice/demo/issues/7',
    user: user('bob'),
    body: 'It **crashes**.',
    assets: [],
    labels: [{ id: 1, name: 'bug', color: 'ee0701' }],
    assignees: [user('alice')],
    milestone: { id: 3, title: 'v1.0' },
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
    due_date: '2026-02-01T00:00:00Z',
    projects: [],
    ...over,
  } as Issue;
}

const entry = (over: Partial<TimelineComment> & { id: number; type: string }): TimelineComment => ({ created_at: '2026-01-01T11:00:00Z', ...over }) as TimelineComment;

describe('issue page model', () => {
  it('header, labels, assignees, milestone and due date come from the issue', async () => {
    const page = await buildPage({ issue: issue(), timeline: [], me: 'alice', instanceUrl: INSTANCE });
    assert.equal(page.header.title, 'Crash on start');
    assert.equal(page.header.number, 7);
    assert.equal(page.header.state, 'open');
    assert.equal(page.header.isPull, false);
    assert.equal(page.header.author, 'bob');
    assert.equal(page.header.url, 'https://git.example.com/alice/demo/issues/7');
    assert.deepEqual(page.labels, [{ name: 'bug', color: '#ee0701', description: undefined }]);
    assert.deepEqual(page.assignees, ['alice']);
    assert.equal(page.milestone, 'v1.0');
    assert.equal(page.dueDate, '2026-02-01T00:00:00Z');
  });

  it('the description comes first, then comments and events in the server order', async () => {
    const timeline = [
      entry({ id: 1, type: 'comment', user: user('alice'), body: 'Mine', updated_at: '2026-01-01T11:00:00Z' }),
      entry({ id: 2, type: 'label', user: user('bob'), body: '1', label: { id: 1, name: 'bug', color: 'EE0701' } as never }),
      entry({ id: 3, type: 'comment', user: user('bob'), body: 'Theirs', updated_at: '2026-01-03T00:00:00Z' }),
      entry({ id: 4, type: 'close', user: user('alice') }),
      entry({ id: 5, type: 'label', user: user('bob'), body: '', label: { id: 2, name: 'wontfix', color: 'not-a-colour' } as never }),
      entry({ id: 6, type: 'change_title', user: user('bob'), old_title: 'Crash', new_title: 'Crash on start' }),
      entry({ id: 7, type: 'assignees', user: user('bob'), assignee: user('carol') as never, removed_assignee: true }),
      entry({ id: 8, type: 'pull_push', user: user('bob'), body: '{"is_force_push":false,"commit_ids":["a","b","c"]}' }),
    ];
    const page = await buildPage({ issue: issue(), timeline, me: 'Alice', instanceUrl: INSTANCE });
    assert.deepEqual(page.timeline.map((e) => `${e.kind}:${e.id}`), ['comment:0', 'comment:1', 'event:2', 'comment:3', 'event:4', 'event:5', 'event:6', 'event:7', 'event:8']);
    const [description, mine, added, theirs, , removed, renamed, unassigned, pushed] = page.timeline as [CommentEntry, CommentEntry, EventEntry, CommentEntry, EventEntry, EventEntry, EventEntry, EventEntry, EventEntry];
    assert.equal(description.description, true);
    assert.equal(description.html, '<p>It <strong>crashes</strong>.</p>\n');
    assert.equal(mine.own, true, 'logins compare case-insensitively');
    assert.equal(mine.source, 'Mine');
    assert.equal(mine.edited, false);
    assert.equal(theirs.own, false);
    assert.equal(theirs.source, undefined, 'the source of others’ comments is not sent');
    assert.equal(theirs.edited, true);
    assert.deepEqual([added.added, added.label?.color], [true, '#ee0701']);
    assert.deepEqual([removed.added, removed.label?.color], [false, undefined]);
    assert.deepEqual([renamed.oldTitle, renamed.newTitle], ['Crash', 'Crash on start']);
    assert.deepEqual([unassigned.assignee, unassigned.added], ['carol', false]);
    assert.deepEqual([pushed.commits, pushed.forcePush], [3, false]);
  });

  it('lists what the issue depends on and what it blocks, each with number, title and state', async () => {
    const page = await buildPage({
      issue: issue(),
      timeline: [],
      me: 'alice',
      instanceUrl: INSTANCE,
      dependencies: [issue({ number: 5, title: 'Docs', state: 'closed' })],
      blocks: [issue({ number: 2, title: 'Dark mode' }), issue({ number: 9, title: 'Question' })],
    });
    assert.deepEqual(page.dependencies, [{ number: 5, title: 'Docs', state: 'closed' }]);
    assert.deepEqual(page.blocks, [
      { number: 2, title: 'Dark mode', state: 'open' },
      { number: 9, title: 'Question', state: 'open' },
    ]);
    const alone = await buildPage({ issue: issue(), timeline: [], me: 'alice', instanceUrl: INSTANCE });
    assert.deepEqual([alone.dependencies, alone.blocks], [[], []]);
  });

  it('a merged pull request shows as merged with base ← head', async () => {
    const pr = issue({ pull_request: { merged: true } as never, state: 'closed' });
    const page = await buildPage({ issue: pr, timeline: [], me: 'alice', instanceUrl: INSTANCE, pull: { base: 'main', head: 'feature', merged: true } });
    assert.deepEqual([page.header.isPull, page.header.state, page.header.base, page.header.head], [true, 'merged', 'main', 'feature']);
    assert.equal((await buildPage({ issue: issue({ state: 'closed' }), timeline: [], me: 'alice', instanceUrl: INSTANCE })).header.state, 'closed');
  });

  it('a non-http web URL is not offered as a link', async () => {
    const page = await buildPage({ issue: issue({ html_url: 'javascript:alert(1)' }), timeline: [], me: 'alice', instanceUrl: INSTANCE });
    assert.equal(page.header.url, undefined);
  });

  it('the stub header shows what the tree row had, before anything loads', () => {
    assert.deepEqual(stubHeader({ number: 3, title: 'From the tree', state: 'merged', isPull: true }), {
      number: 3,
      title: 'From the tree',
      state: 'merged',
      isPull: true,
      draft: false,
      locked: false,
    });
    assert.equal(pageLabel({ name: 'x', color: '#ABCDEF' }).color, '#abcdef');
  });
});
