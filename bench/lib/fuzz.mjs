// Each parser's worst time per MB of hostile text (#31): every target of the fuzz suite (test/unit/fuzz/targets.ts,
// compiled to out/) reads the deterministic worst cases of its own tokens (hostile.ts worstInputs: each token and
// prefix repeated, numbered lines, token + long run + token) and seeded generated samples. Plain Node, no editor.
// 1. Screening: every input at 64 KiB, once. 2. The three slowest per MB and the generated samples at 1 MiB, best
// of two runs each. The figure is the worst of those per MiB of text; budget ≤ 100 ms per MB (linear parsing at
// 10 ns a character). Each target runs in a child process that is killed when one input takes longer than the
// timeout (a super-linear pattern would take minutes or hours at 1 MiB): such an input counts as at least the
// timeout extrapolated linearly, and the target's figure then says "at least". A process, not a worker thread: a
// regular expression compiled from 1 MiB of text can exhaust V8's memory, which ends the whole process.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const MIB = 1024 * 1024;
const FULL = Number(process.env.BENCH_FUZZ_BYTES ?? MIB);
const SCREEN = Math.min(64 * 1024, FULL);
const SAMPLES = Number(process.env.BENCH_FUZZ_SAMPLES ?? 4);
const SCREEN_TIMEOUT_MS = 3000;
const FULL_TIMEOUT_MS = 10000;
/** Screening stops for a target after this long (its figure is already over budget by then). */
const SCREEN_BUDGET_MS = 30000;
export const FUZZ_BUDGET = { max: 100, text: '≤ 100 ms per MB' };
/** Targets the extension runs on a worker thread (src/shared/markdownWorker.ts): their time per MB is the worker's,
 * the extension host's own block while they render is the Markdown bench's figure. */
const ON_WORKER = new Set(['Markdown bodies']);

const CHILD = `
const workerData = JSON.parse(process.env.BENCH_FUZZ_DATA);
const { FUZZ_TARGETS } = require(workerData.targets);
const { worstInputs, hostileSamples } = require(workerData.hostile);
const target = FUZZ_TARGETS.find((t) => t.name === workerData.name);
const samples = new Map();
process.on('message', ({ kind, index, size, runs }) => {
  let text;
  if (kind === 'worst') text = worstInputs(target.tokens, size)[index].make();
  else {
    if (!samples.has(size)) samples.set(size, hostileSamples(target.tokens, size, workerData.samples));
    text = samples.get(size)[index];
  }
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    target.run(text);
    best = Math.min(best, performance.now() - start);
  }
  process.send({ ms: best, chars: text.length });
});
`;

/** One target's process; a measure that takes longer than its timeout kills it (a new one takes the next). */
class TargetRunner {
  constructor(paths, name) {
    this.data = JSON.stringify({ ...paths, name, samples: SAMPLES });
    this.child = undefined;
  }

