// Each parser's worst time per MB of hostile text (#31): every target of the fuzz suite (test/unit/fuzz/targets.ts,
// compiled to out/) reads the deterministic worst cases of its own tokens (hostile.ts worstInputs: each token and
// prefix repeated, numbered lines, token + long run + token) and seeded generated samples. Plain Node, no editor.
// 1. Screening: every input at 64 KiB, once. 2. The three slowest per MB and the generated samples at 1 MiB, best
// of five runs each (two until session 19: on a noisy machine the same code measured 38 to 130 ms per MB from one run
// to the next, and the worst of seven such measures was the machine's noise, not the parser's cost). The figure is the worst of those per MiB of text; budget ≤ 100 ms per MB (linear parsing at
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
/** The Markdown target and its floor (#41): the first is judged against the second, no longer by its time per MB. */
const MARKDOWN = 'Markdown bodies';
const MARKDOWN_FLOOR = 'Markdown bodies, markdown-it alone';
export const MARKDOWN_VS_FLOOR_BUDGET = { max: 1.0, text: "≤ 1.0 times markdown-it alone's worst (its floor)" };
export const HTML_RATIO_BUDGET = { max: 8, text: '≤ 8 times the input (markdown.ts HTML_PER_INPUT_CHAR)' };

/** The child that renders every Markdown input once and prints the worst ratio of HTML to input (no timing). */
const RATIO_CHILD = `
const workerData = JSON.parse(process.env.BENCH_FUZZ_DATA);
const { FUZZ_TARGETS } = require(workerData.targets);
const { worstInputs, hostileSamples } = require(workerData.hostile);
const target = FUZZ_TARGETS.find((t) => t.name === workerData.name);
const ratios = [];
const measure = (name, size, text) => { const html = target.run(text); ratios.push({ name, size, chars: text.length, html: html.length, ratio: html.length / text.length }); };
for (const w of worstInputs(target.tokens, workerData.screen)) measure(w.name, workerData.screen, w.make());
hostileSamples(target.tokens, workerData.screen, workerData.samples).forEach((t, i) => measure('generated sample ' + (i + 1), workerData.screen, t));
const top = [...ratios].sort((a, b) => b.ratio - a.ratio).slice(0, 3);
const full = worstInputs(target.tokens, workerData.full);
for (const t of top) { const w = full.find((f) => f.name === t.name); if (w) measure(w.name, workerData.full, w.make()); }
hostileSamples(target.tokens, workerData.full, workerData.samples).forEach((t, i) => measure('generated sample ' + (i + 1), workerData.full, t));
const worst = ratios.sort((a, b) => b.ratio - a.ratio)[0];
process.stdout.write(JSON.stringify({ worst, inputs: ratios.length }) + '\\n');
`;

/** The worst ratio of HTML to input of the Markdown target over the fuzz inputs (all at SCREEN, the top 3 and the
 * samples at FULL), in a child process (1 MiB renders would otherwise stay in this one's heap). */
function markdownRatio(paths) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify({ ...paths, name: MARKDOWN, samples: SAMPLES, screen: SCREEN, full: FULL });
    const child = spawn(process.execPath, ['-e', RATIO_CHILD], { env: { ...process.env, BENCH_FUZZ_DATA: data }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += String(d).slice(0, 4000)));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`exit ${code}: ${err.slice(0, 2000)}`))));
  });
}

/** The child that renders one input by both Markdown targets, ours and markdown-it alone, in turns (the order swapped
 * from run to run), so that both see the same load: each one's best of the runs. */
