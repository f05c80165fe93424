// A user signs in through the command palette (instance URL, user name, password → a token is created and only
// the token kept), the status bar shows the repository detected from the clone's `origin`, and after the window
// reloads the session is still there, while the password is in none of code-server's files (settings, logs).
import * as assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { totp } from '../server/totp';
import { requires, session } from './session';
import { VscodePage } from './vscodePage';
import { runCommandWhenListed } from './steps';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) found.push(...(await filesUnder(path)));
    else if (e.isFile()) found.push(path); // not the sockets code-server keeps there
  }
  return found;
}

/** Waits until the sign-in form shows step `n` (its title ends in `(n/4)`): the next step reuses the same input. */
async function atStep(vs: VscodePage, n: number): Promise<void> {
  await vs.page.locator('.quick-input-widget .quick-input-title', { hasText: `(${n}/4)` }).waitFor();
}

describe('sign in through the palette', function () {
  this.timeout(180_000);
  let vs: VscodePage;
  const statusItem = (text: string): Locator => vs.page.locator('.part.statusbar .statusbar-item', { hasText: text }).first();

  before(async function () {
    vs = await VscodePage.open();
  });

  after(async function () {
    await vs?.close();
  });

  it('signed out, only the first view offers the Sign In button; the others say so in one line', async function () {
    await vs.openViewContainer('Gitea');
    const titles = ['Branches', 'Issues', 'Pull Requests', 'Releases', 'CI Jobs', 'CI Settings', 'Deploy Keys', 'Webhooks', 'Activity', 'Starred', 'Notifications'];
    for (const title of titles) await vs.view(title).expand();
    const welcome = vs.page.locator('.part.sidebar .welcome-view-content');
    await vs.page.locator('.part.sidebar .welcome-view-content', { hasText: 'Not signed in' }).first().waitFor();
    const buttons = welcome.locator('.monaco-button', { hasText: /^\s*Sign In\s*$/ });
    assert.equal(await buttons.count(), 1, 'one Sign In button in the whole container');
    assert.equal(await vs.view('Branches').root.locator('.welcome-view-content .monaco-button', { hasText: 'Sign In' }).count(), 1);
    assert.equal(await welcome.filter({ hasText: 'Not signed in' }).count(), titles.length - 1);
    // The first view's welcome is whole with every view expanded: its last line ends inside the view.
    const pane = await vs.view('Branches').root.boundingBox();
    const last = await vs.view('Branches').root.locator('.welcome-view-content > *').last().boundingBox();
    assert.ok(pane && last && last.y + last.height <= pane.y + pane.height, `the welcome is cut: ${JSON.stringify({ pane, last })}`);
    await vs.screenshot('signed-out-welcome');
  });

  it('signs in and the status bar shows the repository of the clone and the account', async function () {
    const { target } = session();
    const repo = `${target.repo.owner}/${target.repo.name}`;
    assert.equal(await statusItem(repo).isVisible(), false, 'no repository is shown while signed out');

    await vs.activityBarItem('Gitea').waitFor();
    await runCommandWhenListed(vs, 'Gitea: Sign In…');
    await atStep(vs, 1);
    await vs.fillQuickInput(target.url);
    await atStep(vs, 2);
    await vs.fillQuickInput(target.user.username);
    await atStep(vs, 3);
    if (target.user.password) {
      await vs.pickQuickItem('Password');
      await atStep(vs, 4);
      await vs.fillQuickInput(target.user.password);
      // The password was accepted; keep only a token created from it (the recommended choice).
      await vs.pickQuickItem('Create an access token and keep only the token');
    } else {
      await vs.pickQuickItem('Access token');
      await atStep(vs, 4);
      await vs.fillQuickInput(target.user.token!);
    }
    await vs.waitForNotification(/Signed in to .* as /);
    const item = statusItem(repo);
    await item.waitFor({ timeout: 30_000 });
    const text = await item.innerText();
    assert.match(text, new RegExp(`${target.user.username}@`), `status bar: ${text}`);
    await vs.screenshot('signin-status-bar', { notification: /Signed in to .* as / });
  });

  it('a wrong password keeps what was typed and says why', async function () {
    // Needs only the user name: the password typed is a wrong one on every server.
    const { target } = session();
    await runCommandWhenListed(vs, 'Gitea: Sign In…');
    await atStep(vs, 1);
    await vs.fillQuickInput(target.url);
    await atStep(vs, 2);
    await vs.fillQuickInput(target.user.username);
    await atStep(vs, 3);
    await vs.pickQuickItem('Password');
    await atStep(vs, 4);
    await vs.fillQuickInput('certainly-not-the-password');
    // Real Gitea answers a wrong password and a missing one-time code alike: the form asks which it was,
    // retyping the password first.
    const choices = (await vs.quickItems()).map((c) => c.trim());
    const labels = choices.filter((c) => /^(?:Retype the password|Enter a one-time code|Correct the user name)$/.test(c));
    assert.deepEqual(labels, ['Retype the password', 'Enter a one-time code', 'Correct the user name'], choices.join(' | '));
    await vs.screenshot('signin-password-refused');
    await vs.pickQuickItem('Retype the password');
    // The password step reuses the input of the choice: wait for its placeholder, then for the kept value.
    const box = vs.page.locator('.quick-input-widget input.input[placeholder="Password"]');
    await box.waitFor();
    let value = '';
    for (const end = Date.now() + 5_000; Date.now() < end && value !== 'certainly-not-the-password'; await vs.page.waitForTimeout(100)) {
      value = await box.inputValue();
    }
    assert.equal(value, 'certainly-not-the-password', 'the password step keeps what was typed');
    await vs.closeQuickInput();
  });

  it('stays signed in after the window reloads, with the secret only in SecretStorage', async function () {
    const { target, codeServer } = session();
    const repo = `${target.repo.owner}/${target.repo.name}`;
    await vs.page.reload();
    await vs.waitForWorkbench();
    const item = statusItem(repo);
    await item.waitFor({ timeout: 30_000 });
    // The account is hidden as soon as its secret turns out to be missing: it must still be there a moment later.
    await vs.page.waitForTimeout(2_000);
    assert.ok(await item.isVisible(), 'still signed in after the reload');

    // The secret works: the Branches view lists the repository's branches with it.
    await vs.openViewContainer('Gitea');
    let labels: string[] = [];
    for (const end = Date.now() + 30_000; Date.now() < end; await vs.page.waitForTimeout(500)) {
      labels = await vs.view('Branches').labels();
      if (labels.includes(target.repo.defaultBranch)) break;
    }
    assert.ok(labels.includes(target.repo.defaultBranch), `branches: ${labels.join(', ')}`);

    if (target.user.password) {
      let sawLog = false;
      for (const file of await filesUnder(codeServer.userDataDir)) {
        const text = (await readFile(file)).toString('latin1');
        assert.ok(!text.includes(target.user.password), `${file} contains the password`);
        if (text.includes(`Signed in as ${target.user.username}@`)) sawLog = true;
      }
      assert.ok(sawLog, "the extension's log is among the files inspected");
    }
  });
});

