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
});
