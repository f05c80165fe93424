// The README's Performance figures are bench/results.json's, as scripts/readme-performance.mjs writes them: a
// figure typed by hand, or a results.json rewritten without `npm run readme:performance`, fails here. No bench run,
// no network: the script is a pure function of the two files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../../harness/paths';

interface Figure { section: string; name: string; value: number | null; unit: string; note?: string; budget?: { max?: number; min?: number; text: string } }
interface Results { date: string; figures: Figure[] }
interface ReadmePerformance {
  START: string;
  END: string;
  performanceMarkdown(results: Results): string;
  withPerformance(readme: string, results: Results): string;
}
interface BenchReport { format(value: number, unit: string): string }

const importScript = async <T>(...segments: string[]): Promise<T> => (await import(pathToFileURL(join(REPO_ROOT, ...segments)).href)) as T;
const readResults = (): Results => JSON.parse(readFileSync(join(REPO_ROOT, 'bench', 'results.json'), 'utf8'));
const readReadme = (): string => readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

function generatedPart(readme: string, start: string, end: string): string {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  assert.ok(from >= 0 && to > from, `README.md has ${start} … ${end}`);
  return readme.slice(from + start.length, to).trim();
}

test("the README's Performance figures are what scripts/readme-performance.mjs makes of bench/results.json", async () => {
  const script = await importScript<ReadmePerformance>('scripts', 'readme-performance.mjs');
  const readme = readReadme();
  assert.equal(generatedPart(readme, script.START, script.END), script.performanceMarkdown(readResults()).trim(), 'run npm run readme:performance');
  assert.equal(readme.indexOf(script.START), readme.lastIndexOf(script.START), 'one generated part');
  assert.ok(readme.indexOf(script.START) > readme.indexOf('## Performance'), 'the generated part is in the Performance section');
});

test('a figure changed in bench/results.json changes the README it makes, and its value is shown', async () => {
  const script = await importScript<ReadmePerformance>('scripts', 'readme-performance.mjs');
  const readme = readReadme();
  const results = readResults();
  const timed = results.figures.find((f) => f.unit === 'ms' && typeof f.value === 'number')!;
  const changed: Results = { ...results, figures: results.figures.map((f) => (f === timed ? { ...f, value: 98765 } : f)) };
  const rewritten = script.withPerformance(readme, changed);
  assert.notEqual(rewritten, readme);
  assert.match(generatedPart(rewritten, script.START, script.END), /98765 ms/);
  // Only the generated part moves: the hand-written text around it stays as it is.
  assert.equal(rewritten.slice(0, rewritten.indexOf(script.START)), readme.slice(0, readme.indexOf(script.START)));
  assert.equal(rewritten.slice(rewritten.indexOf(script.END)), readme.slice(readme.indexOf(script.END)));
});

test('a failing budget is said so, next to its figure and in the run line', async () => {
  const script = await importScript<ReadmePerformance>('scripts', 'readme-performance.mjs');
  const figures: Figure[] = [
    { section: 'Issue page', name: 'page open → first paint', value: 250, unit: 'ms', budget: { max: 200, text: '≤ 200 ms' } },
    { section: 'Issue page', name: 'reopen: requests', value: 0, unit: 'requests', budget: { max: 0, text: '0' } },
  ];
  const part = script.performanceMarkdown({ date: '2026-11-26T07:00:00.000Z', figures });
  assert.match(part, /\| page open → first paint \| 250 ms \| ≤ 200 ms \| \*\*fail\*\* \|/);
  assert.match(part, /\| reopen: requests \| 0 \| 0 \| pass \|/);
  assert.match(part, /2026-11-26 07:00 UTC.*\*\*1 of 2 budgets fails\*\*: Issue page: page open → first paint/);
});

test('sizes are named as computed (/1024: KiB, MiB), in the bench output and in the README', async () => {
  const report = await importScript<BenchReport>('bench', 'lib', 'report.mjs');
  assert.equal(report.format(51476, 'bytes'), '50.3 KiB');
  assert.equal(report.format(2043314, 'bytes'), '1.95 MiB');
  assert.equal(report.format(36.390625, 'MiB'), '36.4 MiB');
  assert.equal(report.format(36.390625, 'MB'), '36.4 MiB', "results written before the rename call RSS/1024² 'MB'");
  const script = await importScript<ReadmePerformance>('scripts', 'readme-performance.mjs');
  const rows = script.performanceMarkdown({
    date: '2026-11-26T07:00:00.000Z',
    figures: [
      { section: 'Bundle', name: 'JavaScript shipped', value: 699078, unit: 'bytes', budget: { max: 716800, text: '≤ 700 KB' } },
      { section: 'Memory', name: 'growth while browsing', value: 36.390625, unit: 'MB', budget: { max: 50, text: '≤ 50 MB' } },
    ],
  });
  assert.match(rows, /\| JavaScript shipped \| 682\.7 KiB \| ≤ 700 KiB \| pass \|/);
  assert.match(rows, /\| growth while browsing \| 36\.4 MiB \| ≤ 50 MiB \| pass \|/);
});
