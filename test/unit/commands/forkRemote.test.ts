// The fork's remote: its URL checked against the instance and the fork's name, in the scheme of the refused remote;
// the remote's name; an existing remote that points at the fork.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Repository } from '../../../src/api';
import { forkRemoteName, forkUrl, remoteOfFork } from '../../../src/commands/pushToFork/forkRemote';

const fork = (over: Partial<Repository> = {}): Repository =>
  ({ name: 'demo', full_name: 'carol/demo', clone_url: 'https://h/git/carol/demo.git', ssh_url: 'git@h:carol/demo.git', ...over }) as Repository;
const remote = (name: string, url: string) => ({ name, fetchUrl: url, pushUrl: url, isReadOnly: false });

test('the fork\'s URL in the scheme of the refused remote, under the instance\'s sub-path', () => {
  assert.equal(forkUrl(fork(), remote('origin', 'https://h/git/alice/demo.git'), 'https://h/git/'), 'https://h/git/carol/demo.git');
  assert.equal(forkUrl(fork(), remote('origin', 'git@h:alice/demo.git'), 'https://h/git/'), 'git@h:carol/demo.git');
  assert.equal(forkUrl(fork(), remote('origin', 'ssh://git@h:2222/alice/demo.git'), 'https://h/git/'), 'git@h:carol/demo.git');
});

test('a URL from the server that is not this fork on this instance is refused', () => {
  const origin = remote('origin', 'https://h/git/alice/demo.git');
  assert.equal(forkUrl(fork({ clone_url: 'https://evil/carol/demo.git' }), origin, 'https://h/git/'), undefined);
  assert.equal(forkUrl(fork({ clone_url: 'https://h/git/mallory/demo.git' }), origin, 'https://h/git/'), undefined);
  assert.equal(forkUrl(fork({ clone_url: '--upload-pack=touch /tmp/x' }), origin, 'https://h/git/'), undefined);
  assert.equal(forkUrl(fork({ clone_url: undefined }), origin, 'https://h/git/'), undefined);
});

test('the remote is named after the user, else with -fork', () => {
  assert.equal(forkRemoteName('carol', [remote('origin', 'x')]), 'carol');
  assert.equal(forkRemoteName('carol', [remote('carol', 'x')]), 'carol-fork');
  assert.equal(forkRemoteName('carol', [remote('carol', 'x'), remote('carol-fork', 'y')]), 'carol-fork2');
  assert.equal(forkRemoteName('a b:c', []), 'a-b-c');
});

test('an existing remote that points at the fork is found', () => {
  const remotes = [remote('origin', 'https://h/git/alice/demo.git'), remote('mine', 'https://carol:token@h/git/carol/demo.git')];
  assert.equal(remoteOfFork(remotes, fork(), 'https://h/git/')?.name, 'mine');
  assert.equal(remoteOfFork(remotes.slice(0, 1), fork(), 'https://h/git/'), undefined);
});
