// Following a running job's log (#40): one follower per open log, a bounded loop of polls that each ask the job's
// state (getWorkflowJob) and then only the log's new bytes (`Range: bytes=<offset>-`, readJobLogFrom). The state
// first: act_runner sends its last log rows before it reports the job's result, so a poll that sees the job done and
// then reads the log has read all of it. Stops when the job ends, when the caller stops it (the editor closed), when
// the account is refused (401/403), or after repeated failures. Lines are handed over whole (the incomplete last
// line of a read waits for the next). Editor-neutral (no `vscode`); the bench drives it in Node.
import type { JobLogRead } from '../api';
import { isGiteaError } from '../api/errorKind';

/** The interval while the window has the focus (a line shows at most this plus a request later), and without it. */
export const FOLLOW_INTERVAL_MS = 1_000;
export const FOLLOW_INTERVAL_UNFOCUSED_MS = 5_000;
/** Failed polls in a row (network, server errors) before the follower gives up. */
const MAX_FAILURES = 5;

/** The job's state as the job API says it: Gitea's `status` (queued, in_progress, completed, …) and `conclusion`. */
export interface FollowedJob {
  readonly status?: string;
  readonly conclusion?: string;
}

export type FollowEnd =
  | { readonly reason: 'ended'; readonly job: FollowedJob }
  | { readonly reason: 'refused' | 'failed'; readonly error: unknown }
  | { readonly reason: 'stopped' };

export interface FollowDeps {
  readJob(signal: AbortSignal): Promise<FollowedJob>;
  readLog(from: number, signal: AbortSignal): Promise<JobLogRead>;
  /** The wait before the next poll (shorter while the window has the focus). */
  delayMs(): number;
  /** New whole lines (`\n`-terminated, or the log's last line once the job ended); `reset` when the log was read
   * whole again (a server that ignored the range), so the caller starts over. */
  onText(text: string, reset: boolean): void | Promise<void>;
  onJob(job: FollowedJob): void;
  onEnd(end: FollowEnd): void;
}

export function jobIsDone(job: FollowedJob): boolean {
  return job.status === 'completed' || (!!job.conclusion && job.status !== 'in_progress' && job.status !== 'queued' && job.status !== 'waiting');
}

const NEWLINE = 0x0a;

export class JobLogFollower {
  /** Bytes of the log read so far (what the next range starts at). */
  private offset = 0;
  /** The read bytes after the last newline: a line the runner has not finished sending. */
  private tail: Uint8Array = new Uint8Array(0);
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private ended = false;
  /** How many polls ran, and the bytes the log's answers carried (the bench's figures). */
  readonly stats = { polls: 0, bytes: 0 };

  constructor(private readonly deps: FollowDeps, startOffset = 0) {
    this.offset = startOffset;
  }

  get bytesRead(): number {
    return this.offset;
  }

  get running(): boolean {
    return !this.ended;
  }

  /** Polls now, then on the deps' interval until the end. */
  start(): void {
    void this.poll();
  }

  stop(): void {
    this.finish({ reason: 'stopped' });
  }

  private finish(end: FollowEnd): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    this.controller.abort();
    this.deps.onEnd(end);
  }

  private async poll(): Promise<void> {
    if (this.ended) return;
    const signal = this.controller.signal;
    try {
      const job = await this.deps.readJob(signal);
      if (this.ended) return;
      this.deps.onJob(job);
      const done = jobIsDone(job);
      await this.readNew(signal, done);
      this.failures = 0;
      if (done) return this.finish({ reason: 'ended', job });
    } catch (e) {
      if (this.ended) return;
      if (isGiteaError(e) && (e.kind === 'unauthorized' || e.kind === 'forbidden' || e.kind === 'scope' || e.kind === 'otpRequired')) {
        return this.finish({ reason: 'refused', error: e });
      }
      // expected: a job no runner picked up yet has no log (404 "job not started"); keep waiting for it.
      if (!(isGiteaError(e) && e.kind === 'notFound') && ++this.failures >= MAX_FAILURES) return this.finish({ reason: 'failed', error: e });
    }
    if (!this.ended) this.timer = setTimeout(() => void this.poll(), this.deps.delayMs());
  }

  private async readNew(signal: AbortSignal, last: boolean): Promise<void> {
    const read = await this.deps.readLog(this.offset, signal);
    this.stats.polls++;
    if (this.ended) return;
    let bytes: Uint8Array;
    let reset = false;
    if (read.kind === 'nothingNew') {
      bytes = new Uint8Array(0);
    } else if (read.kind === 'whole' || read.start > this.offset) {
      // The whole log again (or not the part asked): start over from it.
      reset = this.offset > 0;
      this.tail = new Uint8Array(0);
      bytes = read.bytes;
      this.offset = 0;
    } else {
      bytes = read.bytes.subarray(this.offset - read.start); // a server that started earlier than asked: skip what was read
    }
    this.stats.bytes += read.kind === 'nothingNew' ? 0 : read.bytes.length;
    this.offset += bytes.length;
    const joined = this.tail.length ? concat(this.tail, bytes) : bytes;
    const cut = last ? joined.length : joined.lastIndexOf(NEWLINE) + 1;
    this.tail = joined.slice(cut);
    if (cut > 0 || reset) await this.deps.onText(Buffer.from(joined.buffer, joined.byteOffset, cut).toString('utf8'), reset);
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Where to cut `bytes` into slices of about `size` bytes at line ends (the last slice takes the rest). */
export function lineSlices(bytes: Uint8Array, size: number): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(bytes.length, start + size);
    if (end < bytes.length) {
      const nl = bytes.indexOf(NEWLINE, end - 1);
      end = nl < 0 ? bytes.length : nl + 1;
    }
    out.push([start, end]);
    start = end;
  }
  return out;
}
