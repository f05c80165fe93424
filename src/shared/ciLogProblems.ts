// The failures a CI job's log names in the repository's files, as problems for the editor: compiler, linter and
// test-runner output in the common formats — `path:line:col: message` (gcc, Go, ESLint's unix format, rustc),
// `path(line,col): error TS…` (TypeScript, MSBuild), ESLint's stylish report (a file line, then `line:col
// severity message rule` lines), Python tracebacks (`File "x.py", line N`), JavaScript stack frames (`at f
// (file:line:col)`), and `::error file=…,line=…::` workflow commands. Paths are kept only when they name a file
// of the repository: relative ones as they are, a runner's absolute checkout path (`/workspace/<owner>/<repo>/…`)
// made relative, anything else (or escaping the root) dropped. Bounded for logs of any size: lines, their length
// and the problems found are capped, and every pattern runs in time linear in the line (no nested quantifiers
// over the same characters). The extension host parses in slices of a few milliseconds (parseLogProblemsInSlices):
// a 20 MB log takes about a second. Editor-neutral (no `vscode`); unit-tested over test/fixtures/ci-logs.
import { posix } from 'node:path';
import { JobLogLines, cleanLine, timestampLength } from './jobLogLines';
import { colonLocation } from './logLocation';
import { isRepoPath } from './repoPath';

export type ProblemSeverity = 'error' | 'warning' | 'info';

export interface LogProblem {
  /** 0-based line of the log. */
  readonly logLine: number;
  /** Where the line's text starts after the runner's timestamp (what a link in the log covers, to the end). */
  readonly logColumn: number;
  /** Repository-relative, `/`-separated. */
  readonly path: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based, when the tool said. */
  readonly column?: number;
  readonly severity: ProblemSeverity;
  readonly message: string;
  /** The rule or error code (`no-unused-vars`, `TS2322`). */
  readonly code?: string;
}

export interface LogProblemOptions {
  /** The repository, to recognise the runner's checkout path (`/workspace/<owner>/<repo>/…`). */
  readonly owner: string;
  readonly repo: string;
  readonly maxLines?: number;
  readonly maxLineLength?: number;
  readonly maxProblems?: number;
}

export interface LogProblems {
  readonly problems: LogProblem[];
  /** True when a cap stopped the reading: the log has more than was looked at. */
  readonly truncated: boolean;
}

/** The most distinct paths one parse remembers resolved. */
const RESOLVED_MAX = 10_000;

export const LOG_LIMITS = { maxLines: 200_000, maxLineLength: 4_096, maxProblems: 500 } as const;

/** A file name with an extension: what tells `src/a.ts:3:5` from `10:05:00` or `http://host:80`. */
const FILE = String.raw`[\w@.+~-][^\s:()'"<>|,]*\.[a-z0-9]{1,12}`;
// The message groups start after the separator's first space: the callers trim them (a `\s*` before `.*` is quadratic).
const PAREN_LOCATION = /^\s*([^\s(][^(]*\.[a-z0-9]{1,12})\((\d{1,7}),(\d{1,5})(?:,\d{1,7},\d{1,5})?\)\s*:(.*)$/i;
const STYLISH_FILE = new RegExp(String.raw`^((?:\.{1,2}/|/)?${FILE})\s*$`, 'i');
const STYLISH_ROW = /^\s+(\d{1,7}):(\d{1,5})\s+(error|warning|info)\s(.*)$/;
const PY_FRAME = /^\s*File "([^"]{1,1000})", line (\d{1,7})/;
const JS_FRAME = /^\s*at\s+(?:(?:[^()\s][^()]*)?\()?((?:file:\/\/)?[^()\s]+?):(\d{1,7}):(\d{1,5})\)?\s*$/;
const WORKFLOW_COMMAND = /^::(error|warning|notice)\s+((?:[^:\s][^:]*)?)::(.*)$/;
const SEVERITY_WORD = /\b(error|warning|warn|note|info)\b/i;

