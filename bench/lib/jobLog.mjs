// The job log (#40; BENCH_ONLY=jobLog, and part of the full run; in Node: compiles only, no code-server). The editor-
// neutral pieces the log's editor runs (out/src: the client's readJobLogFrom, the follower of shared/jobLogFollow.ts at
// its default interval, the formatted text of views/jobLog/logText.ts, which has no `vscode`) against the test server,
// in this process:
// - live log: from a line the job writes (the server's appendJobLog hook, at a random moment of the poll cycle) to the
//   line in the editor's text (what provideTextDocumentContent returns next), at the default interval (the window
//   with the focus): ≤ 2 s. The editor's own paint of the changed document comes after, about a frame.
// - bytes per poll: each poll's answer body against what the job wrote since the poll before: the largest excess
//   (budget 0: only the new bytes; the request and answer headers are the fixed overhead, about 400 bytes).
// - a 20 MB log (runner-shaped: steps, listings, compiler lines, ANSI): its first screen and the longest block, its CI
//   problems' parse included, with the server in its own process (bench/lib/jobLogBig.mjs).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { bigLogFigures } from './jobLogBig.mjs';

const LIVE_LINES = Number(process.env.BENCH_JOBLOG_LINES ?? 8);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (x) => Math.round(x * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function jobLogFigures(report, root, log) {
  const section = 'Job log (#40): live log, ranged polls, a 20 MB log (in Node: the log editor\'s editor-neutral pieces against the test server)';
  const require = createRequire(import.meta.url);
  const { startTestServer, FIXTURES, appendJobLog, finishJob } = require(join(root, 'out/test/server/index.js'));
  const { createClient } = require(join(root, 'out/src/api/index.js'));
  const { JobLogFollower, FOLLOW_INTERVAL_MS } = require(join(root, 'out/src/shared/jobLogFollow.js'));
  const { LogText } = require(join(root, 'out/src/views/jobLog/logText.js'));
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

    report.details.jobLog = { delays, polls };
    log(`jobLog: delays ${delays.map(round).join(', ')} ms; ${polls.length} polls, excess ${excess} B`);

    await bigLogFigures(report, section, root, log, { server, client });
  } catch (e) {
    log(`jobLog: ${e.stack ?? e.message}`);
    report.add(section, 'live log: a line the job writes → the line in the editor\'s text', null, 'ms', { max: 2000, text: '≤ 2 s' }, 'failed, see log');
  } finally {
    await server.close();
  }
}
