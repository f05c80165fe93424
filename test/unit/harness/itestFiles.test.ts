// GITEA_ITEST_FILES: the in-host runner's choice of files by base name (test/integration/index.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selected } from '../../integration/index';

const FILES = ['/out/test/integration/accountViews.itest.js', '/out/test/integration/reviewThreads.itest.js', '/out/test/integration/views.itest.js'];

test('no list: every file', () => {
  assert.deepEqual(selected(FILES, undefined), FILES);
  assert.deepEqual(selected(FILES, ' , '), FILES);
});

test('a list of base names (with or without .itest.ts / .js, spaces ignored) keeps those files in suite order', () => {
  assert.deepEqual(selected(FILES, 'reviewThreads, accountViews.itest.ts'), [FILES[0], FILES[1]]);
  assert.deepEqual(selected(FILES, 'views.itest.js'), [FILES[2]]);
});

test('a name that is no file fails instead of running nothing', () => {
  assert.throws(() => selected(FILES, 'reviewThreads,reviewThread'), /GITEA_ITEST_FILES names no in-host test file: reviewThread$/);
});
