// The branch an issue gets (gitea.issueBranchName) and the branch name as a sentence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { branchSentence, issueBranchName, MAX_TITLE_CHARS, slugOf } from '../../../src/git/issueBranch';

test('the default name is issue-<number>-<slug>; the slug is ASCII words, at most 40 characters of whole words', () => {
  assert.equal(issueBranchName('', { number: 12, title: 'Crash on start: “config” not found!' }), 'issue-12-crash-on-start-config-not-found');
  assert.equal(slugOf('Ünïcödé façade déjà vu'), 'unicode-facade-deja-vu');
  assert.equal(slugOf('a'.repeat(50)), 'a'.repeat(40));
  assert.equal(slugOf('one two three four five six seven eight nine ten'), 'one-two-three-four-five-six-seven-eight');
});

test('templates: ${number}, ${slug}/${title}, ${user}; an empty slug leaves no dangling dash; unusable names are refused', () => {
  assert.equal(issueBranchName('${user}/${number}-${title}', { number: 3, title: 'Fix it' }, 'alice'), 'alice/3-fix-it');
  assert.equal(issueBranchName('issue-${number}-${slug}', { number: 9, title: '???' }), 'issue-9');
  assert.equal(issueBranchName('feature/${slug}', { number: 9, title: '日本語' }), 'feature');
  assert.equal(issueBranchName('bad..name-${number}', { number: 1, title: 'x' }), undefined);
});

test('the branch name as a sentence', () => {
  assert.equal(branchSentence('feature/add-login_page'), 'Add login page');
  assert.equal(branchSentence('issue-12-fix-crash'), 'Fix crash');
  assert.equal(branchSentence('42-speed'), 'Speed');
  assert.equal(branchSentence('main'), 'Main');
});

test('a title is read up to its cap; a template of trailing dots, dashes and slashes is trimmed in linear time', () => {
  assert.equal(slugOf(`${'!'.repeat(MAX_TITLE_CHARS)} late words`), '', 'words after the cap are not read');
  assert.equal(slugOf(`fix ${'x'.repeat(1_000_000)}`), 'fix');
  assert.equal(issueBranchName(`t/\${slug}${'-.'.repeat(200_000)}/${'_'.repeat(200_000)}${'/'.repeat(200_000)}`, { number: 1, title: 'A b' }), 't/a-b');
  assert.equal(issueBranchName(`a${'-'.repeat(100_000)}b/c`, { number: 1, title: 'x' }), `a${'-'.repeat(100_000)}b/c`);
});
