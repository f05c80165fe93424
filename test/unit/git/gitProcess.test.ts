// The one module that starts git (src/git/gitProcess.ts) and the argument lists it is given (src/git/gitCommands.ts):
// an absolute git only, no shell, bounded output, cancellable; refs checked and `--` before them; and every list
// is one the installed git accepts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitArgs, isFullSha, UnsafeGitArgumentError } from '../../../src/git/gitCommands';
import { GitUnavailableError, gitSpawnSpec, resolveGitExecutable, runGit, type GitArgs } from '../../../src/git/gitProcess';
import { remoteDefaultBranch } from '../../../src/git/remoteHead';
import { gitExecutable, runTestGit } from '../../harness/gitExecutable';

const SHA = 'a'.repeat(40);
const OLD = 'b'.repeat(40);
let dir = '';
/** An executable that prints each argument on a line (stands in for git where git itself does not matter). */
let echo = '';

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'gwb-gitprocess-'));
  echo = join(dir, 'echo-args');
  writeFileSync(echo, '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done\n');
  chmodSync(echo, 0o755);
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('git is started by the absolute path given, without a shell, hidden, untranslated and without prompts', () => {
  const spec = gitSpawnSpec(gitArgs.headCommit(), { git: '/usr/bin/git', cwd: dir });
  assert.equal(spec.command, '/usr/bin/git');
  assert.deepEqual(spec.args, ['rev-parse', '--verify', '--quiet', 'HEAD']);
  assert.equal(spec.options.shell, false);
  assert.equal(spec.options.cwd, dir);
  assert.equal(spec.options.windowsHide, true);
  assert.equal(spec.options.env?.LC_ALL, 'C');
  assert.equal(spec.options.env?.GIT_TERMINAL_PROMPT, '0');
});

test('a bare or relative git is refused before anything starts (Windows looks for it in the repository first)', async () => {
  // A "git" in the working directory that would leave a mark if it ran.
  const planted = join(dir, 'git');
  writeFileSync(planted, `#!/bin/sh\ntouch "${join(dir, 'ran')}"\n`);
  chmodSync(planted, 0o755);
  for (const git of ['git', 'git.exe', './git', '', 'bin/git']) {
    assert.throws(() => gitSpawnSpec(gitArgs.headCommit(), { git, cwd: dir }), GitUnavailableError, JSON.stringify(git));
    await assert.rejects(runGit(gitArgs.headCommit(), { git, cwd: dir }), GitUnavailableError);
  }
  assert.equal(existsSync(join(dir, 'ran')), false);
});

test('the git extension\'s bare `git` (Linux) is found in the absolute folders of PATH only, never the working directory', async () => {
  const bin = join(dir, 'bin');
  const local = join(dir, 'local');
  mkdirSync(bin);
  mkdirSync(local);
  writeFileSync(join(bin, 'git'), '#!/bin/sh\n');
  chmodSync(join(bin, 'git'), 0o755);
  writeFileSync(join(local, 'git'), '#!/bin/sh\n');
  chmodSync(join(local, 'git'), 0o755);
  const cwd = process.cwd();
  process.chdir(local);
  try {
    // '', '.' and relative entries all mean the working directory (or below it): skipped.
    assert.equal(await resolveGitExecutable('git', { PATH: ['', '.', 'local', join(dir, 'none'), bin].join(':') }, 'linux'), join(bin, 'git'));
    assert.equal(await resolveGitExecutable('git', { PATH: ['', '.', './'].join(':') }, 'linux'), undefined);
    assert.equal(await resolveGitExecutable('git', {}, 'linux'), undefined);
  } finally {
    process.chdir(cwd);
  }
  // An absolute path is taken as it is; a relative path or a drive-relative one never.
  assert.equal(await resolveGitExecutable('/opt/git/bin/git', { PATH: bin }, 'linux'), '/opt/git/bin/git');
  assert.equal(await resolveGitExecutable('C:\\Program Files\\Git\\cmd\\git.exe', {}, 'win32'), 'C:\\Program Files\\Git\\cmd\\git.exe');
  for (const relative of ['./git', 'bin/git', '..\\git.exe', 'C:git.exe', '']) assert.equal(await resolveGitExecutable(relative, { PATH: bin }, 'linux'), undefined, relative);
  // The variable may be spelled Path (Windows).
  assert.equal(await resolveGitExecutable('git', { Path: `.:${bin}` }, 'linux'), join(bin, 'git'));
});

