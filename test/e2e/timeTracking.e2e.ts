// Time tracking as a user does it, on the server in use: Start Stopwatch on the issue page, the stopwatch in the
// status bar (README screenshot), a click on it and Stop Stopwatch, then the tracked time listed on the page with
// its author. The server has the entry. A second window (its own extension host) shows a stopwatch started in the
// first and stops it.
import * as assert from 'node:assert/strict';
import { session } from './session';
import { VscodePage } from './vscodePage';
import { openIssuePage, openSignedIn } from './steps';

describe('time tracking', function () {
  this.timeout(300_000);
  let vs: VscodePage;

  const call = async <T>(method: string, path: string): Promise<{ status: number; json: T }> => {
    const { target } = session();
    const res = await fetch(`${target.apiUrl}${path}`, { method, headers: { authorization: `token ${target.user.token}` } });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T };
  };

  /** Opens the story's blocker issue and presses Start Stopwatch on its page; the times the server had before. */
  const startOnPage = async () => {
    const { target } = session();
    const number = target.repo.issues.blocker;
    const base = `/repos/${target.repo.owner}/${target.repo.name}/issues/${number}`;
    const before = (await call<unknown[]>('GET', `${base}/times`)).json.length;
    const frame = await openIssuePage(vs, number);
    await frame.locator('button[data-time-action="start"]').click({ timeout: 30_000 });
    return { number, base, before, frame };
  };

  before(async function () {
    vs = await openSignedIn();
  });

  after(async function () {
    const { target } = session();
    // A stopwatch a failed step left running would show in every later window of this user.
    await call('DELETE', `/repos/${target.repo.owner}/${target.repo.name}/issues/${target.repo.issues.blocker}/stopwatch/delete`);
    await vs?.close();
  });

  it('starts a stopwatch on the issue page, shows it in the status bar, stops it from there; the page lists the time', async function () {
    const { target } = session();
    const { number, base, before, frame } = await startOnPage();
    const item = vs.page.locator('.part.statusbar .statusbar-item:has(.codicon-watch)', { hasText: `#${number}` });
    await item.waitFor({ timeout: 30_000 });
    await frame.locator('button[data-time-action="stop"]').waitFor({ timeout: 30_000 });
    await vs.screenshot('time-tracking');
    await item.click();
    const stop = vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Stop Stopwatch' }).first();
    await stop.waitFor({ timeout: 15_000 });
    await stop.click();
    await item.waitFor({ state: 'detached', timeout: 30_000 });
    await frame.locator('button[data-time-action="start"]').waitFor({ timeout: 30_000 });
    await frame.locator('li[data-time-id] .time-user', { hasText: target.user.username }).first().waitFor({ timeout: 30_000 });
    const after = await call<{ user_name: string }[]>('GET', `${base}/times`);
    assert.equal(after.json.length, before + 1);
    assert.equal(after.json.at(-1)?.user_name, target.user.username);
  });

  it('a stopwatch started on the page shows in the status bar of a second window and stops there; the page then lists the time', async function () {
    const { target } = session();
    const { number, base, before, frame } = await startOnPage();
    await frame.locator('button[data-time-action="stop"]').waitFor({ timeout: 30_000 });
    // Another window of the same user (its own extension host), as on a second machine: it reads the running
    // stopwatch when it starts.
    const second = await openSignedIn();
    try {
      const item = second.page.locator('.part.statusbar .statusbar-item:has(.codicon-watch)', { hasText: `#${number}` });
      await item.waitFor({ timeout: 60_000 });
      await item.click();
      const stop = second.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Stop Stopwatch' }).first();
      await stop.waitFor({ timeout: 15_000 });
      await stop.click();
      await item.waitFor({ state: 'detached', timeout: 30_000 });
    } finally {
      await second.close();
    }
    assert.equal((await call<unknown[]>('GET', '/user/stopwatches')).json.length, 0, 'no stopwatch runs on the server');
    // The first window's page, refreshed, lists the time with its author.
    await frame.locator('.tools button', { hasText: 'Refresh' }).first().click();
    await frame.locator('button[data-time-action="start"]').waitFor({ timeout: 30_000 });
    const after = await call<{ user_name: string }[]>('GET', `${base}/times`);
    assert.equal(after.json.length, before + 1);
    assert.equal(after.json.at(-1)?.user_name, target.user.username);
    const entries = frame.locator('li[data-time-id]');
    const deadline = Date.now() + 30_000;
    while ((await entries.count()) < before + 1) {
      assert.ok(Date.now() < deadline, `the page lists ${await entries.count()} tracked times, not ${before + 1}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });
});
