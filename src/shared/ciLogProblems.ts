// The failures a CI job's log names in the repository's files, as problems for the editor: compiler, linter and
// test-runner output in the common formats — `path:line:col: message` (gcc, Go, ESLint's unix format, rustc),
// `path(line,col): error TS…` (TypeScript, MSBuild), ESLint's stylish report (a file line, then `line:col
// severity message rule` lines), Python tracebacks (`File "x.py", line N`), JavaScript stack frames (`at f
// (file:line:col)`), and `::error file=…,line=…::` workflow commands. Paths are kept only when they name a file
// of the repository: relative ones as they are, a runner's absolute checkout path (`/workspace/<owner>/<repo>/…`)
// made relative, anything else (or escaping the root) dropped. Bounded for logs of any size: lines, their length
// and the problems found are capped, and every pattern runs in time linear in the line (no nested quantifiers
// over the same characters). Editor-neutral (no `vscode`); unit-tested over test/fixtures/ci-logs.
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

/** Finds the problems a job's log names in the repository's files. */
export function parseLogProblems(text: string, opts: LogProblemOptions): LogProblems {
  const maxLines = opts.maxLines ?? LOG_LIMITS.maxLines;
  const maxLineLength = opts.maxLineLength ?? LOG_LIMITS.maxLineLength;
  const maxProblems = opts.maxProblems ?? LOG_LIMITS.maxProblems;
  const problems: LogProblem[] = [];
  const seen = new Set<string>();
  let truncated = false;
  let stylishFile: string | undefined; // the file of an ESLint stylish block, while its rows follow
  let pyFrames: { logLine: number; logColumn: number; path: string; line: number }[] = [];
  let lastMessage = ''; // the line before a stack trace: what its frames failed with
  let inStack = false;
  const structure = new JobLogLines();

  const add = (p: LogProblem): boolean => {
    const key = `${p.path}:${p.line}:${p.column ?? 0}:${p.message}`;
    if (seen.has(key)) return true;
    if (problems.length >= maxProblems) return (truncated = true), false;
    seen.add(key);
    problems.push(p);
    return true;
  };
  // A log names the same few files on thousands of lines: each path is resolved once (up to RESOLVED_MAX paths).
  const resolved = new Map<string, string | undefined>();
  const resolve = (raw: string) => {
    if (resolved.has(raw)) return resolved.get(raw);
    const path = repoRelativePath(raw, opts.owner, opts.repo);
    if (resolved.size < RESOLVED_MAX) resolved.set(raw, path);
    return path;
  };
  const flushPython = (message: string): boolean => {
    for (const f of pyFrames) if (!add({ ...f, severity: 'error', message })) return false;
    pyFrames = [];
    return true;
  };

  let start = 0;
  for (let index = 0; start <= text.length; index++) {
    if (index >= maxLines) {
      truncated = start < text.length;
      break;
    }
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const raw = text.slice(start, Math.min(end, start + maxLineLength));
    start = end + 1;
    // Each pattern runs only on a line that holds what it needs (a digit first, `File "`, `at`, …): a log has
    // hundreds of thousands of lines, and a pattern's call costs more than the search for a character.
    const prefix = timestampLength(raw);
    const line = cleanLine(prefix ? raw.slice(prefix) : raw);
    const at = { logLine: index, logColumn: prefix };
    // Only what the job printed: a step's script and environment listing (its `::group::Run` block) is not output.
    if (structure.role(line) !== 'output') continue;

    if (pyFrames.length && !/^\s/.test(line) && line.trim() && !line.startsWith('Traceback')) {
      if (!flushPython(line.trim())) break;
    }
    const py = line.includes('File "') ? PY_FRAME.exec(line) : null;
    if (py) {
      const path = resolve(py[1]!);
      if (path) pyFrames.push({ ...at, path, line: Number(py[2]) });
      continue;
    }

    const js = line.includes('at') ? JS_FRAME.exec(line) : null;
    if (js) {
      // The first frame in the repository's own files is where the test failed; the rest are its callers.
      const path = resolve(js[1]!);
      if (path && !inStack) {
        inStack = true;
        if (!add({ ...at, path, line: Number(js[2]), column: Number(js[3]), severity: 'error', message: lastMessage || line.trim() })) break;
      }
      continue;
    }
    inStack = false;

    if (stylishFile !== undefined) {
      const row = line.includes(':') ? STYLISH_ROW.exec(line) : null;
      if (row) {
        const { message, code } = splitRule(row[4]!);
        const severity = row[3] === 'warning' ? 'warning' : row[3] === 'info' ? 'info' : 'error';
        if (stylishFile && !add({ ...at, path: stylishFile, line: Number(row[1]), column: Number(row[2]), severity, message, ...(code ? { code } : {}) })) break;
        continue;
      }
      stylishFile = undefined;
    }
    const header = line.includes('.') && !line.includes(':') ? STYLISH_FILE.exec(line) : null; // a path holds no `:`
    if (header) {
      stylishFile = resolve(header[1]!) ?? ''; // '' = a block of another tree's file: its rows are skipped
      continue;
    }

    const command = line.startsWith('::') ? WORKFLOW_COMMAND.exec(line) : null;
    if (command) {
      const props = new Map(command[2]!.split(',').map((kv) => [kv.slice(0, kv.indexOf('=')).trim(), kv.slice(kv.indexOf('=') + 1)] as const));
      const path = props.get('file') ? resolve(props.get('file')!) : undefined;
      const lineNo = Number(props.get('line'));
      if (path && lineNo > 0) {
        const column = Number(props.get('col'));
        const severity = command[1] === 'warning' ? 'warning' : command[1] === 'notice' ? 'info' : 'error';
        if (!add({ ...at, path, line: lineNo, ...(column > 0 ? { column } : {}), severity, message: command[3]!.trim() })) break;
      }
      continue;
    }

    const paren = line.includes('(') ? PAREN_LOCATION.exec(line) : null;
    if (paren) {
      const path = resolve(paren[1]!.trim());
      if (path) {
        const text = paren[4]!.trimStart();
        const { message, code } = text ? splitCode(text) : { message: '', code: undefined };
        const problem: { -readonly [K in keyof LogProblem]: LogProblem[K] } = {
          logLine: at.logLine, logColumn: at.logColumn, path, line: Number(paren[2]), column: Number(paren[3]), severity: severityOf(text), message,
        };
        if (code) problem.code = code;
        if (!add(problem)) break;
        continue;
      }
    }

    const colon = line.includes(':') ? colonLocation(line) : undefined;
    if (colon) {
      const path = resolve(colon.path);
      if (path) {
        const after = line.slice(colon.end);
        const rest = after ? after.replace(/^[:\s]+/, '') : '';
        // Built field by field (no spreads) and the patterns skipped for an empty rest: the common case of a log
        // that names a location per line, a hundred thousand times in a megabyte.
        const { message, code } = rest ? splitCode(rest) : { message: '', code: undefined };
        const problem: { -readonly [K in keyof LogProblem]: LogProblem[K] } = {
          logLine: at.logLine, logColumn: at.logColumn, path, line: Number(colon.line), severity: severityOf(rest || lastMessage), message: message || lastMessage || line.trim(),
        };
        if (colon.column && Number(colon.column)) problem.column = Number(colon.column);
        if (code) problem.code = code;
        if (!add(problem)) break;
        continue;
      }
    }
    if (line.trim()) lastMessage = line.trim();
  }
  if (pyFrames.length) flushPython(lastMessage || 'Traceback');
  return { problems, truncated };
}