test('arguments reach git as they are: no shell expands or splits them', async () => {
  const message = 'Gitea Workbench: before $(touch pwned); rm -rf ~ `id` "quoted" * | x';
  const result = await runGit(gitArgs.stashPush(message), { git: echo, cwd: dir });
  assert.equal(result.code, 0);
  assert.deepEqual(result.stdout.split('\n').slice(0, -1), ['stash', 'push', `--message=${message}`, '--']);
  assert.equal(existsSync(join(dir, 'pwned')), false);
});

test('output beyond the bound stops git and rejects the run', async () => {
  const loud = join(dir, 'loud');
  writeFileSync(loud, '#!/bin/sh\nwhile :; do echo xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx; done\n');
  chmodSync(loud, 0o755);
  await assert.rejects(runGit(gitArgs.headCommit(), { git: loud, cwd: dir, maxOutputBytes: 10_000 }), /more than 10000 bytes/);
});

test('an aborted signal stops git and rejects the run', async () => {
  const slow = join(dir, 'slow');
  writeFileSync(slow, '#!/bin/sh\nexec sleep 30\n');
  chmodSync(slow, 0o755);
  const abort = new AbortController();
  const run = runGit(gitArgs.headCommit(), { git: slow, cwd: dir, signal: abort.signal });
  abort.abort();
  await assert.rejects(run, { name: 'AbortError' });
});

test('refs and paths come after `--` wherever git takes it; shas and refs are checked first', () => {
  const after = (args: GitArgs, value: string) => assert.ok(args.indexOf('--') >= 0 && args.indexOf('--') < args.indexOf(value), `${value} after -- in ${args.join(' ')}`);
  after(gitArgs.blameLine('-rf.txt', 3), '-rf.txt');
  assert.deepEqual(gitArgs.blameLine('a.txt', 3), ['blame', '--porcelain', '-L', '3,3', '--contents', '-', '--', 'a.txt']);
  after(gitArgs.remoteHead('origin'), 'refs/remotes/origin/HEAD');
  after(gitArgs.refExists('refs/heads/main'), 'refs/heads/main');
  after(gitArgs.setBranchConfig('branch.main.gitea-pr-title', '--global'), 'branch.main.gitea-pr-title');
  after(gitArgs.fastForward(SHA), SHA);
  after(gitArgs.moveBranch('pr/6-main', SHA, OLD), 'refs/heads/pr/6-main');
  after(gitArgs.isAncestorOfFirstParent(SHA, OLD), SHA);
  // Revisions before `--` (nothing after it: no paths).
  assert.deepEqual(gitArgs.resetKeep(SHA), ['reset', '--keep', SHA, '--']);
  assert.deepEqual(gitArgs.mainlineMergesAfter(SHA).slice(-2), [`${SHA}..HEAD`, '--']);
  assert.deepEqual(gitArgs.descendantsOf(SHA).slice(-2), [`${SHA}..HEAD`, '--']);
  assert.deepEqual(gitArgs.stashPush('-m x').slice(-2), ['--message=-m x', '--']);
});

test('a ref git would misread, or a commit that is not a full SHA, never becomes an argument list', () => {
  const unsafe = (build: () => unknown) => assert.throws(build, UnsafeGitArgumentError);
  unsafe(() => gitArgs.moveBranch('-Bmain', SHA, OLD));
  unsafe(() => gitArgs.moveBranch('main..x', SHA, OLD));
  unsafe(() => gitArgs.moveBranch('main', 'HEAD', OLD));
  unsafe(() => gitArgs.moveBranch('main', SHA, '--all'));
  unsafe(() => gitArgs.fastForward('-Bmain'));
  unsafe(() => gitArgs.fastForward(SHA.slice(0, 39)));
  unsafe(() => gitArgs.resetKeep(`${SHA}~1`));
  unsafe(() => gitArgs.mainlineMergesAfter('--all'));
  unsafe(() => gitArgs.descendantsOf('HEAD'));
  unsafe(() => gitArgs.isAncestorOfFirstParent(SHA, '-x'));
  unsafe(() => gitArgs.remoteHead('a b'));
  unsafe(() => gitArgs.remoteHead('..'));
  unsafe(() => gitArgs.refExists('main'));
  unsafe(() => gitArgs.refExists('refs/heads/-x/../y'));
  unsafe(() => gitArgs.setBranchConfig('core.sshCommand', 'x'));
  unsafe(() => gitArgs.setBranchConfig('branch.-Bmain.gitea-pr', 'x'));
  unsafe(() => gitArgs.blameLine('a.txt', 0));
  unsafe(() => gitArgs.blameLine('a.txt', 1.5));
  assert.ok(isFullSha('0'.repeat(64)));
  assert.ok(!isFullSha('A'.repeat(40)));
  assert.ok(!isFullSha(`${SHA}\n`));
});

