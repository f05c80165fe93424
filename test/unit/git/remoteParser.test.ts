// Table test of the remote-URL parser: real-world remote forms → instance + owner/repo.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchRemote, parseRemoteUrl, resolveRemote, type KnownInstance } from '../../../src/git/remoteParser';

const INSTANCES: KnownInstance[] = [
  { url: 'https://gitea.com/' },
  { url: 'https://codeberg.org/' },
  { url: 'https://git.example.com/' },
  { url: 'https://example.org/git/' }, // sub-path instance (ROOT_URL=https://example.org/git/)
  { url: 'https://example.org/' }, // another instance on the same host, at the root
  { url: 'http://localhost:3000/' },
  { url: 'http://127.0.0.1:3000/' },
  { url: 'https://[2001:db8::1]:8443/' },
  { url: 'http://[::1]:3000/' },
  { url: 'https://forge.corp.internal/code/gitea/' }, // two-level sub-path
  { url: 'https://code.example.net/gitea/' }, // sub-path instance, alone on its host
  { url: 'https://git.acme.io/', sshHosts: ['ssh.acme.io', 'acme-git'] }, // separate ssh host + ssh config alias
];

/** [remote as found in .git/config, expected instance, owner, repo] — `undefined` instance = no match. */
const CASES: [string, string | undefined, string?, string?][] = [
  // plain https clone URLs as Gitea shows them
  ['https://gitea.com/gitea/tea.git', 'https://gitea.com/', 'gitea', 'tea'],
  ['https://codeberg.org/forgejo/forgejo', 'https://codeberg.org/', 'forgejo', 'forgejo'], // no .git suffix
  ['https://codeberg.org/forgejo/forgejo/', 'https://codeberg.org/', 'forgejo', 'forgejo'], // trailing slash
  ['https://codeberg.org/forgejo/forgejo.git/', 'https://codeberg.org/', 'forgejo', 'forgejo'], // .git + slash
  ['https://git.example.com/Alice/My.Repo.git', 'https://git.example.com/', 'Alice', 'My.Repo'], // dots kept, case kept
  ['https://git.example.com/alice/demo.GIT', 'https://git.example.com/', 'alice', 'demo'], // upper-case suffix
  ['  https://git.example.com/alice/demo.git\n', 'https://git.example.com/', 'alice', 'demo'], // whitespace from copy/paste
  // mixed-case hosts (people type them; git keeps them as typed)
  ['https://Git.Example.COM/alice/demo.git', 'https://git.example.com/', 'alice', 'demo'],
  ['git@GIT.example.com:alice/demo.git', 'https://git.example.com/', 'alice', 'demo'],
  // credentials and user names in https remotes (credential helpers, CI clones)
  ['https://alice@git.example.com/alice/demo.git', 'https://git.example.com/', 'alice', 'demo'],
  ['https://alice:s3cr3t-token@git.example.com/alice/demo.git', 'https://git.example.com/', 'alice', 'demo'],
  ['https://oauth2:abc123@gitea.com/org/service.git', 'https://gitea.com/', 'org', 'service'],
  // explicit default port is the same instance
  ['https://git.example.com:443/alice/demo.git', 'https://git.example.com/', 'alice', 'demo'],
  // http remote of an https instance (old clone from before TLS was set up)
  ['http://git.example.com/alice/demo.git', 'https://git.example.com/', 'alice', 'demo'],
  // sub-path instances: owner/repo are the last two segments after the instance's path
  ['https://example.org/git/team/api.git', 'https://example.org/git/', 'team', 'api'],
  ['https://example.org/GIT/team/api.git', 'https://example.org/git/', 'team', 'api'], // sub-path case differs
  ['https://example.org/team/api.git', 'https://example.org/', 'team', 'api'], // same host, root instance
  ['https://forge.corp.internal/code/gitea/platform/infra.git', 'https://forge.corp.internal/code/gitea/', 'platform', 'infra'],
  // ports (docker run -p 3000:3000)
  ['http://localhost:3000/alice/demo.git', 'http://localhost:3000/', 'alice', 'demo'],
  ['http://127.0.0.1:3000/alice/demo', 'http://127.0.0.1:3000/', 'alice', 'demo'],
  ['http://localhost:3001/alice/demo.git', undefined], // another port is another server
  // IPv6 hosts
  ['https://[2001:db8::1]:8443/alice/demo.git', 'https://[2001:db8::1]:8443/', 'alice', 'demo'],
  ['http://[::1]:3000/alice/demo.git', 'http://[::1]:3000/', 'alice', 'demo'],
  ['git@[2001:db8::1]:alice/demo.git', 'https://[2001:db8::1]:8443/', 'alice', 'demo'],
  ['ssh://git@[2001:db8::1]:2222/alice/demo.git', 'https://[2001:db8::1]:8443/', 'alice', 'demo'],
  // scp-like ssh, as Gitea shows it when SSH_PORT=22
  ['git@gitea.com:gitea/tea.git', 'https://gitea.com/', 'gitea', 'tea'],
  ['git@codeberg.org:forgejo/forgejo', 'https://codeberg.org/', 'forgejo', 'forgejo'],
  ['gitea@git.example.com:/alice/demo.git', 'https://git.example.com/', 'alice', 'demo'], // absolute path form
  ['git.example.com:alice/demo.git', 'https://git.example.com/', 'alice', 'demo'], // no user
  ['git@git.example.com:2222/alice/demo.git', 'https://git.example.com/', 'alice', 'demo'], // port wrongly in scp syntax
  // ssh:// with a port, as Gitea shows it when SSH_PORT≠22
  ['ssh://git@git.example.com:2222/alice/demo.git', 'https://git.example.com/', 'alice', 'demo'],
  ['ssh://git.example.com/alice/demo', 'https://git.example.com/', 'alice', 'demo'],
  ['git+ssh://git@gitea.com/gitea/tea.git', 'https://gitea.com/', 'gitea', 'tea'],
  ['ssh+git://git@gitea.com/gitea/tea.git', 'https://gitea.com/', 'gitea', 'tea'],
  // ssh remotes of a sub-path instance carry no sub-path
  ['git@code.example.net:team/api.git', 'https://code.example.net/gitea/', 'team', 'api'],
  ['https://code.example.net/gitea/team/api.git', 'https://code.example.net/gitea/', 'team', 'api'],
  // ssh host aliases and separate ssh hosts from the gitea.instances setting
  ['ssh://git@ssh.acme.io:2222/ops/deploy.git', 'https://git.acme.io/', 'ops', 'deploy'],
  ['acme-git:ops/deploy.git', 'https://git.acme.io/', 'ops', 'deploy'],
  // the wiki of a repository
  ['https://gitea.com/gitea/tea.wiki.git', 'https://gitea.com/', 'gitea', 'tea'],
  // percent-encoded characters
  ['https://git.example.com/alice/caf%C3%A9.git', 'https://git.example.com/', 'alice', 'café'],
  // git:// protocol (read-only mirrors)
  ['git://git.example.com/alice/demo.git', 'https://git.example.com/', 'alice', 'demo'],
  // not a Gitea remote we know
  ['https://github.com/microsoft/vscode.git', undefined],
  ['git@github.com:microsoft/vscode.git', undefined],
  ['https://gitea.com/justone', undefined], // no repo segment
  ['https://example.org/git/onlyowner', undefined], // sub-path + one segment is not owner/repo
];

