// Memory while a 50 MB CI artifact downloads (#22): the download function of the extension
// (src/shared/artifactDownload.ts, with the client) runs in a child Node process against the test server of this
// process. Two measures, both over the process after a small warm-up download (undici and the client loaded):
// - held (budgeted): the memory the download keeps alive — heap + ArrayBuffers, sampled after a full GC at every
//   5 MB received. A download that held the body (a Buffer.concat, chunks piling up in a stream without
//   backpressure) would hold 50 MB here.
// - RSS growth (the figure budgeted until 2026-11-26, kept beside): the peak RSS, sampled every 20 ms without GC.
//   It is mostly garbage: every socket read allocates a fresh ArrayBuffer (undici hands those on as the body's
//   chunks), freed only when V8 collects, which for external memory happens once about 32 MB of it has built
//   up. So it grows with the download up to that bound and no further (10 MB: ~10 MB of ArrayBuffers, 50 MB: ~31,
//   200 MB: ~31) and says when V8 collects, not what the download holds; the 200 MB run beside shows the bound.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MIB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_ARTIFACT_MB ?? 50) * MIB;

/** The child: warm-up download, then the measured one; prints one JSON line. BENCH_HELD=1: a full GC and a sample
 * of heap + ArrayBuffers at every 5 MB received (the held figure); otherwise RSS, heap and ArrayBuffers sampled
 * every 20 ms, no GC (the former figure). */
const CHILD = `
const { createClient } = require(process.env.BENCH_API);
const { downloadArtifactToFile } = require(process.env.BENCH_DOWNLOAD);
const { join } = require('node:path');
(async () => {
  const client = createClient({ baseUrl: process.env.BENCH_URL, auth: { kind: 'token', token: process.env.BENCH_TOKEN } });
  const params = (id) => ({ owner: 'alice', repo: 'demo', artifact_id: Number(id) });
  await downloadArtifactToFile(client, params(process.env.BENCH_SMALL), join(process.env.BENCH_DIR, 'warmup.zip'));
  global.gc();
  const base = process.memoryUsage();
  let rss = base.rss, heap = base.heapUsed, ext = base.arrayBuffers, held = 0, nextSample = 0;
  const STEP = 5 * 1024 * 1024;
  const timer = process.env.BENCH_HELD ? undefined : setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
    ext = Math.max(ext, m.arrayBuffers);
  }, 20);
  const onProgress = process.env.BENCH_HELD ? (received) => {
    if (received < nextSample) return;
    nextSample = received + STEP;
    global.gc();
    const m = process.memoryUsage();
    held = Math.max(held, m.heapUsed + m.arrayBuffers - base.heapUsed - base.arrayBuffers);
  } : undefined;
  const started = Date.now();
  const result = await downloadArtifactToFile(client, params(process.env.BENCH_BIG), join(process.env.BENCH_DIR, 'big.zip'), { onProgress, overwrite: true });
  if (timer) clearInterval(timer);
  process.stdout.write(JSON.stringify({ bytes: result.bytes, ms: Date.now() - started, held, rssGrowth: rss - base.rss, heapGrowth: heap - base.heapUsed, arrayBufferGrowth: ext - base.arrayBuffers, rssBase: base.rss }) + '\\n');
})().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });
`;

function runChild(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '-e', CHILD], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop())) : reject(new Error(`download child exited ${code}: ${err}`))));
  });
}

/** Measures one download of `size` bytes; returns { bytes, ms, held, rssGrowth, heapGrowth, arrayBufferGrowth } (bytes). */
export async function measureArtifactDownload(root, { size = SIZE, held = false } = {}) {
  const require = createRequire(import.meta.url);
  const { startTestServer, FIXTURES } = require(join(root, 'out', 'test', 'server', 'index.js'));
  const server = await startTestServer();
  const dir = mkdtempSync(join(tmpdir(), 'gw-bench-artifact-'));
  try {
    const small = server.state.artifacts.find((a) => a.name === 'dist');
    const big = { ...small, id: server.state.nextId('action_artifact'), name: 'bench-big', zip: undefined, size };
    server.state.artifacts.push(big);
    return await runChild({
      BENCH_API: join(root, 'out', 'src', 'api', 'index.js'),
      BENCH_DOWNLOAD: join(root, 'out', 'src', 'shared', 'artifactDownload.js'),
      BENCH_URL: server.url,
      BENCH_TOKEN: FIXTURES.users.alice.tokens.all,
      BENCH_SMALL: String(small.id),
      BENCH_BIG: String(big.id),
      BENCH_DIR: dir,
      BENCH_HELD: held ? '1' : '',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  }
}

const RUNS = 3;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The bench table's rows: the memory the download holds (budgeted), the former RSS figure beside it (and for
 * 200 MB), and the time it took; medians of 3. */
export async function artifactFigures(report, root, log) {
  const section = 'CI artifact download (50 MB, streamed to disk; the download function in Node)';
  const budget = { max: 20, text: '≤ 20 MB' };
  const mb = (n) => Math.round((n / MIB) * 10) / 10;
  try {
    const heldRuns = [];
    const rssRuns = [];
    for (let i = 0; i < RUNS; i++) {
      heldRuns.push(await measureArtifactDownload(root, { held: true }));
      rssRuns.push(await measureArtifactDownload(root));
    }
    const bigger = await measureArtifactDownload(root, { size: 4 * SIZE });
    for (const m of [...heldRuns, ...rssRuns]) if (m.bytes !== SIZE) throw new Error(`downloaded ${m.bytes} bytes of ${SIZE}`);
    const held = median(heldRuns.map((m) => m.held));
    const rss = median(rssRuns.map((m) => m.rssGrowth));
    report.add(section, `memory held by the download: heap + ArrayBuffers after a GC, every 5 MB (median of ${RUNS})`, mb(held), 'MB', budget);
    report.add(section, `RSS growth, peak, no GC (the former figure: mostly socket chunks awaiting V8's GC; median of ${RUNS})`, mb(rss), 'MB', undefined,
      `ArrayBuffers ${mb(median(rssRuns.map((m) => m.arrayBufferGrowth)))} MB, heap ${mb(median(rssRuns.map((m) => m.heapGrowth)))} MB; for 200 MB: RSS ${mb(bigger.rssGrowth)} MB, ArrayBuffers ${mb(bigger.arrayBufferGrowth)} MB`);
    report.add(section, 'download time (test server on this machine)', median(rssRuns.map((m) => m.ms)), 'ms');
    report.details.artifactDownload = { held: heldRuns, rss: rssRuns, size200MB: bigger };
    log(`artifact download: held ${heldRuns.map((m) => mb(m.held)).join(', ')} MB; RSS growth ${rssRuns.map((m) => mb(m.rssGrowth)).join(', ')} MB (ArrayBuffers ${rssRuns.map((m) => mb(m.arrayBufferGrowth)).join(', ')}); 200 MB: RSS ${mb(bigger.rssGrowth)}, ArrayBuffers ${mb(bigger.arrayBufferGrowth)} MB`);
  } catch (e) {
    log(`artifact download: ${e.stack ?? e.message}`);
    report.add(section, 'memory held by the download: heap + ArrayBuffers after a GC, every 5 MB', null, 'MB', budget, 'failed, see log');
  }
}
