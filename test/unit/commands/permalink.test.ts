// Permalinks to lines at a commit and the body prefilled from a selection.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fenceFor, selectionIssueBody } from '../../../src/commands/createIssue/permalink';
import { buildPermalink, sourceLink } from '../../../src/shared/sourceLink';

const SHA = '3f1c2d4e5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d';

test('range, single line, sub-path instance, reversed range', () => {
  assert.equal(
    buildPermalink('https://example.org/git/', 'alice', 'demo', SHA, 'src/main.go', 3, 7),
    `https://example.org/git/alice/demo/src/commit/${SHA}/src/main.go#L3-L7`,
  );
  assert.equal(buildPermalink('http://127.0.0.1:3000', 'alice', 'demo', SHA, 'README.md', 5), `http://127.0.0.1:3000/alice/demo/src/commit/${SHA}/README.md#L5`);
  assert.equal(buildPermalink('https://h/', 'o', 'r', SHA, 'a.txt', 9, 2), `https://h/o/r/src/commit/${SHA}/a.txt#L2-L9`);
});

test('a branch link: each segment of the branch and the path encoded', () => {
  assert.equal(
    sourceLink('https://example.org/git/', 'alice', 'demo', { branch: 'feature/dark mode' }, 'src/a b.ts', 4, 2),
    'https://example.org/git/alice/demo/src/branch/feature/dark%20mode/src/a%20b.ts#L2-L4',
  );
  assert.equal(sourceLink('https://h', 'o', 'r', { branch: 'main' }, 'x/y.md', 1), 'https://h/o/r/src/branch/main/x/y.md#L1');
  assert.equal(sourceLink('https://h', 'o', 'r', { commit: SHA }, 'y.md', 2), `https://h/o/r/src/commit/${SHA}/y.md#L2`);
});

test('path segments are encoded, slashes kept', () => {
  assert.equal(
    buildPermalink('https://h/', 'o', 'r', SHA, 'docs/my file#1.md', 1),
    `https://h/o/r/src/commit/${SHA}/docs/my%20file%231.md#L1`,
  );
});

test('the fence is longer than any backtick run in the code', () => {
  assert.equal(fenceFor('plain'), '```');
  assert.equal(fenceFor('a ``` b'), '````');
  assert.equal(fenceFor('`````'), '``````');
});

test('selection body: permalink, blank line, fenced code with the language', () => {
  const link = `https://h/o/r/src/commit/${SHA}/a.ts#L1-L2`;
  assert.equal(selectionIssueBody(link, 'const a = 1;\r\nconst b = 2;\n', 'typescript'), `${link}\n\n\`\`\`typescript\nconst a = 1;\nconst b = 2;\n\`\`\`\n`);
  assert.equal(selectionIssueBody(link, 'x', 'typescriptreact'), `${link}\n\n\`\`\`tsx\nx\n\`\`\`\n`);
  assert.equal(selectionIssueBody(link, 'x', 'plaintext'), `${link}\n\n\`\`\`\nx\n\`\`\`\n`);
});
