// Real-server mode: a fresh repository with the same story as the test server's alice/demo (branches, a merged
// and an open pull request, two issues with a dependency, a release, a deploy key), created with plain fetch and
// git so it does not depend on the code under test. Deleted afterwards.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './proc';
import type { TargetInfo } from './targetInfo';
import { cloneWorkspace, gitAuthEnv } from './workspace';

export interface RealServerEnv {
  url: string;
  username: string;
  password?: string;
  token?: string;
}

/** GITEA_E2E_URL + GITEA_E2E_USERNAME + (GITEA_E2E_PASSWORD | GITEA_E2E_TOKEN), or undefined. */
export function readRealServerEnv(env: NodeJS.ProcessEnv = process.env): RealServerEnv | undefined {
  const url = env.GITEA_E2E_URL;
  const username = env.GITEA_E2E_USERNAME;
  const password = env.GITEA_E2E_PASSWORD || undefined;
  const token = env.GITEA_E2E_TOKEN || undefined;
  if (!url) return undefined;
  if (!username || (!password && !token)) {
    throw new Error('GITEA_E2E_URL is set: also set GITEA_E2E_USERNAME and GITEA_E2E_PASSWORD or GITEA_E2E_TOKEN');
  }
  return { url: url.endsWith('/') ? url : `${url}/`, username, password, token };
}

class RealApi {
  constructor(private readonly server: RealServerEnv) {}

  private get authorization(): string {
    const s = this.server;
    return s.token ? `token ${s.token}` : `Basic ${Buffer.from(`${s.username}:${s.password}`).toString('base64')}`;
  }