/** The repository-relative path `raw` names, or undefined when it is not a file of this repository. */
export function repoRelativePath(raw: string, owner: string, repo: string): string | undefined {
  let p = raw.startsWith('file://') ? raw.slice('file://'.length) : raw;
  if (p.includes('\\')) return undefined;
  if (p.startsWith('/')) {
    const lower = p.toLowerCase();
    const marks = [`/${owner}/${repo}/`, `/${repo}/${repo}/`].map((m) => m.toLowerCase());
    const at = marks.map((m) => ({ m, i: lower.indexOf(m) })).find((x) => x.i >= 0);
    if (!at) return undefined;
    p = p.slice(at.i + at.m.length);
  }
  p = posix.normalize(p);
  if (p.startsWith('./')) p = p.slice(2);
  if (!isRepoPath(p) || p.split('/').includes('node_modules')) return undefined;
  return p;
}

function severityOf(text: string): ProblemSeverity {
  if (!text) return 'error';
  const word = SEVERITY_WORD.exec(text)?.[1]?.toLowerCase();
  return word === 'warning' || word === 'warn' ? 'warning' : word === 'note' || word === 'info' ? 'info' : 'error';
}

/** `error TS2322: Type …` → message and code. */
function splitCode(text: string): { message: string; code?: string } {
  const m = /^(?:(?:error|warning|info)\s+)?([A-Z]{1,8}\d{1,6})\s*:(.*)$/i.exec(text);
  const stripped = text.replace(/^(?:error|warning|info|note)\s*:\s*/i, '');
  return m ? { message: m[2]!.trim() || text, code: m[1] } : { message: stripped.trim() };
}

/** ESLint stylish: `message  rule` (two or more spaces before the rule). */
function splitRule(rest: string): { message: string; code?: string } {
  const parts = rest.trim().split(/\s{2,}/);
  const last = parts.length > 1 ? parts[parts.length - 1]! : undefined;
  if (last && /^[@\w/.-]+$/.test(last)) return { message: parts.slice(0, -1).join('  '), code: last };
  return { message: rest.trim() };
}

/** How long one slice of parseLogProblemsInSlices runs before it yields (a few ms: the extension host's budget is 50). */
export const PROBLEM_SLICE_MS = 8;
/** The clock is read every so many lines or characters (reading it per line would cost as much as a short line). */
const CLOCK_LINES = 64;
const CLOCK_CHARS = 32_768;

type MutableProblem = { -readonly [K in keyof LogProblem]: LogProblem[K] };

/** One log's parse, fed its text in order (whole lines per text) and resumable within a text at a deadline. */
class ProblemScanner {
  readonly problems: LogProblem[] = [];
  /** True when a cap stopped the reading: the log has more than was looked at. */
  truncated = false;
  /** A cap was reached: nothing more is read. */
  stopped = false;
  private readonly maxLines: number;
  private readonly maxLineLength: number;
  private readonly maxProblems: number;
  private index = 0;
  private readonly seen = new Set<string>();
  private stylishFile: string | undefined; // the file of an ESLint stylish block, while its rows follow
  private pyFrames: { logLine: number; logColumn: number; path: string; line: number }[] = [];
  private lastMessage = ''; // the line before a stack trace: what its frames failed with
  private inStack = false;
  private readonly structure = new JobLogLines();
  // A log names the same few files on thousands of lines: each path is resolved once (up to RESOLVED_MAX paths).
  private readonly resolved = new Map<string, string | undefined>();

  constructor(private readonly opts: LogProblemOptions) {
    this.maxLines = opts.maxLines ?? LOG_LIMITS.maxLines;
    this.maxLineLength = opts.maxLineLength ?? LOG_LIMITS.maxLineLength;
    this.maxProblems = opts.maxProblems ?? LOG_LIMITS.maxProblems;
  }

