// Helpers of the in-host workflow tests: the extension's services, signing in to the harness's server as its
// user, the workspace clone's repository once git detection found it, and small waits.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { GiteaClient } from '../../src/api';
import type { WorkbenchApi } from '../../src/extension';
import type { RepoRef, Services } from '../../src/core/services';
import { blameLine } from '../../src/git/blame';
import { gitExecutable, runTestGit } from '../harness/gitExecutable';
import { testEnv } from './env';

export const EXTENSION_ID = 'gitea-workbench.gitea-workbench';
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function services(): Promise<Services> {
  const ext = vscode.extensions.getExtension<WorkbenchApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not installed in this host`);
  return (await ext.activate()).services;
}

/** Polls `probe` until it returns a value (not undefined/false). */
export async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await sleep(200);
  }
}

export interface Session {
  readonly services: Services;
  readonly accountId: string;
  /** The workspace clone's repository, as detection found it (rootUri, accountId). */
  readonly repo: RepoRef;
  readonly client: GiteaClient;
}

/** Signs in to the harness's server as its user and waits until the workspace clone is detected. */
export async function signInToTarget(): Promise<Session> {
  const env = testEnv();
  const s = await services();
  const credential = env.user.token ? { token: env.user.token } : { password: env.user.password };
  const result = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string }; message?: string }>('gitea.signIn', {
    url: env.url,
    username: env.user.username,
    ...credential,
  });
  assert.ok(result?.ok && result.account, `sign-in to ${env.url} failed: ${result?.message}`);
  const readme = vscode.Uri.file(join(env.workspace, 'README.md'));
  const repo = await waitFor('the workspace repository to be detected', () => s.repos.repoForUri(readme), 30_000);
  assert.equal(`${repo.owner}/${repo.repo}`, `${env.repo.owner}/${env.repo.name}`);
  return { services: s, accountId: result.account.id, repo, client: await s.accounts.getClient(result.account.id) };
}

export function workspaceUri(path: string): vscode.Uri {
  return vscode.Uri.file(join(testEnv().workspace, path));
}

/**
 * `git <args>` in the workspace clone; its stdout, trimmed. The test's own git (setting up branches, pushing them)
 * sends the user's credentials to the run's instance only, as a user's credential helper would; the editor's git
 * gets them from the signed-in account instead.
 */
export async function gitInWorkspace(...args: string[]): Promise<string> {
  const e = testEnv();
  const secret = e.user.token ?? e.user.password;
  const auth = secret ? ['-c', `http.${e.url}.extraHeader=Authorization: Basic ${Buffer.from(`${e.user.username}:${secret}`).toString('base64')}`] : [];
  const r = await runTestGit([...auth, ...args], { cwd: e.workspace });
  assert.equal(r.code, 0, `git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

export async function closeEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** The issue and pull request page tabs open now. */
export function issuePageTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('gitea.issuePage'));
}

/** A line of the workspace's default branch that came in with merged pull request `index` (blamed like the command does). */
export async function lineFromPullRequest(session: Session, index: number): Promise<{ path: string; line: number } | undefined> {
  const pr = await session.client.repoGetPullRequest({ owner: session.repo.owner, repo: session.repo.repo, index });
  const merge = pr.merge_commit_sha;
  if (!merge) return undefined;
  const parents = (await gitInWorkspace('rev-list', '--parents', '-n', '1', merge)).trim().split(' ').slice(1);
  const mainline = parents[0];
  if (!mainline) return undefined;
  const brought = new Set((await gitInWorkspace('rev-list', `${mainline}..${merge}`)).split('\n').filter(Boolean));
  const files = (await gitInWorkspace('diff', '--name-only', mainline, merge)).split('\n').filter(Boolean);
  for (const path of files) {
    const uri = workspaceUri(path);
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri).then((b) => b, () => new Uint8Array()));
    const count = text.split('\n').length - 1;
    for (let line = 1; line <= Math.min(count, 200); line++) {
      const blame = await blameLine(testEnv().workspace, path, line, text, { git: gitExecutable() });
      if (blame.kind === 'line' && brought.has(blame.line.sha)) return { path, line: line - 1 };
    }
  }
  return undefined;
}
