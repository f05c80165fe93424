// Run Workflow… in code-server against the big test server (#22): from the dispatch request's answer
// (ActionsDispatchWorkflow) to the new run's row on screen in the CI Jobs view and selected there (revealed), which
// is when the user sees the run they started. A workflow file with a workflow_dispatch trigger and no inputs is
// pushed to alice/big's main first (the figure is the view's work after the answer, not the input steps). Each run
// dispatches once more: the new run is the newest row of that workflow file, and the count of its rows grows by one.
// A recorder in the page notes, at the animation frame after each change of the sidebar, how many of the CI Jobs
// pane's rows name the file and whether the first of them is selected.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './proc.mjs';
import { apiRequests } from './testServer.mjs';
import { collapseAllPanes, setPaneExpanded } from './ui.mjs';

export const DISPATCH_RUNS = 3;
const FILE = 'bench-dispatch.yml';
const NAME = 'Bench dispatch';
const PANE = 'CI Jobs';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const WORKFLOW = `name: ${NAME}
on:
  workflow_dispatch:
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - run: echo dispatched
`;

/** Pushes .gitea/workflows/bench-dispatch.yml to alice/big's main, through the server's git over HTTP. */
export async function pushDispatchWorkflow(server, fixtures, tmp) {
  const dir = join(tmp, 'ci-dispatch-seed');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const url = new URL('alice/big.git', server.url);
  url.username = 'alice';
  url.password = fixtures.users.alice.tokens.all;
  const git = (...args) => run('git', ['-C', dir, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.invalid', ...args]);
  await run('git', ['init', '--quiet', '-b', 'main', dir]);
  await git('fetch', '--quiet', '--depth', '1', url.href, 'main');
  await git('checkout', '--quiet', '-B', 'main', 'FETCH_HEAD');
  mkdirSync(join(dir, '.gitea', 'workflows'), { recursive: true });
  writeFileSync(join(dir, '.gitea', 'workflows', FILE), WORKFLOW);
  await git('add', '.gitea/workflows');
  await git('commit', '--quiet', '-m', 'Bench: a workflow to dispatch');
  await git('push', '--quiet', url.href, 'HEAD:main');
  rmSync(dir, { recursive: true, force: true });
}

async function installDispatchRecorder(page) {
  await page.evaluate(([paneTitle, file]) => {
    const w = window;
    const records = [];
    w.__dispatch?.observer.disconnect();
    const snapshot = () => {
      const pane = [...document.querySelectorAll('.part.sidebar .pane')].find((p) => p.querySelector('.pane-header .title')?.textContent === paneTitle);
      const rows = pane ? [...pane.querySelectorAll('.pane-body .monaco-list-row')].filter((r) => (r.textContent ?? '').includes(file) && (r.textContent ?? '').includes('workflow_dispatch')) : [];
      const count = rows.length;
      const selected = count > 0 && rows[0].classList.contains('selected');
      const last = records[records.length - 1];
      if (!last || last.count !== count || last.selected !== selected) records.push({ t: Date.now(), count, selected });
    };
    let scheduled = false;
    const observer = new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      requestAnimationFrame(() => {
        scheduled = false;
        snapshot();
      });
    });
    observer.observe(document.querySelector('.part.sidebar'), { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class'] });
    w.__dispatch = { records, observer };
    snapshot();
  }, [PANE, FILE]);
}

const records = (page) => page.evaluate(() => window.__dispatch.records);

function paneLocator(page) {
  return page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header .title', { hasText: new RegExp(`^${PANE}$`) }) }).first();
}

/** One dispatch: Run Workflow… on the row, the default branch picked; the answer, then the new run on screen. */
async function measureOnce(page, server) {
  const pane = paneLocator(page);
  const row = pane.locator('.monaco-list-row', { hasText: NAME }).first();
  await row.waitFor({ state: 'visible', timeout: 30_000 });
  await installDispatchRecorder(page);
  const before = (await records(page)).at(-1).count;
  await row.hover();
  await row.locator('a.action-label[aria-label="Run Workflow…"]').click();
  const main = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'default branch' }).first();
  await main.waitFor({ state: 'visible', timeout: 60_000 });
  const from = server.requests.length;
  await main.click();
  const deadline = Date.now() + 30_000;
  let revealed;
  while (!revealed && Date.now() < deadline) {
    revealed = (await records(page)).find((r) => r.count > before && r.selected);
    if (!revealed) await sleep(50);
  }
  if (!revealed) throw new Error(`the new run of ${FILE} was not shown and selected in ${PANE} within 30 s`);
  const shown = (await records(page)).find((r) => r.count > before);
  const reqs = apiRequests(server, from);
  const answer = reqs.find((r) => r.method === 'POST' && /\/actions\/workflows\/[^/]+\/dispatches$/.test(r.apiPath ?? ''));
  if (answer?.finished === undefined) throw new Error('no answered dispatch request');
  const after = reqs.filter((r) => r.time >= answer.finished && r.time <= revealed.t);
  return {
    afterAnswerMs: revealed.t - answer.finished,
    shownAfterAnswerMs: shown.t - answer.finished,
    requestsAfterAnswer: after.map((r) => `${r.method} ${r.apiPath}${r.query?.page ? `?page=${r.query.page}` : ''} ${r.time - answer.finished}→${r.finished === undefined ? '?' : r.finished - answer.finished}`),
  };
}

