// The branch a checked-out pull request gets, and the pull request a branch remembers in git config.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTestGit as runGit } from '../../harness/gitExecutable';
import {
  branchConfigKey,
  chooseBranchName,
  formatPullRequestKey,
  parsePullRequestKey,
  patternBranchName,
  rememberedPullRequests,
  samePullRequest,
  usableBranchName,
  type PullRequestKey,
} from '../../../src/git/pullRequestBranch';

const PR6: PullRequestKey = { instanceUrl: 'https://git.example.com/sub/', owner: 'alice', repo: 'demo', index: 6 };
const OTHER: PullRequestKey = { ...PR6, index: 7 };

test('a pull request key survives formatting and parsing; owner and repository compare case-insensitively', () => {
  assert.equal(formatPullRequestKey(PR6), 'https://git.example.com/sub/ alice/demo#6');
  assert.deepEqual(parsePullRequestKey(formatPullRequestKey(PR6)), PR6);
  assert.deepEqual(parsePullRequestKey('  http://127.0.0.1:3000/ Org.Name/my-repo#12\n'), { instanceUrl: 'http://127.0.0.1:3000/', owner: 'Org.Name', repo: 'my-repo', index: 12 });
  for (const bad of ['', 'alice/demo#6', 'https://h/ alice#6', 'https://h/ alice/demo', 'https://h/ alice/demo#0', 'https://h/ alice/demo#x', 'https://h/ a/b/c#1', undefined]) {
    assert.equal(parsePullRequestKey(bad), undefined, String(bad));
  }
  assert.ok(samePullRequest(PR6, { ...PR6, owner: 'Alice', repo: 'DEMO' }));
  assert.ok(!samePullRequest(PR6, OTHER));
  assert.ok(!samePullRequest(PR6, { ...PR6, instanceUrl: 'https://other.example.com/' }));
});

test('remembered pull requests come from `git config -l` keys, branch names keeping their case', () => {
  const remembered = rememberedPullRequests([
    { key: 'core.bare', value: 'false' },
    { key: 'branch.Feature/Login.gitea-pr', value: formatPullRequestKey(PR6) },
    { key: 'branch.pr/7-main.gitea-pr', value: formatPullRequestKey(OTHER) },
    { key: 'branch.pr/7-main.gitea-pr-title', value: 'Not a key' },
    { key: 'branch.broken.gitea-pr', value: 'garbage' },
    { key: 'branch.main.remote', value: 'origin' },
  ]);
  assert.deepEqual([...remembered.keys()], ['Feature/Login', 'pr/7-main']);
  assert.deepEqual(remembered.get('pr/7-main'), OTHER);
});

test('the branch is the head branch when free, else pr/<n>-<head>, and a branch remembered as this pull request is reused', () => {
  const none = new Map<string, PullRequestKey>();
  assert.deepEqual(chooseBranchName(PR6, 'feature/login', ['main', 'develop'], none), { name: 'feature/login', existing: false });
  // Taken by a branch of no (or another) pull request.
  assert.deepEqual(chooseBranchName(PR6, 'feature/login', ['main', 'feature/login'], none), { name: 'pr/6-feature/login', existing: false });
  assert.deepEqual(chooseBranchName(PR6, 'feature/login', ['feature/login'], new Map([['feature/login', OTHER]])), { name: 'pr/6-feature/login', existing: false });
  // A fork's `main` next to the clone's own.
  assert.deepEqual(chooseBranchName(PR6, 'main', ['main'], none), { name: 'pr/6-main', existing: false });
  // Reused: under the head branch's name, or under the pr/ name of an earlier checkout.
  assert.deepEqual(chooseBranchName(PR6, 'feature/login', ['main', 'feature/login'], new Map([['feature/login', { ...PR6, owner: 'ALICE' }]])), { name: 'feature/login', existing: true });
  assert.deepEqual(chooseBranchName(PR6, 'main', ['main', 'pr/6-main'], new Map([['pr/6-main', PR6]])), { name: 'pr/6-main', existing: true });
  // Both names taken by other branches.
  assert.deepEqual(chooseBranchName(PR6, 'main', ['main', 'pr/6-main', 'pr/6-main-2'], none), { name: 'pr/6-main-3', existing: false });
  // A branch `feature` blocks `feature/login` (and `pr` blocks `pr/6-…`): git cannot have both.
  assert.deepEqual(chooseBranchName(PR6, 'feature/login', ['feature'], none), { name: 'pr/6-feature/login', existing: false });
  assert.deepEqual(chooseBranchName(PR6, 'feature', ['feature/x'], none), { name: 'pr/6-feature', existing: false });
  assert.deepEqual(chooseBranchName(PR6, 'fix', ['fix', 'pr'], none), { name: 'pr-6-fix', existing: false });
  assert.deepEqual(chooseBranchName(PR6, 'a/b', ['a', 'pr', 'pr-6-a-b'], none), { name: 'pr-6-a-b-2', existing: false });
  // No usable head name (deleted or odd): pr/<n>.
  assert.deepEqual(chooseBranchName(PR6, undefined, ['main'], none), { name: 'pr/6', existing: false });
  assert.deepEqual(chooseBranchName(PR6, 'refs/pull/6/head', ['main'], none), { name: 'pr/6', existing: false });
  assert.equal(branchConfigKey('feature/login'), 'branch.feature/login.gitea-pr');
});

