// npm run bench — the extension's costs, measured the way its users pay them, each next to its budget:
//   bundle     dist/extension.js + dist/api.js (minified) and the .vsix; the activation events
//   activation Load Code + Call Activate + Finish Activate (Developer: Startup Performance) for Gitea Workbench and
//              a hello-world extension with the same activation events, each in its own code-server, at startup in
//              two git workspaces (remote on another forge / on the test server's Gitea), median of 5; VS Code's
//              Activation column (Developer: Show Running Extensions) beside it
//   views      against the test server's big seed (10,000 branches, 5,000 issues, 2,000 CI jobs, a 1,500-file
//              pull request): requests and time to the first items on screen, after "Load more", on reopening
//   review     a file of the 1,500-file pull request with 200 review comments: its diff opened → its threads in the
//              diff editor, for 68 conversations of 1–5 comments and for 4 threads of 50 (bench/lib/review.mjs),
//              against a floor: the same threads made from memory by a minimal extension (bench/lib/reviewFloor.mjs)
//   memory     the extension host's RSS before and after browsing 20 pages of each view
//   forms      Create Pull Request: the command → the form ready, after the last answer (bench/lib/createPullRequest.mjs)
//   CI         Run Workflow…: the dispatch's answer → the new run on screen, selected (bench/lib/ciDispatch.mjs); a
//              50 MB artifact download's memory (bench/lib/artifactDownload.mjs)
//   latency    round trips on the critical path behind a proxy adding 100 ms per request: the sidebar's first fill, the
//              issue and pull request pages, Changed Files, the forms (bench/lib/latency.mjs); the unread count
//              badge's requests per interval, with and without the window's focus (bench/lib/unreadBadge.mjs)
//   markdown   rendering Markdown built to be slow (the inputs of issue #20, a generated 100 KB corpus), per 100 KB
//   fuzz       each parser of server text on the fuzz suite's hostile inputs (test/unit/fuzz/targets.ts): its worst
//              time per MB (bench/lib/fuzz.mjs, plain Node); Markdown bodies: the worst ratio of HTML to input, and
//              the worst time against markdown-it alone's
//   pageMemory what an issue page of 100 comments of 1 MiB `#1 ` leaves after it is closed (bench/lib/pageMemory.mjs,
//              plain Node on the page's model, renderer, cache and message path)
// Prints a table, writes bench/results.json and the README's figures from it (scripts/readme-performance.mjs), exits 1
// when a budget fails. Uses the test harness (compiled by tsc) for code-server, Chromium and the test server;
// bench/lib holds the bench's own measuring code.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { activationTotal, measureActivationOnce } from '../bench/lib/activation.mjs';
import { ACTIVATION_BUNDLE_BUDGET_BYTES, activationEvents, BUNDLE_BUDGET_BYTES, bundleSizes, readManifest } from '../bench/lib/bundle.mjs';
import { markdownFigures } from '../bench/lib/markdown.mjs';
import { artifactFigures } from '../bench/lib/artifactDownload.mjs';
import { pageMemoryFigures } from '../bench/lib/pageMemory.mjs';
import { fuzzFigures } from '../bench/lib/fuzz.mjs';
import { lmToolFigures } from '../bench/lib/lmTools.mjs';
import { jobLogFigures } from '../bench/lib/jobLog.mjs';
import { seedNotifications } from '../bench/lib/notifications.mjs';
import { HELLO_ID, packageHelloWorld } from '../bench/lib/helloWorld.mjs';
import { codeServerGroup, extensionHosts, rssOf, run } from '../bench/lib/proc.mjs';
import { median, Report } from '../bench/lib/report.mjs';
import { startBenchServer } from '../bench/lib/testServer.mjs';
import { collapseAllPanes, installRecorder, openContainer, runCommand, setPaneExpanded, waitForWorkbench } from '../bench/lib/ui.mjs';
import { browsePages, measureChangedFiles, measureLoadMore, measureOpen, measureReopen, viewsOf } from '../bench/lib/views.mjs';
import { dropReviewData, measureReviewThreads, reviewKeybindings, seedConversations, seedLongThreads, SHAPES } from '../bench/lib/review.mjs';
import { FLOOR_KEYS, LOAD as FLOOR_LOAD, packageReviewFloor, prepareReviewFloor, reviewFloorKeybindings } from '../bench/lib/reviewFloor.mjs';
import { installPageRecorder, issuePageKeybindings, LONG_COMMENTS, measureFirstPaint, measureFloorPaint, longBodyLoadArgs, measureLongBody, measureLongTimeline, seedIssuePages } from '../bench/lib/issuePage.mjs';
import { gitWorkspace } from '../bench/lib/workspace.mjs';
import { latencyFigures } from '../bench/lib/latency.mjs';
import { createPullRequestFigures, createPullRequestKeybindings, installFormRecorder } from '../bench/lib/createPullRequest.mjs';
import { ciDispatchFigures } from '../bench/lib/ciDispatch.mjs';
import { VSIX_BUDGET_BYTES } from './package-contents.mjs';
import { updateReadme } from './readme-performance.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TMP = join(ROOT, 'bench', 'tmp');
const RESULTS = join(ROOT, 'bench', 'results.json');
const VSIX = join(TMP, 'gitea-workbench.vsix');
/** Where the extension host's event-loop probe (bench/review-floor) writes what it saw. */
const LOOP_PROBE_FILE = join(TMP, 'loop-probe.json');
const round1 = (n) => Math.round(n * 10) / 10;
// Five runs: both figures are a few milliseconds, where one slow run of three would decide the ratio.
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// BENCH_ONLY=activation, BENCH_ONLY=views, BENCH_ONLY=review, BENCH_ONLY=issuePage, BENCH_ONLY=createPullRequest,
// BENCH_ONLY=notifications (the Notifications view only), BENCH_ONLY=ciJobs (the views up to CI Jobs, in the full run's
// order), BENCH_ONLY=ciDispatch (Run Workflow…: the dispatch's
// answer → the new run on screen in CI Jobs), BENCH_ONLY=bundle (sizes only), BENCH_ONLY=markdown
// (rendering only: compiles, no packaging, no code-server), BENCH_ONLY=artifacts (memory of a 50 MB artifact
// download, in Node: compiles only), BENCH_ONLY=fuzz (each parser's worst time per MB of hostile text, in Node:
// compiles only; BENCH_FUZZ_TARGET=<part of a target's name> measures one), BENCH_ONLY=pageMemory (an issue page of
// 100 comments of 1 MiB, opened and closed, in Node: compiles only), BENCH_ONLY=lmTools (the language-model
// tools' round trips, time after the last answer and result sizes, in Node: compiles only, bench/lib/lmTools.mjs), BENCH_ONLY=jobLog (the
// job log: live latency, bytes per poll, a 20 MB log's first screen and longest block, in Node: compiles only, bench/lib/jobLog.mjs) or BENCH_ONLY=latency (round trips behind a delaying proxy, bench/lib/latency.mjs)
// measures one part while working on it; such a run writes bench/tmp/partial.json, never bench/results.json.
const ONLY = process.env.BENCH_ONLY;
const PAGES = 20;
/** Pairs of runs of Gitea Workbench's review threads and the floor's, per shape (the median of their differences). */
const REVIEW_RUNS = Number(process.env.BENCH_REVIEW_RUNS ?? 7);
/** Idle time after each review measure's diff is closed: without it every other run paid for the widgets just
 * disposed (runs alternated fast and slow by their place in the sequence, ours and the floor alike). */
