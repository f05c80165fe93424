// Changed files: statuses, URIs, tree building.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildTree,
  changesUriComponents,
  fileRowLabel,
  fileUriComponents,
  flatList,
  isBinary,
  parseChangesUri,
  parseFileUri,
  statusLook,
  totals,
  type TreeNode,
} from '../../../src/views/changedFiles/model';

test("every status Gitea sends has its own badge; an unknown one shows as changed", () => {
  const badges = ['added', 'deleted', 'renamed', 'copied', 'changed', 'unchanged'].map((s) => statusLook(s).badge);
  assert.deepEqual(badges, ['A', 'D', 'R', 'C', 'M', '=']);
  assert.equal(new Set(badges).size, 6);
  assert.deepEqual(statusLook('modified'), statusLook('changed'));
  assert.equal(statusLook('added').color, 'gitDecoration.addedResourceForeground');
});

test('gitea-changes URI components follow the views contract and read back', () => {
  const c = changesUriComponents('alice', 'demo', 7, { filename: 'src/new name.ts', status: 'renamed', previous_filename: 'src/old&name.ts' });
  assert.equal(c.path, '/alice/demo/7/src/new name.ts');
  assert.deepEqual(parseChangesUri(c.path, c.query), {
    owner: 'alice',
    repo: 'demo',
    prIndex: 7,
    filename: 'src/new name.ts',
    status: 'renamed',
    previousFilename: 'src/old&name.ts',
  });
  assert.equal(parseChangesUri('/alice/demo/x/file', 'status=added'), undefined);
});

test('gitea-file URI components carry instance and ref; the empty side has no ref', () => {
  const c = fileUriComponents({ instanceUrl: 'https://h/git/', owner: 'o', repo: 'r', path: 'a/b.go', ref: 'abc' });
  assert.deepEqual(parseFileUri(c.path, c.query), { instanceUrl: 'https://h/git/', owner: 'o', repo: 'r', path: 'a/b.go', ref: 'abc' });
  const e = fileUriComponents({ instanceUrl: 'https://h/', owner: 'o', repo: 'r', path: 'x' });
  assert.equal(parseFileUri(e.path, e.query)!.ref, undefined);
  assert.match(e.query, /empty=1/);
});

test('binary detection: a NUL in the first 8000 bytes', () => {
  assert.equal(isBinary(new TextEncoder().encode('hello\nworld')), false);
  assert.equal(isBinary(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01])), true);
  const late = new Uint8Array(9000).fill(65);
  late[8500] = 0;
  assert.equal(isBinary(late), false);
});

function shape(nodes: TreeNode[]): unknown[] {
  return nodes.map((n) => (n.kind === 'folder' ? { [n.name]: shape(n.children) } : n.name));
}

test('tree: folders first, sorted, single-child chains compacted, paths kept', () => {
  const files = ['src/api/v1/client.ts', 'src/api/v1/paging.ts', 'README.md', 'src/views/a.ts', 'docs/x/y/z.md', 'src/b.ts'].map((filename) => ({
    filename,
    status: 'changed',
  }));
  const tree = buildTree(files);
  assert.deepEqual(shape(tree), [
    { 'docs/x/y': ['z.md'] },
    { src: [{ 'api/v1': ['client.ts', 'paging.ts'] }, { views: ['a.ts'] }, 'b.ts'] },
    'README.md',
  ]);
  const src = tree[1]!;
  assert.ok(src.kind === 'folder');
  const api = src.children[0]!;
  assert.ok(api.kind === 'folder' && api.path === 'src/api/v1');
});

test('flat list sorted by path; totals add up', () => {
  const files = [
    { filename: 'b', status: 'added', additions: 3, deletions: 0 },
    { filename: 'a/z', status: 'deleted', additions: 0, deletions: 5 },
    { filename: 'a', status: 'changed' },
  ];
  assert.deepEqual(flatList(files).map((f) => f.filename), ['a', 'a/z', 'b']);
  assert.deepEqual(totals(files), { additions: 3, deletions: 5 });
});

test('a 1,500-file tree builds in well under a second', () => {
  const files = Array.from({ length: 1500 }, (_, i) => ({ filename: `pkg${i % 30}/sub${i % 7}/file${i}.go`, status: 'changed' }));
  const start = performance.now();
  const tree = buildTree(files);
  const elapsed = performance.now() - start;
  let count = 0;
  const walk = (nodes: TreeNode[]): void => nodes.forEach((n) => (n.kind === 'file' ? count++ : walk(n.children)));
  walk(tree);
  assert.equal(count, 1500);
  assert.ok(elapsed < 200, `${elapsed} ms`);
});

test('a renamed file\'s row says `old → new`; other rows show the name', () => {
  assert.equal(fileRowLabel({ filename: 'src/main.js', status: 'renamed', previous_filename: 'src/app.js' }), 'app.js → main.js');
  assert.equal(fileRowLabel({ filename: 'src/utils/strings.ts', status: 'renamed', previous_filename: 'src/util.ts' }), 'src/util.ts → strings.ts');
  assert.equal(fileRowLabel({ filename: 'lib.ts', status: 'renamed', previous_filename: 'old/lib.ts' }), 'old/lib.ts → lib.ts');
  assert.equal(fileRowLabel({ filename: 'src/a.ts', status: 'changed' }), 'a.ts');
  // A copy keeps its original: only the new name is shown (the tooltip names the source).
  assert.equal(fileRowLabel({ filename: 'b.ts', status: 'copied', previous_filename: 'a.ts' }), 'b.ts');
  assert.equal(fileRowLabel({ filename: 'x.ts', status: 'renamed', previous_filename: null }), 'x.ts');
});