test('the installed git accepts every argument list, `--` included', async () => {
  const git = gitExecutable();
  const repo = join(dir, 'repo');
  const run = (args: GitArgs) => runGit(args, { git, cwd: repo });
  const must = async (args: readonly string[]) => {
    const r = await runTestGit(args, { cwd: repo });
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
    return r.stdout.trim();
  };
  await runTestGit(['init', '--quiet', '-b', 'main', repo], { cwd: dir });
  await must(['-c', 'user.name=A', '-c', 'user.email=a@example.com', 'commit', '--quiet', '--allow-empty', '-m', 'one']);
  const one = await must(['rev-parse', 'HEAD']);
  await must(['-c', 'user.name=A', '-c', 'user.email=a@example.com', 'commit', '--quiet', '--allow-empty', '-m', 'two']);
  const two = await must(['rev-parse', 'HEAD']);
  await must(['update-ref', 'refs/remotes/origin/main', two]);
  await must(['symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main']);

  assert.equal((await run(gitArgs.headCommit())).stdout.trim(), two);
  assert.equal(await remoteDefaultBranch(git, repo, 'origin'), 'main');
  assert.equal(await remoteDefaultBranch(git, repo, 'upstream'), undefined, 'no such remote HEAD');
  assert.equal(await remoteDefaultBranch(git, repo, '-x'), undefined, 'a remote name git would misread is not asked');
  assert.equal((await run(gitArgs.refExists('refs/heads/main'))).code, 0);
  assert.equal((await run(gitArgs.refExists('refs/heads/nope'))).code, 1);
  assert.equal((await run(gitArgs.setBranchConfig('branch.main.gitea-pr-title', '--global'))).code, 0);
  assert.equal(await must(['config', '--local', '--get', 'branch.main.gitea-pr-title']), '--global', 'the title is the value, not an option');
  assert.equal((await run(gitArgs.moveBranch('side', one, '0'.repeat(40)))).code, 0, 'created where it did not exist');
  assert.equal((await run(gitArgs.isAncestorOfFirstParent(one, two))).code, 0);
  assert.equal((await run(gitArgs.mainlineMergesAfter(one))).code, 0);
  assert.equal((await run(gitArgs.descendantsOf(one))).stdout.trim(), two);
  await must(['checkout', '--quiet', 'side']);
  assert.equal((await run(gitArgs.fastForward(two))).code, 0);
  assert.equal(await must(['rev-parse', 'HEAD']), two);
  assert.equal((await run(gitArgs.resetKeep(one))).code, 0);
  assert.equal(await must(['rev-parse', 'HEAD']), one);
  assert.equal((await run(gitArgs.moveBranch('side', two, one))).code, 0, 'moved from where it was');
  assert.match((await run(gitArgs.gitPath('FETCH_HEAD'))).stdout, /FETCH_HEAD/);
});

test('each builder gives exactly the argument list git is meant to run', () => {
  assert.deepEqual(gitArgs.mainlineMergesAfter(SHA), ['rev-list', '--first-parent', '--merges', '--reverse', `${SHA}..HEAD`, '--']);
  assert.deepEqual(gitArgs.descendantsOf(SHA), ['rev-list', '--ancestry-path', `${SHA}..HEAD`, '--']);
  assert.deepEqual(gitArgs.isAncestorOfFirstParent(SHA, OLD), ['merge-base', '--is-ancestor', '--', SHA, `${OLD}^1`]);
  assert.deepEqual(gitArgs.remoteHead('origin'), ['symbolic-ref', '--short', '--', 'refs/remotes/origin/HEAD']);
  assert.deepEqual(gitArgs.refExists('refs/heads/main'), ['show-ref', '--verify', '--quiet', '--', 'refs/heads/main']);
  assert.deepEqual(gitArgs.gitPath('FETCH_HEAD'), ['rev-parse', '--git-path', 'FETCH_HEAD']);
  assert.deepEqual(gitArgs.setBranchConfig('branch.pr/6-main.remote', '-x'), ['config', '--local', '--replace-all', '--', 'branch.pr/6-main.remote', '-x']);
  assert.deepEqual(gitArgs.fastForward(SHA), ['merge', '--ff-only', '--quiet', '--', SHA]);
  assert.deepEqual(gitArgs.moveBranch('pr/6-main', SHA, OLD), ['update-ref', '--', 'refs/heads/pr/6-main', SHA, OLD]);
  assert.deepEqual(gitArgs.stashPush('m'), ['stash', 'push', '--message=m', '--']);
  assert.deepEqual(gitArgs.blameLine('a.txt', 1), ['blame', '--porcelain', '-L', '1,1', '--contents', '-', '--', 'a.txt']);
});

