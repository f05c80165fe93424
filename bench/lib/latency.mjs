// The latency mode (BENCH_ONLY=latency, and part of the full run): a code-server whose Gitea instance is the test
// server behind a proxy that holds each request 100 ms (delayProxy.mjs), and for each scenario the round trips on
// its critical path. A request's depth is 1 + the largest depth of the requests of the scenario that had ended
// before it started; the scenario's round trips are the largest depth. Counted that way the figure does not depend
// on how busy the machine is (a slow machine stretches each step, not the number of steps); the elapsed time is
// printed beside it. The scenarios: the sidebar's first fill after activation (signed in, the window reloaded), the
// issue page and the pull request page opened the way a click on their tree row opens them, Changed Files of a pull
// request, and the Create Issue and Create Pull Request forms; then the pull request page again once #1 has a long
// history of code comments (≤ 3: the timeline's end is looked for where the counts say, then the newest comments'
// reactions). Budgets (issue #24): ≤ 3 round trips for the sidebar, ≤ 2 for a page or a form after the click; for
// Changed Files, ≤ 2 to its first files on screen (the whole list is printed beside). The timers that poll on their own (the unread count, the CI Jobs view's refresh of active runs)
// and the branch status item are on no scenario's path: the unread count's requests are left out, the CI refresh and
// the branch status item are off. Afterwards the unread
// count's badge is measured on its own (unreadBadge.mjs): one request per interval, none without the focus.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDelayProxy } from './delayProxy.mjs';
import { prepareBranches } from './createPullRequest.mjs';
import { run } from './proc.mjs';
import { runCommand, openContainer, waitForWorkbench } from './ui.mjs';
import { gitWorkspace } from './workspace.mjs';
import { BADGE_INTERVAL_SECONDS, measureUnreadBadge } from './unreadBadge.mjs';

export const DELAY_MS = 100;
/** The long history put on pull request #1 after its first figure (as a review-heavy pull request has). */
const LONG_REVIEWS = 10;
const LONG_REVIEW_COMMENTS = 40;
/** The issue page's cache lifetime (src/shared/cacheLifetime.ts): a page opened again within it asks nothing. */
const PAGE_CACHE_MS = 60_000;
const KEYS = {
  issuePage: { key: 'ctrl+alt+shift+f1', press: 'Control+Alt+Shift+F1' },
  pullPage: { key: 'ctrl+alt+shift+f2', press: 'Control+Alt+Shift+F2' },
  pullPageLong: { key: 'ctrl+alt+shift+f2', press: 'Control+Alt+Shift+F2' },
  changedFiles: { key: 'ctrl+alt+shift+f3', press: 'Control+Alt+Shift+F3' },
  createIssue: { key: 'ctrl+alt+shift+f4', press: 'Control+Alt+Shift+F4' },
  createPullRequest: { key: 'ctrl+alt+shift+f5', press: 'Control+Alt+Shift+F5' },
};
/** No request for this long (and none under way): the scenario is over. */
const QUIET_MS = 2500;
const POLL = /\/notifications\/new(?:\?|$)/;
/** Read for VS Code's git, not for a view: the branch protections it warns with before a commit (#42). It starts when
 * git opens the clone, about 150 ms before the views ask for their first pages, and ends before they do: counted, it
 * made the sidebar's figure 4 where the views wait for 3 (with the read off, the views started as late: 721 ms after
 * the first requests, against 647 ms with it, BENCH_LATENCY_TRACE=1). The figure counting it is printed beside. */
const GIT_ONLY = /\/branch_protections(?:\?|$)/;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The critical path of requests `{ start, end }` (end undefined: still under way, left out): each request's depth and
 * the levels (the requests of each depth, in start order).
 */
export function criticalPath(requests) {
  const done = requests.filter((r) => r.end !== undefined).sort((a, b) => a.start - b.start);
  const depth = new Map();
  for (const r of done) {
    let before = 0;
    for (const o of done) if (o !== r && o.end <= r.start && depth.has(o)) before = Math.max(before, depth.get(o));
    depth.set(r, before + 1);
  }
  const roundTrips = Math.max(0, ...depth.values());
  const levels = Array.from({ length: roundTrips }, (_, i) => done.filter((r) => depth.get(r) === i + 1));
  return { roundTrips, levels, depth };
}

/** `GET /api/v1/repos/a/b/issues/3?x` → `GET /repos/a/b/issues/3?x` (git's own requests keep their path). */
function shortName(r) {
  return `${r.method} ${r.path.replace(/^\/api\/v1/, '')}`;
}

/** Waits for the first request since `from` (up to `timeout`), then until nothing is under way and nothing started
 * for QUIET_MS; the requests since `from`. */
