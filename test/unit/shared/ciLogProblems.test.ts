// The problems a CI log names in the repository's files, over a corpus of real-looking logs (test/fixtures/ci-logs:
// ESLint stylish, TypeScript/MSBuild, Go, Python tracebacks and pytest, mocha/jest stack frames, gcc, rustc,
// workflow commands, ANSI colours), the path rules (runner checkout paths made relative, anything outside the
// repository dropped), and the bounds (a hostile line, a 10 MB log, the caps).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLogProblems, repoRelativePath, type LogProblem } from '../../../src/shared/ciLogProblems';
import { REPO_ROOT } from '../../harness/paths';

const repo = { owner: 'alice', repo: 'demo' };
const corpus = (name: string) => readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'ci-logs', name), 'utf8');
/** path:line:col severity [code] — compact enough to read the expectations at a glance. */
const brief = (p: LogProblem) => `${p.path}:${p.line}${p.column ? `:${p.column}` : ''} ${p.severity}${p.code ? ` ${p.code}` : ''}`;
const parse = (name: string) => parseLogProblems(corpus(name), repo).problems;

describe('CI log problems: the corpus', () => {
  it('ESLint stylish: the rows of each file block, runner paths made relative; other trees and node_modules dropped', () => {
    const problems = parse('eslint-stylish.log');
    assert.deepEqual(problems.map(brief), [
      'src/auth.ts:6:17 error @typescript-eslint/no-unused-vars',
      'src/auth.ts:7:3 warning no-console',
      'src/main.ts:2:1 error import/order',
    ]);
    assert.equal(problems[0]!.message, "'c' is defined but never used");
    assert.equal(problems[0]!.logLine, 6, 'the row, not the file line');
    assert.equal(problems[0]!.logColumn, '2024-01-14T10:05:31.2345678Z '.length);
  });

  it('TypeScript / MSBuild `path(line,col): error TSxxxx:`; escaping, absolute and Windows paths dropped', () => {
    const problems = parse('tsc-msbuild.log');
    assert.deepEqual(problems.map(brief), ['src/search.ts:3:10 error TS2322', 'src/utils/strings.ts:12:1 warning TS6133']);
    assert.equal(problems[0]!.message, "Type 'number' is not assignable to type 'string'.");
  });

  it('Go: compiler `./file.go:line:col: msg` and test `file_test.go:line: msg`', () => {
    assert.deepEqual(parse('go.log').map(brief), ['server/handler.go:42:9 error', 'server/router.go:17:2 error', 'search_test.go:21 error']);
  });

  it('Python: traceback frames in the repository get the exception; pytest `file.py:line: Error`', () => {
    const problems = parse('python.log');
    assert.deepEqual(problems.map(brief), ['tools/check.py:14 error', 'tools/check.py:9 error', 'tests/test_search.py:12 error']);
    assert.equal(problems[0]!.message, "ValueError: config.yml: missing key 'name'");
  });

  it('JavaScript stack frames: the first frame in the repository, with the error line above it', () => {
    const problems = parse('jest-mocha.log');
    assert.deepEqual(problems.map(brief), ['test/search.test.js:8:12 error', 'src/auth.ts:7:22 error']);
    assert.equal(problems[0]!.message, 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:');
    assert.equal(problems[1]!.message, "TypeError: Cannot read properties of undefined (reading 'length')");
  });

  it('rustc, gcc, workflow commands and ANSI colours; URLs, times and versions are not locations', () => {
    const problems = parse('mixed.log');
    assert.deepEqual(problems.map(brief), ['src/main.rs:2:5 error', 'src/lib.c:10:3 warning', 'src/auth.ts:3:9 error', 'src/colour.ts:5:1 error']);
    assert.equal(problems[0]!.message, 'error[E0425]: cannot find value `y` in this scope');
    assert.equal(problems[2]!.message, 'Password too short');
  });
});

describe('CI log problems: paths', () => {
  const cases: [string, string | undefined][] = [
    ['src/a.ts', 'src/a.ts'],
    ['./src/a.ts', 'src/a.ts'],
    ['src/../lib/a.ts', 'lib/a.ts'],
    ['/workspace/alice/demo/src/a.ts', 'src/a.ts'],
    ['/__w/demo/demo/src/a.ts', 'src/a.ts'],
    ['/WORKSPACE/Alice/Demo/src/a.ts', 'src/a.ts'],
    ['file:///workspace/alice/demo/src/a.ts', 'src/a.ts'],
    ['../src/a.ts', undefined],
    ['src/../../a.ts', undefined],
    ['/etc/passwd', undefined],
    ['/workspace/alice/other/src/a.ts', undefined],
    ['/workspace/alice/demo/../../etc/passwd', undefined],
    ['C:\\src\\a.ts', undefined],
    ['node_modules/x/index.js', undefined],
  ];
  for (const [raw, expected] of cases) it(`${raw} → ${String(expected)}`, () => assert.equal(repoRelativePath(raw, 'alice', 'demo'), expected));
});

describe('CI log problems: bounded', () => {
  // A pattern with catastrophic backtracking would run for minutes on these lines: the test's timeout catches it.
  it('hostile lines of near-misses find nothing and end', { timeout: 20_000 }, () => {
    const hostile = ['a.'.repeat(500_000), `${'x('.repeat(300_000)}1,1): e`, `${' a.b:'.repeat(200_000)}`, `${'  at ('.repeat(100_000)}`, `File "${'a'.repeat(500_000)}`];
    // Uncapped line length: every pattern sees the whole line.
    const result = parseLogProblems(hostile.join('\n'), { ...repo, maxLineLength: 2_000_000 });
    assert.deepEqual(result.problems, []);
  });

  it('lines that made the earlier patterns quadratic: `[a[a…`, spaces before a message, `at` and `::error` with spaces', { timeout: 20_000 }, () => {
    const spaces = ' '.repeat(500_000);
    const hostile = [
      ...Array.from({ length: 200 }, () => '[a'.repeat(2_048)),
      '[a'.repeat(500_000),
      `src/a.ts(1,1)${spaces}:${spaces}\u2028`,
      `${spaces}1:1${spaces}error${spaces}\u2028`,
      `at${spaces}${'x'.repeat(100_000)}\u2028`,
      `::error${spaces}x`,
      `src/a.ts:1: TS1${spaces}:${spaces}\u2028`,
    ];
    const result = parseLogProblems(hostile.join('\n'), { ...repo, maxLineLength: 2_000_000 });
    assert.deepEqual(result.problems.map(brief), ['src/a.ts:1 error']);
    assert.equal(result.problems[0]!.message.startsWith('TS1'), true);
  });

  it('the message after a location loses its spaces as before the patterns changed', () => {
    const text = ['src/a.ts(3,10):    error TS2322:    Type x.', '::error   file=src/b.ts,line=2::  boom  ', 'src/c.ts', '   1:2   error   Bad thing   no-bad'].join('\n');
    const problems = parseLogProblems(text, repo).problems;
    assert.deepEqual(problems.map((p) => [brief(p), p.message]), [
      ['src/a.ts:3:10 error TS2322', 'Type x.'],
      ['src/b.ts:2 error', 'boom'],
      ['src/c.ts:1:2 error no-bad', 'Bad thing'],
    ]);
  });

  it('a 10 MB log: the line cap stops the reading and says so', () => {
    const line = '2024-01-14T10:05:31.2345678Z src/search.ts(3,10): error TS2322: same problem\n';
    const text = line.repeat(Math.ceil((10 * 1024 * 1024) / line.length));
    const result = parseLogProblems(text, { ...repo, maxLines: 1_000 });
    assert.equal(result.truncated, true);
    assert.equal(result.problems.length, 1, 'the same problem once');
  });

  it('the problem cap keeps the first ones and says there are more', () => {
    const text = Array.from({ length: 50 }, (_, i) => `src/a.ts:${i + 1}:1: error: e${i}`).join('\n');
    const result = parseLogProblems(text, { ...repo, maxProblems: 10 });
    assert.equal(result.problems.length, 10);
    assert.equal(result.problems[9]!.line, 10);
    assert.equal(result.truncated, true);
  });

  it('a line longer than the length cap is read up to the cap', () => {
    const text = `src/a.ts:3:1: error: ${'x'.repeat(10_000)}`;
    const [p] = parseLogProblems(text, { ...repo, maxLineLength: 100 }).problems;
    assert.equal(p?.line, 3);
    assert.ok(p!.message.length < 100);
  });
});