const REVIEW_SETTLE_MS = 2000;
const SIGN_IN_KEY = 'ctrl+alt+shift+f9';
const OURS = 'Gitea Workbench';
const EXTENSION_ID = 'gitea-workbench.gitea-workbench';
const HELLO = 'Bench Hello World';
const MIB = 1024 * 1024;
/** The remote of the workspace that is not a Gitea one (nothing is fetched from it). */
const OTHER_FORGE_REMOTE = 'https://github.com/octo-org/octo-repo.git';

const require = createRequire(import.meta.url);
const log = (s) => process.stdout.write(`[bench] ${s}\n`);
const report = new Report();
const ms = (max) => ({ max, text: `≤ ${max} ms` });

async function compile() {
  log('compiling (tsc) for the harness, the test server and the Markdown renderer');
  await run(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', '.'], { cwd: ROOT }).catch((e) =>
    log(`tsc reported errors (outputs are still written): ${e.message.split('\n').slice(1, 4).join(' | ')}`),
  );
  for (const f of ['out/test/harness/codeServer.js', 'out/test/harness/browser.js', 'out/test/server/index.js', 'out/src/shared/markdown.js']) {
    if (!existsSync(join(ROOT, f))) throw new Error(`${f} is missing after tsc: the bench needs the harness, the test server and the renderer`);
  }
}

async function build() {
  await compile();
  log('building and packaging (npm run package)');
  // Another build in the same tree (dist/ is shared) can break a packaging run midway: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      await run('npm', ['run', 'package'], { cwd: ROOT });
      break;
    } catch (e) {
      if (attempt === 3) throw e;
      log(`packaging failed (${e.message.split('\n').find((l) => /ERROR/.test(l)) ?? 'see above'}), trying again`);
    }
  }
  // dist/ is rebuilt by anyone who runs the build: the bench works on its own copies, taken right away.
  const sizes = bundleSizes(ROOT);
  copyFileSync(join(ROOT, 'dist', 'gitea-workbench.vsix'), VSIX);
  return sizes;
}

function bundleFigures(manifest, s) {
  report.add('Bundle', 'dist/extension.js (loaded at activation: services, accounts, status bar, stand-ins)', s.extension, 'bytes', { max: ACTIVATION_BUNDLE_BUDGET_BYTES, text: '≤ 60 KiB' });
  report.add('Bundle', 'dist/workbench.js (views and commands; loaded on their first use)', s.workbench, 'bytes');
  report.add('Bundle', 'dist/admin.js (administration forms, loaded on the first use of one)', s.admin, 'bytes');
  report.add('Bundle', 'dist/branchStatus.js (the branch status item, its pull request facts; loaded the first time the repository is a clone)', s.branchStatus, 'bytes');
  report.add('Bundle', 'dist/signIn.js (the sign-in flows, Sign In Again, Sign Out, TLS options; loaded on the first use of one)', s.signIn, 'bytes');
  report.add('Bundle', 'dist/gitCredentials.js (the answer to git\'s credential requests; loaded when git first asks)', s.gitCredentials, 'bytes');
  report.add('Bundle', 'dist/remoteSources.js (Clone from and Publish to Gitea; loaded on their first use)', s.remoteSources, 'bytes');
  report.add('Bundle', 'dist/api.js (client, undici, zod; loaded on the first request)', s.api, 'bytes');
  report.add('Bundle', 'dist/markdownWorker.js (markdown-it and its guards, run on a worker thread from the first body rendered)', s.markdownWorker, 'bytes');
  report.add('Bundle', 'JavaScript shipped (all nine bundles, minified)', s.total, 'bytes', { max: BUNDLE_BUDGET_BYTES, text: '≤ 1,100 KiB (≤ 1,000 KiB before #33-#34, ≤ 700 KiB before markdown-it)' });
  report.add('Bundle', '.vsix', s.vsix, 'bytes', { max: VSIX_BUDGET_BYTES, text: `≤ ${(VSIX_BUDGET_BYTES / 1024).toFixed(1)} KiB (${VSIX_BUDGET_BYTES.toLocaleString('en')} bytes)` });
  const events = activationEvents(manifest);
  report.add('Bundle', `eager activation events (* / onStartupFinished)`, events.eager.length, '', { max: 0, text: 'none' });
  report.details.bundle = s;
  report.details.activationEvents = events;
  log(`activation events: declared ${events.declared.join(', ') || '(none)'}; from contributions: ${events.implied.length}`);
  return events;
}