async function quietAfter(proxy, from, { timeout = 60_000, until = () => true } = {}) {
  const t0 = Date.now();
  for (;;) {
    await sleep(100);
    const reqs = proxy.log.slice(from);
    const last = Math.max(...reqs.map((r) => r.end ?? Date.now()), ...reqs.map((r) => r.start));
    const idle = reqs.length > 0 && until(reqs) && proxy.inFlight() === 0 && Date.now() - last >= QUIET_MS;
    if (idle || Date.now() - t0 > timeout) return reqs;
  }
}

/** Waits (up to 10 s) until nothing is under way and nothing started for a second. */
async function proxyQuiet(proxy) {
  const t0 = Date.now();
  while (Date.now() - t0 < 10_000) {
    const last = Math.max(0, ...proxy.log.map((r) => r.end ?? Date.now()));
    if (proxy.inFlight() === 0 && Date.now() - last >= 1000) return;
    await sleep(100);
  }
}

/** Runs `act`, then counts the round trips of what it asked until the proxy went quiet. */
async function scenario(proxy, act, { firstUseful, offPath, ...options } = {}) {
  const from = proxy.log.length;
  const t0 = Date.now();
  await act();
  // The unread count's poll runs on its own timer: on no scenario's path.
  const every = (await quietAfter(proxy, from, options)).filter((r) => !POLL.test(r.path));
  // What the scenario shows does not wait for these (`offPath`): counted apart, in `roundTripsAll`.
  const reqs = offPath ? every.filter((r) => !offPath.test(r.path)) : every;
  const path = criticalPath(reqs);
  const ends = reqs.map((r) => r.end ?? 0);
  const useful = firstUseful && reqs.find((r) => firstUseful.test(r.path) && r.end !== undefined);
  return {
    roundTrips: path.roundTrips,
    roundTripsAll: offPath ? criticalPath(every).roundTrips : path.roundTrips,
    // Where the scenario shows something before all of it has arrived: the round trips to that answer.
    firstUsefulRoundTrips: useful ? path.depth.get(useful) : undefined,
    requests: reqs.length,
    elapsedMs: reqs.length ? Math.max(...ends) - t0 : 0,
    levels: path.levels.map((level) => level.map(shortName)),
    // BENCH_LATENCY_TRACE=1: each request's start and end after the act, to read why a level waited.
    ...(process.env.BENCH_LATENCY_TRACE ? { trace: reqs.map((r) => [shortName(r), r.start - t0, r.end === undefined ? null : r.end - t0]) } : {}),
  };
}

/** The shown views' first pages have been answered: Branches (the first view) and Activity (the last). */
function viewsFilled(reqs) {
  const answered = (re) => reqs.some((r) => re.test(r.path) && r.end !== undefined);
  return answered(/\/repos\/alice\/big\/branches\?page=1&/) && answered(/\/activities\/feeds\?/);
}

/** Reviews of code comments on pull request #1 (10 × 40 on one file, carol and alice in turn), straight to the test
 * server: a pull request whose timeline has 9 pages, most of them code comments (answered short or empty). */
