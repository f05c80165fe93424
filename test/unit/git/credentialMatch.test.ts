// Which signed-in account answers git's credential request: scheme, host and port exact; the instance's sub-path
// respected when git names a path; other hosts, other schemes and ssh left to git; ambiguity settled by the
// workspace's repository or the instance's preferred account, else left to git.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accountsForGitRequest, pickAccount, subPathInstanceOn, type CredentialAccount } from '../../../src/git/credentialMatch';

const account = (instanceUrl: string, username: string): CredentialAccount => ({ id: `${instanceUrl}|${username}`, instanceUrl, username });
const root = account('https://git.example.com/', 'alice');
const sub = account('https://shared.example.org/gitea/', 'bob');
const otherSub = account('https://shared.example.org/forgejo/', 'carol');
const port = account('http://127.0.0.1:3000/', 'alice');
const accounts = [root, sub, otherSub, port];
const ids = (url: string): string[] => accountsForGitRequest(url, accounts).map((a) => a.id);

test('scheme, host and port must match; a default port is the same as none; the host in any case', () => {
  assert.deepEqual(ids('https://git.example.com'), [root.id]);
  assert.deepEqual(ids('https://GIT.example.com:443'), [root.id]);
  assert.deepEqual(ids('http://git.example.com'), [], 'http is not the https instance');
  assert.deepEqual(ids('https://git.example.com:8443'), [], 'another port');
  assert.deepEqual(ids('http://127.0.0.1:3000'), [port.id]);
  assert.deepEqual(ids('http://127.0.0.1:3001'), []);
  assert.deepEqual(ids('http://localhost:3000'), [], 'another host name for the same server is another host');
  assert.deepEqual(ids('https://github.com'), []);
});

test('ssh and other schemes, and text that is no URL, get no account', () => {
  for (const url of ['ssh://git@git.example.com/alice/demo.git', 'git@git.example.com:alice/demo.git', 'file:///tmp/x', 'git.example.com', '', 'https://']) {
    assert.deepEqual(ids(url), [], url);
  }
});

test('with a path (credential.useHttpPath), only the instance whose sub-path holds it, the longest winning', () => {
  assert.deepEqual(ids('https://shared.example.org/gitea/bob/demo.git'), [sub.id]);
  assert.deepEqual(ids('https://shared.example.org/forgejo/carol/x.git'), [otherSub.id]);
  assert.deepEqual(ids('https://shared.example.org/gitea'), [sub.id], 'the sub-path itself');
  assert.deepEqual(ids('https://shared.example.org/giteax/bob/demo.git'), [], 'a prefix of the name is not the sub-path');
  assert.deepEqual(ids('https://shared.example.org/other/repo.git'), [], 'another application on the host');
  assert.deepEqual(ids('https://shared.example.org'), [], 'without a path no sub-path instance answers: git may be asking for any repository of the host');
  assert.deepEqual(ids('https://shared.example.org/'), [], 'a bare slash is no path');
  const nested = [account('https://h.example/', 'a'), account('https://h.example/git/', 'b')];
  assert.deepEqual(accountsForGitRequest('https://h.example/git/b/r.git', nested).map((a) => a.username), ['b']);
  assert.deepEqual(accountsForGitRequest('https://h.example/a/r.git', nested).map((a) => a.username), ['a']);
});

test('a user name in the URL keeps only that user\'s accounts', () => {
  const two = [account('https://h.example/', 'alice'), account('https://h.example/', 'bob')];
  assert.deepEqual(accountsForGitRequest('https://Bob@h.example', two).map((a) => a.username), ['bob']);
  assert.deepEqual(accountsForGitRequest('https://mallory@h.example', two), []);
});

test('one candidate is the answer; several: the workspace repository\'s account, else the instance\'s preferred one', () => {
  const a = account('https://h.example/', 'alice');
  const b = account('https://h.example/', 'bob');
  const none = (): undefined => undefined;
  assert.equal(pickAccount([], [a.id], none), undefined);
  assert.equal(pickAccount([a], [], none), a);
  assert.equal(pickAccount([a, b], [undefined, 'elsewhere', b.id, a.id], none), b, 'the first workspace account that fits');
  assert.equal(pickAccount([a, b], [], () => b.id), b, 'the preferred account of the one instance');
  assert.equal(pickAccount([a, b], [], none), undefined, 'no way to tell: left to git');
  const c = account('https://h.example/git/', 'carol');
  assert.equal(pickAccount([a, c], [], () => a.id), undefined, 'two instances on one host without a workspace repository: left to git');
  assert.equal(pickAccount([a, c], [c.id], () => a.id), c);
});

