// The git side of `seed: 'big'`: alice/big with 10,000 real branches (written straight into git's
// packed-refs file: fast-import or update-ref would create 10,000 loose ref files, which takes seconds) and a branch `feature/big-change` whose pull request changes 1,500 files (1,000 changed,
// 300 added, 100 deleted, 100 renamed).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GitStore } from '../git';
import { FastImport } from './fastImport';
import { HISTORY_START, PEOPLE } from './demoHistory';

export const BIG_BRANCHES = 10_000;
export const BIG_FILES = 1_600;
const MAIN_COMMITS = 50;

export interface BigShas {
  base: string;
  head: string;
  mainHead: string;
  /** Commits the numbered branches point at (branch i → commits[i % commits.length]). */
  commits: string[];
}

const pad = (n: number, w = 4) => String(n).padStart(w, '0');
const fileName = (i: number) => `src/mod/file-${pad(i)}.ts`;
export const bigBranchName = (i: number) => `branch/${pad(i, 5)}`;

export async function bigHistory(git: GitStore, gitPath: string): Promise<BigShas> {
  const fi = new FastImport();
  const { alice, bob } = PEOPLE;
  const t0 = HISTORY_START + 100 * 3600;
  const files: Record<string, string> = { 'README.md': '# big\n' };
  for (let i = 0; i < BIG_FILES; i++) files[fileName(i)] = `export const value${i} = ${i};\nexport const name${i} = 'file ${i}';\n`;
  const base = fi.commit({ ref: 'refs/heads/main', author: alice, time: t0, message: 'Import the big project\n', files });

  const change: Record<string, string | null> = {};
  for (let i = 0; i < 1000; i++) change[fileName(i)] = `export const value${i} = ${i * 2 + 1};\nexport const name${i} = 'file ${i}';\n`;
  // One module grows to 400 lines: a file the size that collects many review conversations (the review bench).
  change[fileName(1)] = Array.from({ length: 400 }, (_, l) => `export const value1_${l} = ${l};\n`).join('');
  for (let i = 1000; i < 1100; i++) change[fileName(i)] = null;
  for (let i = 0; i < 300; i++) change[`added/new-${pad(i)}.ts`] = `export const added${i} = true;\n`;
  const renames: Array<[string, string]> = [];
  for (let i = 1100; i < 1200; i++) renames.push([fileName(i), `renamed/file-${pad(i)}.ts`]);
  const head = fi.commit({
    ref: 'refs/heads/feature/big-change', author: bob, time: t0 + 3600, message: 'Rework every module\n', from: base,
    renames, files: change,
  });

  const marks: number[] = [];
  let parent = base;
  for (let i = 0; i < MAIN_COMMITS; i++) {
    parent = fi.commit({ ref: 'refs/heads/main', author: i % 2 ? bob : alice, time: t0 + 7200 + i * 60,
      message: `Update README (${i + 1})\n`, from: parent, files: { 'README.md': `# big\n\nRevision ${i + 1}\n` } });
    marks.push(parent);
  }
  const shas = await git.fastImport(gitPath, fi.toBuffer());
  await git.must(gitPath, ['pack-refs', '--all']);
  const packedPath = join(git.dir(gitPath), 'packed-refs');
  const lines = (await readFile(packedPath, 'utf8')).split('\n').filter((l) => /^[0-9a-f]{40} /.test(l));
  for (let i = 1; i <= BIG_BRANCHES; i++) lines.push(`${shas.get(marks[i % marks.length])} refs/heads/${bigBranchName(i)}`);
  const refOf = (l: string) => l.slice(41);
  lines.sort((a, b) => (refOf(a) < refOf(b) ? -1 : refOf(a) > refOf(b) ? 1 : 0));
  await writeFile(packedPath, `# pack-refs with: peeled fully-peeled sorted \n${lines.join('\n')}\n`);
  git.invalidate(gitPath);
  return {
    base: shas.get(base)!,
    head: shas.get(head)!,
    mainHead: shas.get(parent)!,
    commits: marks.map((m) => shas.get(m)!),
  };
}
