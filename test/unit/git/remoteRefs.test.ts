// Remote preference order and instance-URL guesses from a repository's remotes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { guessInstanceUrls, remoteRefs } from '../../../src/git/remoteRefs';

const instances = [{ url: 'https://git.example.com/' }, { url: 'https://example.org/git/' }];
const remotes = [
  { name: 'alice', fetchUrl: 'https://git.example.com/alice/demo.git' },
  { name: 'origin', fetchUrl: 'git@git.example.com:bob/demo.git' },
  { name: 'github', fetchUrl: 'https://github.com/x/demo.git' },
  { name: 'upstream', fetchUrl: 'https://git.example.com/team/demo.git' },
];

test('remotes are ordered upstream, origin, then the others by name; foreign remotes are skipped', () => {
  const refs = remoteRefs('root', remotes, instances, ['upstream', 'origin']);
  assert.deepEqual(
    refs.map((r) => `${r.remoteName}=${r.owner}/${r.repo}`),
    ['upstream=team/demo', 'origin=bob/demo', 'alice=alice/demo'],
  );
  assert.equal(refs[0]!.rootUri, 'root');
  assert.equal(refs[0]!.instanceUrl, 'https://git.example.com/');
});

test('the preferred-remotes setting changes the order', () => {
  const refs = remoteRefs('root', remotes, instances, ['origin']);
  assert.deepEqual(refs.map((r) => r.remoteName), ['origin', 'alice', 'upstream']);
});

test('the push URL counts when the fetch URL is elsewhere', () => {
  const refs = remoteRefs('root', [{ name: 'origin', fetchUrl: 'https://github.com/x/y.git', pushUrl: 'https://git.example.com/x/y.git' }], instances, []);
  assert.deepEqual(refs.map((r) => `${r.owner}/${r.repo}`), ['x/y']);
});

test('instance URLs are guessed from remotes no instance matches, keeping a sub-path and port', () => {
  assert.deepEqual(
    guessInstanceUrls(
      [
        { name: 'origin', fetchUrl: 'http://127.0.0.1:3000/alice/demo.git' },
        { name: 'sub', fetchUrl: 'https://host.example/gitea/alice/demo.git' },
        { name: 'ssh', fetchUrl: 'git@codeberg.org:forgejo/forgejo.git' },
        { name: 'v6', fetchUrl: 'http://[::1]:3000/alice/demo.git' },
        { name: 'known', fetchUrl: 'https://git.example.com/alice/demo.git' },
        { name: 'local', fetchUrl: '/srv/git/demo.git' },
      ],
      instances,
    ),
    ['http://127.0.0.1:3000/', 'https://host.example/gitea/', 'https://codeberg.org/', 'http://[::1]:3000/'],
  );
});
