// Memory left behind by an issue page of 100 comments of 1 MiB of `#1 ` each (#41: such a page rendered 52 MiB of HTML
// per comment, and the page cache kept up to 20 pages): measured in Node, on the path the extension runs for a
// page — buildPage (pageModel.ts: every body rendered on the Markdown worker thread, markdownOffThread.ts), the
// snapshot stored in the page cache (pageCache.ts, as IssuePage.cache holds it), the page's message serialised and
// posted in parts (partedPost.ts) — then the page closed (its data dropped, as the panel's dispose does). Not in a
// real editor: code-server's extension host gives no way to force a collection, and its RSS keeps what V8 freed.
// A child process with --expose-gc; figures after full collections:
// - held after closing (budgeted): the main thread's heap + external memory, minus before opening. It is what the
//   extension host keeps: the page cache's entry, if it kept one, would hold the page's 100 MB of text and HTML.
// - the process's RSS after closing, minus before (beside it): with the worker's heap, freed when it idles out.
// - the page's peak while open: its HTML and the serialised message.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const MIB = 1024 * 1024;
export const PAGE_MEMORY_COMMENTS = 100;
export const PAGE_MEMORY_BUDGET = { max: 50, text: '≤ 50 MiB above before opening' };

const CHILD = `
const { buildPage } = require(process.env.BENCH_OUT + '/src/commands/issuePage/pageModel.js');
const { PageCache } = require(process.env.BENCH_OUT + '/src/commands/issuePage/pageCache.js');
const { PartedPoster } = require(process.env.BENCH_OUT + '/src/commands/issuePage/partedPost.js');
const { renderMarkdownOffThread } = require(process.env.BENCH_OUT + '/src/shared/markdownOffThread.js');
const MIB = 1024 * 1024;
const COMMENTS = Number(process.env.BENCH_COMMENTS);
const held = () => { global.gc(); global.gc(); const m = process.memoryUsage(); return { heap: m.heapUsed + m.external, rss: m.rss }; };
const instanceUrl = 'http://localhost:3000/';
const user = { id: 2, login: 'bob' };
(async () => {
  // The worker started and markdown-it loaded, as after any page: what is measured is what this page leaves.
  await renderMarkdownOffThread('warm #1 @a', { refs: { instanceUrl, owner: 'alice', repo: 'demo' } });
  const cache = new PageCache();
  const before = held();
  let peak = 0;
  await (async () => {
    const body = '#1 '.repeat(Math.ceil(MIB / 3)).slice(0, MIB);
    const issue = { id: 1, number: 1, title: 'References', state: 'open', body: 'The first comment follows.', user, labels: [], assignees: [], html_url: instanceUrl + 'alice/demo/issues/1', created_at: '2026-12-01T00:00:00Z', updated_at: '2026-12-01T00:00:00Z', comments: COMMENTS };
    // Each a distinct string, as JSON.parse of the server's answer makes them.
    const timeline = Array.from({ length: COMMENTS }, (_, i) => ({ id: 100 + i, type: 'comment', body: (body + ' ' + i).slice(0, MIB), user, created_at: '2026-12-01T00:00:00Z', updated_at: '2026-12-01T00:00:00Z', html_url: instanceUrl + 'alice/demo/issues/1#issuecomment-' + (100 + i) }));
    const input = { issue, timeline, me: 'alice', instanceUrl, repo: { owner: 'alice', repo: 'demo' }, cutNote: 'cut', plainNote: 'plain' };
    const data = await buildPage(input);
    cache.set('alice/demo#1', { data, input, accountId: 'a' });
    let sentChars = 0;
    const poster = new PartedPoster(async (m) => { sentChars += m.json ? m.json.length : JSON.stringify(m).length; }, (e) => { throw e; });
    poster.post({ type: 'page', data });
    await poster.settled();
    const m = process.memoryUsage();
    peak = m.heapUsed + m.external;
    const html = data.timeline.reduce((n, e) => n + (e.html ? e.html.length : 0), 0);
    global.pageFacts = { html, sentChars, plain: data.timeline.filter((e) => e.html && e.html.includes('markdown-plain')).length, cached: cache.get('alice/demo#1') !== undefined, cacheBytes: cache.heldBytes() };
  })();
  // Closed: the panel dropped its data; what stays is the cache's and the worker's.
  await new Promise((r) => setTimeout(r, 200));
  const after = held();
  process.stdout.write(JSON.stringify({ ...global.pageFacts, heldMiB: (after.heap - before.heap) / MIB, rssMiB: (after.rss - before.rss) / MIB, peakMiB: (peak - before.heap) / MIB }) + '\\n');
  process.exit(0);
})().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });
`;

function runChild(root) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--max-old-space-size=4096', '-e', CHILD], {
      env: { ...process.env, BENCH_OUT: join(root, 'out'), BENCH_COMMENTS: String(PAGE_MEMORY_COMMENTS) },
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
    report.add(section, "held after closing, above before opening: the main thread's heap + external memory after full collections (in Node, not in a real editor)", round1(r.heldMiB), 'MiB', PAGE_MEMORY_BUDGET,
      `the page's HTML ${round1(r.html / MIB)} MiB (${r.plain} of ${PAGE_MEMORY_COMMENTS + 1} bodies as plain text), message ${round1(r.sentChars / MIB)} MiB; the page cache ${r.cached ? `kept it (${round1(r.cacheBytes / MIB)} MiB)` : 'did not keep it (over its 64 MiB)'}`);
    report.add(section, "the process's RSS after closing, above before (with the Markdown worker's heap, freed when it idles out after 60 s)", round1(r.rssMiB), 'MiB');
    report.add(section, "the main thread's heap + external memory while the page was open, above before", round1(r.peakMiB), 'MiB');
    report.details.pageMemory = r;
    log(`page memory: ${JSON.stringify(r)}`);
  } catch (e) {
    log(`page memory: ${e.stack ?? e.message}`);
    report.add(section, 'held after closing, above before opening', null, 'MiB', PAGE_MEMORY_BUDGET, 'failed, see log');
  }
}
