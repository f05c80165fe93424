// The job log (#40; BENCH_ONLY=jobLog, and part of the full run; in Node: compiles only, no code-server). The editor-
// neutral pieces the log's editor runs (out/src: the client's readJobLogFrom, the follower of shared/jobLogFollow.ts at
// its default interval, the formatted text of views/jobLog/logText.ts, which has no `vscode`) against the test server,
// in this process:
// - live log: from a line the job writes (the server's appendJobLog hook, at a random moment of the poll cycle) to the
//   line in the editor's text (what provideTextDocumentContent returns next), at the default interval (the window
//   with the focus): ≤ 2 s. The editor's own paint of the changed document comes after, about a frame.
// - bytes per poll: each poll's answer body against what the job wrote since the poll before: the largest excess
//   (budget 0: only the new bytes; the request and answer headers are the fixed overhead, about 400 bytes).
// - a 20 MB log (runner-shaped: steps, listings, compiler lines, ANSI): its first screen (the request to the first
//   slice formatted, what Show Log shows first) ≤ 1 s, and this thread's longest event-loop block from the request to
//   the whole text joined (perf_hooks, 5 ms resolution; the server answers in the same process, its share included)
//   ≤ 50 ms.
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';

const LIVE_LINES = Number(process.env.BENCH_JOBLOG_LINES ?? 8);
const BIG_BYTES = 20 * 1024 * 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (x) => Math.round(x * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A runner-shaped log of about `bytes`: steps with their listing, output with compiler lines and colours. */
function bigLog(logTime, bytes) {
  const t0 = Date.parse('2026-12-06T11:52:00Z');
  const rows = [];
  let size = 0;
  let i = 0;
  const push = (l) => {
    const row = `${logTime(new Date(t0 + i++))} ${l}\n`;
    rows.push(row);
    size += row.length;
  };
  for (let step = 0; size < bytes; step++) {
    push(`::group::Run npm run step-${step}`);
    push(`npm run step-${step}`);
    push('shell: bash --noprofile --norc -e -o pipefail {0}');
    push('::endgroup::');
    for (let k = 0; k < 2000 && size < bytes; k++) {
      if (k % 50 === 0) push(`src/module${k % 7}.ts:${k + 1}:5: warning: value ${k} is never read`);
      else if (k % 97 === 0) push(`::error file=src/a${k}.ts,line=${k}::failed ${k}`);
      else push(`\u001b[32m✓\u001b[39m test ${step}.${k} passes in ${k % 13} ms with output that is long enough to be a real line of a test report`);
    }
  }
  push('Job succeeded');
  return rows.join('');
}

export async function jobLogFigures(report, root, log) {
  const section = 'Job log (#40): live log, ranged polls, a 20 MB log (in Node: the log editor\'s editor-neutral pieces against the test server)';
  const require = createRequire(import.meta.url);
  const { startTestServer, FIXTURES, appendJobLog, finishJob, logTime } = require(join(root, 'out/test/server/index.js'));
  const { createClient } = require(join(root, 'out/src/api/index.js'));
  const { JobLogFollower, FOLLOW_INTERVAL_MS, lineSlices } = require(join(root, 'out/src/shared/jobLogFollow.js'));
  const { LogText, SLICE_BYTES } = require(join(root, 'out/src/views/jobLog/logText.js'));
  const server = await startTestServer();
  try {
    const client = createClient({ baseUrl: server.url, auth: { kind: 'token', token: FIXTURES.users.alice.tokens.all } });
    const repo = { owner: 'alice', repo: 'demo' };

    // Live: the running demo job, followed from its current end.
    const job = server.state.jobs.find((j) => j.status === 'running' && j.taskId);
    const sizeNow = () => Buffer.byteLength(job.log);
    const text = new LogText(() => undefined);
    const polls = [];
    let seen = () => undefined;
    const follower = new JobLogFollower(
      {
        readJob: (signal) => client.getWorkflowJob({ ...repo, job_id: job.id }, { signal }),
        readLog: async (from, signal) => {
          const read = await client.readJobLogFrom({ ...repo, job_id: job.id, from }, { signal });
          polls.push({ body: read.kind === 'nothingNew' ? 0 : read.bytes.length, sizeAfter: sizeNow() });
          return read;
        },
        delayMs: () => FOLLOW_INTERVAL_MS,
        onText: (t) => {
          text.append(t);
          seen(text.text(false));
        },
        onJob: () => undefined,
        onEnd: () => undefined,
      },
      sizeNow(),
    );
    const startSize = sizeNow();
    follower.start();
    await sleep(300);
    const delays = [];
    for (let n = 0; n < LIVE_LINES; n++) {
      await sleep(Math.random() * FOLLOW_INTERVAL_MS + 200);
      const line = `bench line ${n} written at ${Date.now()}`;
      const shown = new Promise((resolve) => (seen = (t) => t.endsWith(line) && resolve(performance.now())));
      const written = performance.now();
      appendJobLog(server.state, job.id, [line]);
      delays.push((await shown) - written);
    }
    finishJob(server.state, job.id, 'success');
    while (follower.running) await sleep(50);
    // Each poll's body against what the job wrote since the poll before.
    let before = startSize;
    let excess = 0;
    for (const p of polls) {
      excess = Math.max(excess, p.body - (p.sizeAfter - before));
      before = p.sizeAfter;
    }
    const written = sizeNow() - startSize;
    const asked = polls.reduce((n, p) => n + p.body, 0);
    report.add(section, `live log: a line the job writes → the line in the editor's text, at the default interval (${FOLLOW_INTERVAL_MS} ms, window focused; worst of ${delays.length})`,
      round(Math.max(...delays)), 'ms', { max: 2000, text: '≤ 2 s' }, `median ${round(median(delays))} ms`);
    report.add(section, 'bytes per poll beyond what the job wrote since the poll before (largest; headers are the fixed overhead)', excess, 'B', { max: 0, text: '0 (only the new bytes)' },
      `${polls.length} polls read ${asked} B for ${written} B written; a whole read each poll would have been ${polls.reduce((n, p) => n + p.sizeAfter, 0)} B`);

    // A 20 MB log, opened as Show Log opens it.
    const bigJob = server.state.jobs.find((j) => j.status === 'success' && j.taskId);
    bigJob.log = bigLog(logTime, BIG_BYTES);
    const firsts = [];
    const blocks = [];
    const wholes = [];
    let lines = 0;
    for (let run = 0; run < 3; run++) {
      const histogram = monitorEventLoopDelay({ resolution: 5 });
      histogram.enable();
      await sleep(20);
      const start = performance.now();
      const read = await client.readJobLogFrom({ ...repo, job_id: bigJob.id, from: 0 });
      const bytes = read.bytes;
      const slices = lineSlices(bytes, SLICE_BYTES);
      const big = new LogText(() => undefined);
      const append = ([a, b]) => big.append(Buffer.from(bytes.buffer, bytes.byteOffset + a, b - a).toString('utf8'), bytes.subarray(a, b));
      append(slices[0]);
      big.text(false);
      firsts.push(performance.now() - start);
      for (const slice of slices.slice(1)) {
        await new Promise((r) => setImmediate(r));
        append(slice);
      }
      await new Promise((r) => setImmediate(r));
      big.text(false);
      wholes.push(performance.now() - start);
      await sleep(20);
      histogram.disable();
      blocks.push(histogram.max / 1e6);
      lines = big.lineCount;
    }
    report.add(section, `20 MB log: first screen (request → first ${SLICE_BYTES / 1024} KB formatted; median of 3)`, round(median(firsts)), 'ms', { max: 1000, text: '≤ 1 s' },
      `whole text formatted and joined: ${round(median(wholes))} ms, ${lines} lines`);
    report.add(section, '20 MB log: longest event-loop block while it opens (median of 3)', round(median(blocks)), 'ms', { max: 50, text: '≤ 50 ms' }, `each run: ${blocks.map(round).join(', ')} ms`);
    report.details.jobLog = { delays, polls, firsts, blocks, wholes };
    log(`jobLog: delays ${delays.map(round).join(', ')} ms; ${polls.length} polls, excess ${excess} B; 20 MB first ${firsts.map(round).join(', ')} ms, blocks ${blocks.map(round).join(', ')} ms`);
  } catch (e) {
    log(`jobLog: ${e.stack ?? e.message}`);
    report.add(section, 'live log: a line the job writes → the line in the editor\'s text', null, 'ms', { max: 2000, text: '≤ 2 s' }, 'failed, see log');
  } finally {
    await server.close();
  }
}