test('a sub-path instance answers only for a path under its sub-path; a root instance on the same host keeps the rest', () => {
  const gitea = account('https://shared.example.edu/gitea/', 'alice');
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu', [gitea]), [], 'git\'s default (no useHttpPath): nothing');
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu/~mallory/x.git', [gitea]), [], 'a submodule elsewhere on the host');
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu/gitea/alice/demo.git', [gitea]), [gitea]);
  assert.deepEqual(accountsForGitRequest('https://alice@shared.example.edu', [gitea]), [], 'a user name is no path');
  const rootToo = account('https://shared.example.edu/', 'bob');
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu', [gitea, rootToo]), [rootToo], 'the root instance keeps today\'s behaviour');
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu/gitea/x/y.git', [gitea, rootToo]), [gitea], 'the longest sub-path');
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu/~mallory/x.git', [gitea, rootToo]), [rootToo]);
  const noSlash = { id: 'n', instanceUrl: 'https://shared.example.edu/gitea', username: 'n' };
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu', [noSlash]), [], 'a stored URL without its trailing slash is a sub-path too');
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu/gitea/n/r.git', [noSlash]), [noSlash]);
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu/giteax/r.git', [noSlash]), [], 'its name as a prefix of another folder is not under it');
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu/gitea', [noSlash]), [noSlash]);
});

test('a sub-path instance answers only for a path as written: none that the URL parser would read as under it and the server as elsewhere', () => {
  const gitea = account('https://shared.example.edu/gitea/', 'alice');
  const rootToo = account('https://shared.example.edu/', 'bob');
  // What reaches the provider: git's askpass names the path decoded, the git extension's vscode.Uri decodes it again.
  for (const path of [
    '/~mallory/../gitea/r.git', // the remote .../~mallory/..%2fgitea/r.git
    '/~mallory/x\\..\\..\\gitea\\r.git', // .../~mallory/x%5c..%5c..%5cgitea%5cr.git
    '/gitea/x?/../../~mallory/r.git', // .../gitea/x%3f/..%2f..%2f~mallory/r.git: the query would cut the path here
    '/gitea/x#/../../~mallory/r.git',
    '/gitea/./alice/r.git',
    '/gitea/%2e%2e/~mallory/r.git', // an escape left after both decodings: the server decodes once
    '/gitea/alice/r%2fx.git',
    '/gitea/al ice/r.git', // characters the parser encodes
    '/gitea/ålice/r.git',
    '\\gitea\\alice\\r.git',
  ]) {
    assert.deepEqual(accountsForGitRequest(`https://shared.example.edu${path}`, [gitea]), [], path);
    assert.deepEqual(accountsForGitRequest(`https://shared.example.edu${path}`, [gitea, rootToo]), [rootToo], `${path}: the root instance holds every path of its host`);
  }
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu/gitea/alice/r.git', [gitea]), [gitea], 'a plain path');
  assert.deepEqual(accountsForGitRequest('https://alice@shared.example.edu/gitea/alice/r.git', [gitea]), [gitea], 'a user name is not the path');
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu:443/gitea/alice/r.git', [gitea]), [gitea], 'nor a port');
  assert.deepEqual(accountsForGitRequest('https://shared.example.edu/gitea', [gitea]), [gitea], 'the sub-path itself');
});

test('subPathInstanceOn: git asked without a path for a host where an instance lives under a sub-path (the log\'s hint)', () => {
  const gitea = account('https://shared.example.edu/gitea/', 'alice');
  const rootOnly = account('https://git.example.com/', 'alice');
  const h = (authority: string, path = '', scheme = 'https') => ({ scheme, authority, path });
  assert.equal(subPathInstanceOn(h('shared.example.edu'), [gitea]), true);
  assert.equal(subPathInstanceOn(h('shared.example.edu', '/'), [gitea]), true);
  assert.equal(subPathInstanceOn(h('mallory@shared.example.edu'), [gitea]), true, 'a user name is not the host');
  assert.equal(subPathInstanceOn(h('shared.example.edu', '/gitea/a/b.git'), [gitea]), false, 'a path was given');
  assert.equal(subPathInstanceOn(h('shared.example.edu', '/x'), [gitea]), false);
  assert.equal(subPathInstanceOn(h('shared.example.edu', '', 'http'), [gitea]), false, 'another scheme');
  assert.equal(subPathInstanceOn(h('shared.example.edu:8443'), [gitea]), false, 'another port');
  assert.equal(subPathInstanceOn(h('git.example.com'), [rootOnly]), false, 'an instance at the root needs no path');
  assert.equal(subPathInstanceOn(h('git.example.com'), [rootOnly, gitea]), false, 'another host\'s sub-path instance');
  assert.equal(subPathInstanceOn(h('shared.example.edu'), [rootOnly, gitea]), true, 'any of the accounts');
  assert.equal(subPathInstanceOn(h('shared.example.edu'), [{ id: 'x', instanceUrl: 'not a url', username: 'x' }]), false);
  assert.equal(subPathInstanceOn(h('bad host name'), [gitea]), false);
});
