// The job log as a user sees it (#40): CI Jobs → the running run → "Show Log" on its job: the log opens with each
// step a titled section and its script listing folded, no timestamps or runner markers, and the status bar says the
// job is running (screenshot test-results/screenshots/ci-job-log.png).
import * as assert from 'node:assert/strict';
import { requires, session } from './session';
import { VscodePage } from './vscodePage';
import { signInWithToken as signIn, onlyPane } from './steps';

describe('Job log', function () {
  this.timeout(300_000);
  let vs: VscodePage;

  before(async function () {
    requires(this, 'actions');
    if (!session().target.fixtures) this.skip(); // the seeded running run 'WIP: refactoring' and its job 'build'
    vs = await VscodePage.open({ viewport: { width: 1400, height: 900 } });
    const { target } = session();
    await signIn(vs, target.url, target.user.username, target.user.token!);
    await vs.openViewContainer('Gitea');
  });
  after(async () => vs?.close());

  it('Show Log on a running job: steps titled and folded, the status bar says it runs', async () => {
    await onlyPane(vs, 'CI Jobs');
    const pane = vs.view('CI Jobs');
    const row = (label: string) => pane.root.locator('[role="treeitem"]', { has: vs.page.locator('.label-name', { hasText: label }) }).first();
    await row('WIP: refactoring').waitFor({ timeout: 30_000 });
    await row('WIP: refactoring').locator('.monaco-tl-twistie').click();
    await row('build').waitFor({ timeout: 30_000 });
    const editorText = vs.page.locator('.editor-group-container .monaco-editor .view-lines').first();
    for (let attempt = 1; ; attempt++) {
      await row('build').click({ button: 'right' });
      const item = vs.page.locator('.context-view .action-label', { hasText: 'Show Log' });
      await item.hover();
      await vs.page.waitForTimeout(300);
      await item.click();
      try {
        await editorText.getByText('▼ Build').waitFor({ timeout: 30_000 });
        break;
      } catch (e) {
        if (attempt >= 2) throw e;
        await vs.page.keyboard.press('Escape');
      }
    }
    const status = vs.page.locator('.statusbar-item', { hasText: 'build: running' });
    await status.waitFor({ timeout: 30_000 });
    // The script listing is folded: its first line shows, the shell line under it does not.
    await vs.page.waitForTimeout(1_000);
    const text = (await editorText.innerText()).replace(/\u00a0/g, ' ');
    assert.match(text, /▼ Build/);
    assert.match(text, /│ npm run build/);
    assert.doesNotMatch(text, /shell: bash/, 'the listing is folded');
    assert.doesNotMatch(text, /::group::|\d{4}-\d\d-\d\dT\d\d:/);
    // Not a README shot: the status item's spinner (a running job) is what this one shows.
    await vs.screenshot('ci-job-log', { readme: false });
  });
});