/**
 * Activation at startup (workspaceContains:.git) in two git workspaces: one whose remote is on another forge (the
 * common case: Gitea Workbench must cost almost nothing there) and one whose `origin` is alice/big on the test
 * server, listed in `gitea.instances` (signed out: the status bar offers Sign In). Each extension runs in its own
 * code-server, so that neither waits for the other, and the windows alternate between them, so that both see the
 * same load. The figure is VS Code's Load Code + Call Activate + Finish Activate (Developer: Startup Performance):
 * everything the extension host did for the extension until activate()'s promise resolved. VS Code's own
 * Activation column (Running Extensions: Load Code + Call Activate only) is printed beside it.
 */
async function activationFigures(tools, vsixes, workspaces) {
  const scenarios = [
    { key: 'otherForge', label: 'git workspace whose remote is not a Gitea', folder: workspaces.otherForge },
    { key: 'gitea', label: "git workspace whose remote is the test server's Gitea", folder: workspaces.gitea.folder, settings: workspaces.gitea.settings },
  ];
  const extensions = [
    { key: 'ours', name: OURS, id: EXTENSION_ID, vsix: vsixes.ours },
    { key: 'floor', name: HELLO, id: HELLO_ID, vsix: vsixes.hello },
  ];
  report.details.activation = {};
  for (const sc of scenarios) {
    const section = `Activation at startup, ${sc.label}`;
    const servers = [];
    try {
      for (const ext of extensions) {
        servers.push(await tools.startCodeServer({ name: `bench-activation-${ext.key}`, installExtensions: [ext.vsix], settings: sc.settings }));
      }
      const runs = { ours: [], floor: [] };
      for (let i = 1; i <= RUNS; i++) {
        for (const [n, ext] of extensions.entries()) {
          const cs = servers[n];
          const r = await measureActivationOnce({ browser: tools.browser, url: cs.folderUrl(sc.folder), origin: cs.url.replace(/\/$/, ''), name: ext.name, id: ext.id });
          runs[ext.key].push({ ...r, total: activationTotal(r.stats) });
        }
        log(`activation (${sc.key}) run ${i}: ${extensions.map((e) => `${e.name} ${JSON.stringify(runs[e.key].at(-1).stats ?? 'no stats')} "${runs[e.key].at(-1).running.text}"`).join('; ')}`);
      }
      const m = (key, f) => median(runs[key].map(f));
      const figures = Object.fromEntries(
        extensions.map((e) => [e.key, {
          total: m(e.key, (r) => r.total),
          column: m(e.key, (r) => r.running.ms),
          loadCode: m(e.key, (r) => r.stats?.loadCode),
          callActivate: m(e.key, (r) => r.stats?.callActivate),
          finishActivate: m(e.key, (r) => r.stats?.finishActivate),
        }]),
      );
      const { ours, floor } = figures;
      const column = (f) => (f.column === null ? 'n/a' : `${Math.round(f.column)} ms`);
      report.add(section, `hello-world floor: Load Code + Call Activate + Finish Activate (median of ${RUNS})`, floor.total, 'ms', undefined, `VS Code's Activation column ${column(floor)}`);
      report.add(section, `Gitea Workbench: Load Code + Call Activate + Finish Activate (median of ${RUNS})`, ours.total, 'ms', undefined,
        `${ours.loadCode} + ${ours.callActivate} + ${ours.finishActivate} ms; VS Code's Activation column ${column(ours)}`);
      report.add(section, 'Gitea Workbench total − floor total', ours.total !== null && floor.total !== null ? ours.total - floor.total : null, 'ms', ms(20));
      // The figure budgeted until 2026-11-23 (≤ 1.5×): VS Code's Activation column alone, which leaves out what
      // activate() defers past its return. Kept beside the new one, no longer budgeted.
      report.add(section, "VS Code's Activation column, Gitea Workbench ÷ floor (the former figure)", ours.column !== null && floor.column ? ours.column / floor.column : null, 'x',
        undefined, floor.column === 0 ? 'the floor read 0 ms' : undefined);
      report.details.activation[sc.key] = { figures, runs };
    } catch (e) {
      log(`activation (${sc.key}): ${e.stack ?? e.message}`);
      report.add(section, 'Gitea Workbench total − floor total', null, 'ms', ms(20), 'not measured, see log');
    } finally {
      for (const cs of servers) await cs.stop();
    }
  }
}

