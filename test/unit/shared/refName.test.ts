// The one check of server-given ref names before git sees them: each check-ref-format rule, agreement with
// `git check-ref-format --branch` itself (a table and generated names), and the sentence a caller shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkServerRefName, isValidRefName, quotedRefName, refNameProblem, refNameProblemText, type RefNameProblem } from '../../../src/shared/refName';
import { runTestGit } from '../../harness/gitExecutable';

const VALID = [
  'main', 'feature/login', 'fix-1.2', 'ümlaut', 'v1.0.0', 'a-', 'a@b', '@@', 'a{b}', 'a}b', 'a_b', 'a+b', '#1', 'a!b', "x'y",
  'a"b', 'a<b>', 'a.lockx', 'lock', 'refs/pull/6/head', 'refs/remotes/origin/HEAD', 'a/HEAD', 'x.y/z', 'a=b', 'a,b', 'a;b', 'a|b', '日本',
];

const INVALID: ReadonlyArray<readonly [string, RefNameProblem]> = [
  ['', 'empty'],
  ['-Bmain', 'leadingDash'],
  ['-', 'leadingDash'],
  ['--force', 'leadingDash'],
  ['-x/y', 'leadingDash'],
  ['@', 'reserved'],
  ['HEAD', 'reserved'],
  ['a b', 'forbiddenCharacter'],
  [' main', 'forbiddenCharacter'],
  ['a\tb', 'forbiddenCharacter'],
  ['a\nb', 'forbiddenCharacter'],
  ['x\u0001y', 'forbiddenCharacter'],
  ['x\u001fy', 'forbiddenCharacter'],
  ['a\u007fb', 'forbiddenCharacter'],
  ['a~1', 'forbiddenCharacter'],
  ['a^', 'forbiddenCharacter'],
  ['a^{}', 'forbiddenCharacter'],
  ['a:b', 'forbiddenCharacter'],
  ['a?', 'forbiddenCharacter'],
  ['a*', 'forbiddenCharacter'],
  ['a[1', 'forbiddenCharacter'],
  ['a\\b', 'forbiddenCharacter'],
  ['a..b', 'dotDot'],
  ['main..evil', 'dotDot'],
  ['a@{1}', 'atBrace'],
  ['@{-1}', 'atBrace'],
  ['a@{u}', 'atBrace'],
  ['/a', 'slash'],
  ['a/', 'slash'],
  ['a//b', 'slash'],
  ['.hidden', 'dotComponent'],
  ['a/.b', 'dotComponent'],
  ['.', 'dotComponent'],
  ['a.lock', 'lockSuffix'],
  ['a.lock/b', 'lockSuffix'],
  ['a/b.lock', 'lockSuffix'],
  ['a.', 'trailingDot'],
  ['a/b.', 'trailingDot'],
];

test('valid branch and ref names pass', () => {
  for (const name of VALID) {
    assert.equal(refNameProblem(name), undefined, JSON.stringify(name));
    assert.equal(isValidRefName(name), true, JSON.stringify(name));
  }
});

test('each check-ref-format rule is refused with its reason, -Bmain and a leading "-" included', () => {
  for (const [name, problem] of INVALID) {
    assert.equal(refNameProblem(name), problem, JSON.stringify(name));
    assert.equal(isValidRefName(name), false, JSON.stringify(name));
  }
});

/** `git check-ref-format --branch <name>` in an empty repository: what git itself accepts as a branch name. */
async function gitAccepts(cwd: string, name: string): Promise<boolean> {
  return (await runTestGit(['check-ref-format', '--branch', name], { cwd })).code === 0;
}

test('the check agrees with `git check-ref-format --branch` on the table and on generated names', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-refname-'));
  try {
    await runTestGit(['init', '--quiet'], { cwd: dir });
    const names = [...VALID, ...INVALID.map(([n]) => n).filter((n) => n !== '')];
    // Names from the characters the rules are about; a fixed seed keeps the run repeatable.
    const alphabet = ['a', 'b', '/', '.', '-', '@', '{', '}', '~', 'lock', ' ', ':', 'HEAD', '\\', '^', 'é'];
    let seed = 20;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 250; i++) names.push(Array.from({ length: 1 + next(6) }, () => alphabet[next(alphabet.length)]).join(''));
    const disagreements: string[] = [];
    for (const name of new Set(names)) {
      // `@` (HEAD) and `@{-N}` (the N-th previous branch) are resolved by --branch instead of checked.
      if (name === '@' || name.startsWith('@{-')) continue;
      const git = await gitAccepts(dir, name);
      if (git !== isValidRefName(name)) disagreements.push(`${JSON.stringify(name)}: git ${git ? 'accepts' : 'refuses'}`);
    }
    assert.deepEqual(disagreements, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every reason reads as a distinct sentence end', () => {
  const problems = [...new Set(INVALID.map(([, p]) => p))];
  assert.equal(problems.length, 10, 'every rule is in the table');
  const texts = problems.map((p) => refNameProblemText(p));
  assert.equal(new Set(texts).size, problems.length);
  assert.match(refNameProblemText('leadingDash'), /starts with "-"/);
  // Translated through the function given.
  assert.equal(refNameProblemText('empty', (m) => `<${m}>`), '<it is empty>');
});

test('the message names the value quoted and escaped, what it was, and why; none for a valid name', () => {
  assert.equal(checkServerRefName('main', 'the default branch of alice/demo'), undefined);
  assert.equal(
    checkServerRefName('-Bmain', 'the default branch of alice/demo'),
    'The server gave "-Bmain" as the default branch of alice/demo, which is not a valid git ref name: it starts with "-", which git would read as an option. Nothing was changed.',
  );
  const withNewline = checkServerRefName('a\nInstall x', 'the head branch');
  assert.ok(withNewline && !withNewline.includes('\n'), 'a control character is escaped, not shown');
  assert.ok(withNewline.includes('"a\\nInstall x"'));
  assert.equal(quotedRefName('x'.repeat(200)).length, 82, 'at most 80 characters between the quotes');
  assert.equal(quotedRefName('x'.repeat(80)), `"${'x'.repeat(80)}"`);
});

test('each reason says which rule was broken, in so many words', () => {
  const expected: Record<RefNameProblem, string> = {
    empty: 'it is empty',
    leadingDash: 'it starts with "-", which git would read as an option',
    reserved: '"@" and "HEAD" are reserved names',
    forbiddenCharacter: 'it contains a space, a control character or one of ~ ^ : ? * [ \\',
    dotDot: 'it contains ".."',
    atBrace: 'it contains "@{"',
    slash: 'it starts or ends with "/" or contains "//"',
    dotComponent: 'a part of it starts with "."',
    lockSuffix: 'a part of it ends with ".lock"',
    trailingDot: 'it ends with "."',
  };
  for (const [problem, text] of Object.entries(expected)) assert.equal(refNameProblemText(problem as RefNameProblem), text);
  assert.equal(quotedRefName('x'.repeat(81)), `"${'x'.repeat(79)}…"`);
  // The translation reaches the whole sentence and the reason.
  assert.equal(checkServerRefName('a..b', 'the head', (m, ...args) => `[${m}|${args.join('|')}]`), '[The server gave {0} as {1}, which is not a valid git ref name: {2}. Nothing was changed.|"a..b"|the head|[it contains ".."|]]');
});
