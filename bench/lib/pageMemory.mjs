// Memory left behind by an issue page of 100 comments of 1 MiB of `#1 ` each (#41: such a page rendered 52 MiB of HTML
// per comment, and the page cache kept up to 20 pages): measured in Node, on the path the extension runs for a
// page — buildPage (pageModel.ts: every body rendered on the Markdown worker thread, markdownOffThread.ts), the
// snapshot stored in the page cache (pageCache.ts, as IssuePage.cache holds it), the page's message serialised and
// posted in parts (partedPost.ts) — then the page closed (its data dropped and the worker let go, as the panel's
// dispose does).
// A child process with --expose-gc. Budgeted, both ≤ 50 MiB:
// - what the page leaves: the process's RSS after full collections, above before opening (the main thread and the
//   Markdown worker, a thread of the same process as in the extension host). The page holds the worker while open
//   (holdMarkdownWorker); when it closes the worker ends (before, it stayed until it idled out after 60 s: +197 MiB).
// - as V8 leaves it, above its floor: the RSS 10 s after closing without a forced collection (in an idle process V8
//   did not collect the page's garbage within 30 s), minus the same figure for the comments' text alone, held as
//   long and dropped (measured beside in a child that holds only the text: about 100 MiB; no page can leave less,
//   the text is the page's input). Session 18 budgeted the figure without its floor: 891 MiB, when the message's
//   JSON was written whole and the host held every body's HTML. Now the message is written part by part
//   (partedPost.ts) and a page of megabytes keeps its long bodies' HTML on the worker (pageModel.ts): what the host
//   allocates for it is short-lived parts, and the HTML goes with the worker.
// - beside: the uncollected figure itself and its floor; the figure before session 18 (the main thread's heap +
//   external memory after full collections); the page's peak while open.
// Why not in code-server: besides the collection, such a page does not load there. Its timeline comes 50 comments
// to an answer, over 50 MiB of JSON, and the client refuses an answer over 50 MiB (src/api/http.ts DEFAULT_MAX_BODY): the
// page cannot load there. What is measured is the page's path from the answers on, as if they had come.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const MIB = 1024 * 1024;
export const PAGE_MEMORY_COMMENTS = 100;
/** The wait after closing before the memory is read: the worker's end is asynchronous, and V8 may collect meanwhile
 * (in an idle process it did not within 30 s). */
const SETTLE_MS = 10_000;
export const PAGE_MEMORY_BUDGET = { max: 50, text: '≤ 50 MiB above before opening' };

const CHILD = `
const { buildPage, holdsKeptHtml } = require(process.env.BENCH_OUT + '/src/commands/issuePage/pageModel.js');
const { PageCache } = require(process.env.BENCH_OUT + '/src/commands/issuePage/pageCache.js');
const { PartedPoster } = require(process.env.BENCH_OUT + '/src/commands/issuePage/partedPost.js');
const { renderMarkdownOffThread, holdMarkdownWorker } = require(process.env.BENCH_OUT + '/src/shared/markdownOffThread.js');
const MIB = 1024 * 1024;
const COMMENTS = Number(process.env.BENCH_COMMENTS);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS);
const held = () => { global.gc(); global.gc(); const m = process.memoryUsage(); return { heap: m.heapUsed + m.external, rss: m.rss }; };
const instanceUrl = 'http://localhost:3000/';
const user = { id: 2, login: 'bob' };
(async () => {
  // A small page opened and closed before (the renderer's modules loaded; its worker ended with it, as the last page's
  // does): what is measured is what this page leaves.
  const small = holdMarkdownWorker();
  await renderMarkdownOffThread('warm #1 @a', { refs: { instanceUrl, owner: 'alice', repo: 'demo' } });
  small.dispose();
  await new Promise((r) => setTimeout(r, 2000));
  const cache = new PageCache();
  const before = held();
  const page = holdMarkdownWorker(); // as IssuePage holds it while open
  let peak = 0;
  await (async () => {
    const body = '#1 '.repeat(Math.ceil(MIB / 3)).slice(0, MIB);
    const issue = { id: 1, number: 1, title: 'References', state: 'open', body: 'The first comment follows.', user, labels: [], assignees: [], html_url: instanceUrl + 'alice/demo/issues/1', created_at: '2026-12-01T00:00:00Z', updated_at: '2026-12-01T00:00:00Z', comments: COMMENTS };
    // Each a distinct string, as JSON.parse of the server's answer makes them.
    const timeline = Array.from({ length: COMMENTS }, (_, i) => ({ id: 100 + i, type: 'comment', body: (body + ' ' + i).slice(0, MIB), user, created_at: '2026-12-01T00:00:00Z', updated_at: '2026-12-01T00:00:00Z', html_url: instanceUrl + 'alice/demo/issues/1#issuecomment-' + (100 + i) }));
    const input = { issue, timeline, me: 'alice', instanceUrl, repo: { owner: 'alice', repo: 'demo' }, cutNote: 'cut', plainNote: 'plain', hold: page };
    if (process.env.BENCH_FLOOR) {
      // The floor: the comments' text alone, held as long as a page would, then dropped. No page path at all.
      await new Promise((r) => setTimeout(r, 3000));
      global.pageFacts = { comments: input.timeline.length };
      return;
    }
    const data = await buildPage(input);
    // As the panel does: a page whose HTML is kept on the worker is not cached.
    if (!holdsKeptHtml(data)) cache.set('alice/demo#1', { data, input, accountId: 'a' });
    let sentChars = 0;
    const poster = new PartedPoster(async (m) => { sentChars += m.json ? m.json.length : JSON.stringify(m).length; }, (e) => { throw e; });
    poster.post({ type: 'page', data });
    await poster.settled();
    const m = process.memoryUsage();
    peak = m.heapUsed + m.external;
    const html = data.timeline.reduce((n, e) => n + (e.html ? e.html.length : 0), 0);
    global.pageFacts = { html, sentChars, plain: data.timeline.filter((e) => typeof e.html === 'string' && e.html.includes('markdown-plain')).length, kept: data.timeline.filter((e) => e.html && typeof e.html !== 'string').length, cached: cache.get('alice/demo#1') !== undefined, cacheBytes: cache.heldBytes() };
  })();
  // Closed: the panel dropped its data and let the worker go; what stays is the cache's, and the worker's until it ends.
  page.dispose();
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const rssUncollected = process.memoryUsage().rss;
  const after = held();
  process.stdout.write(JSON.stringify({ ...global.pageFacts, heldMiB: (after.heap - before.heap) / MIB, rssMiB: (after.rss - before.rss) / MIB, rssUncollectedMiB: (rssUncollected - before.rss) / MIB, peakMiB: (peak - before.heap) / MIB }) + '\\n');
  process.exit(0);
})().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });
`;

