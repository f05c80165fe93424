// A token revoked on the server while the window is open, as a user meets it: the Issues view and the status bar
// say that the token was refused and offer Sign In Again…, which asks only for the new token (instance and user
// name filled in) and brings the views back, with the same account; the Accounts icon's badge comes and goes with it.
import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { session } from './session';
import { signInWithToken, runCommandWhenListed } from './steps';
import { VscodePage } from './vscodePage';

describe('a refused token leads back in', function () {
  this.timeout(180_000);
  let vs: VscodePage;
  const made: number[] = [];
  const statusItem = (text: string): Locator => vs.page.locator('.part.statusbar .statusbar-item', { hasText: text }).first();
  /** The number on the Accounts icon (VS Code's pending sign-in requests), or '' when it shows none. */
  const accountsBadge = async (): Promise<string> => {
    const badge = vs.page.locator('.part.activitybar .action-item:has(a[aria-label^="Accounts"]) .badge-content').first();
    if (!(await badge.isVisible().catch(() => false))) return '';
    return (await badge.innerText()).trim();
  };
  const waitForBadge = async (expected: string): Promise<void> => {
    const deadline = Date.now() + 30_000;
    for (let shown = await accountsBadge(); shown !== expected; shown = await accountsBadge()) {
      assert.ok(Date.now() < deadline, `the Accounts icon shows ${JSON.stringify(shown)}, not ${JSON.stringify(expected)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  /** Gitea makes and deletes tokens with the account's password only. */
  const withPassword = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const { target } = session();
    const basic = Buffer.from(`${target.user.username}:${target.user.password}`).toString('base64');
    return fetch(`${target.apiUrl}${path}`, {
      method,
      headers: { authorization: `Basic ${basic}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  };
  const newToken = async (): Promise<{ id: number; sha1: string }> => {
    const res = await withPassword('POST', `/users/${session().target.user.username}/tokens`, { name: `e2e-sign-in-again-${Date.now()}`, scopes: ['all'] });
    assert.equal(res.status, 201);
    const token = (await res.json()) as { id: number; sha1: string };
    made.push(token.id);
    return token;
  };
  const revoke = async (id: number): Promise<void> => {
    assert.equal((await withPassword('DELETE', `/users/${session().target.user.username}/tokens/${id}`)).status, 204);
    made.splice(made.indexOf(id), 1);
  };

  before(async function () {
    if (!session().target.user.password) {
      process.stdout.write('      skipped: the server in use gave no password, which creating and revoking a token needs\n');
      this.skip();
    }
    vs = await VscodePage.open();
  });

  after(async function () {
    // expected: a token this run made and did not revoke is deleted; one already gone answers 404.
    for (const id of made) await withPassword('DELETE', `/users/${session().target.user.username}/tokens/${id}`).catch(() => undefined);
    await vs?.close();
  });

  it('the Issues view and the status bar offer Sign In Again…; it asks only for the new token and the views come back', async function () {
    const { target } = session();
    const first = await newToken();
    await signInWithToken(vs, target.url, target.user.username, first.sha1);
    await vs.dismissNotifications();
    await vs.openViewContainer('Gitea');
    const issues = vs.view('Issues');
    await issues.expand();
    await issues.item('My Issues').waitFor({ timeout: 30_000 });

    await revoke(first.id);
    await runCommandWhenListed(vs, 'Gitea: Refresh Issues');
    const offer = issues.item('Sign In Again…');
    await offer.waitFor({ timeout: 30_000 });
    assert.match(await offer.innerText(), /refused the access token of/);
    const item = statusItem('Sign In Again');
    await item.waitFor({ timeout: 30_000 });
    assert.match(await item.innerText(), new RegExp(`${target.repo.owner}/${target.repo.name}`));
    // The Accounts menu asks too (VS Code's numbered badge on its icon).
    await waitForBadge('1');
    await vs.screenshot('sign-in-again-view', { readme: false });

    const second = await newToken();
    await offer.click();
    // One step: the token, for the instance and user name already known.
    const title = vs.page.locator('.quick-input-widget .quick-input-title', { hasText: 'Sign In Again to' });
    await title.waitFor({ timeout: 30_000 });
    await vs.fillQuickInput(second.sha1);
    await vs.waitForNotification(/Signed in to .* as /, 30_000);
    await issues.item('My Issues').waitFor({ timeout: 30_000 });
    assert.equal(await issues.items().filter({ hasText: 'Sign In Again' }).count(), 0, 'the offer is gone');
    await statusItem(`${target.user.username}@`).waitFor({ timeout: 30_000 });
    // …and stops asking once the account is signed in again.
    await waitForBadge('');
  });
});