/**
 * Opening the diff of a file with 200 review comments: time to its threads on screen. Two shapes (bench/lib/review.mjs):
 * conversations of 1–5 comments (resolved ones collapsed), the common one, and 4 threads of 50 (the first measure's).
 */
async function reviewFigures(page, server, fixtures) {
  const section = 'Review in the diff editor (a file with 200 review comments)';
  const figures = [
    ['conversations', '68 conversations of 1–5, a third resolved (collapsed)', seedConversations],
    ['longThreads', '4 threads of 50, expanded', seedLongThreads],
  ];
  // The first diff with comments in a window also pays VS Code's first comment widgets; BENCH_REVIEW_FIRST=longThreads
  // swaps the order to see each shape's figure without that cost.
  if (process.env.BENCH_REVIEW_FIRST === 'longThreads') figures.reverse();
  // BENCH_REVIEW_BASELINE=1 (diagnosis): first the same diff before it has comments, the diff editor alone (it then
  // also takes the window's first diff editor off the figures that follow).
  if (process.env.BENCH_REVIEW_BASELINE) try {
    // The baseline: the same diff before it has comments (the diff editor alone).
    const bare = await measureReviewThreads(page, server, 'conversations', { expandedThreads: 0, expandedComments: 0 });
    log(`review baseline: ${JSON.stringify(bare)}`);
    report.add(section, 'open the 400-line file\'s diff before it has comments → its text on screen', bare.threadsMs, 'ms', undefined, `${bare.requests} requests`);
  } catch (e) {
    log(`review baseline: ${e.stack ?? e.message}`);
  } finally {
    await runCommand(page, 'View: Close All Editors').catch(() => undefined);
  }
  // The floor (#24 item 8): the same diff and threads from memory by a minimal extension (bench/lib/reviewFloor.mjs).
  // VS Code's first comment widgets in a window cost extra: a floor opened first, unmeasured, takes that off both.
  let warmed = false;
  for (const [shape, label, seed] of figures) {
    try {
      const expect = await seed(server, fixtures);
      const floorExpect = await prepareReviewFloor(page, server, fixtures, TMP, shape, SHAPES[shape].file);
      if (!warmed) {
        await measureReviewThreads(page, server, shape, floorExpect, FLOOR_KEYS[shape].press).catch(() => undefined);
        await runCommand(page, 'View: Close All Editors').catch(() => undefined);
        warmed = true;
      }
      // Ours and the floor in pairs, REVIEW_RUNS times, the pair's order swapped each time (ours first, then the floor
      // first…): one run swings by seconds on this machine (the floor alone took 5.1–6.8 s for the same threads), and
      // the runs of a window grow faster as it warms up, which would favour whichever always ran second.
      const ours = [];
      const floors = [];
      const measureOurs = async (run) => {
        await dropReviewData(page);
        const r = await measureReviewThreads(page, server, shape, expect);
        log(`review threads (${shape}, run ${run + 1}): ${JSON.stringify(r)}`);
        ours.push(r);
      };
      const measureFloor = async (run) => {
        const floor = await measureReviewThreads(page, server, shape, floorExpect, FLOOR_KEYS[shape].press);
        log(`review threads floor (${shape}, run ${run + 1}): ${JSON.stringify(floor)}`);
        floors.push(floor);
      };
      for (let run = 0; run < REVIEW_RUNS; run++) {
        for (const measure of run % 2 ? [measureFloor, measureOurs] : [measureOurs, measureFloor]) {
          await measure(run);
          await runCommand(page, 'View: Close All Editors').catch(() => undefined);
          await page.locator('.monaco-diff-editor').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
          await page.waitForTimeout(REVIEW_SETTLE_MS);
        }
      }
      const m = (runs, key) => (runs.some((x) => x[key] === null) ? null : median(runs.map((x) => x[key])));
      // What we add: the median of the pairs' differences (each pair ran back to back, in the same state of the window).
      const overOf = (key) => (ours.some((x) => x[key] === null) || floors.some((x) => x[key] === null) ? null : median(ours.map((x, i) => x[key] - floors[i][key])));
      const r = { threadsMs: m(ours, 'threadsMs'), firstThreadMs: m(ours, 'firstThreadMs'), textMs: m(ours, 'textMs'), requests: ours[0].requests, widgets: ours[0].widgets, comments: ours[0].comments };
      const floor = { threadsMs: m(floors, 'threadsMs'), firstThreadMs: m(floors, 'firstThreadMs'), textMs: m(floors, 'textMs'), widgets: floors[0].widgets, comments: floors[0].comments };
      const each = (runs, key) => runs.map((x) => x[key]).join(', ');
      const over = overOf('threadsMs');
      const medianOver = r.threadsMs === null || floor.threadsMs === null ? null : r.threadsMs - floor.threadsMs;
      report.add(section, `open the diff → its threads on screen: ${label}, Gitea Workbench − floor (median of ${REVIEW_RUNS} pairs)`, over, 'ms', ms(300),
        `ours ${r.threadsMs} ms (${each(ours, 'threadsMs')}), floor ${floor.threadsMs} ms (${each(floors, 'threadsMs')}; the same ${floor.widgets} threads, ${floor.comments} comments from memory); difference of the medians ${medianOver} ms`);
      // Key → first thread ≤ 500 ms (issue #24) is out of VS Code's reach here: the floor's own diff shows its text
      // 1–4.5 s after the key. The budget goes on what we add to VS Code's first thread; the absolute figure stays.
      const firstOver = overOf('firstThreadMs');
      report.add(section, `open the diff → first thread on screen: ${label}, Gitea Workbench − floor (median of ${REVIEW_RUNS} pairs)`, firstOver, 'ms', ms(300),
        `ours ${r.firstThreadMs} ms (${each(ours, 'firstThreadMs')}), floor ${floor.firstThreadMs} ms (${each(floors, 'firstThreadMs')})`);
      report.add(section, `open the diff → first thread on screen: ${label} (the former figure; ≤ 500 ms is below the floor here)`, r.firstThreadMs, 'ms', undefined,
        `floor ${floor.firstThreadMs} ms; the diff's text ${r.textMs} ms (floor ${floor.textMs} ms)`);
      report.add(section, `open the diff → its threads on screen: ${label} (the former figure, no budget)`, r.threadsMs,
        'ms', undefined, `${r.widgets} threads, ${r.comments} comments shown`);
      report.add(section, `requests (${shape})`, r.requests, 'requests');
      report.details[`reviewThreads_${shape}`] = ours;
      report.details[`reviewThreadsFloor_${shape}`] = floors;
    } catch (e) {
      log(`review threads (${shape}): ${e.stack ?? e.message}`);
      report.add(section, `open the diff → its threads on screen: ${label}, Gitea Workbench − floor`, null, 'ms', ms(300), 'failed, see log');
    } finally {
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
    }
  }
}

