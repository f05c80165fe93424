// A changed file's path goes into the instance's raw-file request (…/raw/{filepath}, the user's token attached):
// only a plain relative repository path may, so `..`, a leading `/`, a backslash, an empty segment or a control
// character never reach another API path.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isRepoPath, partitionByRepoPath, repoPathProblem } from '../../../src/shared/repoPath';

describe('repoPathProblem', () => {
  it('plain repository paths pass, however unusual their names', () => {
    for (const p of ['README.md', 'src/a/b.ts', '.github/workflows/ci.yml', '..foo', 'foo..', '...', 'a/.b/c', 'name with spaces', 'ünï/cödé', 'C:/x', 'a%2e%2e/b', '-rf']) {
      assert.equal(repoPathProblem(p), undefined, p);
      assert.ok(isRepoPath(p));
    }
  });

  it('each way out of the repository has its reason', () => {
    const cases: [unknown, string][] = [
      ['', 'empty'],
      [undefined, 'empty'],
      [42, 'empty'],
      ['/etc/passwd', 'absolute'],
      ['//evil/x', 'absolute'],
      ['a\\..\\..\\b', 'backslash'],
      ['..\\x', 'backslash'],
      ['..', 'dotSegment'],
      ['.', 'dotSegment'],
      ['../../../../admin/users', 'dotSegment'],
      ['a/../../b', 'dotSegment'],
      ['a/./b', 'dotSegment'],
      ['a/..', 'dotSegment'],
      ['a//b', 'emptySegment'],
      ['a/', 'emptySegment'],
      ['a\u0000b', 'control'],
      ['a\nb', 'control'],
      ['a\u007fb', 'control'],
    ];
    for (const [p, why] of cases) {
      assert.equal(repoPathProblem(p), why, JSON.stringify(p));
      assert.equal(isRepoPath(p), false);
    }
  });
});

describe('partitionByRepoPath', () => {
  it('a file whose path or previous path is not plain is refused; the rest are kept in order', () => {
    const files = [
      { filename: 'a.txt' },
      { filename: '../../../../admin/users' },
      { filename: 'b.txt', previous_filename: 'old/b.txt' },
      { filename: 'c.txt', previous_filename: '../escape' },
      { filename: 'd.txt', previous_filename: null },
    ];
    const { accepted, refused } = partitionByRepoPath(files);
    assert.deepEqual(accepted.map((f) => f.filename), ['a.txt', 'b.txt', 'd.txt']);
    assert.deepEqual(refused.map((f) => f.filename), ['../../../../admin/users', 'c.txt']);
  });
});
