// A CI artifact downloaded as a user does it (#22): CI Jobs → a finished run → Artifacts → "Download Artifact…" on
// the row, a folder typed into VS Code's folder dialog, and the notification that says where the zip was saved
// (kept as sent, not extracted); the zip is then on disk in that folder.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requires, session } from './session';
import { VscodePage } from './vscodePage';
import { signInWithToken as signIn, onlyPane } from './steps';

describe('CI artifacts', function () {
  this.timeout(300_000);
  let vs: VscodePage;

  before(async function () {
    requires(this, 'actions');
    requires(this, 'ciRuns'); // a finished run and its artifact: the test server's seed, or a real runner's
    vs = await VscodePage.open({ viewport: { width: 1400, height: 1000 } });
    const { target } = session();
    await signIn(vs, target.url, target.user.username, target.user.token!);
    await vs.openViewContainer('Gitea');
  });
  after(async () => vs?.close());

  it('Download Artifact… saves the zip to the folder typed in the dialog', async function () {
    const ci = session().target.repo.ci!;
    const folder = mkdtempSync(join(tmpdir(), 'gw-e2e-artifact-'));
    await onlyPane(vs, 'CI Jobs');
    const pane = vs.view('CI Jobs');
    const row = (label: string) => pane.root.locator('[role="treeitem"]', { has: vs.page.locator('.label-name', { hasText: label }) }).first();
    await row(ci.artifactRun).waitFor({ timeout: 30_000 });
    await row(ci.artifactRun).locator('.monaco-tl-twistie').click();
    // The run's jobs arrive after its Artifacts section: wait for them, so that the rows stop moving.
    await row('build').waitFor({ timeout: 30_000 });
    await row('Artifacts').locator('.monaco-tl-twistie').click();
    await row(ci.artifact).waitFor({ timeout: 30_000 });
    // VS Code's own folder dialog (a quick input holding a path) opens from the row's menu; the menu is opened again
    // when a click on it was lost while the tree was still moving.
    const input = vs.page.locator('.quick-input-widget input.input');
    for (let attempt = 1; ; attempt++) {
      await row(ci.artifact).click({ button: 'right' });
      // VS Code's menu takes a click only once it has settled under the pointer: hover the item first.
      const item = vs.page.locator('.context-view .action-label', { hasText: 'Download Artifact…' });
      await item.hover();
      await vs.page.waitForTimeout(300);
      await item.click();
      try {
        await input.waitFor({ state: 'visible', timeout: 30_000 });
        break;
      } catch (e) {
        if (attempt >= 2) throw e;
        await vs.page.keyboard.press('Escape');
      }
    }
    // The dialog first fills in its start folder: typing before that is overwritten, so wait for it, type, and
    // type again until the box holds the folder.
    for (let i = 0; i < 50 && !(await input.inputValue()).endsWith('/'); i++) await vs.page.waitForTimeout(100);
    for (let attempt = 0; attempt < 5; attempt++) {
      await input.fill(`${folder}/`);
      await vs.page.waitForTimeout(500);
      if ((await input.inputValue()) === `${folder}/`) break;
    }
    await input.press('Enter');
    const saved = await vs.waitForNotification(new RegExp(`Saved the artifact "${ci.artifact}"`), 30_000);
    assert.match(saved, /not extracted/);
    const file = join(folder, `${ci.artifact}.zip`);
    assert.ok(existsSync(file), saved);
    assert.equal(readFileSync(file).subarray(0, 4).toString('hex'), '504b0304', 'a zip');
    await vs.screenshot('ci-artifact-downloaded', { notification: /Saved the artifact/ });
  });
});
