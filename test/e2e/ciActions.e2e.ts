// Acting on CI as a user does, in the CI Jobs view: Run Workflow… on the Workflows row (the branch, a choice input
// picked, the rest left at their defaults) until the new run is selected in the view, and the inline Re-run Job
// of a failed job until its run shows its second attempt. On the test server (its ci.yml declares
// workflow_dispatch inputs and it has a failed run), and on a real server whose runner ran the story's jobs.
import * as assert from 'node:assert/strict';
import { requires, session } from './session';
import { VscodePage } from './vscodePage';
import { onlyPane, signInWithToken as signIn } from './steps';

describe('CI actions in the CI Jobs view', function () {
  this.timeout(300_000);
  let vs: VscodePage;

  before(async function () {
    requires(this, 'actions');
    requires(this, 'ciRuns'); // a failed run: the test server's seed, or a real runner's
    vs = await VscodePage.open({ viewport: { width: 1400, height: 900 } });
    const { target } = session();
    await signIn(vs, target.url, target.user.username, target.user.token!);
    await vs.openViewContainer('Gitea');
  });

  after(async function () {
    await vs?.close();
  });

  it('Run Workflow… with a choice input: the new run waits for a runner, selected in CI Jobs', async function () {
    await vs.dismissNotifications();
    await onlyPane(vs, 'CI Jobs');
    const pane = vs.view('CI Jobs');
    await pane.item('Workflows').click();
    const row = pane.item('CI');
    await row.waitFor();
    await row.hover();
    await row.locator('a.action-label[aria-label="Run Workflow…"]').click();
    const step = (n: number) => vs.page.locator('.quick-input-widget .quick-input-title', { hasText: `(${n}/5)` }).waitFor({ timeout: 30_000 });
    await vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'default branch' }).first().waitFor({ timeout: 30_000 });
    await vs.pickQuickItem('main');
    await step(2);
    const options = (await vs.quickItems()).map((i) => i.trim());
    assert.ok(['unit', 'integration', 'all'].every((o) => options.includes(o)), options.join(' | '));
    await vs.pickQuickItem('integration');
    await step(3);
    await vs.pickQuickItem('false');
    await step(4);
    await vs.fillQuickInput('several');
    await vs.page.locator('.quick-input-widget .quick-input-message', { hasText: 'retries takes a number' }).waitFor();
    await vs.fillQuickInput('2');
    await step(5);
    await vs.fillQuickInput('');
    await vs.waitForNotification(/Started CI on main: the new run waits for a runner/, 30_000);
    const selected = pane.root.locator('.monaco-list-row.selected');
    await selected.filter({ hasText: 'workflow_dispatch' }).waitFor({ timeout: 15_000 });
    // A real runner may have taken it already.
    // Gitea's status words: a real runner may have taken it already (in_progress).
    assert.match(await selected.innerText(), session().target.repo.ci!.runner ? /queued|in_progress|success|failure/ : /queued/);
    await vs.screenshot('ci-run-workflow');
  });

  it('the inline Re-run Job of a failed job: the job shows attempt 2', async function () {
    await vs.dismissNotifications();
    const pane = vs.view('CI Jobs');
    await pane.item('Workflows').click(); // collapse: room for the runs
    const ci = session().target.repo.ci!;
    const run = pane.item(ci.failedRun);
    await run.click();
    const job = pane.items().filter({ hasText: ci.failedJob }).filter({ hasText: 'failure' }).first();
    await job.waitFor({ timeout: 30_000 });
    await job.hover();
    await job.locator('a.action-label[aria-label="Re-run Job"]').click();
    await vs.waitForNotification(new RegExp(`Re-running the job ${ci.failedJob}: it waits for a runner`), 30_000);
    // The job's row counts its attempts (Gitea 1.26's runs have no run_attempt; 1.27's run row says it too).
    await pane.items().filter({ hasText: ci.failedJob }).filter({ hasText: 'attempt 2' }).first().waitFor({ timeout: 30_000 });
    await vs.screenshot('ci-rerun-job');
  });
});
