// Reactions on the issue page as a user gives them, on the server in use: one added on the issue with the "+"
// picker, two on a comment (the picker opened from the keyboard), one of them removed by clicking its pill; the
// pills say who reacted; the server has exactly those.
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { session } from './session';
import { VscodePage } from './vscodePage';
import { openIssuePage, openSignedIn } from './steps';

describe('issue page: reactions', function () {
  this.timeout(300_000);
  let vs: VscodePage;

  const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const { target } = session();
    const res = await fetch(`${target.apiUrl}${path}`, {
      method,
      headers: { authorization: `token ${target.user.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T };
  };
  /** `content:login` of each reaction the server has. */
  const reactions = async (path: string): Promise<string[]> => {
    const res = await call<{ content: string; user: { login: string } }[] | null>('GET', path);
    assert.equal(res.status, 200, path);
    return (res.json ?? []).map((r) => `${r.content}:${r.user.login}`);
  };

  /** The server's reactions once `done` holds for them (each click is sent after the page showed it), or the last read. */
  const reactionsOnceSettled = async (path: string, done: (list: string[]) => boolean): Promise<string[]> => {
    let list = await reactions(path);
    for (let i = 0; i < 50 && !done(list); i++) {
      await new Promise((r) => setTimeout(r, 200));
      list = await reactions(path);
    }
    return list;
  };

  const openPage = (number: number): Promise<FrameLocator> => openIssuePage(vs, number);

  before(async function () {
    vs = await openSignedIn();
  });

  after(async function () {
    await vs?.close();
  });

  it('adds a reaction on the issue and on a comment, removes one; the server has them', async function () {
    const { target } = session();
    const me = target.user.username;
    const number = target.repo.issues.blocked;
    const base = `/repos/${target.repo.owner}/${target.repo.name}/issues`;
    const posted = await call<{ id: number }>('POST', `${base}/${number}/comments`, { body: 'Reactions welcome' });
    assert.equal(posted.status, 201);
    const commentId = posted.json.id;
    const before = await reactions(`${base}/${number}/reactions`);
    const frame = await openPage(number);
    await vs.dismissNotifications();

    // The issue: the "+" picker, then 🎉.
    const issueBar = frame.locator('article.description .reactions');
    await issueBar.locator('summary[aria-label="Add a reaction"]').click();
    await issueBar.locator('button.reaction-choice[data-reaction="hooray"]').click();
    const hooray = issueBar.locator('button.reaction[data-reaction="hooray"][aria-pressed="true"]');
    await hooray.waitFor({ timeout: 30_000 });
    assert.match((await hooray.getAttribute('title')) ?? '', new RegExp(`${me}.*hooray`));

    // The comment: the picker opened with the keyboard, 🚀 and 👀; then 👀 removed with a click on its pill.
    const commentBar = frame.locator(`#comment-${commentId} .reactions`);
    await commentBar.locator('summary').waitFor({ timeout: 30_000 });
    await commentBar.locator('summary').focus();
    await vs.page.keyboard.press('Enter');
    await commentBar.locator('button.reaction-choice[data-reaction="rocket"]').click();
    await commentBar.locator('button.reaction[data-reaction="rocket"][aria-pressed="true"]').waitFor({ timeout: 30_000 });
    await commentBar.locator('summary').click();
    await commentBar.locator('button.reaction-choice[data-reaction="eyes"]').click();
    const eyes = commentBar.locator('button.reaction[data-reaction="eyes"]');
    await eyes.waitFor({ timeout: 30_000 });
    // Each change is sent after the one before: the server has 🚀 and 👀 before 👀 goes again.
    await reactionsOnceSettled(`${base}/comments/${commentId}/reactions`, (l) => l.length === 2);
    await eyes.click();
    await eyes.waitFor({ state: 'detached', timeout: 30_000 });
    await vs.screenshot('issue-page-reactions');

    assert.deepEqual(await reactionsOnceSettled(`${base}/comments/${commentId}/reactions`, (l) => l.length === 1), [`rocket:${me}`]);
    assert.deepEqual(await reactions(`${base}/${number}/reactions`), [...before.filter((r) => r !== `hooray:${me}`), `hooray:${me}`]);
    // Leave the issue as it was for the suites after this one.
    assert.equal((await call('DELETE', `${base}/${number}/reactions`, { content: 'hooray' })).status, 204);
  });
});