test('a refused value is named in the error, quoted and cut at 80 characters', () => {
  const long = `-${'x'.repeat(100)}`;
  const refused = (build: () => unknown, message: string) => assert.throws(build, (e: unknown) => {
    assert.ok(e instanceof UnsafeGitArgumentError);
    assert.equal(e.name, 'UnsafeGitArgumentError');
    assert.equal(e.message, message);
    return true;
  });
  const cut = JSON.stringify(long.slice(0, 80));
  refused(() => gitArgs.fastForward(long), `not a full commit SHA: ${cut}`);
  refused(() => gitArgs.moveBranch(long, SHA, OLD), `not a valid ref name (leadingDash): ${cut}`);
  refused(() => gitArgs.refExists(long), `not a full ref: ${cut}`);
  refused(() => gitArgs.setBranchConfig(long, 'x'), `not a branch config key: ${cut}`);
  refused(() => gitArgs.blameLine('a.txt', -2), 'not a line number: -2');
});

test('a branch config key is exactly branch.<valid name>.<variable>, and a SHA exactly 40 or 64 lowercase hex digits', () => {
  for (const key of ['xbranch.main.remote', 'branch.main.remote!', 'branch.main.1x', 'branch.main.', 'branch..remote', 'branch.a..b.remote']) {
    assert.throws(() => gitArgs.setBranchConfig(key, 'x'), UnsafeGitArgumentError, key);
  }
  assert.deepEqual(gitArgs.setBranchConfig('branch.main.m', 'x').slice(-2), ['branch.main.m', 'x']);
  for (const value of [SHA, '0123456789abcdef'.repeat(4), '9'.repeat(40)]) assert.ok(isFullSha(value), value);
  for (const value of ['', 'a'.repeat(39), 'a'.repeat(41), 'a'.repeat(63), 'a'.repeat(65), `x${SHA}`, `${SHA}x`, `${'a'.repeat(39)}g`, `${'a'.repeat(39)} `]) {
    assert.ok(!isFullSha(value), value);
  }
});

test('git is started with piped stdio, no pager, the abort signal and the rest of the environment', () => {
  const abort = new AbortController();
  const spec = gitSpawnSpec(gitArgs.headCommit(), { git: '/usr/bin/git', cwd: dir, signal: abort.signal });
  assert.deepEqual(spec.options.stdio, ['pipe', 'pipe', 'pipe']);
  assert.equal(spec.options.env?.GIT_PAGER, 'cat');
  assert.equal(spec.options.env?.PATH, process.env.PATH);
  assert.equal(spec.options.signal, abort.signal);
  assert.throws(() => gitSpawnSpec(gitArgs.headCommit(), { git: 'git', cwd: dir }), { message: 'git must be started by its absolute path, not "git"' });
});

test('PATH lookup: Windows adds .exe, splits on ";" and needs no execute bit; elsewhere a file must be executable', async () => {
  // On Linux a win32 path such as `\bin\git.exe` is one file name in the working directory: it stands in for C:\bin.
  const win = join(dir, 'win');
  mkdirSync(win);
  writeFileSync(join(win, '\\bin\\git.exe'), '');
  writeFileSync(join(win, '\\bin\\git.EXE'), '');
  writeFileSync(join(win, '\\bin\\git.exe.x.exe'), '');
  const plain = join(dir, 'plain');
  mkdirSync(plain);
  writeFileSync(join(plain, 'git'), '#!/bin/sh\n');
  chmodSync(join(plain, 'git'), 0o644);
  const cwd = process.cwd();
  process.chdir(win);
  try {
    assert.equal(await resolveGitExecutable('git', { PATH: 'C:\\none;\\bin' }, 'win32'), '\\bin\\git.exe');
    assert.equal(await resolveGitExecutable('git.EXE', { PATH: '\\bin' }, 'win32'), '\\bin\\git.EXE');
    assert.equal(await resolveGitExecutable('git.exe.x', { PATH: '\\bin' }, 'win32'), '\\bin\\git.exe.x.exe', '.exe only at the end counts');
    assert.equal(await resolveGitExecutable('git', { PATH: '\\bin' }, 'linux'), undefined, 'a relative PATH entry on Linux');
  } finally {
    process.chdir(cwd);
  }
  assert.equal(await resolveGitExecutable('git', { PATH: plain }, 'linux'), undefined, 'not executable');
  assert.equal(await resolveGitExecutable('git', { GIT_DIR: join(dir, 'bin'), PATH: plain }, 'linux'), undefined, 'PATH, not another variable');
  assert.equal(await resolveGitExecutable('git', { PATH: `${plain}:${join(dir, 'bin')}` }, 'linux'), join(dir, 'bin', 'git'));
});