async function seedLongHistory(server, fixtures) {
  const seeded = [];
  for (let r = 0; r < LONG_REVIEWS; r++) {
    const user = r % 2 ? 'alice' : 'carol';
    const comments = Array.from({ length: LONG_REVIEW_COMMENTS }, (_, i) => ({ path: 'src/mod/file-0002.ts', body: `Review ${r + 1}, note ${i + 1}.`, new_position: 1 + (i % 2) }));
    const res = await fetch(`${server.apiUrl}/repos/alice/big/pulls/1/reviews`, {
      method: 'POST',
      headers: { authorization: `token ${fixtures.users[user].tokens.all}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'COMMENT', body: `Review ${r + 1}`, comments }),
    });
    if (!res.ok) throw new Error(`POST review: ${res.status} ${await res.text()}`);
    seeded.push({ user, id: (await res.json()).id });
  }
  return seeded;
}

/** Deletes the seeded reviews (with their comments): the review figures that follow in a full run read every review
 * of #1 and must find only theirs. */
async function dropLongHistory(server, fixtures, seeded) {
  for (const { user, id } of seeded) {
    const res = await fetch(`${server.apiUrl}/repos/alice/big/pulls/1/reviews/${id}`, { method: 'DELETE', headers: { authorization: `token ${fixtures.users[user].tokens.all}` } });
    if (!res.ok) throw new Error(`DELETE review ${id}: ${res.status}`);
  }
}

/** An API answer of the test server itself (not through the proxy: preparing a scenario is not part of it). */
async function apiGet(server, token, path) {
  const res = await fetch(`${server.apiUrl}${path}`, { headers: { authorization: `token ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return res.json();
}

/** What the Issues and the Pull Requests views' rows of alice/big#2 and #1 hand to the page (issueNodes.ts
 * openIssueArgs, the Pull Requests view's pullNode: the number, title and state the row shows; a pull request's head
 * sha), read from the server as the views read them. */
async function rowArgs(server, token) {
  const issue = await apiGet(server, token, '/repos/alice/big/issues/2');
  const pull = await apiGet(server, token, '/repos/alice/big/pulls/1');
  return {
    issue: { number: issue.number, title: issue.title, state: issue.pull_request?.merged ? 'merged' : issue.state, isPull: false },
    pull: { number: pull.number, title: pull.title, state: pull.merged ? 'merged' : (pull.state ?? 'open'), isPull: true, headSha: pull.head.sha },
  };
}

function keybindings(proxyUrl, rows) {
  const repo = { instanceUrl: proxyUrl, owner: 'alice', repo: 'big' };
  return [
    // A click on a row of the Issues and the Pull Requests views (issueNodes.ts openIssueArgs: what the row knows).
    { key: KEYS.issuePage.key, command: 'gitea.openIssue', args: { repo, ...rows.issue } },
    { key: KEYS.pullPage.key, command: 'gitea.openIssue', args: { repo, ...rows.pull } },
    { key: KEYS.changedFiles.key, command: 'gitea.showChangedFiles', args: { repo, index: 1 } },
    { key: KEYS.createIssue.key, command: 'gitea.createIssue' },
    { key: KEYS.createPullRequest.key, command: 'gitea.createPullRequest' },
  ];
}

/** The answer that puts something usable on screen before the rest has arrived. Changed Files shows the first page
 * of files at once and adds the others as they come, six pages in flight at a time: a server computes the whole diff
 * for each page (Gitea's GetPullRequestFiles), so the 29 other pages of a 1,500-file pull request are not all asked at
 * once. */
const FIRST_USEFUL = { changedFiles: /\/pulls\/1\/files\?(.*&)?page=1(&|$)/ };

const SCENARIOS = [
  ['sidebar', "the sidebar's first fill after activation (signed in, window reloaded)", 3],
  ['sidebar', "the sidebar's first fill, git's branch protection read counted too (the former figure, no budget)", undefined, 'all'],
  ['issuePage', 'issue page (a click on its row)', 2],
  ['pullPage', 'pull request page (a click on its row)', 2],
  ['pullPageLong', `pull request page, a long history (${LONG_REVIEWS} reviews of ${LONG_REVIEW_COMMENTS} code comments: Gitea tells no timeline length, so its end is looked for; then the newest comments' reactions)`, 3],
  ['changedFiles', 'Changed Files of a pull request (1,500 files): the first files on screen', 2, 'firstUseful'],
  ['changedFiles', 'Changed Files of a pull request (1,500 files): the whole list, 30 pages (the former figure, no budget)', undefined],
  ['createIssue', 'Create Issue form', 2],
  ['createPullRequest', 'Create Pull Request form', 2],
];

/** The figures, added to `report` (section "Latency: …"). */
export async function latencyFigures(tools, server, fixtures, tmp, { report, log }) {
  const section = `Round trips behind a proxy adding ${DELAY_MS} ms per request`;
  const proxy = await startDelayProxy({ target: server.url, delayMs: DELAY_MS });
  const results = {};
  let badge;
  let cs;
  let context;
  let page;
  try {
    const workspace = await gitWorkspace(tmp, `${proxy.url}alice/big.git`, 'latency');
    await prepareBranches(workspace);
    await run('git', ['-C', workspace, 'checkout', '--quiet', 'bench-pr-1']);
    // Signed in at the first activation from the environment (autoLogin.ts), as `npm start` does.
    const env = { GITEA_WORKBENCH_AUTOLOGIN_URL: proxy.url, GITEA_WORKBENCH_AUTOLOGIN_USERNAME: 'alice', GITEA_WORKBENCH_AUTOLOGIN_TOKEN: fixtures.users.alice.tokens.all };
    // The CI Jobs view's refresh of active runs runs on its own timer, like the unread count's poll: off here, so
    // that no scenario counts a refresh that happened to start during it.
    // The branch status item (the status bar's pull request of the checked-out branch) is on no scenario's path either:
    // its request starts when git has found the clone, as the repository's views do, and whether it ends before they
    // start depended on how the window drew (the sidebar counted 3 or 4 round trips from one run to the next). Off.
    cs = await tools.startCodeServer({ name: 'bench-latency', settings: { 'gitea.instances': [proxy.url], 'gitea.ciJobs.refreshSeconds': 0, 'gitea.statusBar.branch': false, 'gitea.notifications.pollInterval': BADGE_INTERVAL_SECONDS }, installExtensions: [join(tmp, 'gitea-workbench.vsix')], env });
    const rows = await rowArgs(server, fixtures.users.alice.tokens.all);
    writeFileSync(join(cs.userDataDir, 'User', 'keybindings.json'), JSON.stringify(keybindings(proxy.url, rows)));
    context = await tools.browser.newContext({ viewport: { width: 1400, height: 1200 } });
    page = await context.newPage();
    await page.goto(cs.folderUrl(workspace), { timeout: 120_000 });
    await waitForWorkbench(page);
    await openContainer(page, 'Gitea');
    // The extension host starts some seconds after the workbench on a busy machine; signed in, the views fill.
    await quietAfter(proxy, 0, { timeout: 120_000, until: viewsFilled });
    if (!viewsFilled(proxy.log)) throw new Error('the first activation did not sign in and fill the views');
    // The sidebar's first fill: the account is stored; the window starts again with the Gitea views shown.
    results.sidebar = await scenario(proxy, async () => {
      await page.reload();
      await waitForWorkbench(page);
    }, { timeout: 120_000, until: viewsFilled, offPath: GIT_ONLY });
    await openContainer(page, 'Gitea');
    const openedAt = {};
    const keyed = async (name) => {
      // The keys reach the workbench from a pane header (not from inside a webview that had the focus).
      await page.locator('.part.sidebar .pane-header').first().click();
      await page.locator('.part.sidebar .pane-header').first().click();
      // The view under that header, expanded again after its list's lifetime, reloads it: not the scenario's requests.
      await proxyQuiet(proxy);
      openedAt[name] = Date.now();
      results[name] = await scenario(proxy, () => page.keyboard.press(KEYS[name].press), { timeout: 15_000, firstUseful: FIRST_USEFUL[name] });
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
      await sleep(500);
    };
    for (const name of ['issuePage', 'pullPage', 'changedFiles', 'createIssue', 'createPullRequest']) await keyed(name);
    // The same pull request with a long history, once its page has left the cache (opened as from its row again).
    const long = await seedLongHistory(server, fixtures);
    try {
      await sleep(Math.max(0, openedAt.pullPage + PAGE_CACHE_MS + 1000 - Date.now()));
      await keyed('pullPageLong');
    } finally {
      await dropLongHistory(server, fixtures, long);
    }
    // The unread count's own timer, now that nothing else is asked (unreadBadge.mjs).
    badge = await measureUnreadBadge(page, proxy);
  } catch (e) {
    log(`latency: ${e.stack ?? e.message}`);
    await page?.screenshot({ path: join(tmp, 'failed-latency.png') }).catch(() => undefined);
  } finally {
    await context?.close().catch(() => undefined);
    await cs?.stop();
    await proxy.close();
  }
  for (const [key, label, budget, figure] of SCENARIOS) {
    // A scenario that sent nothing was not measured (its key did not arrive): no figure rather than a passing 0.
    const r = results[key]?.requests ? results[key] : undefined;
    const value = r ? (figure === 'firstUseful' ? (r.firstUsefulRoundTrips ?? null) : figure === 'all' ? r.roundTripsAll : r.roundTrips) : null;
    report.add(section, label, value, 'round trips', budget === undefined ? undefined : { max: budget, text: `≤ ${budget}` },
      r ? `${r.requests} requests, ${r.elapsedMs} ms` : 'not measured, see log');
    if (r && figure === undefined) log(`latency, ${key}: ${r.roundTrips} round trips, ${r.requests} requests, ${r.elapsedMs} ms\n${r.levels.map((l, i) => `    ${i + 1}: ${l.join(', ')}`).join('\n')}`);
  }
  report.details.latency = results;
  const badgeSection = `Unread notifications badge (poll interval ${BADGE_INTERVAL_SECONDS} s, the shortest the setting allows)`;
  // Fewer than two polls in a minute with the focus: the badge did not poll as it should; no figure rather than a pass.
  const polled = badge && badge.focused.polls >= 2;
  report.add(badgeSection, 'GET /notifications/new per poll interval, the window focused', polled ? badge.focused.mostPerInterval : null, 'requests', { max: 1, text: '≤ 1' },
    badge ? `${badge.focused.polls} requests in ${Math.round(badge.focused.ms / 1000)} s` : 'not measured, see log');
  report.add(badgeSection, 'GET /notifications/new while the window has not the focus', polled ? badge.unfocused.polls : null, 'requests', { max: 0, text: 'none' },
    badge ? `in ${Math.round(badge.unfocused.ms / 1000)} s` : 'not measured, see log');
  report.details.unreadBadge = badge;
}
