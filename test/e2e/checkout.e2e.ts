// Checking out a pull request as a user does: the inline action of its row in the Pull Requests view, the status
// bar item of the checked-out pull request (its menu opens its page), and Back to Default Branch from the palette.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readyForReadme } from './readmeShot';
import { session } from './session';
import { VscodePage } from './vscodePage';
import { onlyPane, openSignedIn } from './steps';

const git = async (cwd: string, ...args: string[]): Promise<string> => (await promisify(execFile)('git', args, { cwd })).stdout.trim();

describe('check out a pull request', function () {
  this.timeout(300_000);
  let vs: VscodePage;

  before(async function () {
    vs = await openSignedIn();
  });

  after(async function () {
    await vs?.close();
  });

  it('the inline action of a pull request checks it out; the status bar shows it, also after a reload, and opens its page', async function () {
    const { target } = session();
    // Signed in: a real server's provisioned repository is private.
    const res = await fetch(`${target.apiUrl}/repos/${target.repo.owner}/${target.repo.name}/pulls/${target.repo.openPull}`, {
      headers: { authorization: `token ${target.user.token}` },
    });
    assert.ok(res.ok, `GET pull request ${target.repo.openPull} → ${res.status}`);
    const pr = (await res.json()) as { title: string; head: { ref: string; sha: string } };
    await vs.dismissNotifications();
    // Only the Pull Requests pane open, so its rows have room.
    await onlyPane(vs, 'Pull Requests');
    const pane = vs.view('Pull Requests');
    const row = pane.item(`#${target.repo.openPull} `);
    await row.waitFor({ timeout: 30_000 });
    await row.hover();
    await row.locator('a.action-label[aria-label="Check Out Pull Request…"]').click();
    await vs.waitForNotification(new RegExp(`Pull request #${target.repo.openPull} is checked out as the branch ${pr.head.ref}`), 30_000);

    const status = vs.page.locator('.part.statusbar .statusbar-item', { hasText: `#${target.repo.openPull} ${pr.title}` });
    await status.waitFor({ timeout: 15_000 });
    assert.equal(await git(target.workspace, 'rev-parse', '--abbrev-ref', 'HEAD'), pr.head.ref);
    assert.equal(await git(target.workspace, 'rev-parse', 'HEAD'), pr.head.sha);
    await vs.screenshot('checkout-pull-request', { readme: false });
    await vs.dismissNotifications();

    // On a pull request's branch the palette offers the way back.
    await vs.page.keyboard.press('F1');
    await vs.fillQuickInput('>Gitea: Back to', { submit: false });
    assert.ok((await vs.quickItems()).some((l) => l.includes('Back to Default Branch')));
    await vs.closeQuickInput();

    // The item's hover: the pull request, and its actions (the README's picture: the window made ready first, as
    // that moves the mouse).
    const sidebar = (await vs.page.locator('.part.sidebar').boundingBox())!;
    await vs.page.mouse.move(sidebar.x + sidebar.width, sidebar.y + sidebar.height / 2);
    await vs.page.mouse.down();
    await vs.page.mouse.move(sidebar.x + Math.max(sidebar.width, 480), sidebar.y + sidebar.height / 2, { steps: 5 });
    await vs.page.mouse.up();
    await readyForReadme(vs.page, 'checkout-status-bar');
    await status.hover();
    const hover = vs.page.locator('.monaco-hover', { hasText: `Back to ${target.repo.defaultBranch}` });
    await hover.waitFor({ timeout: 10_000 });
    assert.match((await hover.innerText()).replace(/\s+/g, ' '), new RegExp(`${target.repo.owner}/${target.repo.name}#${target.repo.openPull} ${pr.title}`));
    await vs.screenshot('checkout-status-bar');

    // The branch remembers its pull request: after a window reload the item is back (from git config alone).
    await vs.page.reload();
    await vs.waitForWorkbench();
    await status.waitFor({ timeout: 30_000 });

    await vs.page.mouse.move(700, 400);
    // A click opens the branch's menu; Open Pull Request opens its page.
    // The views and commands load as the reloaded window finds the branch's pull request; a click in that moment
    // can miss the command: click again.
    for (let attempt = 1; ; attempt++) {
      await status.click();
      try {
        await vs.pickQuickItem(`Open Pull Request #${target.repo.openPull}`);
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
        await vs.closeQuickInput();
        await vs.page.waitForTimeout(1000);
      }
    }
    await vs.page.locator('.tabs-container .tab', { hasText: `#${target.repo.openPull}` }).first().waitFor({ timeout: 30_000 });
  });

  it('Back to <default branch> in the status bar item\'s hover switches back and the item goes', async function () {
    const { target } = session();
    const status = vs.page.locator('.part.statusbar .statusbar-item', { hasText: `#${target.repo.openPull} ` });
    await vs.page.mouse.move(700, 400);
    await status.hover();
    await vs.page.locator('.monaco-hover a', { hasText: `Back to ${target.repo.defaultBranch}` }).click();
    await vs.waitForNotification(new RegExp(`Switched to ${target.repo.defaultBranch}`), 30_000);
    assert.equal(await git(target.workspace, 'rev-parse', '--abbrev-ref', 'HEAD'), target.repo.defaultBranch);
    await vs.page.locator('.part.statusbar .statusbar-item', { hasText: `#${target.repo.openPull} ` }).waitFor({ state: 'hidden', timeout: 15_000 });
  });
});