test('usableBranchName accepts what `git check-ref-format --branch` accepts', async () => {
  const names = ['feature/login', 'fix-1.2', 'ümlaut', 'a.lock', 'a..b', 'a b', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[1', 'a\\b', '.hidden', 'a/.b', 'a/', '/a', 'a//b', 'a.', 'a@{1', '-x', 'HEAD', 'x\u0001y'];
  for (const name of names) {
    const git = await runGit(['check-ref-format', '--branch', name], { cwd: tmpdir() });
    assert.equal(usableBranchName(name) !== undefined, git.code === 0, `${JSON.stringify(name)}: git says ${git.code === 0 ? 'valid' : 'invalid'}`);
  }
  assert.equal(usableBranchName('refs/heads/feature/x'), 'feature/x');
});

test('what git config writes for a branch is what rememberedPullRequests reads back', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-prbranch-'));
  try {
    assert.equal((await runGit(['init', '--quiet'], { cwd: dir })).code, 0);
    const set = await runGit(['config', '--local', '--replace-all', branchConfigKey('Feature/Login'), formatPullRequestKey(PR6)], { cwd: dir });
    assert.equal(set.code, 0, set.stderr);
    const list = await runGit(['config', '--local', '-l'], { cwd: dir });
    const configs = list.stdout.split('\n').filter(Boolean).map((line) => ({ key: line.slice(0, line.indexOf('=')), value: line.slice(line.indexOf('=') + 1) }));
    assert.deepEqual(rememberedPullRequests(configs).get('Feature/Login'), PR6);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('gitea.checkoutBranchName: the pattern\'s name when free and valid; else the nested fallback', () => {
  const none = new Map<string, PullRequestKey>();
  assert.equal(patternBranchName('pr-${number}/${head}', { head: 'fix', number: 6 }), 'pr-6/fix');
  assert.equal(patternBranchName('${owner}/${head}', { head: 'fix', number: 6, owner: 'bob' }), 'bob/fix');
  assert.equal(patternBranchName('${owner}/${head}', { head: 'fix', number: 6 }), undefined, 'no owner');
  assert.equal(patternBranchName('review..${number}', { number: 6 }), undefined, 'not a branch name git takes');
  assert.deepEqual(chooseBranchName(PR6, 'feature/login', ['main'], none, 'review/${number}'), { name: 'review/6', existing: false });
  assert.deepEqual(chooseBranchName(PR6, 'feature/login', ['main', 'review/6'], none, 'review/${number}'), { name: 'pr/6-feature/login', existing: false });
  assert.deepEqual(chooseBranchName(PR6, 'feature/login', ['main', 'feature/login'], new Map([['feature/login', PR6]]), 'review/${number}'), { name: 'feature/login', existing: true }, 'the branch it already has');
});
