// The CI problems parsed in slices (parseLogProblemsInSlices, what the Problems view and the log's links run in the
// extension host, #40): the same problems as the one-go parse, whatever the log's parts; the caps across parts; the
// event loop turns while a long log is parsed; an abort stops it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLogProblems, parseLogProblemsInSlices } from '../../../src/shared/ciLogProblems';
import { REPO_ROOT } from '../../harness/paths';

const repo = { owner: 'alice', repo: 'demo' };
const CORPUS = ['eslint-stylish.log', 'go.log', 'jest-mocha.log', 'mixed.log', 'python.log', 'tsc-msbuild.log', 'runner/failure.log'];
const corpus = (name: string) => readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'ci-logs', name), 'utf8');

/** The text cut into parts of `n` whole lines each (as the log is kept: one part per slice read or per poll). */
function parts(text: string, n: number): string[] {
  const lines = text.split(/(?<=\n)/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += n) out.push(lines.slice(i, i + n).join(''));
  return out;
}

describe('CI log problems in slices', () => {
  for (const name of CORPUS) {
    it(`${name}: the same problems as the one-go parse, in one part or in parts of 1 and 3 lines`, async () => {
      const text = corpus(name);
      const whole = parseLogProblems(text, repo);
      assert.ok(whole.problems.length > 0, 'the fixture names problems');
      for (const split of [[text], parts(text, 1), parts(text, 3)]) {
        assert.deepEqual(await parseLogProblemsInSlices(split, repo), whole);
      }
    });
  }

  it('the line cap counts across parts and says that more was left, also when it falls on a part boundary', async () => {
    const text = Array.from({ length: 40 }, (_, i) => `src/a.ts:${i + 1}:1: error: e${i}\n`).join('');
    for (const n of [1, 7, 10]) {
      const r = await parseLogProblemsInSlices(parts(text, n), { ...repo, maxLines: 10 });
      assert.deepEqual(r.problems.map((p) => p.line), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], `parts of ${n}`);
      assert.equal(r.truncated, true, `parts of ${n}`);
    }
    const exact = await parseLogProblemsInSlices(parts(text, 10), { ...repo, maxLines: 40 });
    assert.equal(exact.truncated, false, 'a log of exactly the cap is whole');
  });

  it('the problem cap stops the reading across parts', async () => {
    const text = Array.from({ length: 50 }, (_, i) => `src/a.ts:${i + 1}:1: error: e${i}\n`).join('');
    const r = await parseLogProblemsInSlices(parts(text, 4), { ...repo, maxProblems: 10 });
    assert.equal(r.problems.length, 10);
    assert.equal(r.truncated, true);
  });

  it('a long log: other work runs between its slices, and the result is the one-go parse', async () => {
    const line = '2024-01-14T10:05:31.2345678Z src/search.ts(3,10): error TS2322: a line of a long log, read to its end\n';
    const text = line.repeat(Math.ceil((8 * 1024 * 1024) / line.length));
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const r = await parseLogProblemsInSlices([text], { ...repo, maxLines: Infinity });
    ticking = false;
    assert.deepEqual(r, parseLogProblems(text, { ...repo, maxLines: Infinity }));
    assert.ok(turns > 1, `the event loop turned ${turns} times while 8 MB were parsed`);
  });

  it('an abort stops the parse between slices', async () => {
    const line = 'src/a.ts:1:1: error: the same line, many times over\n';
    const text = line.repeat(Math.ceil((8 * 1024 * 1024) / line.length));
    const controller = new AbortController();
    setImmediate(() => controller.abort());
    await assert.rejects(parseLogProblemsInSlices([text], { ...repo, maxLines: Infinity }, controller.signal), { name: 'AbortError' });
  });
});
