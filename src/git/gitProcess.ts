// The one place that starts git: by an absolute path (never a bare `git`, which Windows looks for in the working
// directory first, i.e. in the repository), an argument array, no shell, bounded output, cancellable with an
// AbortSignal. Platform neutral (no vscode import) so that it is unit-tested against real git.
import { spawn, type SpawnOptions } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import * as path from 'node:path';

/** More output than any command of the extension prints (a rev-list of a million commits is 41 MB). */
export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

declare const checked: unique symbol;
/** An argument list built by `gitArgs` (gitCommands.ts), which checked the refs and placed `--`: the only kind runGit takes. */
export type GitArgs = readonly string[] & { readonly [checked]: true };

/** git could not be started the safe way: no git extension, or a git path that is not absolute. */
export class GitUnavailableError extends Error {
  override readonly name = 'GitUnavailableError';
}

export interface GitRunOptions {
  /** The git executable: an absolute path (the vscode.git extension's `git.path`). */
  readonly git: string;
  readonly cwd: string;
  readonly input?: string;
  readonly signal?: AbortSignal;
  /** stdout and stderr together; git is stopped and the run rejected beyond it. */
  readonly maxOutputBytes?: number;
}

export interface GitOutput {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface GitSpawnSpec {
  readonly command: string;
  readonly args: readonly string[];
  readonly options: SpawnOptions & { readonly shell: false };
}

/**
 * The absolute path of the git extension's `git.path`: as it is when absolute; a bare name (what the git extension
 * reports on Linux: `git`) looked up in the absolute directories of PATH only — never the working directory, an
 * empty or a relative PATH entry. Undefined for a relative path or a name found nowhere.
 */
export async function resolveGitExecutable(gitPath: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<string | undefined> {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  if (paths.isAbsolute(gitPath)) return gitPath;
  if (!gitPath || /[\\/:]/.test(gitPath)) return undefined;
  const names = platform === 'win32' && !/\.exe$/i.test(gitPath) ? [`${gitPath}.exe`] : [gitPath];
  // Stryker disable next-line StringLiteral: any other fallback is split into relative entries, which are skipped
  const pathVariable = Object.entries(env).find(([key]) => key.toUpperCase() === 'PATH')?.[1] ?? '';
  for (const dir of pathVariable.split(platform === 'win32' ? ';' : ':')) {
    if (!paths.isAbsolute(dir)) continue;
    for (const name of names) {
      const candidate = paths.join(dir, name);
      try {
        await access(candidate, platform === 'win32' ? constants.F_OK : constants.X_OK);
        return candidate;
      } catch {
        // expected: not in this directory of PATH.
      }
    }
  }
  return undefined;
}

/** What runGit hands to `spawn`: refuses a git that is not an absolute path (a bare `git` is looked up in the cwd on Windows). */
export function gitSpawnSpec(args: GitArgs, options: Pick<GitRunOptions, 'git' | 'cwd' | 'signal'>): GitSpawnSpec {
  if (!options.git || !path.isAbsolute(options.git)) {
    throw new GitUnavailableError(`git must be started by its absolute path, not ${JSON.stringify(options.git)}`);
  }
  return {
    command: options.git,
    args: [...args],
    options: {
      cwd: options.cwd,
      signal: options.signal,
      shell: false,
      windowsHide: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      // No pager, no prompts, untranslated messages (stderr is matched by callers).
      env: { ...process.env, GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
    },
  };
}

/** Runs git asynchronously (never execSync), feeding `input` on stdin. Rejects when aborted or over the output bound. */
export function runGit(args: GitArgs, options: GitRunOptions): Promise<GitOutput> {
  const limit = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  return new Promise((resolve, reject) => {
    // Inside the promise: a refused git path rejects like any other failure to start.
    const spec = gitSpawnSpec(args, options);
    const child = spawn(spec.command, spec.args, spec.options);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let overflow = false;
    const collect = (into: Buffer[]) => (chunk: Buffer): void => {
      if (overflow) return;
      size += chunk.length;
      if (size > limit) {
        overflow = true;
        child.kill();
        reject(new Error(`git ${args[0] ?? ''} printed more than ${limit} bytes`));
        return;
      }
      into.push(chunk);
    };
    child.stdout!.on('data', collect(out));
    child.stderr!.on('data', collect(err));
    // git may exit before reading all of stdin (e.g. a bad path): ignore the resulting EPIPE.
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(options.input ?? '');
    child.on('error', reject);
    child.on('close', (code) => {
      if (overflow) return;
      resolve({ code: code ?? 1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}