/** The issue page: open → first paint after the last answer (short issues), and a 500-comment timeline. */
async function issuePageFigures(page, server, seeded) {
  const section = 'Issue page';
  try {
    const runs = [];
    const floors = [];
    // Ours and the floor (a webview whose HTML already holds the page: VS Code's own cost) in pairs, the order swapped
    // each time (the review threads' reasons). With the floor installed only (not with BENCH_ONLY=issuePage's old runs).
    const floorPaint = () => measureFloorPaint(page).catch((e) => (log(`issue page floor: ${e.message}`), null));
    // The window's first webview costs extra (VS Code's webview host and its service worker): a floor opened first,
    // unmeasured, takes it off both.
    await floorPaint();
    for (const [i, number] of seeded.short.entries()) {
      if (i % 2) floors.push(await floorPaint());
      runs.push(await measureFirstPaint(page, server, number, i));
      if (!(i % 2)) floors.push(await floorPaint());
    }
    log(`issue page first paint: ${JSON.stringify(runs)}; floor: ${JSON.stringify(floors)}`);
    const m = (f) => median(runs.map(f));
    const measuredFloor = floors.every(Boolean);
    report.add(section, `key → first paint, Gitea Workbench − floor (median of ${runs.length} pairs)`, measuredFloor ? median(runs.map((r, i) => r.openToPaintMs - floors[i].openToPaintMs)) : null, 'ms', ms(200),
      measuredFloor
        ? `ours ${m((r) => r.openToPaintMs)} ms (${runs.map((r) => r.openToPaintMs).join(', ')}), floor ${median(floors.map((f) => f.openToPaintMs))} ms (${floors.map((f) => f.openToPaintMs).join(', ')}; a webview whose HTML holds the page)`
        : 'the floor was not measured, see log');
    report.add(section, `page open → first paint, after the last response (median of ${runs.length}; the former figure, no budget: most of it is the webview starting)`, m((r) => r.afterResponseMs), 'ms', undefined,
      `key → timeline on screen ${m((r) => r.openToPaintMs)} ms (the webview starts while the requests run); ${runs[0].requests} requests`);
    const long = await measureLongTimeline(page, server, seeded.long);
    log(`issue page, ${LONG_COMMENTS} comments: ${JSON.stringify(long)}`);
    report.add(section, `${LONG_COMMENTS}-comment timeline: open → timeline on screen and scrollable`, long.openToTimelineMs, 'ms', ms(1000),
      `newest ${long.entriesShown} entries shown, ${long.requests} requests; ${long.afterResponseMs} ms after the last response`);
    report.add(section, 'Load earlier: response → entries on screen', long.loadEarlier.afterResponseMs, 'ms', ms(300),
      `${long.loadEarlier.entriesAdded} entries, ${long.loadEarlier.requests} request(s), position kept: ${long.loadEarlier.scrollKept}`);
    report.add(section, 'reopen within the cache lifetime: requests', long.reopenRequests, 'requests', { max: 0, text: '0' });
    // #31: a 337 KB changelog as the description renders whole, on the Markdown worker thread.
    const longBody = [];
    try {
      // The floor extension learns the pages' commands and the probe's file (its `load` key), then opens them in turn.
      await page.keyboard.press(FLOOR_LOAD.press);
      await new Promise((r) => setTimeout(r, 300));
      for (const number of seeded.changelog) longBody.push(await measureLongBody(page, server, number, LOOP_PROBE_FILE));
      log(`issue page, 337 KB body: ${JSON.stringify(longBody)}`);
      const mid = (f) => median(longBody.map(f));
      report.add(section, `337 KB changelog body rendered whole: open → its last entry on screen (median of ${longBody.length})`, mid((r) => r.commandToWholeMs), 'ms', undefined,
        `${mid((r) => r.afterResponseMs)} ms after the last response, ${longBody[0].requests} requests`);
      report.add(section, `the extension host's longest block while it loads and renders the 337 KB body (median of ${longBody.length})`, round1(mid((r) => r.probe.maxMs)), 'ms', ms(50),
        `each: ${longBody.map((r) => round1(r.probe.maxMs)).join(', ')} ms; 99th percentile ${round1(mid((r) => r.probe.p99Ms))} ms; the idle window's longest over 2 s just before each: ${longBody.map((r) => round1(r.idle.maxMs)).join(', ')} ms`);
      // What ran on the host's thread at all meanwhile (event-loop utilization): no block is longer. The histogram
      // above also counts the thread's waits for a core, which a loaded machine adds.
      report.add(section, `the extension host's busy time in all while it loads and renders the 337 KB body (median of ${longBody.length})`, round1(mid((r) => r.probe.busyMs)), 'ms', undefined,
        `each: ${longBody.map((r) => round1(r.probe.busyMs)).join(', ')} ms over ${longBody.map((r) => round1(r.probe.ms / 1000)).join(', ')} s; idle 2 s: ${longBody.map((r) => round1(r.idle.busyMs)).join(', ')} ms`);
    } catch (e) {
      log(`issue page, 337 KB body: ${e.stack ?? e.message}`);
      report.add(section, "the extension host's longest block while it loads and renders the 337 KB body", null, 'ms', ms(50), 'failed, see log');
    }
    report.details.issuePage = { firstPaint: runs, floor: floors, long, longBody };
  } catch (e) {
    log(`issue page: ${e.stack ?? e.message}`);
    report.add(section, `key → first paint, Gitea Workbench − floor`, null, 'ms', ms(200), 'failed, see log');
  } finally {
    await runCommand(page, 'View: Close All Editors').catch(() => undefined);
  }
}

