// Tracking a contributor's fork branch (a pull request that allows maintainer edits): the head branch, the fork's URL
// and its owner are the server's, and git is handed all three (git remote add, fetch, branch --set-upstream-to). A
// hostile server's values are refused before git sees any: nothing is added, fetched or set.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PullRequest } from '../../../src/api';
import type { GitRepository } from '../../../src/git/gitApi';
import { isForkUrl, trackContributorBranch } from '../../../src/commands/checkout/contributorBranch';

const INSTANCE = 'https://git.example.com/';
const clone = { instanceUrl: INSTANCE, owner: 'alice', repo: 'demo', remoteName: 'origin' };

/** A git extension repository that records what it was asked to do. */
function recordingRepository(): GitRepository & { calls: string[] } {
  const calls: string[] = [];
  const repository = {
    calls,
    state: { remotes: [{ name: 'origin', fetchUrl: `${INSTANCE}alice/demo.git` }] },
    addRemote: async (name: string, url: string) => void calls.push(`addRemote ${name} ${url}`),
    fetch: async (o: { remote?: string; ref?: string }) => void calls.push(`fetch ${o.remote} ${o.ref}`),
    setBranchUpstream: async (name: string, upstream: string) => void calls.push(`setBranchUpstream ${name} ${upstream}`),
  };
  return repository as unknown as GitRepository & { calls: string[] };
}

function forkPull(head: { ref: string; owner?: string; cloneUrl?: string }): PullRequest {
  const owner = head.owner ?? 'carol';
  return {
    number: 7,
    allow_maintainer_edit: true,
    head: { ref: head.ref, repo: { full_name: `${owner}/demo`, owner: { login: owner }, clone_url: head.cloneUrl ?? `${INSTANCE}${owner}/demo.git`, ssh_url: '' } },
  } as unknown as PullRequest;
}

