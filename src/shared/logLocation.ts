// `path:line[:col]` in a line of a CI log (gcc, Go, ESLint's unix format, rustc's `--> path`), found in one pass.
// It replaces the pattern
//   (?:^|[\s'"[])(?:-->\s*)?((?:\.{1,2}/|/)?[\w@.+~-][^\s:()'"<>|,]*\.[A-Za-z0-9]{1,12}):(\d{1,7})(?::(\d{1,5}))?(?=[:\s)\]]|$)
// with the same matches: that pattern tried every `[` of a line as a start and scanned to the line's end from each,
// so a line of `[a[a…` took time quadratic in its length (41 ms for 4 KB). Here each run of path characters ending
// in `:` is looked at once: its end is fixed (a path holds no `:`), so only its earliest possible start matters.
// Pure; the test compares it with the pattern on generated lines.

export interface ColonLocation {
  readonly path: string;
  readonly line: string;
  readonly column?: string;
  /** Where the location ends in the line (what follows is the message). */
  readonly end: number;
}

/** `\s` of a regular expression: what ends a path besides `:()'"<>|,`. */
const SPACE = /^\s$/;
const FIRST_CHAR = /^[\w@.+~-]$/;
const EXTENSION = /^[a-z0-9]{1,12}$/i;

// By character code (a log has a million characters a megabyte: no string per character, no Set lookup).
/** `\s` below U+00A0 is tab to carriage return and the space; above, the pattern decides (rare in a log). */
const isSpaceCode = (code: number) => (code <= 32 ? code === 32 || (code >= 9 && code <= 13) : code >= 0xa0 && SPACE.test(String.fromCharCode(code)));
const isSpace = (c: string) => isSpaceCode(c.charCodeAt(0));
/** Not `:()'"<>|,` and not a space. */
const isPathCode = (code: number) =>
  code !== 58 && code !== 40 && code !== 41 && code !== 39 && code !== 34 && code !== 60 && code !== 62 && code !== 124 && code !== 44 && !isSpaceCode(code);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
/** What may stand before a path: whitespace, a quote or `[` (or the line's start). */
const isBoundary = (c: string) => c === "'" || c === '"' || c === '[' || isSpace(c);
/** What may follow the location: `:`, whitespace, `)`, `]` or the line's end. */
const endsLocation = (line: string, at: number) => at === line.length || ':)]'.includes(line[at]!) || isSpace(line[at]!);

/** The first location in `line`, or undefined. */
export function colonLocation(line: string): ColonLocation | undefined {
  let runStart = 0; // where the run of path characters before the current position began
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (isPathCode(code)) continue;
    if (code === 58) {
      const found = locationAt(line, runStart, i);
      if (found) return found;
    }
    runStart = i + 1;
  }
  return undefined;
}

/** The location whose path ends the run `line[from, colon)`, when one fits: the run's own start first, then the
 * start after each `[` inside it (every start ends at the same colon, so the earliest that fits is the match). */
function locationAt(line: string, from: number, colon: number): ColonLocation | undefined {
  const numbers = numbersAfter(line, colon);
  if (!numbers) return undefined;
  // The extension has at most 12 characters: its dot is among the last 13 of the run.
  const tail = Math.max(from, colon - 13);
  const dot = line.slice(tail, colon).lastIndexOf('.') + tail;
  if (dot < tail || !EXTENSION.test(line.slice(dot + 1, colon))) return undefined;
  const fits = (start: number) => {
    const first = line[start] === '/' ? start + 1 : start;
    return first < dot && FIRST_CHAR.test(line[first]!);
  };
  if (afterBoundary(line, from) && fits(from)) return { path: line.slice(from, colon), ...numbers };
  for (let j = from; j < colon; j++) if (line[j] === '[' && fits(j + 1)) return { path: line.slice(j + 1, colon), ...numbers };
  return undefined;
}

/** Whether a run starting at `start` follows the line's start, a boundary, or `-->` after one (rustc; with spaces
 * after the arrow the space is the boundary). */
function afterBoundary(line: string, start: number): boolean {
  if (start === 0 || isBoundary(line[start - 1]!)) return true;
  if (start < 3 || !line.startsWith('-->', start - 3)) return false;
  return start === 3 || isBoundary(line[start - 4]!);
}

/** `line[:col]` after the colon at `colon`, followed by what may follow a location. */
function numbersAfter(line: string, colon: number): Omit<ColonLocation, 'path'> | undefined {
  let at = colon + 1;
  while (isDigit(line[at])) at++;
  const lineDigits = at - colon - 1;
  if (lineDigits < 1 || lineDigits > 7) return undefined;
  const lineNumber = line.slice(colon + 1, at);
  if (line[at] === ':') {
    let end = at + 1;
    while (isDigit(line[end])) end++;
    const columnDigits = end - at - 1;
    if (columnDigits >= 1 && columnDigits <= 5 && endsLocation(line, end)) return { line: lineNumber, column: line.slice(at + 1, end), end };
  }
  return endsLocation(line, at) ? { line: lineNumber, end: at } : undefined;
}
