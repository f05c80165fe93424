// Feature detection by server version (src/views/scope.ts): branch `q` from Gitea 1.27, /actions/jobs from 1.25,
// never on Forgejo (whose versions look like "11.0.1+gitea-1.22.0").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { giteaAtLeast } from '../../../src/views/scope';
import type { Account } from '../../../src/services';

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
