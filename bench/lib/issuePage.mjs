// The issue page in code-server against the big test server: "page open → first paint" (from the last answer the
// page waited for to its timeline on screen) on a short issue, and a 500-comment issue from the key that opens it
// to its timeline on screen and scrollable, "Load earlier" (response → earlier entries on screen), and reopening
// within the cache lifetime (requests). Each page is opened the way a click on a row opens it: `gitea.openIssue`
// with its argument, through a keybinding. A recorder in the webview's host frame (Playwright init script, so it is
// there before the page, CSP aside) notes at each animation frame after a change what the page shows.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiRequests } from './testServer.mjs';
import { runCommand } from './ui.mjs';

export const SHORT_RUNS = 3;
export const LONG_COMMENTS = 500;
const SHORT_KEYS = ['ctrl+alt+shift+f1', 'ctrl+alt+shift+f2', 'ctrl+alt+shift+f3'];
const LONG_KEY = 'ctrl+alt+shift+f4';
const PRESS = { 'ctrl+alt+shift+f1': 'Control+Alt+Shift+F1', 'ctrl+alt+shift+f2': 'Control+Alt+Shift+F2', 'ctrl+alt+shift+f3': 'Control+Alt+Shift+F3', 'ctrl+alt+shift+f4': 'Control+Alt+Shift+F4' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The long body of issue #31: the generated 337 KB changelog (test/fixtures/markdown/changelog/) and its last entry. */
const CHANGELOG = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'fixtures', 'markdown', 'changelog', 'CHANGELOG.md');
export const LONG_BODY_RUNS = 3;
export const CHANGELOG_LAST_ENTRY = 'The first release of the fork, with the history of its parent project kept';

async function post(server, fixtures, path, body) {
  const res = await fetch(`${server.apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `token ${fixtures.users.alice.tokens.all}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const COMMENT = (i) => `Comment ${i}: the **timeline** keeps \`going\`, see #1 and @bob.\n\n- a list item\n- another one`;

/** Three short issues (a description and 8 comments each) and one with 500 comments, through the API. */
export async function seedIssuePages(server, fixtures) {
  const short = [];
  for (let r = 0; r < SHORT_RUNS; r++) {
    const issue = await post(server, fixtures, '/repos/alice/big/issues', { title: `Bench page ${r + 1}`, body: `A description with a [link](https://example.com) and #1.` });
    for (let i = 1; i <= 8; i++) await post(server, fixtures, `/repos/alice/big/issues/${issue.number}/comments`, { body: COMMENT(i) });
    short.push(issue.number);
  }
  const long = await post(server, fixtures, '/repos/alice/big/issues', { title: 'Bench: 500 comments', body: 'A long history.' });
  for (let i = 1; i <= LONG_COMMENTS; i++) await post(server, fixtures, `/repos/alice/big/issues/${long.number}/comments`, { body: COMMENT(i) });
  // Three issues with the same body: each run renders it anew (a page shown again comes from the page cache).
  const changelog = [];
  for (let r = 0; r < LONG_BODY_RUNS; r++) changelog.push((await post(server, fixtures, '/repos/alice/big/issues', { title: `Bench: a 337 KB changelog ${r + 1}`, body: readFileSync(CHANGELOG, 'utf8') })).number);
  return { short, long: long.number, changelog };
}

/** The floor's page: its key, and the comments it holds (a short issue's description and 8 comments). */
const FLOOR_PAGE = { key: 'ctrl+alt+shift+pagedown', press: 'Control+Alt+Shift+PageDown', comments: 8 };

/** The keybindings that open the seeded pages (written into keybindings.json before the page loads), and the floor's. */
export function issuePageKeybindings(server, seeded) {
  const open = (key, number) => ({ key, command: 'gitea.openIssue', args: { repo: { instanceUrl: server.url, owner: 'alice', repo: 'big' }, number } });
  return [
    ...seeded.short.map((n, i) => open(SHORT_KEYS[i], n)),
    open(LONG_KEY, seeded.long),
    { key: FLOOR_PAGE.key, command: 'giteaBenchReviewFloor.page', args: { title: 'Floor page', comments: FLOOR_PAGE.comments } },
  ];
}

/** The floor (bench/review-floor): a webview whose HTML holds the page, no script, no request; key → its timeline on
 * screen, measured by the same recorder. */
export async function measureFloorPaint(page) {
  const t0 = Date.now();
  await page.keyboard.press(FLOOR_PAGE.press);
  const { frame } = await pageFrame(page);
  const { hit } = await waitForRecord(frame, (r) => r.entries > 0 && !r.loading);
  await runCommand(page, 'View: Close All Editors');
  await sleep(300);
  return { openToPaintMs: hit.t - t0, entries: hit.entries };
}

/**
 * Installs the recorder into every webview host frame attached from now on (Playwright init script). The host frame
 * (VS Code's pre/index.html) is loaded normally, so the script runs there before the page exists; it watches its
 * own inner frame (same origin; VS Code writes the page into it) and hooks the page's #app the moment it appears.
 */
export async function installPageRecorder(context) {
  await context.addInitScript(() => {
    if (!/\/webview\/browser\/pre\/index\.html/.test(window.location.href)) return;
    const records = [];
    window.__issuePage = records;
    const hooked = new WeakSet();
    const hook = (inner, app) => {
      let scheduled = false;
      const snapshot = () => {
        scheduled = false;
        const timeline = app.querySelector('section.timeline');
        if (!timeline) return;
        const scroller = inner.document.scrollingElement;
        records.push({
          t: Date.now(),
          title: app.querySelector('header h1')?.textContent ?? '',
          entries: timeline.querySelectorAll('article.comment, .event').length,
          loading: !!timeline.querySelector(':scope > p.muted'),
          earlier: !!timeline.querySelector('.load-earlier'),
          scrollable: !!scroller && scroller.scrollHeight > scroller.clientHeight,
          // The end of the description's text: whether a long body is on screen whole.
          descriptionTail: (timeline.querySelector('article.comment .markdown')?.textContent ?? '').trimEnd().slice(-200),
        });
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
      if (Date.now() - started > 120_000) clearInterval(timer);
    }, 2);
  });
}

/** The page's host frame (its recorder saw the page) and the page's own frame (for clicks). */
async function pageFrame(page, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    for (const f of page.frames()) {
      const n = await f.evaluate(() => (window.__issuePage ? window.__issuePage.length : 0)).catch(() => 0);
      if (n > 0) {
        const inner = f.childFrames().find((c) => !c.isDetached());
        return { frame: f, inner };
      }
    }
    await sleep(20);
  }
  throw new Error('no issue page frame');
}

async function waitForRecord(frame, match, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const rec = await frame.evaluate(() => window.__issuePage);
    const hit = rec.find(match);
    if (hit) return { hit, records: rec };
    await sleep(50);
  }
  throw new Error('the page did not show what was waited for');
}

