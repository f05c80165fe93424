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
const log = { debug: (m: string) => logged.push(m), info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m) } as unknown as vscode.LogOutputChannel;

async function provider(
  refused: Set<string>,
  signedIn: readonly Account[] = [alice],
  secret: () => Promise<unknown> = () => Promise.resolve({ kind: 'token', token: 'tok-123' }),
): Promise<(host: vscode.Uri) => Promise<GitCredentials | undefined>> {
  let getCredentials: ((host: vscode.Uri) => Promise<GitCredentials | undefined>) | undefined;
  const repos = {
    gitApi: Promise.resolve({ registerCredentialsProvider: (p: { getCredentials: typeof getCredentials }) => ((getCredentials = p.getCredentials), { dispose() {} }) }),
    active: undefined,
    detected: [],
  } as unknown as GitRepositoryContext;
  const accounts = {
    accounts: signedIn,
    accountFor: () => signedIn[0],
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
  assert.equal(logged.length, 1);
  assert.match(logged[0]!, /git config --global credential\.https:\/\/shared\.example\.edu\.useHttpPath true/);
  logged.length = 0;
  assert.equal(await ask(at('', 'mallory@shared.example.edu')), undefined);
  assert.ok(!logged[0]!.includes('mallory'), 'the user info git shows is not logged');
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
