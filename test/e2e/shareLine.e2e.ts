// Share a line as a user does: right-click a line of a file in the editor, the menu offers Copy Gitea Permalink and
// Open on Gitea (the README's picture), and choosing Copy Gitea Permalink says it copied the permalink (its text is
// checked in-host: test/integration/shareLine.itest.ts).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { session } from './session';
import { VscodePage } from './vscodePage';
import { openSignedIn } from './steps';

const git = async (cwd: string, ...args: string[]): Promise<string> => (await promisify(execFile)('git', args, { cwd })).stdout.trim();

describe('share a line', function () {
  this.timeout(300_000);
  let vs: VscodePage;

  before(async function () {
    vs = await openSignedIn();
  });

  after(async function () {
    await vs?.close();
  });

  it('the editor\'s context menu copies the permalink of the line', async function () {
    const { target } = session();
    // The workspace's HEAD is on the server: a permalink, not the branch's link.
    assert.match(await git(target.workspace, 'branch', '-r', '--contains', 'HEAD'), /origin\//);
    await vs.dismissNotifications();
    // Quick Open the README, put the cursor on its first line.
    await vs.page.keyboard.press('Control+P');
    await vs.fillQuickInput('README.md', { submit: false });
    await vs.page.keyboard.press('Enter');
    const lines = vs.page.locator('.editor-instance .monaco-editor .view-lines').first();
    await lines.waitFor({ timeout: 20_000 });
    const first = lines.locator('.view-line').first();
    await first.click();
    await first.click({ button: 'right' });
    const menu = vs.page.locator('.context-view .monaco-menu, .monaco-menu-container .monaco-menu').first();
    const copy = menu.locator('.action-item', { hasText: 'Copy Gitea Permalink' });
    await copy.waitFor({ timeout: 15_000 });
    assert.ok(await menu.locator('.action-item', { hasText: 'Open on Gitea' }).count(), 'Open on Gitea is offered too');
    await copy.hover();
    await vs.screenshot('share-line-context-menu');
    await copy.click();
    const status = vs.page.locator('.part.statusbar .statusbar-item', { hasText: 'Gitea permalink copied' });
    await status.waitFor({ timeout: 15_000 });
  });
});