  /** Scans `text`'s lines from `from` to its end, or until `deadline` (performance.now()) has passed: returns where
   * it stopped (`text.length` when this text is done). */
  scan(text: string, from: number, deadline: number): number {
    let start = from;
    let lines = 0;
    let clockAt = start;
    while (start < text.length) {
      if (this.stopped) return (this.truncated = true), text.length;
      if (this.index >= this.maxLines) return (this.stopped = this.truncated = true), text.length;
      if (++lines >= CLOCK_LINES || start - clockAt >= CLOCK_CHARS) {
        if (performance.now() >= deadline) return start;
        lines = 0;
        clockAt = start;
      }
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      const raw = text.slice(start, Math.min(end, start + this.maxLineLength));
      start = end + 1;
      if (!this.line(raw, this.index++)) {
        this.stopped = true;
        return text.length;
      }
    }
    return text.length;
  }

  finish(): LogProblems {
    if (this.pyFrames.length) this.flushPython(this.lastMessage || 'Traceback');
    return { problems: this.problems, truncated: this.truncated };
  }

  private add(p: LogProblem): boolean {
    const key = `${p.path}:${p.line}:${p.column ?? 0}:${p.message}`;
    if (this.seen.has(key)) return true;
    if (this.problems.length >= this.maxProblems) return (this.truncated = true), false;
    this.seen.add(key);
    this.problems.push(p);
    return true;
  }

  private resolve(raw: string): string | undefined {
    if (this.resolved.has(raw)) return this.resolved.get(raw);
    const path = repoRelativePath(raw, this.opts.owner, this.opts.repo);
    if (this.resolved.size < RESOLVED_MAX) this.resolved.set(raw, path);
    return path;
  }

  private flushPython(message: string): boolean {
    for (const f of this.pyFrames) if (!this.add({ ...f, severity: 'error', message })) return false;
    this.pyFrames = [];
    return true;
  }

