// Repository names (src/shared/validation.ts): the server's rule (letters, digits, `-`, `_`, `.`, at most 100, no
// reserved name or ending) and the default name Publish to Gitea makes from a folder's name, which the rule accepts
// (or is empty, for the user to type one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkRepoName, repoNameFromFolder } from '../../../src/shared/validation';
import { checkHostile, hostileText } from '../fuzz/hostile';

test('a folder name becomes a name the server takes', () => {
  assert.equal(repoNameFromFolder('my-project'), 'my-project');
  assert.equal(repoNameFromFolder('My Project (copy)'), 'My-Project-copy');
  assert.equal(repoNameFromFolder('  spaced  '), 'spaced');
  assert.equal(repoNameFromFolder('site.git'), 'site');
  assert.equal(repoNameFromFolder('notes.wiki.git'), 'notes');
  assert.equal(repoNameFromFolder('проект'), '');
  assert.equal(repoNameFromFolder('..'), '');
  assert.equal(repoNameFromFolder('x'.repeat(150)).length, 100);
});

test('the rule: what Gitea refuses is said, what it takes passes', () => {
  assert.equal(checkRepoName('demo_1.0-x'), undefined);
  assert.match(checkRepoName('') ?? '', /Enter a repository name/);
  assert.match(checkRepoName('a b') ?? '', /Use only letters/);
  assert.match(checkRepoName('..') ?? '', /reserved/);
  assert.match(checkRepoName('x.GIT') ?? '', /cannot end in ".git"/);
  assert.match(checkRepoName('x'.repeat(101)) ?? '', /at most 100/);
  for (const reserved of ['.', '..', '-']) assert.equal(checkRepoName(reserved), `"${reserved}" is a reserved name.`);
  for (const suffix of ['.git', '.wiki', '.rss', '.atom']) assert.equal(checkRepoName(`feed${suffix}`), `A repository name cannot end in "${suffix}".`);
  assert.equal(checkRepoName('feed.rssx'), undefined, 'only at the end');
});

test('a folder named only by what the server reserves gives no default', () => {
  for (const folder of ['.', '-', '--', ' - ', '.rss', 'x.atom.rss']) assert.equal(repoNameFromFolder(folder), folder === 'x.atom.rss' ? 'x' : '', folder);
});

test('fuzz: the default made from any folder name is empty or passes the rule', () => {
  const tokens = [' ', '-', '.', '.git', '.wiki', '.rss', '.atom', '..', '_', 'a', 'Z', '9', '/', '\\', 'é', '\u0000', '\u202e', '$(x)'];
  checkHostile((size) => hostileText(tokens, size), (folder) => {
    const name = repoNameFromFolder(folder);
    assert.ok(name === '' || checkRepoName(name) === undefined, JSON.stringify(name.slice(0, 120)));
  });
});
