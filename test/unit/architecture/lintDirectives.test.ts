// Every `eslint-disable` in the project says why (`-- reason`): a rule switched off without one is a rule ignored.
// The same for `// Stryker disable` (mutants of src/ that `npm run mutate` should not count): which mutators, and why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './sourceFiles';

const SKIP = new Set(['node_modules', 'out', 'dist', '.cache', '.git', '.vscode-test', 'test-results', 'tmp']);

function sources(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) sources(full, found);
    else if (/\.(?:ts|mjs|js)$/.test(entry.name)) found.push(full);
  }
  return found;
}

test('every eslint-disable comment gives its reason after " -- "', () => {
  const root = repoRoot();
  const bare: string[] = [];
  for (const file of ['src', 'test', 'scripts', 'bench', 'media'].flatMap((d) => sources(join(root, d)))) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const m = /(?:\/\/|\/\*)\s*eslint-disable(?:-next-line|-line)?\b(.*)$/.exec(line);
        if (m && !/\s--\s+\S/.test(m[1]!)) bare.push(`${relative(root, file)}:${i + 1}`);
      });
  }
  assert.deepEqual(bare, []);
});

test('every Stryker disable comment names its mutators and gives its reason after ":"', () => {
  const root = repoRoot();
  const bare: string[] = [];
  for (const file of sources(join(root, 'src'))) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const m = /(?:\/\/|\/\*)\s*Stryker\s+disable\b(.*)$/.exec(line);
        if (m && !/^(?:\s+next-line)?\s+(?!all\b)[A-Za-z,]+:\s*\S/.test(m[1]!)) bare.push(`${relative(root, file)}:${i + 1}`);
      });
  }
  assert.deepEqual(bare, []);
});
