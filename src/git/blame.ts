// Blame of one line with `git blame --porcelain`, taking the editor's unsaved text into account (`--contents -`
// with the text on stdin). Platform neutral (no vscode import) so that it is unit-tested against real git.
import { spawn } from 'node:child_process';

/** The SHA git uses for lines that are not committed yet. */
export const UNCOMMITTED_SHA = '0000000000000000000000000000000000000000';

export interface BlameLine {
  /** Full SHA of the commit that introduced the line, or UNCOMMITTED_SHA. */
  readonly sha: string;
  readonly uncommitted: boolean;
  readonly originalLine: number;
  readonly finalLine: number;
  readonly author?: string;
  readonly authorMail?: string;
  /** Seconds since the epoch. */
  readonly authorTime?: number;
  readonly summary?: string;
  /** Path of the line's file in that commit (differs from the current path after a rename). */
  readonly filename?: string;
  readonly content: string;
}

export type BlameResult =
  | { readonly kind: 'line'; readonly line: BlameLine }
  /** The file is not in HEAD at all (new, untracked): every line is uncommitted. */
  | { readonly kind: 'untracked' }
  | { readonly kind: 'failed'; readonly message: string };

/** Parses the first entry of `git blame --porcelain` output. Returns undefined when it holds none. */
export function parsePorcelain(output: string): BlameLine | undefined {
  const lines = output.split('\n');
  const header = /^([0-9a-f]{40}|[0-9a-f]{64}) (\d+) (\d+)(?: (\d+))?$/.exec(lines[0] ?? '');
  if (!header) return undefined;
  const fields = new Map<string, string>();
  let content = '';
  for (const line of lines.slice(1)) {
    if (line.startsWith('\t')) {
      content = line.slice(1).replace(/\r$/, '');
      break;
    }
    const space = line.indexOf(' ');
    if (space < 0) fields.set(line, '');
    else fields.set(line.slice(0, space), line.slice(space + 1));
  }
  const sha = header[1]!;
  const time = fields.get('author-time');
  const mail = fields.get('author-mail');
  return {
    sha,
    uncommitted: /^0+$/.test(sha),
    originalLine: Number(header[2]),
    finalLine: Number(header[3]),
    author: fields.get('author'),
    authorMail: mail?.replace(/^<|>$/g, ''),
    authorTime: time === undefined ? undefined : Number(time),
    summary: fields.get('summary'),
    filename: fields.get('filename'),
    content,
  };
}

export interface GitRunOptions {
  readonly cwd: string;
  readonly input?: string;
  readonly signal?: AbortSignal;
  /** The git executable (the vscode.git extension's path when known). */
  readonly git?: string;
}

interface GitOutput {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs git asynchronously (never execSync), feeding `input` on stdin. */
export function runGit(args: readonly string[], options: GitRunOptions): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.git ?? 'git', args, {
      cwd: options.cwd,
      signal: options.signal,
      stdio: ['pipe', 'pipe', 'pipe'],
      // No pager, no prompts, untranslated messages (stderr is matched below).
      env: { ...process.env, GIT_PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    // git may exit before reading all of stdin (e.g. a bad path): ignore the resulting EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? 1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
}

/**
 * Blames line `line` (1-based) of `relativePath` in the repository at `root`, as if the file held `contents`.
 * `relativePath` uses forward slashes.
 */
export async function blameLine(
  root: string,
  relativePath: string,
  line: number,
  contents: string,
  options: { signal?: AbortSignal; git?: string } = {},
): Promise<BlameResult> {
  const args = ['blame', '--porcelain', '-L', `${line},${line}`, '--contents', '-', '--', relativePath];
  const result = await runGit(args, { cwd: root, input: contents, signal: options.signal, git: options.git });
  if (result.code !== 0) {
    if (/no such path .* in HEAD/.test(result.stderr)) return { kind: 'untracked' };
    return { kind: 'failed', message: result.stderr.trim().split('\n').pop() ?? `git exited with ${result.code}` };
  }
  const parsed = parsePorcelain(result.stdout);
  return parsed ? { kind: 'line', line: parsed } : { kind: 'failed', message: 'git blame printed no line' };
}

/**
 * The merge commit on HEAD's first-parent history that brought `sha` in, if `sha` came in through a merge.
 * Gitea links a pull request to the commit its merge produced; for "merge" style merges blame names the pull
 * request's own commit instead, so the lookup falls back to this one.
 */
export async function mergeCommitBringing(
  root: string,
  sha: string,
  options: { signal?: AbortSignal; git?: string } = {},
): Promise<string | undefined> {
  const git = { cwd: root, signal: options.signal, git: options.git };
  const shas = (stdout: string) => stdout.split('\n').map((l) => l.trim()).filter((l) => /^[0-9a-f]{40,64}$/.test(l));
  // Two lists: `--ancestry-path` with `--first-parent` walks only first parents, so it misses a merge whose
  // second parent is a later commit of the branch than `sha` (any pull request of more than one commit).
  const mainline = await runGit(['rev-list', '--first-parent', '--merges', '--reverse', `${sha}..HEAD`], git);
  const descendants = await runGit(['rev-list', '--ancestry-path', `${sha}..HEAD`], git);
  if (mainline.code !== 0 || descendants.code !== 0) return undefined;
  const containing = new Set(shas(descendants.stdout));
  const merge = shas(mainline.stdout).find((m) => containing.has(m));
  if (!merge) return undefined;
  // The oldest such merge brought `sha` in only if `sha` was not already on the mainline (its first parent).
  const onMainline = await runGit(['merge-base', '--is-ancestor', sha, `${merge}^1`], git);
  return onMainline.code === 1 ? merge : undefined;
}
