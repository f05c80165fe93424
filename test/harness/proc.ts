// Process plumbing for the harness: async command runs, detached process groups, and one cleanup registry that
// runs on normal exit, on SIGINT/SIGTERM/SIGHUP and on crashes, so no code-server or server outlives a run.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions extends SpawnOptions {
  /** Echo the child's output to ours with this prefix (default: capture only). */
  echo?: string;
  /** Reject when the exit code is not 0 (default true). */
  check?: boolean;
  /** Data written to stdin, then stdin is closed. */
  input?: string;
  /** Echoed lines matching this are left out (still captured). */
  mute?: RegExp;
}

/** Runs a command to completion without blocking the event loop (never execSync). */
export function run(cmd: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const { echo, check = true, input, mute, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    // Its own process group, stopped with the run: an interrupted install must not leave `npm rebuild` (and the
    // compilers it started) running on after us.
    let group: GroupProcess;
    try {
      group = spawnGroup(cmd, args, { ...spawnOptions, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    const { child } = group;
    let stdout = '';
    let stderr = '';
    const forward = (chunk: Buffer, sink: NodeJS.WriteStream): void => {
      if (echo === undefined) return;
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() && !mute?.test(line)) sink.write(`${echo}${line}\n`);
    };
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
      forward(c, process.stdout);
    });
    child.stderr!.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
      forward(c, process.stderr);
    });
    if (input !== undefined) {
      child.stdin!.on('error', () => undefined); // the child may exit before reading everything
      child.stdin!.end(input);
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      group.release();
      const result = { code: code ?? (signal ? 128 : 1), stdout, stderr };
      if (check && result.code !== 0) {
        const tail = (stderr || stdout).trim().split('\n').slice(-15).join('\n');
        reject(new Error(`${cmd} ${args.join(' ')} exited with ${signal ?? code}\n${tail}`));
      } else resolve(result);
    });
  });
}

type Cleanup = () => Promise<void> | void;
const cleanups = new Set<Cleanup>();
/** Process groups still alive; killed synchronously from the 'exit' handler as a last resort. */
const liveGroups = new Set<number>();
let handlersInstalled = false;
let cleaningUp: Promise<void> | undefined;

/** Registers work to undo at the end of the run; the returned function unregisters it. */
export function onCleanup(fn: Cleanup): () => void {
  installCleanupHandlers();
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** Runs every registered cleanup once (latest first). Safe to call from several places. */
export function runCleanups(): Promise<void> {
  cleaningUp ??= (async () => {
    for (const fn of [...cleanups].reverse()) {
      cleanups.delete(fn);
      try {
        await fn();
      } catch (e) {
        process.stderr.write(`cleanup failed: ${(e as Error).message}\n`);
      }
    }
  })().finally(() => (cleaningUp = undefined));
  return cleaningUp;
}

export function installCleanupHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const onSignal = (signal: NodeJS.Signals, code: number) => () => {
    process.stderr.write(`\n${signal}: stopping everything this run started…\n`);
    void runCleanups().finally(() => process.exit(code));
  };
  process.once('SIGINT', onSignal('SIGINT', 130));
  process.once('SIGTERM', onSignal('SIGTERM', 143));
  process.once('SIGHUP', onSignal('SIGHUP', 129));
  process.on('uncaughtException', (e) => {
    process.stderr.write(`uncaught exception: ${e.stack ?? e}\n`);
    void runCleanups().finally(() => process.exit(1));
  });
  process.on('unhandledRejection', (e) => {
    process.stderr.write(`unhandled rejection: ${(e as Error)?.stack ?? e}\n`);
    void runCleanups().finally(() => process.exit(1));
  });
  // Synchronous last resort: whatever is still running when Node exits gets SIGKILL by group.
  process.on('exit', () => {
    for (const pgid of liveGroups) killGroupNow(pgid, 'SIGKILL');
  });
}

function killGroupNow(pgid: number, signal: NodeJS.Signals): boolean {
  // Windows has no process groups to signal: taskkill /T ends the leader's whole tree.
  if (process.platform === 'win32') return spawnSync('taskkill', ['/pid', String(pgid), '/T', ...(signal === 'SIGKILL' ? ['/F'] : [])]).status === 0;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is already gone
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(process.platform === 'win32' ? pgid : -pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A child started as the leader of its own process group, stoppable as a whole by its id. */
export interface GroupProcess {
  readonly child: ChildProcess;
  readonly pgid: number;
  /** Resolves with the exit code when the leader exits. */
  readonly exited: Promise<number>;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves when the whole group is gone. */
  stop(graceMs?: number): Promise<void>;
  /** Forgets the group without stopping it (a command that has ended on its own). */
  release(): void;
}

export function spawnGroup(cmd: string, args: readonly string[], options: SpawnOptions = {}): GroupProcess {
  installCleanupHandlers();
  const child = spawn(cmd, args, { ...options, detached: true });
  if (child.pid === undefined) {
    child.once('error', () => undefined); // told by the throw below, not as an uncaught 'error' event
    throw new Error(`could not start ${cmd}`);
  }
  const pgid = child.pid;
  liveGroups.add(pgid);
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    child.once('error', () => resolve(1));
  });
  let stopping: Promise<void> | undefined;
  const stop = (graceMs = 3000): Promise<void> =>
    (stopping ??= (async () => {
      killGroupNow(pgid, 'SIGTERM');
      const deadline = Date.now() + graceMs;
      while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
      if (groupAlive(pgid)) killGroupNow(pgid, 'SIGKILL');
      while (groupAlive(pgid) && Date.now() < deadline + 2000) await sleep(100);
      liveGroups.delete(pgid);
      unregister();
    })());
  const unregister = onCleanup(() => stop());
  const release = (): void => {
    liveGroups.delete(pgid);
    unregister();
  };
  return { child, pgid, exited, stop, release };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Rejects with a clear message when `promise` does not settle within `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