const PAIR_CHILD = `
const workerData = JSON.parse(process.env.BENCH_FUZZ_DATA);
const { FUZZ_TARGETS } = require(workerData.targets);
const { worstInputs, hostileSamples } = require(workerData.hostile);
const [ours, floor] = [workerData.ours, workerData.floor].map((n) => FUZZ_TARGETS.find((t) => t.name === n));
process.on('message', ({ kind, index, size, runs }) => {
  const text = kind === 'worst' ? worstInputs(ours.tokens, size)[index].make() : hostileSamples(ours.tokens, size, workerData.samples)[index];
  const best = { ours: Infinity, floor: Infinity };
  const time = (key, target) => { const start = performance.now(); target.run(text); best[key] = Math.min(best[key], performance.now() - start); };
  for (let r = 0; r < runs; r++) {
    if (r % 2 === 0) { time('ours', ours); time('floor', floor); } else { time('floor', floor); time('ours', ours); }
  }
  process.send({ ...best, chars: text.length });
});
`;
/** A paired measure longer than this (both renders, all runs) ends its process; the input then counts for neither. */
const PAIR_TIMEOUT_MS = 180_000;

/**
 * Ours against markdown-it alone on the same inputs (#41): the slowest three of each target's screening and the
 * generated samples, at FULL, both renderers on each input in one process, in turns (best of two each). The figure is
 * ours' worst time per MB over those inputs divided by markdown-it alone's worst over the same inputs. Unlike a ratio
 * of the two targets' own worsts, it does not depend on each target's screening having reached the same inputs, and a
 * slow render under load waits (up to PAIR_TIMEOUT_MS) instead of leaving the figure out.
 */
