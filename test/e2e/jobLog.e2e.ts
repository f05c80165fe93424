// The job log as a user sees it (#40): CI Jobs → the running run → "Show Log" on its job: the log opens with each
// step a titled section and its script listing folded, no timestamps or runner markers, and the status bar says the
// job is running (screenshot test-results/screenshots/ci-job-log.png). On the test server, the seeded running run
// 'WIP: refactoring'; on a real server with a runner, a run of the story's ci.yml dispatched with the note `slow`,
// whose `build` prints a line a second for two minutes (test/harness/realRepoStory.ts).
import * as assert from 'node:assert/strict';
import { requires, session } from './session';
import { VscodePage } from './vscodePage';
import { signInWithToken as signIn, onlyPane } from './steps';
import { SLOW_BUILD_NOTE } from '../harness/realRepoStory';

/** On a real server: dispatches ci.yml on main with the note `slow` and waits until its `build` job runs. */
async function startSlowBuild(): Promise<void> {
  const { target } = session();
  const api = `${target.url}api/v1/repos/${target.repo.owner}/${target.repo.name}`;
  const headers = { Authorization: `token ${target.user.token!}`, 'Content-Type': 'application/json' };
  const newestRun = async (): Promise<number> => {
    const runs = (await (await fetch(`${api}/actions/runs?event=workflow_dispatch&limit=1`, { headers })).json()) as { workflow_runs?: { id: number }[] };
    return runs.workflow_runs?.[0]?.id ?? 0;
  };
  // Runs of 1.26 have no created_at: the new run is the one with a higher id.
  const before = await newestRun();
  const since = Date.now();
  const dispatched = await fetch(`${api}/actions/workflows/ci.yml/dispatches`, { method: 'POST', headers, body: JSON.stringify({ ref: 'main', inputs: { note: SLOW_BUILD_NOTE } }) });
  assert.equal(dispatched.status, 204, await dispatched.text());
  for (;;) {
    const run = await newestRun();
    if (run > before) {
      const jobs = (await (await fetch(`${api}/actions/runs/${run}/jobs`, { headers })).json()) as { jobs?: { name: string; status: string }[] };
      if (jobs.jobs?.some((j) => j.name === 'build' && j.status === 'in_progress')) return;
    }
    if (Date.now() - since > 120_000) throw new Error('the runner did not start the slow build within 2 minutes');
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

describe('Job log', function () {
  this.timeout(300_000);
  let vs: VscodePage;

  before(async function () {
    requires(this, 'actions');
    requires(this, 'ciRuns'); // the seeded running run, or a real runner that runs the slow build
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
    const fixtures = !!session().target.fixtures;
    if (!fixtures) {
      await startSlowBuild();
      await vs.runCommand('Gitea: Refresh CI Jobs');
    }
    // The newest run of the story's dispatch is listed first.
    const run = fixtures ? row('WIP: refactoring') : pane.root.locator('[role="treeitem"][aria-level="1"]', { hasText: 'workflow_dispatch' }).first();
    await run.waitFor({ timeout: 30_000 });
    // A refresh of the view (its polls while a run is active) can swallow the click that expands the run.
    for (let attempt = 1; ; attempt++) {
      if ((await run.getAttribute('aria-expanded')) !== 'true') await run.locator('.monaco-tl-twistie').click();
      try {
        await row('build').waitFor({ timeout: 10_000 });
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
      }
    }
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
    // The listing's first line: the seeded script's, or the story's.
    assert.match(text, fixtures ? /│ npm run build/ : /│ mkdir -p dist/);
    assert.doesNotMatch(text, /shell: bash/, 'the listing is folded');
    assert.doesNotMatch(text, /::group::|\d{4}-\d\d-\d\dT\d\d:/);
    // Not a README shot: the status item's spinner (a running job) is what this one shows.
    await vs.screenshot('ci-job-log', { readme: false });
  });
});
