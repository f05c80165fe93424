// Where review threads go besides a freshly opened diff: the pull request diff side a `gitea-file:` URI names (so a
// diff editor restored after a reload gets its threads), the path of a workspace file inside its clone (the files of
// a checked-out pull request), and the pending review kept in files (on disk before `update` resolves; read from
// the globalState of earlier versions until first written).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DurableState } from '../../../src/core/durableState';
import { fileUriComponents, parseDiffSideOf, parseFileUri, pathInside } from '../../../src/views/changedFiles/model';
import { DRAFTS_KEY, DraftStore, type StateLike } from '../../../src/views/changedFiles/review/draftStore';

const AT = { instanceUrl: 'https://h/git/', owner: 'o', repo: 'r', path: 'src/old name.ts', ref: 'abc' };

test('a diff side URI carries the pull request, the side and the changed file name; older URIs name none', () => {
  const left = fileUriComponents(AT, { pull: 12, side: 'old', filename: 'src/new name.ts' });
  assert.deepEqual(parseDiffSideOf(left.path, left.query), { pull: 12, side: 'old', filename: 'src/new name.ts', file: AT });
  // The file read is still the one at the ref (the previous name of a renamed file).
  assert.deepEqual(parseFileUri(left.path, left.query), AT);
  const right = fileUriComponents({ ...AT, path: 'src/new name.ts' }, { pull: 12, side: 'new', filename: 'src/new name.ts' });
  assert.equal(new URLSearchParams(right.query).get('file'), null, 'no file parameter when the name is the same');
  assert.deepEqual(parseDiffSideOf(right.path, right.query), { pull: 12, side: 'new', filename: 'src/new name.ts', file: { ...AT, path: 'src/new name.ts' } });
  const empty = fileUriComponents({ ...AT, ref: undefined }, { pull: 3, side: 'old', filename: AT.path });
  assert.equal(parseDiffSideOf(empty.path, empty.query)?.file.ref, undefined);
  const plain = fileUriComponents(AT);
  assert.equal(parseDiffSideOf(plain.path, plain.query), undefined);
  for (const bad of ['pr=0&side=new', 'pr=x&side=new', 'pr=2&side=both', 'pr=2']) {
    assert.equal(parseDiffSideOf(plain.path, `${plain.query}&${bad}`), undefined, bad);
  }
});

test('the path of a workspace file inside its clone', () => {
  const root = { scheme: 'file', authority: '', path: '/home/u/repo' };
  assert.equal(pathInside(root, { ...root, path: '/home/u/repo/src/a.ts' }), 'src/a.ts');
  assert.equal(pathInside({ ...root, path: '/home/u/repo/' }, { ...root, path: '/home/u/repo/a.ts' }), 'a.ts');
  assert.equal(pathInside(root, { ...root, path: '/home/u/repo-2/a.ts' }), undefined, 'a sibling folder with the same prefix');
  assert.equal(pathInside(root, root), undefined);
  assert.equal(pathInside(root, { ...root, scheme: 'vscode-remote', path: '/home/u/repo/a.ts' }), undefined);
  assert.equal(pathInside(root, { ...root, authority: 'wsl+x', path: '/home/u/repo/a.ts' }), undefined);
});

class MapState implements StateLike {
  readonly map = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.map.get(key) as T | undefined;
  }
  update(key: string, value: unknown): Thenable<void> {
    if (value === undefined) this.map.delete(key);
    else this.map.set(key, value);
    return Promise.resolve();
  }
}

test('the pending review is in a file once add resolves, and a new store (a reload) reads it back; the old globalState entry moves over', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'review-drafts-'));
  try {
    const pull = { instanceUrl: 'https://h/', owner: 'o', repo: 'r', index: 4 };
    const legacy = new MapState();
    const earlier = new DraftStore(legacy);
    await earlier.add(pull, { path: 'a.ts', side: 'new', line: 2 }, 'kept in globalState by an earlier version');
    const store = new DraftStore(new DurableState(dir, legacy));
    assert.deepEqual(store.get(pull).drafts.map((d) => d.body), ['kept in globalState by an earlier version']);
    await store.add(pull, { path: 'a.ts', side: 'old', line: 1 }, 'typed just before the reload');
    assert.equal(readdirSync(dir).filter((n) => n.endsWith('.json')).length, 1, 'written before add resolved');
    assert.equal(legacy.get(DRAFTS_KEY), undefined, 'the globalState copy is cleared once the file has it');
    const reloaded = new DraftStore(new DurableState(dir, new MapState()));
    assert.deepEqual(reloaded.get(pull).drafts.map((d) => [d.body, d.side, d.line]), [
      ['kept in globalState by an earlier version', 'new', 2],
      ['typed just before the reload', 'old', 1],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