  /** One API call; errors name the operation and the server's message, never the credentials. */
  async call<T>(method: string, path: string, body?: unknown, okStatuses: number[] = []): Promise<{ status: number; data: T }> {
    const res = await fetch(`${this.server.url}api/v1${path}`, {
      method,
      headers: { authorization: this.authorization, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    if (!res.ok && !okStatuses.includes(res.status)) {
      throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 300)}`);
    }
    return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T };
  }
}

export interface ProvisionedRepo {
  info: Omit<TargetInfo, 'workspace'>;
  cleanup(): Promise<void>;
}

export async function provisionRealRepository(server: RealServerEnv): Promise<ProvisionedRepo> {
  const started = Date.now();
  const api = new RealApi(server);
  const version = (await api.call<{ version: string }>('GET', '/version')).data.version;
  const forgejo = (await fetch(`${server.url}api/forgejo/v1/version`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined))?.ok;
  const me = (await api.call<{ login: string }>('GET', '/user')).data.login;
  const name = `gwb-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const owner = me;
  const repoPath = `/repos/${owner}/${name}`;
  process.stdout.write(`[provision] creating ${owner}/${name} on ${server.url} (${forgejo ? 'Forgejo' : 'Gitea'} ${version})\n`);
  await api.call('POST', '/user/repos', {
    name,
    description: 'Created by the Gitea Workbench test harness; deleted when the run ends.',
    private: true,
    auto_init: true,
    default_branch: 'main',
    readme: 'Default',
  });
  let deleted = false;
  const cleanup = async (): Promise<void> => {
    if (deleted) return;
    deleted = true;
    await api.call('DELETE', repoPath, undefined, [404]);
    process.stdout.write(`[provision] deleted ${owner}/${name}\n`);
  };
  try {
    const unsupported: TargetInfo['unsupported'] = {
      fixtures: 'real server: only the provisioned repository exists (no seeded users, organisations or 2FA account)',
    };
    const auth = { username: server.username, password: server.password, token: server.token };
    await pushHistory(server, owner, name, auth);

    const pull = async (head: string, title: string) =>
      (await api.call<{ number: number }>('POST', `${repoPath}/pulls`, { head, base: 'main', title, body: `${title} (test data)` })).data.number;
    const mergedPull = await pull('feature/merged', 'Add the greeting module');
    await api.call('POST', `${repoPath}/pulls/${mergedPull}/merge`, { Do: 'merge', merge_message_field: 'Merge the greeting module' });
    const openPull = await pull('feature/open', 'Work in progress: farewell');

    const issue = async (title: string) =>
      (await api.call<{ number: number }>('POST', `${repoPath}/issues`, { title, body: `${title} (test data)` })).data.number;
    const blocker = await issue('The build crashes on start');
    const blocked = await issue('Dark mode');
    const dep = await api.call('POST', `${repoPath}/issues/${blocked}/dependencies`, { owner, repo: name, index: blocker }, [403, 404, 422]);
    if (dep.status >= 400) unsupported.dependencies = `the server refused issue dependencies (HTTP ${dep.status})`;

    const releaseTag = 'v1.0.0';
    await api.call('POST', `${repoPath}/releases`, { tag_name: releaseTag, target_commitish: 'main', name: 'First release', body: 'Test data.' });

    let deployKeyTitle: string | undefined = 'Harness deploy key';
    const key = await newSshPublicKey(name);
    const keyRes = await api.call('POST', `${repoPath}/keys`, { title: deployKeyTitle, key, read_only: true }, [403, 404, 422]);
    if (keyRes.status >= 400) {
      unsupported.deployKeys = `the server refused a deploy key (HTTP ${keyRes.status})`;
      deployKeyTitle = undefined;
    }

    const tasks = await api.call('GET', `${repoPath}/actions/tasks`, undefined, [403, 404, 405, 500]);
    if (tasks.status >= 400) unsupported.actions = `Actions are not available on this server (HTTP ${tasks.status} for actions/tasks)`;

    process.stdout.write(`[provision] ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return {
      cleanup,
      info: {
        mode: 'real',
        url: server.url,
        apiUrl: `${server.url}api/v1`,
        flavor: forgejo ? 'forgejo' : 'gitea',
        version,
        user: { username: server.username, password: server.password, token: server.token },
        repo: {
          owner,
          name,
          defaultBranch: 'main',
          cloneUrl: `${server.url}${owner}/${name}.git`,
          branches: ['main', 'develop', 'feature/merged', 'feature/open'],
          mergedPull,
          openPull,
          issues: { blocker, blocked },
          releaseTag,
          deployKeyTitle,
        },
        unsupported,
      },
    };
  } catch (e) {
    await cleanup().catch(() => undefined);
    throw e;
  }
}

/** Commits on main, `develop`, and two feature branches, pushed with git over HTTP. */
async function pushHistory(server: RealServerEnv, owner: string, name: string, auth: { username: string; password?: string; token?: string }): Promise<void> {
  const ws = await cloneWorkspace({ instanceUrl: server.url, owner, repo: name, auth });
  try {
    const git = (...args: string[]) => run('git', ['-C', ws.path, ...args], { env: gitAuthEnv(auth) });
    const commit = async (file: string, content: string, message: string) => {
      writeFileSync(join(ws.path, file), content);
      await git('add', file);
      await git('commit', '--quiet', '-m', message);
    };
    await git('checkout', '--quiet', '-B', 'main');
    await commit('app.txt', 'hello\n', 'Add app.txt');
    await commit('app.txt', 'hello\nworld\n', 'Say hello to the world');
    await git('branch', 'develop');
    await git('checkout', '--quiet', '-b', 'feature/merged', 'main');
    await commit('greeting.txt', 'Hello, Gitea!\n', 'Add the greeting module');
    await git('checkout', '--quiet', '-b', 'feature/open', 'main');
    await commit('farewell.txt', 'Goodbye.\n', 'Start the farewell module');
    await git('push', '--quiet', 'origin', 'main', 'develop', 'feature/merged', 'feature/open');
  } finally {
    ws.dispose();
  }
}

async function newSshPublicKey(comment: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-key-'));
  try {
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', join(dir, 'key')]);
    return readFileSync(join(dir, 'key.pub'), 'utf8').trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
