// The Create Pull Request form in code-server against the big test server: from the key that runs the command to the
// form ready (the title prefilled from the branch's commits, the reviewers, labels and template read), and that same
// moment after the last answer the form waited for (its budget: the form's own work once the data is there). The
// workspace (alice/big's remote, no commits) fetches main and gets one branch per run with two commits each, so that
// every run prefills afresh. A recorder in each webview's host frame (Playwright init script) notes, at the animation
// frame after a change, whether the form is ready.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './proc.mjs';
import { apiRequests } from './testServer.mjs';
import { runCommand } from './ui.mjs';

export const FORM_RUNS = 3;
const KEY = 'ctrl+alt+shift+f5';
const PRESS = 'Control+Alt+Shift+F5';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const branchName = (i) => `bench-pr-${i + 1}`;

export function createPullRequestKeybindings() {
  return [{ key: KEY, command: 'gitea.createPullRequest' }];
}

/** The recorder, in every webview host frame attached from now on: `window.__prForm` gets `{ t, ready, title }`. */
export async function installFormRecorder(context) {
  await context.addInitScript(() => {
    if (!/\/webview\/browser\/pre\/index\.html/.test(window.location.href)) return;
    const records = [];
    window.__prForm = records;
    const hooked = new WeakSet();
    const hook = (inner, app) => {
      let scheduled = false;
      const snapshot = () => {
        scheduled = false;
        if (!app.querySelector('#create')) return;
        const title = app.querySelector('#title')?.value ?? '';
        const loading = app.querySelector('#loading');
        records.push({ t: Date.now(), title, ready: !!loading && loading.hidden && title !== '' });
      };
      new inner.MutationObserver(() => {
        if (scheduled) return;
        scheduled = true;
        inner.requestAnimationFrame(snapshot);
      }).observe(app, { subtree: true, childList: true, characterData: true, attributes: true });
      inner.requestAnimationFrame(snapshot);
    };
    const started = Date.now();
    const timer = setInterval(() => {
      for (const frame of document.querySelectorAll('iframe')) {
        let app;
        try {
          app = frame.contentDocument?.getElementById('app');
        } catch {
          continue;
        }
        if (app && !hooked.has(app)) {
          hooked.add(app);
          hook(frame.contentWindow, app);
        }
      }
      if (Date.now() - started > 600_000) clearInterval(timer);
    }, 2);
  });
}

/** main from the server and one branch per run, two commits each (the workspace has the server's alice/big as origin). */
export async function prepareBranches(workspace) {
  const git = (...args) => run('git', ['-C', workspace, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.invalid', ...args]);
  await git('fetch', '--quiet', 'origin', 'main:refs/remotes/origin/main');
  for (let i = 0; i < FORM_RUNS; i++) {
    await git('checkout', '--quiet', '-B', branchName(i), 'origin/main');
    await git('commit', '--quiet', '--allow-empty', '-m', `Bench change ${i + 1}a`);
    await git('commit', '--quiet', '--allow-empty', '-m', `Bench change ${i + 1}b`);
  }
}

async function formFrame(page, since, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    for (const f of page.frames()) {
      const ready = await f.evaluate((t) => (window.__prForm ?? []).find((r) => r.ready && r.t >= t) ?? null, since).catch(() => null);
      if (ready) return ready;
    }
    await sleep(20);
  }
  throw new Error('the Create Pull Request form was not ready in time');
}

async function settled(server, from) {
  for (let i = 0; i < 100; i++) {
    const reqs = apiRequests(server, from);
    if (reqs.every((r) => r.finished !== undefined)) return reqs;
    await sleep(50);
  }
  return apiRequests(server, from);
}

/** One run: the branch checked out, the key pressed, the form ready; the answers it waited for. */
async function measureOnce(page, server, workspace, i) {
  await run('git', ['-C', workspace, 'checkout', '--quiet', branchName(i)]);
  await sleep(1500); // the git extension notices the checkout
  const from = server.requests.length;
  const t0 = Date.now();
  await page.keyboard.press(PRESS);
  const ready = await formFrame(page, t0);
  const reqs = (await settled(server, from)).filter((r) => r.time <= ready.t);
  const lastAnswer = Math.max(...reqs.map((r) => r.finished ?? 0));
  const result = {
    openToReadyMs: ready.t - t0,
    afterResponseMs: Math.max(0, ready.t - lastAnswer),
    title: ready.title,
    requests: reqs.length,
    timeline: reqs.map((r) => [r.apiPath + (r.query?.page ? `?page=${r.query.page}` : ''), r.time - t0, r.finished === undefined ? null : r.finished - t0]),
  };
  await runCommand(page, 'View: Close All Editors');
  await sleep(300);
  return result;
}

/** The extension's own account of each form (its log: when the head repository, options, commits came, when shown). */
function extensionTimings(userDataDir) {
  const lines = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name === 'Gitea Workbench.log') lines.push(...readFileSync(p, 'utf8').split('\n').filter((l) => l.includes('Create Pull Request form of')));
    }
  };
  try {
    walk(join(userDataDir, 'logs'));
  } catch {
    // expected: no log folder, no timings.
  }
  return lines.map((l) => l.replace(/^.*Create Pull Request form of /, ''));
}

/** The figures, added to `report` (section "Create Pull Request form"). */
export async function createPullRequestFigures(page, server, workspace, { report, median, ms, log, userDataDir }) {
  const section = 'Create Pull Request form';
  try {
    await prepareBranches(workspace);
    const runs = [];
    for (let i = 0; i < FORM_RUNS; i++) runs.push(await measureOnce(page, server, workspace, i));
    log(`create pull request form: ${JSON.stringify(runs)}`);
    if (userDataDir) for (const line of extensionTimings(userDataDir)) log(`create pull request form, the extension's log: ${line}`);
    const m = (f) => median(runs.map(f));
    report.add(section, `command → form ready, after the last response (median of ${runs.length})`, m((r) => r.afterResponseMs), 'ms', ms(300),
      `key → form ready ${m((r) => r.openToReadyMs)} ms; ${runs[0].requests} requests`);
    report.details.createPullRequest = runs;
  } catch (e) {
    log(`create pull request form: ${e.stack ?? e.message}`);
    report.add(section, 'command → form ready, after the last response', null, 'ms', ms(300), 'failed, see log');
  }
}
