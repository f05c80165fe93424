// Durations of time tracking: a running stopwatch's elapsed time as a clock (`1:05:09`), a tracked time as Gitea
// writes it short (`1h 5m`), and what a user types for Add Time (`1h 30m`, `90m`, `1.5h`, `1:30`, a bare number of
// minutes). Editor-neutral and unit-tested; the typed text is capped before it is read and read in linear time.

/** Longer typed text is refused unread (a duration needs a few characters). */
export const MAX_DURATION_INPUT_CHARS = 64;
/** The most one entry may add: Gitea takes any int64, a year of work is surely a typo. */
export const MAX_DURATION_SECONDS = 1000 * 3600;

/** `h:mm:ss` (hours unbounded), from whole seconds; negative or non-finite counts as 0. */
export function formatElapsed(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** `2h 5m`, `45m`, `30s` (seconds only under a minute), like the short form of Gitea's page. */
export function formatTracked(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor(s / 60) % 60;
  const parts = [hours ? `${hours}h` : '', minutes ? `${minutes}m` : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : `${s}s`;
}

export type ParsedDuration = { readonly ok: true; readonly seconds: number } | { readonly ok: false; readonly problem: 'empty' | 'format' | 'zero' | 'tooLong' };

const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60 };

/**
 * Reads `1h 30m`, `1h30m`, `90m`, `1.5h`, `2h`, `1:30` (hours:minutes) or `45` (minutes). Every part once, hours
 * before minutes; no seconds (Gitea's page adds hours and minutes).
 */
export function parseDuration(text: string): ParsedDuration {
  if (text.length > MAX_DURATION_INPUT_CHARS) return { ok: false, problem: 'format' };
  const t = text.trim().toLowerCase();
  if (t === '') return { ok: false, problem: 'empty' };
  let seconds: number;
  const clock = /^(\d{1,4}):([0-5]\d)$/.exec(t);
  if (clock) seconds = Number(clock[1]) * 3600 + Number(clock[2]) * 60;
  else if (/^\d{1,6}$/.test(t)) seconds = Number(t) * 60;
  else {
    const parts = /^(?:(\d{1,4}(?:\.\d{1,2})?)\s*h(?:ours?|rs?)?)?\s*(?:(\d{1,6})\s*m(?:in(?:utes?|s)?)?)?$/.exec(t);
    if (!parts || (parts[1] === undefined && parts[2] === undefined)) return { ok: false, problem: 'format' };
    seconds = Math.round(Number(parts[1] ?? 0) * UNIT_SECONDS.h + Number(parts[2] ?? 0) * UNIT_SECONDS.m);
  }
  if (seconds <= 0) return { ok: false, problem: 'zero' };
  if (seconds > MAX_DURATION_SECONDS) return { ok: false, problem: 'tooLong' };
  return { ok: true, seconds };
}
