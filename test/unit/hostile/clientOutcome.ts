// Shared by the hostile tests: call one client method by operationId and classify what came back, so that
// "never an untyped throw" is checked the same way everywhere.
import { createClient, type ClientOptions } from '../../../src/api';
import { isGiteaError, type GiteaError } from '../../../src/api/errorKind';
import { fieldSegments } from './swaggerFuzz';

export type AnyMethod = (params: Record<string, unknown>, options?: { signal?: AbortSignal }) => Promise<unknown>;

export function clientMethods(options: ClientOptions): Record<string, AnyMethod> {
  return createClient(options) as unknown as Record<string, AnyMethod>;
}

export type Outcome = { ok: true; value: unknown } | { ok: false; error: GiteaError } | { ok: false; untyped: unknown };

export async function outcomeOf(p: Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await p };
  } catch (e) {
    return isGiteaError(e) ? { ok: false, error: e } : { ok: false, untyped: e };
  }
}

export function describeUntyped(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ''}` : `non-Error thrown: ${String(e)}`;
}

/** A log sink that keeps every line at every level. */
export function captureLog(): { lines: string[]; log: NonNullable<ClientOptions['log']> } {
  const lines: string[] = [];
  const keep = (level: string) => (msg: string) => void lines.push(`${level} ${msg}`);
  return { lines, log: { debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') } };
}

/**
 * Whether a `malformed` error's field names a place where the body deviated from a complete instance: the
 * path itself, or something inside it (a client may report `commit.id` when `commit` is null). The client
 * prefixes a root such as `items` or `jobs`; a path is tried with and without its first segment.
 */
export function fieldMatchesAnomaly(field: string, anomalies: ReadonlySet<string>, body: unknown): boolean {
  const segs = fieldSegments(field);
  const candidates = [segs];
  if (segs.length > 0 && typeof segs[0] === 'string' && !/^\d+$/.test(segs[0])) candidates.push(segs.slice(1));
  for (const c of candidates) {
    const canonical = canonicalPath(c);
    for (const a of anomalies) if (canonical === a || canonical.startsWith(`${a}.`) || canonical.startsWith(`${a}[`)) return true;
    // The body itself is an anomaly when the generator sent a top-level null.
    if (c.length === 0 && body === null) return true;
  }
  return false;
}

function canonicalPath(segs: readonly (string | number)[]): string {
  let out = '';
  for (const s of segs) {
    if (typeof s === 'number' || /^\d+$/.test(s)) out += `[${s}]`;
    else out += out ? `.${s}` : s;
  }
  return out;
}