  start() {
    const child = spawn(process.execPath, ['-e', CHILD], { env: { ...process.env, BENCH_FUZZ_DATA: this.data }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    child.stderrText = '';
    child.stderr.on('data', (d) => {
      if (child.stderrText.length < 8000) child.stderrText += String(d).slice(0, 8000);
    });
    return child;
  }

  measure(request, timeoutMs) {
    this.child ??= this.start();
    const child = this.child;
    return new Promise((resolve) => {
      const done = (result) => {
        clearTimeout(timer);
        child.removeAllListeners('message');
        child.removeAllListeners('close');
        resolve(result);
      };
      const timer = setTimeout(() => {
        this.child = undefined;
        child.kill('SIGKILL');
        done({ timedOut: true });
      }, timeoutMs);
      child.once('message', (m) => done(m));
      child.once('close', (code, signal) => {
        this.child = undefined;
        // What the process said last: an exception's first line, or V8's "FATAL ERROR: … out of memory".
        const said = child.stderrText.split('\n').find((l) => /FATAL ERROR|Error/.test(l)) ?? `exit ${code ?? signal}`;
        done({ error: said.trim().slice(0, 200) });
      });
      child.send(request);
    });
  }

  close() {
    this.child?.kill('SIGKILL');
  }
}

const round = (x) => Math.round(x * 10) / 10;

/** The figures of one target: its inputs screened at 64 KiB, the slowest and the samples at 1 MiB. */
async function measureTarget(paths, target, worstInputs) {
  const runner = new TargetRunner(paths, target.name);
  const inputs = worstInputs(target.tokens, SCREEN).map((w, index) => ({ kind: 'worst', index, name: w.name }));
  const samples = Array.from({ length: SAMPLES }, (_, index) => ({ kind: 'sample', index, name: `generated sample ${index + 1} (seed ${paths.seed})` }));
  const screened = [];
  const started = Date.now();
  let stoppedAt;
  try {
    for (const input of [...inputs, ...samples]) {
      if (Date.now() - started > SCREEN_BUDGET_MS) {
        stoppedAt = screened.length;
        break;
      }
      const r = await runner.measure({ kind: input.kind, index: input.index, size: SCREEN, runs: 1 }, SCREEN_TIMEOUT_MS);
      const msPerMB = r.timedOut ? (SCREEN_TIMEOUT_MS * MIB) / SCREEN : r.ms === undefined ? undefined : (r.ms * MIB) / r.chars;
      screened.push({ ...input, size: SCREEN, msPerMB, timedOut: !!r.timedOut, error: r.error });
    }
    const finished = screened.filter((s) => !s.timedOut && s.msPerMB !== undefined).sort((a, b) => b.msPerMB - a.msPerMB);
    const chosen = [...finished.filter((s) => s.kind === 'worst').slice(0, 3), ...finished.filter((s) => s.kind === 'sample')];
    const full = [];
    if (FULL > SCREEN) {
      for (const input of chosen) {
        const r = await runner.measure({ kind: input.kind, index: input.index, size: FULL, runs: 2 }, FULL_TIMEOUT_MS);
        const msPerMB = r.timedOut ? (FULL_TIMEOUT_MS * MIB) / FULL : r.ms === undefined ? undefined : (r.ms * MIB) / r.chars;
        full.push({ kind: input.kind, index: input.index, name: input.name, size: FULL, ms: r.ms === undefined ? undefined : round(r.ms), msPerMB, timedOut: !!r.timedOut, error: r.error });
      }
    }
    const candidates = [...full, ...screened.filter((s) => s.timedOut), ...(FULL > SCREEN ? [] : screened)].filter((s) => s.msPerMB !== undefined);
    const worst = candidates.sort((a, b) => b.msPerMB - a.msPerMB)[0];
    const errors = [...screened, ...full].filter((s) => s.error);
    return { worst, screened, full, stoppedAt, errors, inputs: inputs.length + samples.length };
  } finally {
    runner.close();
  }
}

/** The bench rows: one per fuzz target, its worst time per MB of hostile text (budgeted). */
export async function fuzzFigures(report, root, log) {
  const section = `Parsing hostile server text (the fuzz suite's inputs, worst time per MB: all at ${SCREEN / 1024} KiB, the slowest at ${FULL / 1024} KiB)`;
  const paths = { targets: join(root, 'out', 'test', 'unit', 'fuzz', 'targets.js'), hostile: join(root, 'out', 'test', 'unit', 'fuzz', 'hostile.js') };
  let targets;
  try {
    ({ FUZZ_TARGETS: targets } = require(paths.targets));
    const hostile = require(paths.hostile);
    paths.seed = hostile.FUZZ_SEED;
    report.details.fuzz = { seed: hostile.FUZZ_SEED, screenBytes: SCREEN, fullBytes: FULL, samples: SAMPLES, targets: {} };
    const only = process.env.BENCH_FUZZ_TARGET;
    for (const target of targets.filter((t) => !only || t.name.includes(only))) {
      const r = await measureTarget(paths, target, hostile.worstInputs);
      const w = r.worst;
      const notes = [
        w ? `${w.name}${w.timedOut ? `: over ${w.size === FULL ? FULL_TIMEOUT_MS : SCREEN_TIMEOUT_MS} ms at ${w.size / 1024} KiB, at least` : ''}` : 'no input measured',
        `${r.inputs} inputs${r.stoppedAt !== undefined ? `, screening stopped after ${r.stoppedAt}` : ''}`,
        ...(r.errors.length ? [`${r.errors.length} threw: ${r.errors[0].error}`] : []),
      ];
      report.add(section, `${target.name} (${target.source})${ON_WORKER.has(target.name) ? ', measured as the worker thread runs it, off the extension host' : ''}`, w ? round(w.msPerMB) : null, 'ms', target.unbudgeted ? undefined : FUZZ_BUDGET, notes.join('; '));
      report.details.fuzz.targets[target.name] = { worst: w, full: r.full, slowestScreened: r.screened.filter((s) => s.msPerMB !== undefined).sort((a, b) => b.msPerMB - a.msPerMB).slice(0, 5), stoppedAt: r.stoppedAt, errors: r.errors };
      log(`fuzz: ${target.name}: ${w ? `${round(w.msPerMB)} ms/MB` : 'n/a'} (${notes.join('; ')})`);
    }
  } catch (e) {
    log(`fuzz: ${e.stack ?? e.message}`);
    report.add(section, 'hostile inputs', null, 'ms', FUZZ_BUDGET, 'failed, see log');
  }
}
