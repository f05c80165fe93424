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
const log = { debug() {}, info() {}, warn() {} } as unknown as vscode.LogOutputChannel;

async function provider(refused: Set<string>): Promise<(host: vscode.Uri) => Promise<GitCredentials | undefined>> {
  let getCredentials: ((host: vscode.Uri) => Promise<GitCredentials | undefined>) | undefined;
  const repos = {
    gitApi: Promise.resolve({ registerCredentialsProvider: (p: { getCredentials: typeof getCredentials }) => ((getCredentials = p.getCredentials), { dispose() {} }) }),
    active: undefined,
    detected: [],
  } as unknown as GitRepositoryContext;
  const accounts = {
    accounts: [alice],
    accountFor: () => alice,
    needsSignIn: (id: string) => refused.has(id),
    secretFor: () => Promise.resolve({ kind: 'token', token: 'tok-123' }),
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
