// Text helpers without `vscode` (unit-tested in node): escaping server text for Markdown, label colours,
// durations and sizes.

/** Escapes Markdown syntax and HTML, so server text renders as the literal text it is (the one escaper, shared with
 * the trusted hovers). */
export { escapeMarkdown } from '../shared/markdownText';

/** A CSS hex colour from a label's `color` (`ee0701` or `#ee0701`), or undefined when it is not one. */
export function labelColor(color: string | undefined): string | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color ?? '');
  return m ? `#${m[1]!.toLowerCase()}` : undefined;
}

/** Seconds between two timestamps as `1m 05s`; '' when either is missing. */
export function duration(start: string | null | undefined, end: string | null | undefined): string {
  const a = start ? new Date(start).getTime() : NaN;
  const b = end ? new Date(end).getTime() : NaN;
  if (!(a > 0) || !(b > 0) || b < a) return '';
  const s = Math.round((b - a) / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/** The first line of a commit message. */
export function firstLine(text: string | null | undefined): string {
  return (text ?? '').split(/\r?\n/, 1)[0]!.trim();
}

export function formatBytes(n: number | null | undefined): string {
  if (typeof n !== 'number' || n < 0) return '';
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}