function runChild(root, floor = false) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--max-old-space-size=4096', '-e', CHILD], {
      env: { ...process.env, BENCH_OUT: join(root, 'out'), BENCH_COMMENTS: String(PAGE_MEMORY_COMMENTS), BENCH_SETTLE_MS: String(SETTLE_MS), ...(floor ? { BENCH_FLOOR: '1' } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`exit ${code}: ${err.slice(0, 2000)}`))));
  });
}

const round1 = (n) => Math.round(n * 10) / 10;

/** The bench rows: what a page of 100 comments of 1 MiB `#1 ` leaves after it is closed (budgeted), and its peak. */
export async function pageMemoryFigures(report, root, log) {
  const section = `Issue page memory: ${PAGE_MEMORY_COMMENTS} comments of 1 MiB of "#1 " each, opened then closed (in Node, on the page's model, renderer, cache and message path)`;
  try {
    const r = await runChild(root);
    const floor = await runChild(root, true);
    report.add(section, "what the page leaves: the process's RSS after full collections (forced: --expose-gc), above before opening; the worker ends when the last page closes", round1(r.rssMiB), 'MiB', PAGE_MEMORY_BUDGET,
      `the page cache ${r.cached ? `kept it (${round1(r.cacheBytes / MIB)} MiB)` : 'did not keep it (its HTML kept on the worker, over the cache\'s 64 MiB)'}`);
    report.add(section, `as V8 leaves it: the process's RSS ${SETTLE_MS / 1000} s after closing, above before opening, without a forced collection (budgeted in session 18 without its floor: 891 MiB then)`, round1(r.rssUncollectedMiB), 'MiB', undefined,
      `the page's HTML ${round1(r.html / MIB)} MiB (${r.kept} of ${PAGE_MEMORY_COMMENTS + 1} bodies kept on the Markdown worker, ${r.plain} of those the host holds as plain text), message ${round1(r.sentChars / MIB)} MiB in parts, garbage once the page closed but not yet collected`);
    report.add(section, `the floor of that figure: the comments' text alone, held and dropped, RSS ${SETTLE_MS / 1000} s later without a forced collection`, round1(floor.rssUncollectedMiB), 'MiB');
    report.add(section, 'as V8 leaves it, above that floor: what the page adds to what its text alone leaves', round1(r.rssUncollectedMiB - floor.rssUncollectedMiB), 'MiB', PAGE_MEMORY_BUDGET);
    report.add(section, "the figure before session 18: the main thread's heap + external memory after full collections, above before (without the worker's heap)", round1(r.heldMiB), 'MiB');
    report.add(section, "the main thread's heap + external memory while the page was open, above before (849 MiB when the message's JSON was written whole; a page of megabytes now holds its HTML on the worker thread instead, not counted here)", round1(r.peakMiB), 'MiB');
    report.details.pageMemoryFloor = floor;
    report.details.pageMemory = r;
    log(`page memory: ${JSON.stringify(r)}`);
  } catch (e) {
    log(`page memory: ${e.stack ?? e.message}`);
    report.add(section, 'held after closing, above before opening', null, 'MiB', PAGE_MEMORY_BUDGET, 'failed, see log');
  }
}
