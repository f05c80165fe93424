// Per-view figures in a real code-server against the big test server: requests sent and the time from opening
// a view to its first items on screen (and from the response to them), the same for "Load more", reopening
// within the cache lifetime, the 1,500-file Changed Files tree, and the extension host's memory while browsing.
import { apiRequests } from './testServer.mjs';
import { clickLoadMore, isStateLabel, paneTimeline, runCommand, scrollPaneToEnd, setPaneExpanded, waitForPaneSettled } from './ui.mjs';

/** The list request of each view (API path under /api/v1), to tell page requests from the rest. */
const LIST_ENDPOINTS = {
  'gitea.branches': /^\/repos\/alice\/big\/branches$/,
  'gitea.issues': /^\/repos\/alice\/big\/issues$/,
  'gitea.pullRequests': /^\/repos\/alice\/big\/pulls$/,
  'gitea.releases': /^\/repos\/alice\/big\/releases$/,
  'gitea.ciJobs': /^\/repos\/alice\/big\/actions\/runs$/,
  'gitea.deployKeys': /^\/repos\/alice\/big\/keys$/,
  'gitea.webhooks': /\/hooks$/,
  'gitea.activity': /\/activities\/feeds$/,
  'gitea.starred': /\/starred$/,
  'gitea.notifications': /^\/notifications$/,
};

