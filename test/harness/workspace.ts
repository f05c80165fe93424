// A workspace folder that is a real `git clone` of a repository on the test (or real) server. The credentials
// reach git only through GIT_CONFIG_* environment variables of the clone itself: they are neither on the
// command line (visible in ps) nor in the clone's config, whose remote stays `<instance>/<owner>/<repo>.git`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCleanup, run } from './proc';

export interface GitAuth {
  username: string;
  /** Either works for git over HTTP on Gitea (a token is accepted as the Basic password). */
  password?: string;
  token?: string;
}

export interface Workspace {
  /** Absolute path of the clone's root. */
  readonly path: string;
  /** The `origin` URL as stored in the clone. */
  readonly remoteUrl: string;
  dispose(): void;
}

/** Environment that makes one git command send Basic auth, without persisting anything. */
/** Only the git configuration that sends `auth` (environment variables, no file): for processes that inherit it. */
export function gitCredentialEnv(auth: GitAuth | undefined): Record<string, string> {
  const secret = auth?.token ?? auth?.password;
  if (!auth || !secret) return {};
  const basic = Buffer.from(`${auth.username}:${secret}`).toString('base64');
  return { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.extraHeader', GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}` };
}

export function gitAuthEnv(auth: GitAuth | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: '', SSH_ASKPASS: '' };
  const secret = auth?.token ?? auth?.password;
  if (auth && secret) {
    const basic = Buffer.from(`${auth.username}:${secret}`).toString('base64');
    env.GIT_CONFIG_COUNT = '1';
    env.GIT_CONFIG_KEY_0 = 'http.extraHeader';
    env.GIT_CONFIG_VALUE_0 = `Authorization: Basic ${basic}`;
  }
  return env;
}

export interface CloneOptions {
  /** Instance root with trailing slash. */
  instanceUrl: string;
  owner: string;
  repo: string;
  auth?: GitAuth;
  /** Parent folder (default: a new temp folder, removed on dispose). */
  parent?: string;
  /** Folder name of the clone (default: the repository name). */
  name?: string;
  /** Committer identity written into the clone, so tests can commit. */
  identity?: { name: string; email: string };
}

export async function cloneWorkspace(options: CloneOptions): Promise<Workspace> {
  const remoteUrl = `${options.instanceUrl}${options.owner}/${options.repo}.git`;
  const ownParent = options.parent === undefined;
  const parent = options.parent ?? mkdtempSync(join(tmpdir(), 'gwb-ws-'));
  const path = join(parent, options.name ?? options.repo);
  const dispose = (): void => rmSync(ownParent ? parent : path, { recursive: true, force: true });
  const unregister = onCleanup(dispose);
  try {
    await run('git', ['clone', '--quiet', remoteUrl, path], { env: gitAuthEnv(options.auth) });
    const identity = options.identity ?? { name: 'Gitea Workbench Tests', email: 'tests@example.invalid' };
    await run('git', ['-C', path, 'config', 'user.name', identity.name]);
    await run('git', ['-C', path, 'config', 'user.email', identity.email]);
    const stored = (await run('git', ['-C', path, 'remote', 'get-url', 'origin'])).stdout.trim();
    if (stored !== remoteUrl) throw new Error(`clone remote is ${stored}, expected ${remoteUrl}`);
  } catch (e) {
    dispose();
    unregister();
    throw e;
  }
  return {
    path,
    remoteUrl,
    dispose: () => {
      dispose();
      unregister();
    },
  };
}