  /** One line of the log: false when a cap stops the reading. */
  private line(raw: string, index: number): boolean {
    // Each pattern runs only on a line that holds what it needs (a digit first, `File "`, `at`, …): a log has
    // hundreds of thousands of lines, and a pattern's call costs more than the search for a character.
    const prefix = timestampLength(raw);
    const line = cleanLine(prefix ? raw.slice(prefix) : raw);
    const at = { logLine: index, logColumn: prefix };
    // Only what the job printed: a step's script and environment listing (its `::group::Run` block) is not output.
    if (this.structure.role(line) !== 'output') return true;

    if (this.pyFrames.length && !/^\s/.test(line) && line.trim() && !line.startsWith('Traceback')) {
      if (!this.flushPython(line.trim())) return false;
    }
    const py = line.includes('File "') ? PY_FRAME.exec(line) : null;
    if (py) {
      const path = this.resolve(py[1]!);
      if (path) this.pyFrames.push({ ...at, path, line: Number(py[2]) });
      return true;
    }

    const js = line.includes('at') ? JS_FRAME.exec(line) : null;
    if (js) {
      // The first frame in the repository's own files is where the test failed; the rest are its callers.
      const path = this.resolve(js[1]!);
      if (path && !this.inStack) {
        this.inStack = true;
        return this.add({ ...at, path, line: Number(js[2]), column: Number(js[3]), severity: 'error', message: this.lastMessage || line.trim() });
      }
      return true;
    }
    this.inStack = false;

    if (this.stylishFile !== undefined) {
      const row = line.includes(':') ? STYLISH_ROW.exec(line) : null;
      if (row) {
        const { message, code } = splitRule(row[4]!);
        const severity = row[3] === 'warning' ? 'warning' : row[3] === 'info' ? 'info' : 'error';
        return !this.stylishFile || this.add({ ...at, path: this.stylishFile, line: Number(row[1]), column: Number(row[2]), severity, message, ...(code ? { code } : {}) });
      }
      this.stylishFile = undefined;
    }
    const header = line.includes('.') && !line.includes(':') ? STYLISH_FILE.exec(line) : null; // a path holds no `:`
    if (header) {
      this.stylishFile = this.resolve(header[1]!) ?? ''; // '' = a block of another tree's file: its rows are skipped
      return true;
    }

    const command = line.startsWith('::') ? WORKFLOW_COMMAND.exec(line) : null;
    if (command) {
      const props = new Map(command[2]!.split(',').map((kv) => [kv.slice(0, kv.indexOf('=')).trim(), kv.slice(kv.indexOf('=') + 1)] as const));
      const path = props.get('file') ? this.resolve(props.get('file')!) : undefined;
      const lineNo = Number(props.get('line'));
      if (path && lineNo > 0) {
        const column = Number(props.get('col'));
        const severity = command[1] === 'warning' ? 'warning' : command[1] === 'notice' ? 'info' : 'error';
        return this.add({ ...at, path, line: lineNo, ...(column > 0 ? { column } : {}), severity, message: command[3]!.trim() });
      }
      return true;
    }

    const paren = line.includes('(') ? PAREN_LOCATION.exec(line) : null;
    if (paren) {
      const path = this.resolve(paren[1]!.trim());
      if (path) {
        const text = paren[4]!.trimStart();
        const { message, code } = text ? splitCode(text) : { message: '', code: undefined };
        const problem: MutableProblem = {
          logLine: at.logLine, logColumn: at.logColumn, path, line: Number(paren[2]), column: Number(paren[3]), severity: severityOf(text), message,
        };
        if (code) problem.code = code;
        return this.add(problem);
      }
    }

    const colon = line.includes(':') ? colonLocation(line) : undefined;
    if (colon) {
      const path = this.resolve(colon.path);
      if (path) {
        const after = line.slice(colon.end);
        const rest = after ? after.replace(/^[:\s]+/, '') : '';
        // Built field by field (no spreads) and the patterns skipped for an empty rest: the common case of a log
        // that names a location per line, a hundred thousand times in a megabyte.
        const { message, code } = rest ? splitCode(rest) : { message: '', code: undefined };
        const problem: MutableProblem = {
          logLine: at.logLine, logColumn: at.logColumn, path, line: Number(colon.line), severity: severityOf(rest || this.lastMessage), message: message || this.lastMessage || line.trim(),
        };
        if (colon.column && Number(colon.column)) problem.column = Number(colon.column);
        if (code) problem.code = code;
        return this.add(problem);
      }
    }
    if (line.trim()) this.lastMessage = line.trim();
    return true;
  }
}

/** Finds the problems a job's log names in the repository's files, in one go (a short log, or a test). */
export function parseLogProblems(text: string, opts: LogProblemOptions): LogProblems {
  const scanner = new ProblemScanner(opts);
  scanner.scan(text, 0, Infinity);
  return scanner.finish();
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The same in the extension host, for a log of any size: its text in parts (whole lines each, in order; the log's
 * parts as read, unjoined), scanned PROBLEM_SLICE_MS at a time with a turn of the event loop between slices, so
 * that a 20 MB log never holds the host for long. Rejects when `signal` aborts. */
export async function parseLogProblemsInSlices(parts: Iterable<string>, opts: LogProblemOptions, signal?: AbortSignal): Promise<LogProblems> {
  const scanner = new ProblemScanner(opts);
  let deadline = performance.now() + PROBLEM_SLICE_MS;
  for (const text of parts) {
    if (scanner.truncated) break; // a cap stopped it and more text was seen: the rest is not read
    for (let at = 0; (at = scanner.scan(text, at, deadline)) < text.length; ) {
      await nextTurn();
      signal?.throwIfAborted();
      deadline = performance.now() + PROBLEM_SLICE_MS;
    }
  }
  return scanner.finish();
}