/** The page's API requests since `from` (its issue's paths and the repository's). */
const pageRequests = (server, from, number) =>
  apiRequests(server, from, (r) => r.apiPath === '/repos/alice/big' || new RegExp(`^/repos/alice/big/(issues|pulls)/${number}(/|$)`).test(r.apiPath ?? ''));

async function settle(server, from, number) {
  for (let i = 0; i < 100; i++) {
    const reqs = pageRequests(server, from, number);
    if (reqs.length && reqs.every((r) => r.finished !== undefined)) return reqs;
    await sleep(50);
  }
  return pageRequests(server, from, number);
}

/** Opens a short issue: key → stub, last answer → timeline on screen. */
export async function measureFirstPaint(page, server, number, run) {
  const from = server.requests.length;
  const t0 = Date.now();
  await page.keyboard.press(PRESS[SHORT_KEYS[run]]);
  const { frame } = await pageFrame(page);
  const { hit, records } = await waitForRecord(frame, (r) => r.entries > 0 && !r.loading);
  const reqs = await settle(server, from, number);
  const lastAnswer = Math.max(...reqs.filter((r) => r.time <= hit.t).map((r) => r.finished ?? 0));
  const stub = records.find((r) => r.title.includes(`#${number}`));
  const result = {
    openToPaintMs: hit.t - t0,
    afterResponseMs: Math.max(0, hit.t - lastAnswer),
    stubMs: stub ? stub.t - t0 : null,
    // The first thing the page showed: the row's stub (title, state), or already the timeline.
    firstShown: records[0] ? { entries: records[0].entries, loading: records[0].loading, ms: records[0].t - t0 } : null,
    requests: reqs.length,
    timeline: reqs.map((r) => [r.apiPath + (r.query?.page ? `?page=${r.query.page}` : ''), r.time - t0, r.finished === undefined ? null : r.finished - t0]),
  };
  await runCommand(page, 'View: Close All Editors');
  await sleep(300);
  return result;
}

