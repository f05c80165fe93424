// Drafts kept in files: on disk when update resolves (a new instance, as after a window reload, reads them), removed
// with undefined, read from the Memento of earlier versions until rewritten, and a damaged file costs only itself.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { DurableState, type DraftState } from '../../../src/core/durableState';

/** A Memento-like map (what earlier versions wrote to). */
function memento(initial: Record<string, unknown> = {}): DraftState & { map: Map<string, unknown> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    get: <T>(key: string) => map.get(key) as T | undefined,
    update: (key: string, value: unknown) => {
      if (value === undefined) map.delete(key);
      else map.set(key, value);
      return Promise.resolve();
    },
  };
}

describe('DurableState', () => {
  let dir: string;
  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'gwb-drafts-')), 'drafts');
  });
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('a value is on disk when update resolves: a new instance reads it', async () => {
    const state = new DurableState(dir);
    await state.update('gitea.createIssue.draft:https://h/|a/b', { title: 'Kept', body: 'Every word' });
    const afterReload = new DurableState(dir);
    assert.deepEqual(afterReload.get('gitea.createIssue.draft:https://h/|a/b'), { title: 'Kept', body: 'Every word' });
    assert.equal(afterReload.get('other'), undefined);
  });

  it('undefined removes the key and its file', async () => {
    const state = new DurableState(dir);
    await state.update('k', 'text');
    assert.equal(readdirSync(dir).length, 1);
    await state.update('k', undefined);
    assert.equal(state.get('k'), undefined);
    assert.deepEqual(readdirSync(dir), []);
    assert.equal(new DurableState(dir).get('k'), undefined);
  });

  it('writes of one key land in order: the last value wins on disk', async () => {
    const state = new DurableState(dir);
    await Promise.all([state.update('k', 'a'), state.update('k', 'ab'), state.update('k', 'abc')]);
    assert.equal(new DurableState(dir).get('k'), 'abc');
    assert.ok(readdirSync(dir).every((n) => n.endsWith('.json')), 'no temporary file is left');
  });

  it('reads what an earlier version kept in a Memento until the key is written, then clears it there', async () => {
    const legacy = memento({ k: 'from workspaceState' });
    const state = new DurableState(dir, legacy);
    assert.equal(state.get('k'), 'from workspaceState');
    await state.update('k', 'rewritten');
    assert.equal(legacy.map.has('k'), false);
    assert.equal(new DurableState(dir, memento()).get('k'), 'rewritten');
  });

  it('a damaged file is skipped; the other drafts are read', async () => {
    const state = new DurableState(dir);
    await state.update('good', 'kept');
    writeFileSync(join(dir, 'broken.json'), '{"key": "bad", "val');
    assert.equal(new DurableState(dir).get('good'), 'kept');
  });

  /** The file DurableState keeps `key` in (the first 40 hex digits of its SHA-256). */
  const fileOf = (key: string): string => join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`);

  it('the file holds the key and the value, written whole through a temporary file that is renamed', async () => {
    const state = new DurableState(dir);
    await state.update('k', { title: 'Whole', body: 'text' });
    assert.deepEqual(JSON.parse(readFileSync(fileOf('k'), 'utf8')), { key: 'k', value: { title: 'Whole', body: 'text' } });
    assert.deepEqual(readdirSync(dir), [fileOf('k').slice(dir.length + 1)], 'one file, no temporary one left');
  });

  it('a write that cannot complete leaves the previous whole draft, never part of the new one', async () => {
    const state = new DurableState(dir);
    await state.update('k', 'the previous draft');
    // The temporary file cannot be written: a folder holds its name.
    mkdirSync(`${fileOf('k')}.${process.pid}.tmp`);
    await assert.rejects(state.update('k', 'a new draft'));
    assert.deepEqual(JSON.parse(readFileSync(fileOf('k'), 'utf8')), { key: 'k', value: 'the previous draft' });
    assert.equal(new DurableState(dir).get('k'), 'the previous draft');
    // A later write, once the way is free, is written: a failure does not block the key.
    rmSync(`${fileOf('k')}.${process.pid}.tmp`, { recursive: true });
    await state.update('k', 'written after all');
    assert.equal(new DurableState(dir).get('k'), 'written after all');
  });

  it('removing a key that was never written resolves, and writes nothing', async () => {
    const state = new DurableState(dir);
    await state.update('never', undefined);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('the first write creates the folder', async () => {
    const nested = join(dir, 'deeper', 'still');
    await new DurableState(nested).update('k', 'v');
    assert.equal(new DurableState(nested).get('k'), 'v');
  });
});
