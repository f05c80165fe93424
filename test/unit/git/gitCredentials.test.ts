// The credentials provider itself, with the git API and the accounts faked: it answers the instance's account with
// its token, and gives no answer (git asks the user as before) for an account whose token the server refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { registerGitCredentials, type CredentialAccounts } from '../../../src/git/gitCredentials';
import type { GitCredentials } from '../../../src/git/gitApi';
import type { GitRepositoryContext } from '../../../src/git/repositoryContext';
import type { Account } from '../../../src/shared/account';

const alice: Account = { id: 'http://127.0.0.1:3000/|alice', instanceUrl: 'http://127.0.0.1:3000/', username: 'alice', flavor: 'gitea', version: '1.27.0' };
const host = { scheme: 'http', authority: '127.0.0.1:3000', path: '' } as vscode.Uri;
const logged: string[] = [];
const log = {
  debug: (m: string) => logged.push(`debug ${m}`),
  info: (m: string) => logged.push(`info ${m}`),
  warn: (m: string) => logged.push(`warn ${m}`),
} as unknown as vscode.LogOutputChannel;

async function provider(
  refused: Set<string>,
  signedIn: readonly Account[] = [alice],
  secret: () => Promise<unknown> = () => Promise.resolve({ kind: 'token', token: 'tok-123' }),
  workspace: { active?: string; detected?: string[]; preferred?: string } = {},
): Promise<(host: vscode.Uri) => Promise<GitCredentials | undefined>> {
  let getCredentials: ((host: vscode.Uri) => Promise<GitCredentials | undefined>) | undefined;
  const repos = {
    gitApi: Promise.resolve({ registerCredentialsProvider: (p: { getCredentials: typeof getCredentials }) => ((getCredentials = p.getCredentials), { dispose() {} }) }),
    active: workspace.active ? { accountId: workspace.active } : undefined,
    detected: (workspace.detected ?? []).map((accountId) => ({ accountId })),
  } as unknown as GitRepositoryContext;
  const accounts = {
    accounts: signedIn,
    accountFor: (url: string) => (workspace.preferred === undefined ? signedIn[0] : signedIn.find((a) => a.id === workspace.preferred && a.instanceUrl === url)),
    needsSignIn: (id: string) => refused.has(id),
    secretFor: secret,
  } as unknown as CredentialAccounts;
  registerGitCredentials(repos, accounts, log);
  await repos.gitApi;
  assert.ok(getCredentials, 'registered with the git extension');
  return getCredentials;
}

test('git gets the account\'s user name and token for its instance', async () => {
  const ask = await provider(new Set());
  assert.deepEqual(await ask(host), { username: 'alice', password: 'tok-123' });
});

test('an account whose token the server refused gives git no answer: git asks the user, not the server again', async () => {
  const ask = await provider(new Set([alice.id]));
  assert.equal(await ask(host), undefined);
});

const shared: Account = { id: 'https://shared.example.edu/gitea/|alice', instanceUrl: 'https://shared.example.edu/gitea/', username: 'alice', flavor: 'gitea', version: '1.27.0' };
const at = (path: string, authority = 'shared.example.edu') => ({ scheme: 'https', authority, path }) as vscode.Uri;

test('a sub-path instance: git\'s request without a path gets no answer (and the log says how to name the path); a path under it does', async () => {
  const ask = await provider(new Set(), [shared]);
  logged.length = 0;
  assert.equal(await ask(at('')), undefined, 'git\'s default: left to its own helpers');
  assert.deepEqual(logged, [
    'info Git asked for credentials for https://shared.example.edu without a repository path; an instance under a sub-path of that host answers only when git names the path: git config --global credential.https://shared.example.edu.useHttpPath true. Left to git.',
  ]);
  logged.length = 0;
  assert.equal(await ask(at('', 'mallory@shared.example.edu')), undefined);
  assert.ok(logged[0]!.startsWith('info Git asked for credentials for https://shared.example.edu without'), logged[0]);
  assert.ok(!logged[0]!.includes('mallory'), 'the user info git shows is not logged');
  assert.ok(logged[0]!.includes('credential.https://shared.example.edu.useHttpPath'), 'nor in the advice');
  assert.equal(await ask(at('/~mallory/x.git')), undefined, 'a repository of the host outside the sub-path');
  assert.deepEqual(await ask(at('/gitea/alice/demo.git')), { username: 'alice', password: 'tok-123' });
  logged.length = 0;
  assert.equal(await ask(at('', 'other.example.edu')), undefined);
  assert.ok(!logged.some((l) => l.includes('useHttpPath')), 'another host: no hint');
});