/** Opens the 500-comment issue, loads one earlier page, then reopens it within the cache lifetime. */
export async function measureLongTimeline(page, server, number) {
  let from = server.requests.length;
  const t0 = Date.now();
  await page.keyboard.press(PRESS[LONG_KEY]);
  const { frame, inner } = await pageFrame(page);
  const { hit } = await waitForRecord(frame, (r) => r.entries > 0 && !r.loading && r.scrollable);
  const reqs = await settle(server, from, number);
  const lastAnswer = Math.max(...reqs.filter((r) => r.time <= hit.t).map((r) => r.finished ?? 0));
  const result = { openToTimelineMs: hit.t - t0, afterResponseMs: Math.max(0, hit.t - lastAnswer), entriesShown: hit.entries, hasEarlier: hit.earlier, requests: reqs.length };

  // Load earlier: the button under the description; the figure is from its answer to the entries on screen.
  from = server.requests.length;
  const before = hit.entries;
  const scrollBefore = await inner.evaluate(() => {
    const anchor = document.querySelector('.load-earlier')?.nextElementSibling;
    return anchor ? anchor.getBoundingClientRect().top : null;
  });
  const tClick = Date.now();
  await inner.click('.load-earlier button');
  const more = await waitForRecord(frame, (r) => r.t >= tClick && r.entries > before);
  const earlierReq = apiRequests(server, from, (r) => /\/timeline$/.test(r.apiPath ?? ''))[0];
  result.loadEarlier = {
    clickToEntriesMs: more.hit.t - tClick,
    afterResponseMs: earlierReq?.finished !== undefined ? Math.max(0, more.hit.t - earlierReq.finished) : null,
    entriesAdded: more.hit.entries - before,
    requests: apiRequests(server, from).length,
  };
  // What the user was reading stayed in place: the first entry shown before moved up by exactly the scroll.
  result.loadEarlier.scrollKept = scrollBefore === null ? null : await inner.evaluate(() => window.scrollY > 0);

  await runCommand(page, 'View: Close All Editors');
  await sleep(500);
  from = server.requests.length;
  await page.keyboard.press(PRESS[LONG_KEY]);
  const { frame: again } = await pageFrame(page);
  await waitForRecord(again, (r) => r.entries > 0 && !r.loading);
  await sleep(1000);
  result.reopenRequests = pageRequests(server, from, number).length;
  await runCommand(page, 'View: Close All Editors');
  return result;
}

/** What the floor extension's `load` takes for the long body: the command that opens its page, the probe's file. */
export function longBodyLoadArgs(server, seeded, probeFile) {
  return { probeFile, longBodies: seeded.changelog.map((number) => ({ command: 'gitea.openIssue', args: { repo: { instanceUrl: server.url, owner: 'alice', repo: 'big' }, number } })) };
}

/**
 * The 337 KB changelog as an issue's description (#31): from the command that opens its page to its last entry on
 * screen, and the extension host's longest event-loop block meanwhile, from the probe in the same host
 * (bench/review-floor: `longBody` opens the page as a row's click does, `loopProbeStop` ends the probe 0.5 s after the
 * paint). The probe runs 2 s on the idle window first: what the host's own work and the machine's load show alone.
 */
export async function measureLongBody(page, server, number, probeFile) {
  rmSync(probeFile, { force: true });
  const from = server.requests.length;
  await runCommand(page, 'Open Long Body with Event Loop Probe');
  const { frame } = await pageFrame(page, 30_000);
  const { hit } = await waitForRecord(frame, (r) => !r.loading && r.descriptionTail.endsWith(CHANGELOG_LAST_ENTRY), 60_000);
  const reqs = await settle(server, from, number);
  const lastAnswer = Math.max(...reqs.filter((r) => r.time <= hit.t).map((r) => r.finished ?? 0));
  // What follows the paint (reactions, the page's own messages) is inside the probe's window too.
  await sleep(500);
  await runCommand(page, 'Stop Event Loop Probe');
  for (let i = 0; i < 100 && !existsSync(probeFile); i++) await sleep(50);
  const probe = JSON.parse(readFileSync(probeFile, 'utf8'));
  await runCommand(page, 'View: Close All Editors');
  await sleep(300);
  return { commandToWholeMs: hit.t - probe.openedAt, afterResponseMs: Math.max(0, hit.t - lastAnswer), requests: reqs.length, probe, idle: probe.idle };
}