/** The views to measure: every view of the `gitea` container listed in the issue, with its title. */
export function viewsOf(manifest, nls) {
  const contributed = manifest.contributes?.views?.gitea ?? [];
  return Object.keys(LIST_ENDPOINTS).map((id) => {
    const v = contributed.find((x) => x.id === id);
    const title = v ? (nls[v.name.replace(/^%|%$/g, '')] ?? v.name) : undefined;
    return { id, title, list: LIST_ENDPOINTS[id], missing: !v };
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * When the pane first showed the answer of a request: the first change of its rows after the request arrived
 * (nothing the answer brings can show before) that is not a loading state. The server notes a response as
 * finished on its own event loop, which the bench shares with Playwright, so a render may even precede it.
 */
function firstChangeAfter(timeline, tRequest) {
  const before = timeline.filter((e) => e.t < tRequest).pop();
  return timeline.find((e) => e.t >= tRequest && e.sig !== before?.sig && !e.labels.some((l) => l.startsWith('Loading…')));
}

const afterResponse = (shown, req) => (shown && req?.finished !== undefined ? Math.max(0, shown.t - req.finished) : null);

/** "N loaded" of the pane's Load more row, when it is rendered. */
function loadedCount(entry) {
  const l = entry?.labels.find((x) => x.startsWith('Load more…'));
  const m = l && /(?<!\d)(\d+)\s+loaded/.exec(l);
  return m ? Number(m[1]) : undefined;
}

async function settleRequests(server, from, quietMs = 400, maxMs = 10_000) {
  const deadline = Date.now() + maxMs;
  let count = -1;
  while (Date.now() < deadline) {
    const reqs = apiRequests(server, from);
    const inFlight = reqs.some((r) => r.finished === undefined);
    if (!inFlight && reqs.length === count) return reqs;
    count = reqs.length;
    await sleep(quietMs);
  }
  return apiRequests(server, from);
}

/** Opens (expands) a view and measures its first page. */
export async function measureOpen(page, server, view) {
  const from = server.requests.length;
  const tClick = Date.now();
  await setPaneExpanded(page, view.title, true);
  const settled = await waitForPaneSettled(page, view.title, tClick);
  const reqs = await settleRequests(server, from);
  const list = reqs.filter((r) => view.list.test(r.apiPath ?? ''));
  const first = list[0];
  const timeline = await paneTimeline(page, view.title, tClick - 1);
  const shown = first ? firstChangeAfter(timeline, first.time) : undefined;
  return {
    requests: reqs.length,
    requestPaths: reqs.map((r) => `${r.method} ${r.apiPath}${r.query?.page ? `?page=${r.query.page}` : ''}`),
    pageRequests: list.length,
    openToItemsMs: shown ? shown.t - tClick : null,
    afterResponseMs: afterResponse(shown, first),
    serverMs: first?.finished !== undefined ? first.finished - first.time : null,
    rows: settled?.count ?? 0,
    firstRows: settled?.labels.filter((l) => !isStateLabel(l)).slice(0, 3) ?? [],
    loaded: loadedCount(settled),
  };
}

/** Clicks "Load more" once and measures the page it brings; undefined when the view has no further page. */
export async function measureLoadMore(page, server, view) {
  const before = (await paneTimeline(page, view.title)).pop();
  const from = server.requests.length;
  const tClick = Date.now();
  if (!(await clickLoadMore(page, view.title))) return undefined;
  const deadline = Date.now() + 30_000;
  let list = [];
  while (Date.now() < deadline) {
    list = apiRequests(server, from, (r) => view.list.test(r.apiPath ?? ''));
    if (list.length && list.every((r) => r.finished !== undefined)) break;
    await sleep(30);
  }
  let shown;
  while (!shown && Date.now() < deadline) {
    shown = list[0]?.finished !== undefined ? firstChangeAfter(await paneTimeline(page, view.title, tClick - 1), list[0].time) : undefined;
    if (!shown) await sleep(30);
  }
  const reqs = await settleRequests(server, from, 300);
  return {
    requests: reqs.length,
    pageRequests: reqs.filter((r) => view.list.test(r.apiPath ?? '')).length,
    clickToItemsMs: shown ? shown.t - tClick : null,
    afterResponseMs: afterResponse(shown, list[0]),
    loadedBefore: loadedCount(before),
    loadedAfter: loadedCount(shown),
  };
}

/** The timers that ask on their own while the window has the focus, whatever view is reopened: the unread count's
 * poll and the branch status item's (`pulls?state=open`, src/git/pullRequestStatus.ts). Not the reopened view's. */
const OWN_TIMERS = [/^\/notifications\/new$/, /^\/repos\/alice\/big\/pulls$/];

/** Collapses and re-expands a view within its cache lifetime: counts the requests that causes (a request of another
 * part's own timer that falls in the window is left out, and listed apart; the view's own list path never is). */
export async function measureReopen(page, server, view) {
  await setPaneExpanded(page, view.title, false);
  await sleep(300);
  const from = server.requests.length;
  await setPaneExpanded(page, view.title, true);
  await sleep(1500);
  const all = await settleRequests(server, from, 300);
  const timer = (r) => !view.list?.test(r.apiPath ?? '') && OWN_TIMERS.some((re) => re.test(r.apiPath ?? ''));
  const reqs = all.filter((r) => !timer(r));
  return { requests: reqs.length, requestPaths: reqs.map((r) => `${r.method} ${r.apiPath}`), timers: all.filter(timer).map((r) => `${r.method} ${r.apiPath}`) };
}

/**
 * Opens a view and clicks "Load more" until `pages` pages are loaded or the list ends. Returns how deep the list
 * got (the last page requested: a view that starts over at page 1 meanwhile loses what was loaded), whether it
 * reached its end, the page numbers requested, and each Load more's time from response to items on screen.
 */
export async function browsePages(page, server, view, pages) {
  const from = server.requests.length;
  await setPaneExpanded(page, view.title, true);
  // Reopened after its cache lifetime, the view reloads page 1 first: let that finish.
  await sleep(1000);
  await settleRequests(server, from, 400, 30_000);
  await waitForPaneSettled(page, view.title, 0, 30_000);
  const pageOf = () => {
    const req = apiRequests(server, from, (r) => view.list.test(r.apiPath ?? '')).map((r) => Number(r.query?.page ?? 1));
    return { requested: req, depth: req.length ? req[req.length - 1] : 1 };
  };
  const afterResponse = [];
  let depth = pageOf().depth;
  let ended = false;
  // Bounded: a view that keeps starting over must not keep the bench busy forever.
  for (let clicks = 0; depth < pages && clicks < pages * 2; clicks++) {
    const r = await measureLoadMore(page, server, view);
    if (!r) {
      // No "Load more" row found: at the end of the list, or a row we failed to reach? The last rendered row
      // after scrolling to the end tells.
      await scrollPaneToEnd(page, view.title);
      await sleep(300);
      const last = (await paneTimeline(page, view.title)).pop();
      ended = !last?.labels.some((l) => l.startsWith('Load more…') || l.startsWith('Loading…'));
      break;
    }
    if (r.afterResponseMs !== null) afterResponse.push(r.afterResponseMs);
    depth = pageOf().depth;
  }
  const { requested } = pageOf();
  await setPaneExpanded(page, view.title, false);
  return { pages: depth, ended, restarted: requested.slice(1).includes(1), requested, afterResponseMs: afterResponse };
}

/** "Show Changed Files of Pull Request…" for pull request #1 (1,500 files): time to the complete tree. */
export async function measureChangedFiles(page, server, title) {
  const from = server.requests.length;
  await runCommand(page, 'Gitea: Show Changed Files of Pull Request…');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await input.fill('1');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: '#1' }).first().waitFor({ state: 'visible', timeout: 15_000 });
  // BENCH_PROFILE=1: a CPU profile of the window while the tree loads, summarised in the log (diagnosis only).
  const cdp = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  const tAccept = Date.now();
  await page.keyboard.press('Enter');
  const isFiles = (r) => /^\/repos\/alice\/big\/pulls\/1\/files$/.test(r.apiPath ?? '');
  const deadline = Date.now() + 60_000;
  let shown;
  let files = [];
  while (!shown && Date.now() < deadline) {
    await sleep(50);
    const reqs = apiRequests(server, from);
    files = reqs.filter(isFiles);
    if (!files.length || reqs.some((r) => r.finished === undefined)) continue;
    const lastResponse = Math.max(...files.map((r) => r.finished));
    const timeline = await paneTimeline(page, title, tAccept - 1);
    shown = timeline.find((e) => e.t >= lastResponse && e.count > 0 && !e.labels.some((l) => l.startsWith('Loading')));
    // The tree may have been drawn in the same frame as the last response arrived (already on screen).
    if (!shown && timeline.length && !timeline[timeline.length - 1].labels.some((l) => l.startsWith('Loading')) && Date.now() - lastResponse > 2000) {
      shown = timeline[timeline.length - 1];
    }
  }
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas ?? [];
    profile.samples.forEach((id, i) => {
      const f = byId.get(id).callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
    });
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
    process.stdout.write(`[bench] renderer profile (self ms):\n${top.map(([k, v]) => `  ${v.toFixed(1)}  ${k}`).join('\n')}\n`);
  }
  const reqs = await settleRequests(server, from, 300);
  // What the pane showed after the command (time from accepting it, rows), for reading a slow figure.
  const frames = (await paneTimeline(page, title, tAccept)).map((e) => `${e.t - tAccept}ms:${e.count}`);
  const spans = files.filter((r) => r.finished !== undefined).map((r) => [r.time, r.finished]);
  const concurrency = Math.max(0, ...spans.map(([t]) => spans.filter(([a, b]) => a <= t && t < b).length));
  return {
    treeMs: shown ? shown.t - tAccept : null,
    concurrency,
    firstRequestAfterMs: files.length ? files[0].time - tAccept : null,
    lastResponseAfterMs: files.length ? Math.max(...files.map((r) => r.finished ?? 0)) - tAccept : null,
    requests: reqs.length,
    fileRequests: files.length,
    rows: shown?.count ?? 0,
    firstRows: shown?.labels.slice(0, 3) ?? [],
    frames,
  };
}
