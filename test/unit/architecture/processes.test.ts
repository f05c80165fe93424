// git is started in one place (src/git/gitProcess.ts: the git extension's absolute path, no shell): no other file
// of src/ can start a process, so no feature can run a bare `git` that Windows would look for in the repository.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packageImports, sourceFiles } from './sourceFiles';

const CHILD_PROCESS = new Set(['child_process', 'node:child_process']);

test('only src/git/gitProcess.ts imports child_process', () => {
  const importers = sourceFiles().filter((f) => packageImports(f).some((spec) => CHILD_PROCESS.has(spec))).map((f) => f.path);
  assert.deepEqual(importers, ['git/gitProcess.ts']);
});

test('the process module starts git with spawn only: no shell, no exec', () => {
  const file = sourceFiles().find((f) => f.path === 'git/gitProcess.ts')!;
  const text = file.ast.getFullText();
  assert.doesNotMatch(text, /\bexec(File)?(Sync)?\s*\(|spawnSync|shell:\s*true/);
  assert.match(text, /shell: false/);
});
