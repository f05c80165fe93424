// Where a notification leads (only an issue API URL of the instance opens the editor's page) and the view's order.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NotificationThread } from '../../../src/api';
import { groupNotifications } from '../../../src/shared/notificationGroups';
import { subjectTarget } from '../../../src/shared/notificationSubject';

const INSTANCE = 'https://git.example.com/sub/';

function thread(id: number, over: Partial<NotificationThread> & { type?: string; url?: string; html?: string; repo?: string } = {}): NotificationThread {
  return {
    id,
    unread: over.unread ?? true,
    pinned: over.pinned ?? false,
    updated_at: over.updated_at ?? '2026-01-01T00:00:00Z',
    repository: over.repo ? ({ full_name: over.repo, name: over.repo.split('/')[1], owner: { login: over.repo.split('/')[0] } } as NotificationThread['repository']) : undefined,
    subject: { type: over.type ?? 'Issue', title: `t${id}`, url: over.url, html_url: over.html },
  } as NotificationThread;
}

describe('notification subject target', () => {
  it('an issue or pull request API URL of the instance opens the page', () => {
    assert.deepEqual(subjectTarget(thread(1, { url: `${INSTANCE}api/v1/repos/alice/demo/issues/12` }), INSTANCE), { kind: 'page', owner: 'alice', repo: 'demo', number: 12, isPull: false });
    assert.deepEqual(subjectTarget(thread(1, { type: 'Pull', url: `${INSTANCE}api/v1/repos/a.b/c-d_e/issues/3` }), INSTANCE.slice(0, -1)), { kind: 'page', owner: 'a.b', repo: 'c-d_e', number: 3, isPull: true });
  });

  it('anything else goes to the browser (html_url) or nowhere', () => {
    const html = 'https://git.example.com/sub/alice/demo/issues/12';
    for (const url of [
      'https://evil.example/sub/api/v1/repos/alice/demo/issues/12', // another host
      'http://git.example.com/sub/api/v1/repos/alice/demo/issues/12', // another scheme
      'https://git.example.com:444/sub/api/v1/repos/alice/demo/issues/12', // another port
      'https://git.example.com/api/v1/repos/alice/demo/issues/12', // outside the sub-path
      'https://u:p@git.example.com/sub/api/v1/repos/alice/demo/issues/12', // credentials
      'https://git.example.com/sub/api/v1/repos/alice/demo/issues/12/../../../admin/issues/1',
      'https://git.example.com/sub/api/v1/repos/%2e%2e/demo/issues/12',
      'https://git.example.com/sub/api/v1/repos/al%2Fice/demo/issues/12',
      'https://git.example.com/sub/api/v1/repos/alice/demo/issues/0',
      'https://git.example.com/sub/api/v1/repos/alice/demo/pulls/12',
      'javascript:alert(1)',
      'not a url',
    ]) {
      assert.deepEqual(subjectTarget(thread(1, { url, html }), INSTANCE), { kind: 'browser', url: html }, url);
    }
    assert.deepEqual(subjectTarget(thread(2, { type: 'Commit', url: html, html }), INSTANCE), { kind: 'browser', url: html });
    assert.deepEqual(subjectTarget(thread(3, { type: 'Repository', url: '/alice/demo' }), INSTANCE), { kind: 'none' });
  });
});

describe('notification groups', () => {
  it('groups by repository, unread first then pinned then read, newest first; groups with unread first', () => {
    const groups = groupNotifications([
      thread(1, { repo: 'a/old', unread: false, updated_at: '2026-01-05T00:00:00Z' }),
      thread(2, { repo: 'b/new', unread: false, updated_at: '2026-01-01T00:00:00Z' }),
      thread(3, { repo: 'b/new', unread: true, updated_at: '2026-01-02T00:00:00Z' }),
      thread(4, { repo: 'b/new', unread: false, pinned: true, updated_at: '2026-01-04T00:00:00Z' }),
      thread(5, { repo: 'b/new', unread: true, updated_at: '2026-01-03T00:00:00Z' }),
    ]);
    assert.deepEqual(groups.map((g) => [g.fullName, g.unread, g.newest, g.owner, g.name]), [
      ['b/new', 2, '2026-01-04T00:00:00Z', 'b', 'new'],
      ['a/old', 0, '2026-01-05T00:00:00Z', 'a', 'old'],
    ]);
    assert.deepEqual(groups[0]!.threads.map((t) => t.id), [5, 3, 4, 2]);
  });
});
