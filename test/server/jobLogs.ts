// Job logs as act_runner v1.0.8 writes them to Gitea (test/fixtures/ci-logs/runner/, its README says where they
// come from): the set-up lines, one `::group::Run` block per step (script, `shell:`, `::endgroup::`, then the
// output), `Cleaning up container for job …` and `Job succeeded` / `Job failed`. The demo's jobs are built from
// them; a running job's log grows through appendJobLog and ends with finishJob (the hook tests and the bench call,
// as a runner's UpdateLog and UpdateTask would). And how Gitea serves a log (routers/common/actions.go →
// Go's http.ServeContent): `Range: bytes=N-` → 206 with `Content-Range: bytes N-M/size`; N at or past the end →
// 416 with `Content-Range: bytes */size`; an empty log → 200 (Go ignores the range of an empty file).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { JobRec, RunStatus, ServerState } from './state';

const FIXTURE_DIR = resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'ci-logs', 'runner');
const STAMP = /^\S+ /;

let fixture: { setup: string[]; end: string[] } | undefined;
/** The success fixture's lines before its first step and its `Cleaning up …` line (timestamps dropped). */
function runnerFixture(): { setup: string[]; end: string[] } {
  if (fixture) return fixture;
  const lines = readFileSync(join(FIXTURE_DIR, 'success.log'), 'utf8').split('\n').filter(Boolean).map((l) => l.replace(STAMP, ''));
  const first = lines.findIndex((l) => l.startsWith('::group::Run '));
  return (fixture = { setup: lines.slice(0, first), end: lines.filter((l) => l.startsWith('Cleaning up container for job ')) });
}

/** Gitea's log time format: `2006-01-02T15:04:05.0000000Z07:00`, in UTC. */
export function logTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}.${String(at.getUTCMilliseconds()).padStart(3, '0')}0000Z`;
}

export interface StepLog {
  /** A `run:` step's script (its first line titles the block). */
  script: string;
  output: string[];
}

function stamped(lines: string[], at: Date): string {
  let t = at.getTime();
  return lines.map((l) => `${logTime(new Date(t++))} ${l}\n`).join('');
}

/** The set-up lines of a job's log (task and container names made the job's). */
export function setupLines(job: string, taskId: number): string[] {
  return runnerFixture().setup.map((l) =>
    l.replace(/received task \d+ of job \S+/, `received task ${taskId} of job ${job}`).replace(/TASK-\d+_WORKFLOW-(\w+)_JOB-\w+/g, `TASK-${taskId}_WORKFLOW-$1_JOB-${job}`),
  );
}

/** One step's block: the Run group with its listing, then its output. */
export function stepLines(step: StepLog): string[] {
  const script = step.script.split('\n');
  return [`::group::Run ${script[0]!.trim()}`, ...script, 'shell: bash --noprofile --norc -e -o pipefail {0}', '::endgroup::', ...step.output];
}

export function endLines(job: string, result: 'success' | 'failure'): string[] {
  return [...runnerFixture().end.map((l) => l.replace(/for job \S+$/, `for job ${job}`)), result === 'success' ? 'Job succeeded' : 'Job failed'];
}

/** A whole log: set-up, the steps that ran, and the end line when the job is done. */
export function runnerLog(job: string, taskId: number, steps: StepLog[], result: 'success' | 'failure' | undefined, start: Date): string {
  const lines = [...setupLines(job, taskId), ...steps.flatMap(stepLines), ...(result ? endLines(job, result) : [])];
  return stamped(lines, start);
}

/** The hook of a running job's runner: appends lines (stamped now) to its log. */
export function appendJobLog(state: ServerState, jobId: number, lines: string[], at = new Date()): void {
  const job = state.jobs.find((j) => j.id === jobId);
  if (!job) throw new Error(`appendJobLog: no job ${jobId}`);
  job.log += stamped(lines, at);
}

/** Ends a running job as its runner does: the end lines, then the job's (and, when it was the last, its run's) result. */
export function finishJob(state: ServerState, jobId: number, result: 'success' | 'failure'): void {
  const job = state.jobs.find((j) => j.id === jobId);
  if (!job) throw new Error(`finishJob: no job ${jobId}`);
  appendJobLog(state, jobId, endLines(job.name, result));
  const now = new Date();
  job.status = result;
  job.stopped = now;
  for (const s of job.steps) {
    if (s.status === 'running') Object.assign(s, { status: result, stopped: now });
    else if (s.status === 'waiting' || s.status === 'blocked') s.status = 'skipped';
  }
  const run = state.runs.find((r) => r.id === job.runId);
  const siblings = state.jobs.filter((j) => j.runId === job.runId);
  if (run && siblings.every((j) => !['running', 'waiting', 'blocked'].includes(j.status))) {
    run.status = siblings.some((j) => j.status === 'failure') ? 'failure' : ('success' satisfies RunStatus);
    run.stopped = now;
  }
}

/** A job's log as bytes, encoded once per version of its text (a poll of a 20 MB log must not encode it again). */
const encoded = new Map<number, { log: string; bytes: Buffer }>();
function logBytes(job: JobRec): Buffer {
  const cached = encoded.get(job.id);
  if (cached && cached.log === job.log) return cached.bytes;
  const bytes = Buffer.from(job.log, 'utf8');
  encoded.set(job.id, { log: job.log, bytes });
  return bytes;
}

/** The answer to GET …/jobs/{id}/logs for a Range header, as Go's http.ServeContent gives it. */
export function rangedLog(job: JobRec, range: string | undefined): { status: 200 | 206 | 416; body: Buffer; headers: Record<string, string> } {
  const whole = logBytes(job);
  const size = whole.length;
  const plain = { 'Accept-Ranges': 'bytes' };
  if (!range) return { status: 200, body: whole, headers: plain };
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!m || (!m[1] && !m[2])) return { status: 416, body: Buffer.from('invalid range\n'), headers: {} };
  if (size === 0) return { status: 200, body: whole, headers: plain };
  let start: number;
  let end: number;
  if (!m[1]) {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    if (start >= size) return { status: 416, body: Buffer.from('invalid range: failed to overlap\n'), headers: { 'Content-Range': `bytes */${size}` } };
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    if (end < start) return { status: 416, body: Buffer.from('invalid range\n'), headers: {} };
  }
  return { status: 206, body: whole.subarray(start, end + 1), headers: { ...plain, 'Content-Range': `bytes ${start}-${end}/${size}` } };
}
