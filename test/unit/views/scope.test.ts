// Feature detection by server version (src/views/scope.ts): branch `q` from Gitea 1.27, /actions/jobs from 1.25,
// never on Forgejo (whose versions look like "11.0.1+gitea-1.22.0").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GiteaClient } from '../../../src/api';
import { giteaAtLeast } from '../../../src/shared/account';
import { accountScope } from '../../../src/views/scope';
import type { Account, RepoRef, Services } from '../../../src/core/services';

const account = (flavor: 'gitea' | 'forgejo', version: string): Account => ({
  id: 'x',
  instanceUrl: 'http://127.0.0.1/',
  username: 'alice',
  flavor,
  version,
});

test('Gitea versions compare by major.minor', () => {
  assert.equal(giteaAtLeast(account('gitea', '1.27.0'), 1, 27), true);
  assert.equal(giteaAtLeast(account('gitea', '1.28.0+dev-12-gabc'), 1, 27), true);
  assert.equal(giteaAtLeast(account('gitea', '1.26.1'), 1, 27), false);
  assert.equal(giteaAtLeast(account('gitea', '1.26.1'), 1, 25), true);
  assert.equal(giteaAtLeast(account('gitea', '2.0.0'), 1, 27), true);
  assert.equal(giteaAtLeast(account('gitea', 'development'), 1, 25), false);
});

test('Forgejo is never a Gitea of some version', () => {
  assert.equal(giteaAtLeast(account('forgejo', '11.0.1+gitea-1.22.0'), 1, 1), false);
});

// accountScope (src/views/scope.ts): Activity and Starred show the account, with or without an active repository.
function fakeServices(accounts: Account[], active?: RepoRef): Services {
  const client = (id: string) => ({ id }) as unknown as GiteaClient;
  return {
    accounts: {
      accounts,
      getClient: async (id: string) => client(id),
      accountFor: (url: string) => accounts.find((a) => a.instanceUrl === url),
    },
    repos: { active },
  } as unknown as Services;
}
const alice = account('gitea', '1.27.0');
const bob: Account = { ...alice, id: 'b', instanceUrl: 'http://127.0.0.2/', username: 'bob' };

test('accountScope: with no active repository, the first signed-in account', async () => {
  const scope = await accountScope(fakeServices([alice, bob]));
  assert.equal(scope?.account, alice);
  assert.equal(scope?.key, alice.id);
  assert.deepEqual(scope?.client, { id: alice.id });
  assert.equal('repo' in (scope ?? {}), false);
});

test('accountScope: the active repository\'s account wins over the first', async () => {
  const onBob: RepoRef = { instanceUrl: bob.instanceUrl, owner: 'bob', repo: 'x' };
  assert.equal((await accountScope(fakeServices([alice, bob], onBob)))?.account, bob);
  const named: RepoRef = { instanceUrl: alice.instanceUrl, owner: 'o', repo: 'r', accountId: bob.id };
  assert.equal((await accountScope(fakeServices([alice, bob], named)))?.account, bob);
});

test('accountScope: a repository on an instance nobody is signed in to falls back to the first account', async () => {
  const elsewhere: RepoRef = { instanceUrl: 'http://127.0.0.9/', owner: 'o', repo: 'r' };
  assert.equal((await accountScope(fakeServices([bob], elsewhere)))?.account, bob);
});

test('accountScope: signed out is undefined (the signed-out welcome)', async () => {
  assert.equal(await accountScope(fakeServices([])), undefined);
  assert.equal(await accountScope(fakeServices([], { instanceUrl: alice.instanceUrl, owner: 'o', repo: 'r' })), undefined);
});
