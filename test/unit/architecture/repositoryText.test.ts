// What the repository says about itself: no path of one particular machine in any file, and a README whose first
// screen tells a newcomer how to try the extension and how to test it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from './sourceFiles';

// Also skipped: what `npm run mutate` leaves (its reports name the machine's paths; .stryker-tmp is a copy).
const SKIP = new Set(['node_modules', 'out', 'dist', '.cache', '.git', '.vscode-test', 'test-results', 'tmp', 'reports', '.stryker-tmp']);
const TEXT = /\.(?:ts|mjs|js|json|md|sh|yml|yaml|txt|html|css)$|^\.ci|^run$/;

function textFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) textFiles(full, found);
    else if (TEXT.test(entry.name) && !entry.name.endsWith('.vsix')) found.push(full);
  }
  return found;
}

test('no file names an absolute path of the machine it was written on', () => {
  const root = repoRoot();
  // Built so that this file does not contain what it looks for.
  const machinePaths = [['', 'work', ''].join('/'), ['', 'root', ''].join('/')];
  const hits: string[] = [];
  for (const file of textFiles(root)) {
    const text = readFileSync(file, 'utf8');
    text.split('\n').forEach((line, i) => {
      if (machinePaths.some((p) => line.includes(p))) hits.push(`${relative(root, file)}:${i + 1}`);
    });
  }
  assert.deepEqual(hits, []);
});

test("the README's first screen says how to try it and how to test it", () => {
  const firstScreen = readFileSync(join(repoRoot(), 'README.md'), 'utf8').split('\n').slice(0, 25).join('\n');
  assert.match(firstScreen, /`npm ci && npm start`/);
  assert.match(firstScreen, /`npm test`/);
});