/** The review threads' floor extension, when the run measures review threads. */
let reviewFloorVsix;

async function viewFigures(tools, server, fixtures, workspace, manifest) {
  const nls = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8'));
  const views = viewsOf(manifest, nls);
  const cs = await tools.startCodeServer({
    name: 'bench-views',
    installExtensions: [VSIX, ...(reviewFloorVsix ? [reviewFloorVsix] : [])],
    settings: { 'gitea.instances': [server.url] },
  });
  // Signing in through a keybinding with arguments happens after the panes are collapsed, so that each view
  // starts loading only when the bench opens it.
  const token = fixtures.users.alice.tokens.all;
  const seeded = await seedIssuePages(server, fixtures);
  await seedNotifications(server, fixtures);
  writeFileSync(join(cs.userDataDir, 'User', 'keybindings.json'), JSON.stringify([{ key: SIGN_IN_KEY, command: 'gitea.signIn', args: { url: server.url, username: 'alice', token } }, ...reviewKeybindings(), ...reviewFloorKeybindings(TMP, longBodyLoadArgs(server, seeded, LOOP_PROBE_FILE)), ...issuePageKeybindings(server, seeded), ...createPullRequestKeybindings()]));
  const context = await tools.browser.newContext({ viewport: { width: 1400, height: 1600 } });
  await installPageRecorder(context);
  await installFormRecorder(context);
  try {
    const page = await context.newPage();
    await page.goto(cs.folderUrl(workspace));
    await waitForWorkbench(page);
    await openContainer(page, 'Gitea');
    await collapseAllPanes(page);
    await installRecorder(page);
    const from = server.requests.length;
    await page.keyboard.press('Control+Alt+Shift+F9');
    const deadline = Date.now() + 30_000;
    while (!server.requests.slice(from).some((r) => r.apiPath === '/version' && r.finished) && Date.now() < deadline) await page.waitForTimeout(100);
    await page.waitForTimeout(3000); // the repository context settles on alice/big
    const pgid = codeServerGroup(cs.userDataDir);
    const host = pgid ? extensionHosts(pgid).pop() : undefined;
    const rssSignedIn = host ? rssOf(host.pid) : null;
    const perView = {};
    if (ONLY === 'review') {
      // The views and commands are loaded by then in a whole run: load them first (one view shown), as they would be.
      await setPaneExpanded(page, 'Branches', true);
      await page.waitForTimeout(3000);
      await setPaneExpanded(page, 'Branches', false);
      await reviewFigures(page, server, fixtures);
      return;
    }
    if (ONLY === 'issuePage' || ONLY === 'createPullRequest') {
      await setPaneExpanded(page, 'Branches', true);
      await page.waitForTimeout(3000);
      await setPaneExpanded(page, 'Branches', false);
      if (ONLY === 'issuePage') await issuePageFigures(page, server, seeded);
      else await createPullRequestFigures(page, server, workspace, { report, median, ms, log, userDataDir: cs.userDataDir });
      return;
    }
    if (ONLY === 'ciDispatch') {
      await setPaneExpanded(page, 'Branches', true);
      await page.waitForTimeout(3000);
      await setPaneExpanded(page, 'Branches', false);
      await ciDispatchFigures(page, server, fixtures, TMP, { report, median, ms, log, userDataDir: cs.userDataDir });
      return;
    }
    if (ONLY === 'notifications') {
      // As in a whole run, the views and commands are loaded by a view opened before (here Branches).
      await setPaneExpanded(page, 'Branches', true);
      await page.waitForTimeout(3000);
      await setPaneExpanded(page, 'Branches', false);
    }
    // BENCH_ONLY=ciJobs: the views up to CI Jobs, in the full run's order (CI Jobs opens after what opened before it).
    const measured = ONLY === 'notifications' ? views.filter((v) => v.id === 'gitea.notifications') : ONLY === 'ciJobs' ? views.slice(0, views.findIndex((v) => v.id === 'gitea.ciJobs') + 1) : views;
    for (const view of measured) {
      if (view.missing) {
        report.add(`View ${view.id}`, 'first items', null, 'ms', ms(300), 'view missing');
        continue;
      }
      let open, more, reopen;
      try {
        open = await measureOpen(page, server, view);
        more = await measureLoadMore(page, server, view);
        reopen = await measureReopen(page, server, view);
      } catch (e) {
        log(`${view.title}: ${e.message.split('\n')[0]} ${(e.stack ?? '').split('\n').filter((l) => l.includes('/bench/')).slice(0, 3).join(' <- ')}`);
        await page.screenshot({ path: join(TMP, `failed-${view.id}.png`) });
        report.add(`View ${view.title}`, 'first items', null, 'ms', ms(300), 'measurement failed, see log');
        await setPaneExpanded(page, view.title, false).catch(() => undefined);
        continue;
      }
      perView[view.id] = { open, more, reopen };
      log(`${view.title}: ${JSON.stringify({ open, more, reopen })}`);
      const section = `View ${view.title}`;
      report.add(section, 'requests on opening (all)', open.requests, 'requests');
      report.add(section, 'page requests for the first page', open.pageRequests, 'requests', { max: 1, text: '1' });
      report.add(section, 'open → first items on screen', open.openToItemsMs, 'ms');
      report.add(section, 'response → first items on screen', open.afterResponseMs, 'ms', ms(300));
      if (more) {
        report.add(section, 'Load more: page requests', more.pageRequests, 'requests', { max: 1, text: '1' });
        report.add(section, 'Load more: response → items on screen', more.afterResponseMs, 'ms', ms(300));
      } else report.add(section, 'Load more', null, '', undefined, 'one page only');
      report.add(section, 'reopen within the cache lifetime: requests', reopen.requests, 'requests', { max: 0, text: '0' });
      await setPaneExpanded(page, view.title, false);
    }
    if (ONLY === 'notifications' || ONLY === 'ciJobs') return;
    // The Changed Files view of pull request #1 (1,500 files).
    const files = await measureChangedFiles(page, server, nls['view.changedFiles'] ?? 'Changed Files').catch((e) => {
      log(`changed files: ${e.message}`);
      return undefined;
    });
    log(`Changed Files: ${JSON.stringify(files)}`);
    report.add('Changed Files (PR #1, 1,500 files)', 'command → complete tree on screen', files?.treeMs ?? null, 'ms', ms(1000), files ? undefined : 'failed, see log');
    if (files) report.add('Changed Files (PR #1, 1,500 files)', 'requests', files.requests, 'requests');
    perView.changedFiles = files;
    await reviewFigures(page, server, fixtures);
    await issuePageFigures(page, server, seeded);
    await collapseAllPanes(page);
    // Memory: 20 pages of every view, from here (every view opened once, the client loaded).
    await page.waitForTimeout(3000);
    const rssBefore = host ? rssOf(host.pid) : null;
    const browsed = {};
    for (const view of views.filter((v) => !v.missing)) browsed[view.id] = await browsePages(page, server, view, PAGES);
    log(`pages reached: ${views.filter((v) => browsed[v.id]).map((v) => `${v.title} ${browsed[v.id].pages}${browsed[v.id].ended ? ' (end of list)' : ''}`).join(', ')}`);
    const rssAfter = host ? rssOf(host.pid) : null;
    // The growth only counts if the views with further pages were really browsed that far (or to their end).
    const multiPage = views.filter((v) => perView[v.id]?.more);
    const short = multiPage.filter((v) => !(browsed[v.id]?.pages >= PAGES || browsed[v.id]?.ended));
    const shortFigure = () => report.add('Memory (extension host RSS)', `views not browsed to ${PAGES} pages or their end (of ${multiPage.length})`, short.length, '', { max: 0, text: '0' }, short.map((v) => v.title).join(', ') || undefined);
    for (const v of multiPage) {
      const b = browsed[v.id];
      const sorted = [...(b?.afterResponseMs ?? [])].sort((x, y) => x - y);
      if (!sorted.length) continue;
      const section = `Browsing ${PAGES} pages of each view`;
      report.add(section, `${v.title}: Load more response → items (median of ${sorted.length})`, median(sorted), 'ms', ms(300), `slowest ${Math.round(sorted[sorted.length - 1])} ms`);
      if (b.restarted) report.add(section, `${v.title}: list started over at page 1 while browsing`, 1, '', { max: 0, text: 'never' }, 'see details.pagesBrowsed');
    }
    report.add('Memory (extension host RSS)', 'after signing in', rssSignedIn !== null ? rssSignedIn / MIB : null, 'MiB');
    report.add('Memory (extension host RSS)', 'after opening each view once (before browsing)', rssBefore !== null ? rssBefore / MIB : null, 'MiB');
    report.add('Memory (extension host RSS)', `after browsing ${PAGES} pages of each view`, rssAfter !== null ? rssAfter / MIB : null, 'MiB');
    shortFigure();
    report.add('Memory (extension host RSS)', 'growth while browsing', rssBefore !== null && rssAfter !== null ? (rssAfter - rssBefore) / MIB : null, 'MiB', { max: 50, text: '≤ 50 MiB' });
    report.details.views = perView;
    report.details.pagesBrowsed = browsed;
    // Last: the branches it makes would be in the views' workspace before.
    await createPullRequestFigures(page, server, workspace, { report, median, ms, log, userDataDir: cs.userDataDir });
    // After the views and forms: it pushes a workflow file to alice/big's main.
    await ciDispatchFigures(page, server, fixtures, TMP, { report, median, ms, log, userDataDir: cs.userDataDir });
    await page.screenshot({ path: join(TMP, 'views.png') });
  } finally {
    await context.close();
    await cs.stop();
  }
}