async function markdownPaired(paths, screened) {
  const pick = (name) => screened[name].filter((s) => s.kind === 'worst' && s.msPerMB !== undefined).sort((a, b) => b.msPerMB - a.msPerMB).slice(0, 3);
  const inputs = new Map();
  for (const s of [...pick(MARKDOWN), ...pick(MARKDOWN_FLOOR)]) inputs.set(`worst ${s.index}`, { kind: 'worst', index: s.index, name: s.name });
  for (let index = 0; index < SAMPLES; index++) inputs.set(`sample ${index}`, { kind: 'sample', index, name: `generated sample ${index + 1} (seed ${paths.seed})` });
  const data = JSON.stringify({ ...paths, ours: MARKDOWN, floor: MARKDOWN_FLOOR, samples: SAMPLES });
  const measured = [];
  let child;
  const start = () => {
    child = spawn(process.execPath, ['-e', PAIR_CHILD], { env: { ...process.env, BENCH_FUZZ_DATA: data }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    child.stderr.resume();
    return child;
  };
  try {
    for (const input of inputs.values()) {
      const c = child ?? start();
      const r = await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child = undefined;
          c.kill('SIGKILL');
          resolve({ timedOut: true });
        }, PAIR_TIMEOUT_MS);
        c.once('message', (m) => (clearTimeout(timer), resolve(m)));
        c.once('exit', (code) => (clearTimeout(timer), (child = undefined), resolve({ error: `exit ${code}` })));
        c.send({ kind: input.kind, index: input.index, size: FULL, runs: 2 });
      });
      c.removeAllListeners('message');
      c.removeAllListeners('exit');
      measured.push({ ...input, ...r, ...(r.chars ? { oursPerMB: (r.ours * MIB) / r.chars, floorPerMB: (r.floor * MIB) / r.chars } : {}) });
    }
  } finally {
    child?.kill('SIGKILL');
  }
  const done = measured.filter((m) => m.oursPerMB !== undefined);
  const worst = (key) => done.reduce((w, m) => (!w || m[key] > w[key] ? m : w), undefined);
  return { measured, ours: worst('oursPerMB'), floor: worst('floorPerMB'), left: measured.length - done.length };
}

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
        const r = await runner.measure({ kind: input.kind, index: input.index, size: FULL, runs: 5 }, FULL_TIMEOUT_MS);
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
    const worstOf = {};
    const screenedOf = {};
    for (const target of targets.filter((t) => !only || t.name.includes(only))) {
      const r = await measureTarget(paths, target, hostile.worstInputs);
      const w = r.worst;
      const notes = [
        w ? `${w.name}${w.timedOut ? `: over ${w.size === FULL ? FULL_TIMEOUT_MS : SCREEN_TIMEOUT_MS} ms at ${w.size / 1024} KiB, at least` : ''}` : 'no input measured',
        `${r.inputs} inputs${r.stoppedAt !== undefined ? `, screening stopped after ${r.stoppedAt}` : ''}`,
        ...(r.errors.length ? [`${r.errors.length} threw: ${r.errors[0].error}`] : []),
      ];
      worstOf[target.name] = w;
      screenedOf[target.name] = r.screened;
      // Since #41 the Markdown target is judged against its floor (below); its time per MB, the former figure, stays beside.
      const former = target.name === MARKDOWN ? ", time per MB: the former figure, unbudgeted since #41 (judged against markdown-it alone's below)" : '';
      report.add(section, `${target.name} (${target.source})${ON_WORKER.has(target.name) ? ', measured as the worker thread runs it, off the extension host' : ''}${former}`, w ? round(w.msPerMB) : null, 'ms', target.unbudgeted || former ? undefined : FUZZ_BUDGET, notes.join('; '));
      report.details.fuzz.targets[target.name] = { worst: w, full: r.full, slowestScreened: r.screened.filter((s) => s.msPerMB !== undefined).sort((a, b) => b.msPerMB - a.msPerMB).slice(0, 5), stoppedAt: r.stoppedAt, errors: r.errors };
      log(`fuzz: ${target.name}: ${w ? `${round(w.msPerMB)} ms/MB` : 'n/a'} (${notes.join('; ')})`);
    }
    if (MARKDOWN in worstOf || MARKDOWN_FLOOR in worstOf) {
      if (MARKDOWN in screenedOf && MARKDOWN_FLOOR in screenedOf) {
        const paired = await markdownPaired(paths, screenedOf);
        const { ours, floor } = paired;
        const ratio = ours && floor ? Math.round((ours.oursPerMB / floor.floorPerMB) * 100) / 100 : null;
        report.add(section, `${MARKDOWN}: its worst time per MB against markdown-it alone's (the floor of the maintained parser), both measured in turns on the same ${paired.measured.length} inputs at ${FULL / 1024} KiB`, ratio, '×', MARKDOWN_VS_FLOOR_BUDGET,
          ours && floor
            ? `ours ${round(ours.oursPerMB)} ms/MB (${ours.name}), markdown-it alone ${round(floor.floorPerMB)} ms/MB (${floor.name})${paired.left ? `; ${paired.left} inputs not measured (over ${PAIR_TIMEOUT_MS / 1000} s or failed)` : ''}`
            : 'no input measured by both, see log');
        report.details.fuzz.markdownPaired = paired;
        log(`fuzz: Markdown paired: ${paired.measured.map((m) => `${m.name}: ours ${round(m.oursPerMB)} / alone ${round(m.floorPerMB)} ms/MB`).join('; ')}`);
        // The former figure, each target's own worst (their screenings may have reached different inputs), beside.
        const [o, f] = [worstOf[MARKDOWN], worstOf[MARKDOWN_FLOOR]];
        report.add(section, `${MARKDOWN}: the former figure, its own worst against markdown-it alone's own worst (each from its own screening)`, o && f && !o.timedOut ? Math.round((o.msPerMB / f.msPerMB) * 100) / 100 : null, '×', undefined,
          o && f ? `${round(o.msPerMB)} ms/MB (${o.name}) against ${round(f.msPerMB)} ms/MB (${f.name})${o.timedOut ? '; ours timed out: no figure' : ''}` : 'measure both (BENCH_FUZZ_TARGET=Markdown)');
      }
      const r = await markdownRatio(paths);
      report.add(section, `${MARKDOWN}: the worst ratio of HTML to input over the fuzz inputs (${r.inputs} renders)`, Math.round(r.worst.ratio * 100) / 100, '×', HTML_RATIO_BUDGET,
        `${r.worst.name} at ${r.worst.size / 1024} KiB: ${r.worst.html} characters of HTML`);
      report.details.fuzz.markdownRatio = r;
      log(`fuzz: Markdown HTML ratio ${JSON.stringify(r)}`);
    }
  } catch (e) {
    log(`fuzz: ${e.stack ?? e.message}`);
    report.add(section, 'hostile inputs', null, 'ms', FUZZ_BUDGET, 'failed, see log');
  }
}
