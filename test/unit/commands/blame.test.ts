// Blame of one line against a real git repository, with unsaved text piped on stdin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blameLine, mergeCommitBringing, parsePorcelain, UNCOMMITTED_SHA } from '../../../src/git/blame';
import { gitExecutable, runTestGit } from '../../harness/gitExecutable';

const GIT = { git: gitExecutable() };

let root = '';
const env = { GIT_AUTHOR_NAME: 'Alice', GIT_AUTHOR_EMAIL: 'alice@example.com', GIT_COMMITTER_NAME: 'Alice', GIT_COMMITTER_EMAIL: 'alice@example.com' };
async function git(...args: string[]): Promise<string> {
  Object.assign(process.env, env);
  const r = await runTestGit(args, { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim();
}

let first = '';
let feature = '';
let featureTip = '';
let merge = '';
let direct = '';

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'gw-blame-'));
  await git('init', '-q', '-b', 'main');
  await writeFile(join(root, 'a.txt'), 'one\ntwo\nthree\n');
  await git('add', 'a.txt');
  await git('commit', '-q', '-m', 'first commit');
  first = await git('rev-parse', 'HEAD');
  await git('checkout', '-q', '-b', 'feature');
  await writeFile(join(root, 'a.txt'), 'one\nTWO\nthree\n');
  await git('commit', '-q', '-am', 'feature: shout two');
  feature = await git('rev-parse', 'HEAD');
  // A second commit on the branch: the merge's parent is this one, not `feature`.
  await writeFile(join(root, 'e.txt'), 'e\n');
  await git('add', 'e.txt');
  await git('commit', '-q', '-m', 'feature: add e');
  featureTip = await git('rev-parse', 'HEAD');
  await git('checkout', '-q', 'main');
  await writeFile(join(root, 'b.txt'), 'b\n');
  await git('add', 'b.txt');
  await git('commit', '-q', '-m', 'b');
  await git('merge', '-q', '--no-ff', 'feature', '-m', 'Merge pull request #1');
  merge = await git('rev-parse', 'HEAD');
  // A commit straight on main, followed by the merge of an unrelated branch.
  await writeFile(join(root, 'c.txt'), 'c\n');
  await git('add', 'c.txt');
  await git('commit', '-q', '-m', 'direct on main');
  direct = await git('rev-parse', 'HEAD');
  await git('checkout', '-q', '-b', 'other');
  await writeFile(join(root, 'd.txt'), 'd\n');
  await git('add', 'd.txt');
  await git('commit', '-q', '-m', 'other work');
  await git('checkout', '-q', 'main');
  await git('merge', '-q', '--no-ff', 'other', '-m', 'Merge pull request #2');
});

after(async () => {
  await rm(root, { recursive: true, force: true });
});

test('a committed line: full SHA, author, summary', async () => {
  const r = await blameLine(root, 'a.txt', 1, 'one\nTWO\nthree\n', GIT);
  assert.equal(r.kind, 'line');
  assert.ok(r.kind === 'line');
  assert.equal(r.line.sha, first);
  assert.equal(r.line.sha.length, 40);
  assert.equal(r.line.uncommitted, false);
  assert.equal(r.line.author, 'Alice');
  assert.equal(r.line.authorMail, 'alice@example.com');
  assert.equal(r.line.summary, 'first commit');
  assert.equal(r.line.content, 'one');
});

test('a line from a merged branch names the branch commit; the merge that brought it in is found', async () => {
  const r = await blameLine(root, 'a.txt', 2, 'one\nTWO\nthree\n', GIT);
  assert.ok(r.kind === 'line');
  assert.equal(r.line.sha, feature);
  // Any commit of the branch, not only the merge's own parent.
  assert.equal(await mergeCommitBringing(root, feature, GIT), merge);
  assert.equal(await mergeCommitBringing(root, featureTip, GIT), merge);
  // Commits made on main itself came in through no merge, even when later merges descend from them.
  assert.equal(await mergeCommitBringing(root, merge, GIT), undefined);
  assert.equal(await mergeCommitBringing(root, direct, GIT), undefined);
});

test('unsaved edits are taken into account: an edited line is not committed yet', async () => {
  const r = await blameLine(root, 'a.txt', 3, 'one\nTWO\nthree, edited\n', GIT);
  assert.ok(r.kind === 'line');
  assert.equal(r.line.sha, UNCOMMITTED_SHA);
  assert.equal(r.line.uncommitted, true);
  // An inserted line above shifts the committed ones: line 4 is still "three" from the first commit.
  const shifted = await blameLine(root, 'a.txt', 4, 'one\nTWO\nnew\nthree\n', GIT);
  assert.ok(shifted.kind === 'line');
  assert.equal(shifted.line.sha, first);
});

test('a file that is not in HEAD is untracked; a line past the end fails with git’s message', async () => {
  assert.deepEqual(await blameLine(root, 'new.txt', 1, 'x\n', GIT), { kind: 'untracked' });
  const past = await blameLine(root, 'a.txt', 9, 'one\n', GIT);
  assert.equal(past.kind, 'failed');
});

test('porcelain parsing: header, fields, content; garbage gives undefined', () => {
  const sha = 'a'.repeat(40);
  const parsed = parsePorcelain(`${sha} 3 5 1\nauthor Bob Dylan\nauthor-mail <bob@x>\nauthor-time 1700000000\nsummary Fix: it\nfilename old/name.ts\n\tconst x = 1;\r\n`);
  assert.deepEqual(parsed, {
    sha,
    uncommitted: false,
    originalLine: 3,
    finalLine: 5,
    author: 'Bob Dylan',
    authorMail: 'bob@x',
    authorTime: 1700000000,
    summary: 'Fix: it',
    filename: 'old/name.ts',
    content: 'const x = 1;',
  });
  assert.equal(parsePorcelain('fatal: nope'), undefined);
});
