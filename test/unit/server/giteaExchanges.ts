// The exchanges recorded from a real Gitea 1.27.0 (test/fixtures/gitea-api/recordings/gitea-1.27.0.jsonl beside
// the repository, described by the README.md there) and how one is replayed against the test server: who
// sent it (the recordings keep no Authorization header, so the caller of each line is named here), which
// earlier exchanges an unsafe one builds on, and which commit ids stand for the recorded ones.
import { existsSync } from 'node:fs';
import type { TestServer } from '../../server/index';
import { basic } from './helpers';
import { RECORDINGS_FILE } from '../../harness/paths';
import { readRecordings, type Exchange } from '../api/replay';

/** One recorded exchange (the same lines the client's replay reads, test/unit/api/replay.ts). */
export type RecordedExchange = Exchange;

export { RECORDINGS_FILE };

/** Every exchange of the file; throws a sentence naming the file when it is missing or malformed. */
export function loadExchanges(file = RECORDINGS_FILE): RecordedExchange[] {
  if (!existsSync(file)) throw new Error(`the recordings of Gitea 1.27.0 are missing: ${file} does not exist`);
  return readRecordings(file).map((raw) => {
    if ('error' in raw) throw new Error(`${file}: ${raw.error}`);
    for (const key of ['operationId', 'method', 'url', 'status', 'responseHeaders'] as const) {
      if (raw[key] === undefined) throw new Error(`${file}:${raw.line} has no "${key}"`);
    }
    return raw;
  });
}

export const isUnsafe = (e: RecordedExchange) => !['GET', 'HEAD', 'OPTIONS'].includes(e.method);

/**
 * Who sent each line, read from what the answers show (the recordings do not keep credentials). Alice's
 * token unless listed: 4 is a token that was never issued (401), 13 is Basic with alice's password (token
 * creation needs it; 14 is the same request with her token → 401), 19/20/64/80 are bob, a member of acme's
 * `devs` team without admin rights, refused with 403.
 */
export type Caller = 'alice' | 'alice-password' | 'bob' | 'unknown-token';
const CALLERS: Record<number, Caller> = { 4: 'unknown-token', 13: 'alice-password', 19: 'bob', 20: 'bob', 64: 'bob', 80: 'bob' };

export function callerOf(e: RecordedExchange): Caller {
  return CALLERS[e.line] ?? 'alice';
}

function authorization(server: TestServer, caller: Caller): string {
  const { alice, bob } = server.fixtures.users;
  switch (caller) {
    case 'alice':
      return `token ${alice.tokens.all}`;
    case 'alice-password':
      return basic(alice.login, alice.password);
    case 'bob':
      return `token ${bob.tokens.all}`;
    case 'unknown-token':
      return `token ${'0'.repeat(40)}`;
  }
}

/**
 * Unsafe lines are replayed on a fresh seed; these build on what earlier lines created: the dependency
 * removed (44) is the one 43 adds, the key refused as a duplicate (68) and the key deleted (70) are the one
 * 67 adds, the label edited (97, 98) is the one 95 creates.
 */
export const PREREQUISITES: Record<number, number[]> = { 44: [43], 68: [67], 70: [67], 97: [95], 98: [95] };

/** The parts of a PullRequest that name commits. */
interface PullCommits {
  number?: unknown;
  base?: { sha?: unknown; repo?: { full_name?: unknown } };
  head?: { sha?: unknown };
  merge_base?: unknown;
  merge_commit_sha?: unknown;
}

export interface ReplayAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Commit ids differ between the recorded instance and the test server (the seed's commits are not the
 * recorded ones byte for byte), so a recorded id in a URL is replaced by the id of the same commit here,
 * found through the pull requests both sides answer for: their head, base, merge base and merge commit.
 */
export async function commitTranslation(server: TestServer, exchanges: RecordedExchange[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  const add = (recorded: unknown, ours: unknown, where: string) => {
    if (typeof recorded !== 'string' || !/^[0-9a-f]{40}$/.test(recorded)) return;
    if (typeof ours !== 'string') throw new Error(`${where}: the test server has no commit for ${recorded}`);
    const known = map.get(recorded);
    if (known !== undefined && known !== ours) throw new Error(`${where}: recorded commit ${recorded} stands for both ${known} and ${ours}`);
    map.set(recorded, ours);
  };
  for (const e of exchanges) {
    if (e.method !== 'GET' || !['repoGetPullRequest', 'repoListPullRequests'].includes(e.operationId)) continue;
    const pulls = Array.isArray(e.responseBody) ? e.responseBody : [e.responseBody];
    for (const p of pulls as PullCommits[]) {
      if (typeof p !== 'object' || p === null || typeof p.number !== 'number' || typeof p.base?.repo?.full_name !== 'string') continue;
      const path = `/repos/${p.base.repo.full_name}/pulls/${p.number}`;
      const res = await fetch(`${server.apiUrl}${path}`, { headers: { authorization: authorization(server, 'alice') } });
      if (res.status !== 200) throw new Error(`line ${e.line}: GET ${path} answers ${res.status} on the test server`);
      const ours = (await res.json()) as PullCommits;
      const where = `line ${e.line} pull ${p.number}`;
      add(p.head?.sha, ours.head?.sha, where);
      add(p.base?.sha, ours.base?.sha, where);
      add(p.merge_base, ours.merge_base, where);
      add(p.merge_commit_sha, ours.merge_commit_sha, where);
    }
  }
  return map;
}

export function translateUrl(e: RecordedExchange, commits: Map<string, string>): string {
  return e.url.replace(/\b[0-9a-f]{40}\b/g, (sha) => {
    const ours = commits.get(sha);
    if (!ours) throw new Error(`line ${e.line}: no test-server commit stands for the recorded ${sha}`);
    return ours;
  });
}

/** Sends the recorded request (method, URL under the instance root, body, caller) to the test server. */
export async function replay(server: TestServer, e: RecordedExchange, commits: Map<string, string>): Promise<ReplayAnswer> {
  const headers: Record<string, string> = { ...e.requestHeaders, authorization: authorization(server, callerOf(e)) };
  const hasBody = e.requestBody !== undefined && e.requestBody !== null;
  if (hasBody) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${translateUrl(e, commits).replace(/^\//, '')}`, {
    method: e.method,
    headers,
    body: hasBody ? JSON.stringify(e.requestBody) : undefined,
    redirect: 'manual',
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
