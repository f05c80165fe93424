// Helpers of the Create Pull Request in-host tests: a clone of a repository of the suite's own test server, opened
// in the git extension (outside the workspace folders) and detected as a Gitea repository; git in it; the command.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CreatePullRequestResult } from '../../src/commands/createPullRequest';
import type { RepoRef, Services } from '../../src/core/services';
import { runTestGit } from '../harness/gitExecutable';
import { FIXTURES, type TestServer } from '../server/index';
import { services as extensionServices, waitFor } from './workflowsSupport';

interface GitApiLike {
  openRepository(root: vscode.Uri): Promise<unknown>;
}

export interface Clone {
  readonly dir: string;
  /** The clone as the extension detected it (rootUri, remote, account). */
  readonly repo: RepoRef;
  git(...args: string[]): Promise<string>;
  dispose(): void;
}

/** The git identity of the tests' commits. */
const IDENTITY = ['-c', 'user.name=Alice Liddell', '-c', 'user.email=alice@example.com'];

/**
 * In real-server mode the harness gives git the real server's credentials through GIT_CONFIG_* variables, which git
 * sends to every host, this suite's own server too (which refuses them). Until the returned function runs, git
 * started by this extension host (the tests' and the git extension's) goes without them.
 */
export function withoutHarnessGitCredentials(): () => void {
  const keys = Object.keys(process.env).filter((k) => k.startsWith('GIT_CONFIG_'));
  const saved = keys.map((k) => [k, process.env[k]] as const);
  for (const k of keys) delete process.env[k];
  return () => {
    for (const [k, v] of saved) process.env[k] = v;
  };
}

/**
 * Clones `owner/repo` of `server` as `user` (alice), with her credentials in the clone's own `http.extraHeader` (so that the git
 * extension can push), opens it in the git extension and waits until the extension detects it.
 */
export async function cloneFromServer(server: TestServer, owner: string, repo: string, user: 'alice' | 'bob' | 'carol' = 'alice'): Promise<Clone> {
  const parent = mkdtempSync(join(tmpdir(), 'gwb-pr-'));
  const dir = join(parent, repo);
  const url = `${server.url}${owner}/${repo}.git`;
  const header = `Authorization: Basic ${Buffer.from(`${user}:${FIXTURES.users[user].tokens.all}`).toString('base64')}`;
  const git = async (...args: string[]): Promise<string> => {
    let r = await runTestGit([...IDENTITY, ...args], { cwd: dir });
    // The git extension reads and writes the same clone in the background (its status, fetches): a lock it holds
    // for a moment is waited out, as a user would try again.
    for (let attempt = 1; r.code !== 0 && attempt <= 5 && /could not lock config file|index\.lock|\.lock': File exists/.test(r.stderr); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      r = await runTestGit([...IDENTITY, ...args], { cwd: dir });
    }
    assert.equal(r.code, 0, `git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout.trim();
  };
  const cloned = await runTestGit(['-c', `http.extraHeader=${header}`, 'clone', '--quiet', url, dir], { cwd: parent });
  assert.equal(cloned.code, 0, cloned.stderr);
  await git('config', 'http.extraHeader', header);
  const s: Services = await extensionServices();
  const gitExtension = vscode.extensions.getExtension<{ getAPI(v: 1): GitApiLike }>('vscode.git');
  assert.ok(gitExtension, 'the git extension is there');
  const api = (await gitExtension.activate()).getAPI(1);
  await api.openRepository(vscode.Uri.file(dir));
  const detected = await waitFor(`${owner}/${repo} cloned at ${dir} to be detected`, () => s.repos.repoForUri(vscode.Uri.file(join(dir, 'README.md'))), 30_000);
  // The clone becomes the active repository (the commands run from the palette act on it).
  await vscode.commands.executeCommand('gitea.selectRepository', { owner, repo, instanceUrl: server.url });
  await waitFor('the clone to be the active repository', () => s.repos.active?.rootUri?.toString() === detected.rootUri?.toString());
  return { dir, repo: detected, git, dispose: () => rmSync(parent, { recursive: true, force: true }) };
}

/** Within a `describe`: a clone of `owner/repo` made before its tests (git's credentials from the extension, not the
 * harness) and removed after them. `server` is read when the clone is made. */
export function cloneForSuite(server: () => TestServer, owner = 'alice', repo = 'demo'): () => Clone {
  let clone: Clone | undefined;
  let restoreGitCredentials: (() => void) | undefined;
  before(async () => {
    restoreGitCredentials = withoutHarnessGitCredentials();
    clone = await cloneFromServer(server(), owner, repo);
  });
  after(() => {
    restoreGitCredentials?.();
    clone?.dispose();
  });
  return () => {
    assert.ok(clone, 'the clone was made');
    return clone;
  };
}

/** Runs Create Pull Request for the clone's checked-out branch. */
export function createPullRequest(repo: RepoRef, args: Record<string, unknown> = {}): Thenable<CreatePullRequestResult | undefined> {
  return vscode.commands.executeCommand<CreatePullRequestResult | undefined>('gitea.createPullRequest', { repo, ...args });
}

/** A new branch from `from` with one commit per message (each adds a file), checked out. */
export async function branchWithCommits(clone: Clone, branch: string, from: string, messages: string[]): Promise<void> {
  await clone.git('checkout', '--quiet', '-B', branch, from);
  for (const message of messages) await clone.git('commit', '--quiet', '--allow-empty', '-m', message);
}