/** Remotes that are not network remotes at all. */
const NOT_REMOTES = ['/srv/git/demo.git', '../demo', './demo.git', 'C:\\repos\\demo', 'C:/repos/demo', 'file:///srv/git/demo.git', '', 'demo'];

test('the table has at least 30 real-world remote forms', () => {
  assert.ok(CASES.length >= 30, `${CASES.length} cases`);
});

for (const [remote, instance, owner, repo] of CASES) {
  test(`remote ${JSON.stringify(remote)} → ${instance ? `${instance} ${owner}/${repo}` : 'no match'}`, () => {
    const match = resolveRemote(remote, INSTANCES);
    if (instance === undefined) {
      assert.equal(match, undefined);
    } else {
      assert.deepEqual(match, { instanceUrl: instance, owner, repo });
    }
  });
}

for (const remote of NOT_REMOTES) {
  test(`${JSON.stringify(remote)} is a local path, not a remote`, () => {
    assert.equal(parseRemoteUrl(remote), undefined);
  });
}

test('parsed remotes keep scheme, host and non-default port, and drop credentials', () => {
  const parsed = parseRemoteUrl('https://alice:s3cr3t@Git.Example.com:8443/sub/alice/demo.git');
  assert.deepEqual(parsed, {
    scheme: 'https',
    host: 'git.example.com',
    port: 8443,
    pathSegments: ['sub', 'alice', 'demo'],
    owner: 'alice',
    repo: 'demo',
  });
  assert.ok(!JSON.stringify(parsed).includes('s3cr3t'));
  assert.equal(parseRemoteUrl('ssh://git@host:22/a/b.git')?.port, undefined, 'default ssh port is dropped');
  assert.equal(parseRemoteUrl('ssh://git@host:2222/a/b.git')?.port, 2222);
});

test('the longest matching sub-path wins when two instances share a host', () => {
  const parsed = parseRemoteUrl('https://example.org/git/team/api.git')!;
  assert.equal(matchRemote(parsed, INSTANCES)?.instanceUrl, 'https://example.org/git/');
  assert.equal(matchRemote(parsed, [{ url: 'https://example.org/' }])?.instanceUrl, 'https://example.org/', 'root instance alone still matches by the last two segments');
});

test('no known instances → nothing matches', () => {
  assert.equal(resolveRemote('https://gitea.com/gitea/tea.git', []), undefined);
});
