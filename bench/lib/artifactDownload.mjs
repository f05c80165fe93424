// Memory while a 50 MB CI artifact downloads (#22): the download function of the extension
// (src/shared/artifactDownload.ts, with the client) runs in a child Node process against the test server of this
// process, and samples its own RSS and heap; the figure is the growth over the process after a small warm-up
// download (undici and the client loaded). A download that held the body in memory would grow by 50 MB or more.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MIB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_ARTIFACT_MB ?? 50) * MIB;

/** The child: warm-up download, then the 50 MB one, sampling memory every 20 ms; prints one JSON line. */
const CHILD = `
const { createClient } = require(process.env.BENCH_API);
const { downloadArtifactToFile } = require(process.env.BENCH_DOWNLOAD);
const { join } = require('node:path');
(async () => {
  const client = createClient({ baseUrl: process.env.BENCH_URL, auth: { kind: 'token', token: process.env.BENCH_TOKEN } });
  const params = (id) => ({ owner: 'alice', repo: 'demo', artifact_id: Number(id) });
  await downloadArtifactToFile(client, params(process.env.BENCH_SMALL), join(process.env.BENCH_DIR, 'warmup.zip'));
  global.gc?.();
  const base = process.memoryUsage();
  let rss = base.rss, heap = base.heapUsed, ext = base.arrayBuffers;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
    ext = Math.max(ext, m.arrayBuffers);
  }, 20);
  const started = Date.now();
  const result = await downloadArtifactToFile(client, params(process.env.BENCH_BIG), join(process.env.BENCH_DIR, 'big.zip'));
  clearInterval(timer);
  process.stdout.write(JSON.stringify({ bytes: result.bytes, ms: Date.now() - started, rssGrowth: rss - base.rss, heapGrowth: heap - base.heapUsed, arrayBufferGrowth: ext - base.arrayBuffers, rssBase: base.rss }) + '\\n');
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

/** Measures the download; returns { bytes, ms, rssGrowth, heapGrowth } (bytes). */
export async function measureArtifactDownload(root) {
  const require = createRequire(import.meta.url);
  const { startTestServer, FIXTURES } = require(join(root, 'out', 'test', 'server', 'index.js'));
  const server = await startTestServer();
  const dir = mkdtempSync(join(tmpdir(), 'gw-bench-artifact-'));
  try {
    const small = server.state.artifacts.find((a) => a.name === 'dist');
    const big = { ...small, id: server.state.nextId('action_artifact'), name: 'bench-50mb', zip: undefined, size: SIZE };
    server.state.artifacts.push(big);
    return await runChild({
      BENCH_API: join(root, 'out', 'src', 'api', 'index.js'),
      BENCH_DOWNLOAD: join(root, 'out', 'src', 'shared', 'artifactDownload.js'),
      BENCH_URL: server.url,
      BENCH_TOKEN: FIXTURES.users.alice.tokens.all,
      BENCH_SMALL: String(small.id),
      BENCH_BIG: String(big.id),
      BENCH_DIR: dir,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  }
}

/** The bench table's rows: memory growth while 50 MB download (budgeted), and the time it took. */
export async function artifactFigures(report, root, log) {
  const section = 'CI artifact download (50 MB, streamed to disk; the download function in Node)';
  const budget = { max: 20, text: '≤ 20 MB' };
  try {
    const m = await measureArtifactDownload(root);
    if (m.bytes !== SIZE) throw new Error(`downloaded ${m.bytes} bytes of ${SIZE}`);
    const mb = (n) => Math.round((n / MIB) * 10) / 10;
    report.add(section, 'memory (RSS) growth during the download', mb(m.rssGrowth), 'MB', budget, `heap growth ${mb(m.heapGrowth)} MB, ArrayBuffers (chunks awaiting V8's external-memory GC) ${mb(m.arrayBufferGrowth)} MB`);
    report.add(section, 'download time (test server on this machine)', m.ms, 'ms');
    report.details.artifactDownload = m;
    log(`artifact download: ${mb(m.rssGrowth)} MB RSS growth, ${mb(m.heapGrowth)} MB heap growth, ${m.ms} ms for 50 MB`);
  } catch (e) {
    log(`artifact download: ${e.stack ?? e.message}`);
    report.add(section, 'memory (RSS) growth during the download', null, 'MB', budget, 'failed, see log');
  }
}