test('a root instance still answers git\'s request without a path; a missing or unreadable secret gives no answer', async () => {
  assert.deepEqual(await (await provider(new Set(), [alice])).call(undefined, host), { username: 'alice', password: 'tok-123' });
  assert.equal(await (await provider(new Set(), [alice], () => Promise.resolve(undefined)))(host), undefined);
  assert.equal(await (await provider(new Set(), [alice], () => Promise.reject(new Error('keychain locked'))))(host), undefined);
  const basic = await provider(new Set(), [alice], () => Promise.resolve({ kind: 'basic', password: 'pw' }));
  assert.deepEqual(await basic(host), { username: 'alice', password: 'pw' });
});

const bob: Account = { ...alice, id: 'http://127.0.0.1:3000/|bob', username: 'bob' };

test('what the log says for each outcome, with the remote and never a secret', async () => {
  logged.length = 0;
  await (await provider(new Set()))(host);
  assert.deepEqual(logged, ['info Git asked for credentials for http://127.0.0.1:3000: answered as alice@127.0.0.1:3000.']);
  logged.length = 0;
  await (await provider(new Set([alice.id])))(host);
  assert.deepEqual(logged, ['info Git asked for credentials for http://127.0.0.1:3000: alice@127.0.0.1:3000 needs signing in again; left to git.']);
  logged.length = 0;
  await (await provider(new Set(), [alice], () => Promise.resolve(undefined)))(host);
  assert.deepEqual(logged, ['info Git asked for credentials for http://127.0.0.1:3000: the secret of alice@127.0.0.1:3000 is missing; left to git.']);
  logged.length = 0;
  await (await provider(new Set(), [alice], () => Promise.reject(new Error('keychain locked'))))(host);
  assert.deepEqual(logged, ['warn Git asked for credentials for http://127.0.0.1:3000; they could not be read: keychain locked']);
  logged.length = 0;
  await (await provider(new Set()))({ scheme: 'https', authority: 'elsewhere.example', path: '/x.git' } as vscode.Uri);
  assert.deepEqual(logged, ['debug Git asked for credentials for https://elsewhere.example/x.git: no signed-in instance there; left to git.']);
  assert.ok(!logged.join('\n').includes('tok-123'));
});

test('two accounts on the instance: the workspace repository\'s, else the preferred one, else none (the log says several fit)', async () => {
  const both = [alice, bob];
  assert.deepEqual(await (await provider(new Set(), both, undefined, { active: bob.id }))(host), { username: 'bob', password: 'tok-123' });
  assert.deepEqual(await (await provider(new Set(), both, undefined, { detected: [bob.id] }))(host), { username: 'bob', password: 'tok-123' });
  assert.deepEqual(await (await provider(new Set(), both, undefined, { preferred: bob.id }))(host), { username: 'bob', password: 'tok-123' });
  logged.length = 0;
  assert.equal(await (await provider(new Set(), both, undefined, { preferred: 'nobody' }))(host), undefined);
  assert.deepEqual(logged, ["debug Git asked for credentials for http://127.0.0.1:3000: several accounts fit, none is the workspace's; left to git."]);
});

test('a root instance and a sub-path instance on one host: git without a path gets the root\'s account; several at the root, no hint', async () => {
  const rootAlice: Account = { ...alice, id: 'https://shared.example.edu/|alice', instanceUrl: 'https://shared.example.edu/' };
  const rootBob: Account = { ...rootAlice, id: 'https://shared.example.edu/|bob', username: 'bob' };
  assert.deepEqual(await (await provider(new Set(), [shared, rootAlice]))(at('')), { username: 'alice', password: 'tok-123' });
  logged.length = 0;
  assert.equal(await (await provider(new Set(), [shared, rootAlice, rootBob], undefined, { preferred: 'nobody' }))(at('')), undefined);
  assert.deepEqual(logged, ["debug Git asked for credentials for https://shared.example.edu: several accounts fit, none is the workspace's; left to git."]);
});
