// Real-server mode: everything a run creates is named after the run (`gwb-test-<time>-<random>…`) and written
// into a ledger that deletes it again in reverse order — at the end of the run, after a failure, and on
// SIGINT/SIGTERM/SIGHUP (test/harness/proc.ts). What a killed run left behind is swept by the next run: items of
// a run whose process is gone (same host), or that is older than any run can last.
import { hostname } from 'node:os';
import type { RealApi } from './realApi';

export const RUN_PREFIX = 'gwb-test-';
/** Longer than any run (the e2e runner stops itself after 30 minutes). */
const STALE_AFTER_MS = 2 * 60 * 60_000;
const RUN_ID = /^gwb-test-([0-9a-z]+)-[0-9a-z]{4}/;
const MARKER = /\(pid (\d+) on ([^)\s]+)\)/;

export function newRunId(): string {
  return `${RUN_PREFIX}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6).padEnd(4, '0')}`;
}

/** Put into descriptions, so that a later run can tell whether this run's process is still alive. */
export function runMarker(): string {
  return `(pid ${process.pid} on ${hostname()})`;
}

/** What was created, with how to delete it; `cleanup()` runs the deletions latest first, once. */
export class Ledger {
  private readonly entries: { what: string; undo: () => Promise<unknown> }[] = [];
  private done: Promise<string[]> | undefined;

  add(what: string, undo: () => Promise<unknown>): void {
    this.entries.push({ what, undo });
  }

  /** Deletes everything recorded; resolves with what was deleted, rejects naming what could not be. */
  cleanup(): Promise<string[]> {
    this.done ??= (async () => {
      const deleted: string[] = [];
      const failed: string[] = [];
      for (const { what, undo } of this.entries.splice(0).reverse()) {
        try {
          await undo();
          deleted.push(what);
        } catch (e) {
          failed.push(`${what}: ${(e as Error).message}`);
        }
      }
      if (failed.length) throw new Error(`could not delete ${failed.join('; ')}`);
      return deleted;
    })();
    return this.done;
  }
}

interface Leftover {
  runId: string;
  what: string;
  delete: () => Promise<unknown>;
  /** The pid/host marker of the run, when the item carries it (descriptions). */
  marker?: { pid: number; host: string };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function leftover(name: string, what: string, del: () => Promise<unknown>, description = ''): Leftover | undefined {
  const runId = RUN_ID.exec(name)?.[0];
  if (!runId) return undefined;
  const m = MARKER.exec(description);
  return { runId, what, delete: del, marker: m ? { pid: Number(m[1]), host: m[2]! } : undefined };
}

/** Items of earlier runs that are still on the server and whose run is over. */
async function findLeftovers(api: RealApi, me: string, can: SweepRights): Promise<Leftover[]> {
  const found: (Leftover | undefined)[] = [];
  type Repo = { name: string; owner: { login: string }; description: string };
  for (const r of await api.all<Repo>('/user/repos')) {
    if (r.owner.login !== me) continue;
    found.push(leftover(r.name, `repository ${me}/${r.name}`, () => api.call('DELETE', `/repos/${me}/${r.name}`, undefined, [404]), r.description));
  }
  for (const o of await api.all<{ username: string; description: string }>('/user/orgs')) {
    found.push(
      leftover(o.username, `organisation ${o.username}`, async () => {
        for (const r of await api.all<{ name: string }>(`/orgs/${o.username}/repos`)) await api.call('DELETE', `/repos/${o.username}/${r.name}`, undefined, [404]);
        await api.call('DELETE', `/orgs/${o.username}`, undefined, [404]);
      }, o.description),
    );
  }
  for (const h of await api.all<{ id: number; config: { url?: string } }>('/user/hooks', [403, 404])) {
    const name = /\/hooks\/(gwb-test-[^/?#]+)/.exec(h.config.url ?? '')?.[1] ?? '';
    found.push(leftover(name, `user webhook #${h.id}`, () => api.call('DELETE', `/user/hooks/${h.id}`, undefined, [404])));
  }
  if (can.hasPassword) {
    // Tokens a run made itself (given only a password); listing them needs the password.
    for (const t of (await api.call<{ id: number; name: string }[]>('GET', `/users/${me}/tokens?limit=50`, undefined, [], true)).data) {
      found.push(leftover(t.name, `access token ${t.name}`, () => api.call('DELETE', `/users/${me}/tokens/${t.id}`, undefined, [404], true)));
    }
  }
  if (can.isAdmin) {
    const users = await api.call<{ data: { login: string }[] }>('GET', `/users/search?q=${RUN_PREFIX}&limit=50`);
    for (const u of users.data.data) {
      found.push(leftover(u.login, `user ${u.login}`, () => api.call('DELETE', `/admin/users/${u.login}?purge=true`, undefined, [404])));
    }
  }
  return found.filter((l): l is Leftover => l !== undefined);
}

/** Deletes what runs that are over left behind (a killed run cannot clean up); resolves with what it deleted. */
export interface SweepRights {
  /** Site administrators also sweep users. */
  isAdmin: boolean;
  /** With the password, tokens are swept too. */
  hasPassword: boolean;
}

export async function sweepLeftovers(api: RealApi, me: string, can: SweepRights): Promise<string[]> {
  const leftovers = await findLeftovers(api, me, can);
  const markers = new Map<string, { pid: number; host: string }>();
  for (const l of leftovers) if (l.marker) markers.set(l.runId, l.marker);
  const over = (runId: string): boolean => {
    const started = parseInt(RUN_ID.exec(runId)![1]!, 36);
    if (Date.now() - started > STALE_AFTER_MS) return true;
    const marker = markers.get(runId);
    return marker !== undefined && marker.host === hostname() && !pidAlive(marker.pid);
  };
  const swept: string[] = [];
  // Repositories before organisations and users: an organisation or user that still owns one cannot be deleted.
  const order = (l: Leftover) => (l.what.startsWith('repository') ? 0 : l.what.startsWith('user ') ? 2 : 1);
  for (const l of leftovers.filter((x) => over(x.runId)).sort((a, b) => order(a) - order(b))) {
    await l.delete();
    swept.push(l.what);
  }
  return swept;
}