/** The extension's own account of each dispatch (its log: the runs reloaded, the row selected). */
function extensionTimings(userDataDir) {
  const lines = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name === 'Gitea Workbench.log') lines.push(...readFileSync(p, 'utf8').split('\n').filter((l) => /Dispatched |Run \d+: runs reloaded/.test(l)));
    }
  };
  try {
    walk(join(userDataDir, 'logs'));
  } catch {
    // expected: no log folder, no timings.
  }
  return [...new Set(lines)]; // the same log can sit under two sessions' folders
}

/** The figure, added to `report` (section "Run Workflow…"). */
export async function ciDispatchFigures(page, server, fixtures, tmp, { report, median, ms, log, userDataDir }) {
  const section = 'Run Workflow… (CI Jobs view)';
  const name = `dispatch answered → the new run on screen and selected (median of ${DISPATCH_RUNS})`;
  try {
    await pushDispatchWorkflow(server, fixtures, tmp);
    await collapseAllPanes(page);
    await setPaneExpanded(page, PANE, true);
    // The memory figure before this one scrolled the runs down many pages (850 runs): back to the top, where
    // Workflows is, as a keyboard user goes there (Home focuses the tree's first row and opens nothing).
    await paneLocator(page).locator('.monaco-list').first().focus();
    await page.keyboard.press('Home');
    const group = paneLocator(page).locator('.monaco-list-row', { hasText: /^Workflows/ }).first();
    await group.waitFor({ state: 'visible', timeout: 30_000 });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    const runs = [];
    for (let i = 0; i < DISPATCH_RUNS; i++) {
      runs.push(await measureOnce(page, server));
      await sleep(1000);
    }
    log(`run workflow: ${JSON.stringify(runs)}`);
    if (userDataDir) for (const line of extensionTimings(userDataDir)) log(`run workflow, the extension's log: ${line}`);
    const m = (f) => median(runs.map(f));
    report.add(section, name, m((r) => r.afterAnswerMs), 'ms', ms(1000),
      `row shown ${m((r) => r.shownAfterAnswerMs)} ms after the answer; ${runs[0].requestsAfterAnswer.length} request(s) in between`);
    report.details.ciDispatch = runs;
  } catch (e) {
    log(`run workflow: ${e.stack ?? e.message}`);
    await page.screenshot({ path: join(tmp, 'failed-ci-dispatch.png') }).catch(() => undefined);
    report.add(section, name, null, 'ms', ms(1000), 'failed, see log');
  } finally {
    await setPaneExpanded(page, PANE, false).catch(() => undefined);
  }
}