describe('sign in with two-factor authentication through the palette', function () {
  this.timeout(180_000);
  let vs: VscodePage;

  before(async function () {
    requires(this, 'twoFactor');
    vs = await VscodePage.open();
  });

  after(async function () {
    await vs?.close();
  });

  it('asks for the one-time code after the password, shows a wrong code under it, and signs in with the right one', async function () {
    const { target } = session();
    const otp = target.account.twoFactor!;
    await vs.activityBarItem('Gitea').waitFor();
    await runCommandWhenListed(vs, 'Gitea: Sign In…');
    await atStep(vs, 1);
    await vs.fillQuickInput(target.url);
    await atStep(vs, 2);
    await vs.fillQuickInput(otp.username);
    await atStep(vs, 3);
    await vs.pickQuickItem('Password');
    await atStep(vs, 4);
    await vs.fillQuickInput(otp.password);
    await vs.pickQuickItem('Enter a one-time code');
    const message = vs.page.locator('.quick-input-widget .quick-input-message');
    await message.filter({ hasText: /One-time code of/ }).waitFor();
    await vs.screenshot('signin-otp-prompt');
    await vs.fillQuickInput('000000');
    await message.filter({ hasText: /one-time code or the password was not accepted/ }).waitFor();
    await vs.fillQuickInput(totp(otp.totpSecret));
    await vs.waitForNotification(new RegExp(`Signed in to .* as ${otp.username}`), 30_000);
  });
});