describe('tracking a contributor\'s branch', () => {
  it('a fork\'s branch: its remote added under the owner\'s name, fetched, tracked', async () => {
    const repository = recordingRepository();
    assert.equal(await trackContributorBranch(repository, clone, forkPull({ ref: 'feature/x' }), 'feature/x'), 'carol/feature/x');
    assert.deepEqual(repository.calls, [`addRemote carol ${INSTANCE}carol/demo.git`, 'fetch carol feature/x', 'setBranchUpstream feature/x carol/feature/x']);
  });

  for (const ref of ['-Bmain', 'a..b', 'x@{1}', 'with space']) {
    it(`a head branch git would misread is refused before git: ${JSON.stringify(ref)}`, async () => {
      const repository = recordingRepository();
      await assert.rejects(trackContributorBranch(repository, clone, forkPull({ ref }), 'pr/7'), { name: 'UnsafeGitArgumentError' });
      assert.deepEqual(repository.calls, []);
    });
  }

  for (const cloneUrl of ['ext::sh -c touch% /tmp/pwned', '--upload-pack=touch /tmp/pwned', 'file:///etc', '/srv/git/demo.git', 'https://evil.example/carol/demo.git']) {
    it(`a fork URL git must not fetch is refused before git: ${JSON.stringify(cloneUrl)}`, async () => {
      const repository = recordingRepository();
      await assert.rejects(trackContributorBranch(repository, clone, forkPull({ ref: 'feature/x', cloneUrl }), 'feature/x'), { name: 'UnsafeGitArgumentError' });
      assert.deepEqual(repository.calls, []);
    });
  }

  it('an owner name that would be an option or a hidden name makes a plain remote name', async () => {
    const repository = recordingRepository();
    await trackContributorBranch(repository, clone, forkPull({ ref: 'feature/x', owner: '--upload-pack' }), 'feature/x');
    assert.match(repository.calls[0]!, /^addRemote upload-pack /);
  });

  it('fork URLs: http(s) of the instance and SSH forms are taken', () => {
    assert.equal(isForkUrl(`${INSTANCE}carol/demo.git`, INSTANCE), true);
    assert.equal(isForkUrl('git@git.example.com:carol/demo.git', INSTANCE), true);
    assert.equal(isForkUrl('ssh://git@git.example.com:2222/carol/demo.git', INSTANCE), true);
    assert.equal(isForkUrl('http://git.example.com/carol/demo.git', INSTANCE), false, 'another origin (scheme)');
    assert.equal(isForkUrl('-c@host:path', INSTANCE), false);
  });

  it('an SSH fork URL names the instance\'s host or one of its configured SSH hosts, never another host', () => {
    for (const url of ['git@evil.example:carol/demo.git', 'ssh://git@evil.example/carol/demo.git', 'ssh://git@evil.example:22/carol/demo.git', 'git@git.example.com.evil.example:carol/demo.git', 'git@example.com:carol/demo.git']) {
      assert.equal(isForkUrl(url, INSTANCE), false, url);
      assert.equal(isForkUrl(url, INSTANCE, ['ssh.git.example.com']), false, url);
    }
    assert.equal(isForkUrl('git@GIT.Example.COM:carol/demo.git', INSTANCE), true, 'host names compare case-insensitively');
    assert.equal(isForkUrl('ssh://git@GIT.EXAMPLE.COM/carol/demo.git', INSTANCE), true);
    assert.equal(isForkUrl('git@ssh.git.example.com:carol/demo.git', INSTANCE), false, 'an SSH host nobody configured');
    assert.equal(isForkUrl('git@ssh.git.example.com:carol/demo.git', INSTANCE, [' SSH.git.example.com ']), true, 'a configured SSH host (trimmed, any case)');
    assert.equal(isForkUrl('ssh://git@ssh.git.example.com:2222/carol/demo.git', INSTANCE, ['other.example', 'ssh.git.example.com']), true);
    assert.equal(isForkUrl('ssh://git@[2001:db8::1]/carol/demo.git', 'https://[2001:db8::1]/', ['[2001:db8::1]']), false, 'an address with :: is never taken');
    assert.equal(isForkUrl('ssh://git@10.0.0.5/carol/demo.git', INSTANCE, ['[10.0.0.5]']), true, 'a configured host in brackets');
    assert.equal(isForkUrl('ssh:///carol/demo.git', INSTANCE, ['']), false, 'no host at all');
    assert.equal(isForkUrl('git@evil.example:carol/demo.git', 'not a url'), false, 'an instance URL that does not parse has no host');
  });

  it('a fork URL with a control character, a space of any kind, `::` or an option before the user is refused', () => {
    for (const c of ['\x00', '\x01', '\x08', '\t', '\n', '\x0e', '\x1b', '\x1f', ' ', '\x7f', '\u00a0', '\u2028']) {
      assert.equal(isForkUrl(`git@git.example.com:carol/de${c}mo.git`, INSTANCE), false, JSON.stringify(c));
      assert.equal(isForkUrl(`${INSTANCE}carol/de${c}mo.git`, INSTANCE), false, JSON.stringify(c));
    }
    assert.equal(isForkUrl('ssh://git@git.example.com/carol/a::b.git', INSTANCE), false, 'a transport helper (`x::`) anywhere');
    assert.equal(isForkUrl('-oProxyCommand=x@git.example.com:carol/demo.git', INSTANCE), false, 'the short form starts at the first character');
    assert.equal(isForkUrl('git@git.example.com:carol/demo~1.git', INSTANCE), true, 'other characters are fine');
  });

  it('an http(s) fork URL is on the instance\'s origin, scheme included; a blob: URL of that origin is not', () => {
    assert.equal(isForkUrl('http://git.example.com/carol/demo.git', 'http://git.example.com/'), true, 'an http instance');
    assert.equal(isForkUrl('blob:https://git.example.com/carol/demo.git', INSTANCE), false);
    assert.equal(isForkUrl('blob:http://git.example.com/carol/demo.git', 'http://git.example.com/'), false);
    assert.equal(isForkUrl('ftp://git.example.com/carol/demo.git', INSTANCE), false);
  });

  it('a fork whose SSH URL is on another host is refused before git; one on a configured SSH host is tracked', async () => {
    const sshClone = { ...clone };
    const sshRepository = (): GitRepository & { calls: string[] } => {
      const r = recordingRepository();
      (r.state as unknown as { remotes: unknown[] }).remotes = [{ name: 'origin', fetchUrl: 'git@ssh.git.example.com:alice/demo.git' }];
      return r;
    };
    const pull = (sshUrl: string): PullRequest => {
      const pr = forkPull({ ref: 'feature/x' });
      (pr.head!.repo as { ssh_url: string }).ssh_url = sshUrl;
      return pr;
    };
    const refused = sshRepository();
    await assert.rejects(trackContributorBranch(refused, sshClone, pull('git@evil.example:carol/demo.git'), 'feature/x', ['ssh.git.example.com']), { name: 'UnsafeGitArgumentError' });
    assert.deepEqual(refused.calls, []);
    const taken = sshRepository();
    assert.equal(await trackContributorBranch(taken, sshClone, pull('git@ssh.git.example.com:carol/demo.git'), 'feature/x', ['ssh.git.example.com']), 'carol/feature/x');
    assert.deepEqual(taken.calls[0], 'addRemote carol git@ssh.git.example.com:carol/demo.git');
    const unconfigured = sshRepository();
    await assert.rejects(trackContributorBranch(unconfigured, sshClone, pull('git@ssh.git.example.com:carol/demo.git'), 'feature/x'), { name: 'UnsafeGitArgumentError' });
  });
});
