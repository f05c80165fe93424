// Blame of one line with `git blame --porcelain`, taking the editor's unsaved text into account (`--contents -`
// with the text on stdin). Platform neutral (no vscode import) so that it is unit-tested against real git.
import { gitArgs, isFullSha } from './gitCommands';
import { runGit } from './gitProcess';

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
  const header = /^([0-9a-f]{40}|[0-9a-f]{64}) (\d+) (\d+)(?: \d+)?$/.exec(lines[0] ?? '');
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

/**
 * Blames line `line` (1-based) of `relativePath` in the repository at `root`, as if the file held `contents`.
 * `relativePath` uses forward slashes.
 */
export async function blameLine(
  root: string,
  relativePath: string,
  line: number,
  contents: string,
  options: { signal?: AbortSignal; git: string },
): Promise<BlameResult> {
  const result = await runGit(gitArgs.blameLine(relativePath, line), { cwd: root, input: contents, signal: options.signal, git: options.git });
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
  options: { signal?: AbortSignal; git: string },
): Promise<string | undefined> {
  if (!isFullSha(sha)) return undefined;
  const git = { cwd: root, signal: options.signal, git: options.git };
  const shas = (stdout: string) => stdout.split('\n').map((l) => l.trim()).filter(isFullSha);
  // Two lists: `--ancestry-path` with `--first-parent` walks only first parents, so it misses a merge whose
  // second parent is a later commit of the branch than `sha` (any pull request of more than one commit).
  const mainline = await runGit(gitArgs.mainlineMergesAfter(sha), git);
  const descendants = await runGit(gitArgs.descendantsOf(sha), git);
  if (mainline.code !== 0 || descendants.code !== 0) return undefined;
  const containing = new Set(shas(descendants.stdout));
  const merge = shas(mainline.stdout).find((m) => containing.has(m));
  if (!merge) return undefined;
  // The oldest such merge brought `sha` in only if `sha` was not already on the mainline (its first parent).
  const onMainline = await runGit(gitArgs.isAncestorOfFirstParent(sha, merge), git);
  return onMainline.code === 1 ? merge : undefined;
}
