// Small helpers for the test-server tests: raw fetch against the API (no client), and git in a temp dir.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isolatedGitEnv, runGit, type GitResult } from '../../server/git';
import type { TestServer } from '../../server/index';

export interface ApiCall {
  method?: string;
  /** A fixture user whose `all` token is sent, or an explicit Authorization header value. */
  as?: 'root' | 'alice' | 'bob' | 'carol';
  authorization?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read answers of every shape
  json: any;
}

export async function api(server: TestServer, path: string, call: ApiCall = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...(call.headers ?? {}) };
  if (call.as) headers.authorization = `token ${server.fixtures.users[call.as].tokens.all}`;
  if (call.authorization) headers.authorization = call.authorization;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.apiUrl}${path}`, {
    method: call.method ?? 'GET',
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** A scratch directory with git helpers that never read the machine's git configuration. */
export async function gitSandbox(): Promise<{ dir: string; git(args: string[], cwd?: string): Promise<GitResult>; dispose(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'gitea-test-client-'));
  const env = isolatedGitEnv(dir, {
    GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com',
  });
  return {
    dir,
    git: (args, cwd = dir) => runGit(args, { cwd, env }),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