/** Prints the table, writes the results and exits with the budgets' verdict. */
function finish(started, codeServerVersion) {
  process.stdout.write(`\n${report.table()}\n\n`);
  report.write(ONLY ? join(TMP, 'partial.json') : RESULTS, {
    date: new Date().toISOString(),
    command: 'npm run bench',
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGB: Math.round(totalmem() / 1024 ** 3), node: process.version, codeServer: codeServerVersion },
    helloWorld: HELLO_ID,
    durationSeconds: Math.round((Date.now() - started) / 1000),
  });
  log(`wrote ${ONLY ? join(TMP, 'partial.json') : RESULTS} in ${Math.round((Date.now() - started) / 1000)} s`);
  // The README's Performance figures are the last full run's, written from the file just written.
  if (!ONLY) log(`README.md: Performance figures ${updateReadme(ROOT) ? 'rewritten' : 'unchanged'}`);
  if (!report.pass) {
    log(`budgets failed: ${report.failures().map((f) => `${f.section}: ${f.name}`).join('; ')}`);
    process.exit(1);
  }
  process.exit(0);
}

async function main() {
  mkdirSync(TMP, { recursive: true });
  const started = Date.now();
  if (ONLY === 'markdown') {
    await compile();
    await markdownFigures(report, ROOT, log);
    finish(started);
  }
  if (ONLY === 'artifacts') {
    await compile();
    await artifactFigures(report, ROOT, log);
    finish(started);
  }
  if (ONLY === 'fuzz') {
    await compile();
    await fuzzFigures(report, ROOT, log);
    finish(started);
  }
  if (ONLY === 'pageMemory') {
    await compile();
    await pageMemoryFigures(report, ROOT, log);
    finish(started);
  }
  if (ONLY === 'lmTools') {
    await compile();
    await lmToolFigures(report, ROOT, log);
    finish(started);
  }
  if (ONLY === 'jobLog') {
    await compile();
    await jobLogFigures(report, ROOT, log);
    finish(started);
  }
  const sizes = await build();
  const manifest = readManifest(ROOT);
  const events = bundleFigures(manifest, sizes);
  if (ONLY === 'bundle') finish(started);
  if (!ONLY) await markdownFigures(report, ROOT, log);
  if (!ONLY) await artifactFigures(report, ROOT, log);
  if (!ONLY) await fuzzFigures(report, ROOT, log);
  if (!ONLY) await pageMemoryFigures(report, ROOT, log);
  if (!ONLY) await lmToolFigures(report, ROOT, log);
  if (!ONLY) await jobLogFigures(report, ROOT, log);
  const hello = await packageHelloWorld(ROOT, TMP, events.all);
  if (!ONLY || ONLY === 'review' || ONLY === 'issuePage') reviewFloorVsix = await packageReviewFloor(ROOT, TMP);
  const { startCodeServer } = require(join(ROOT, 'out', 'test', 'harness', 'codeServer.js'));
  const { launchBrowser } = require(join(ROOT, 'out', 'test', 'harness', 'browser.js'));
  const { runCleanups } = require(join(ROOT, 'out', 'test', 'harness', 'proc.js'));
  const { server, FIXTURES } = await startBenchServer(ROOT);
  let codeServerVersion;
  try {
    const workspace = await gitWorkspace(TMP, `${server.url}alice/big.git`);
    const otherForge = await gitWorkspace(TMP, OTHER_FORGE_REMOTE, 'other-forge');
    const browser = await launchBrowser();
    const tools = { startCodeServer, browser };
    const gitea = { folder: workspace, settings: { 'gitea.instances': [server.url] } };
    if (!['views', 'review', 'issuePage', 'createPullRequest', 'notifications', 'ciJobs', 'ciDispatch', 'latency'].includes(ONLY)) await activationFigures(tools, { ours: VSIX, hello }, { otherForge, gitea });
    // The latency mode before the views' figures: its pull request page is the seeded #1, as when run alone (the
    // review figures leave 400 code comments on it; the latency mode measures such a history on its own).
    if (!ONLY || ONLY === 'latency') await latencyFigures(tools, server, FIXTURES, TMP, { report, log });
    if (ONLY !== 'activation' && ONLY !== 'latency') await viewFigures(tools, server, FIXTURES, workspace, manifest);
    codeServerVersion = JSON.parse(readFileSync(join(ROOT, '.cache', 'code-server', 'node_modules', 'code-server', 'package.json'), 'utf8')).version;
    await browser.close();
  } finally {
    await server.close();
    await runCleanups();
  }
  finish(started, codeServerVersion);
}

main().catch((e) => {
  process.stderr.write(`[bench] failed: ${e.stack ?? e}\n`);
  process.exit(2);
});
