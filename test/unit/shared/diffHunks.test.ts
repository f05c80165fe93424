// The lines a changed file's diff shows, worked out from its two sides: the same hunks as git's own diff (checked
// against `git diff --no-index` on generated edits, whose lines are unique so the alignment is not ambiguous), the
// edge cases by hand, and the bound past which the diff is left to the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffHunks } from '../../../src/shared/diffHunks';
import { parseDiffRanges } from '../../../src/views/changedFiles/review/threadModel';
import { runTestGit } from '../../harness/gitExecutable';

/** git's hunks for two texts (Myers, no indent heuristic: the alignment of unique lines is the same either way). */
async function gitHunks(dir: string, oldText: string, newText: string) {
  writeFileSync(join(dir, 'old'), oldText);
  writeFileSync(join(dir, 'new'), newText);
  const out = await runTestGit(['diff', '--no-index', '--no-color', '--no-ext-diff', '-U3', '--diff-algorithm=myers', '--no-indent-heuristic', 'old', 'new'], { cwd: dir });
  assert.ok(out.code === 0 || out.code === 1, out.stderr);
  const files = [...parseDiffRanges(out.stdout).values()];
  return files[0] ?? { old: [], new: [] };
}

/** A small deterministic generator (the same cases on every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

function lines(texts: readonly string[]): string {
  return texts.map((t) => `${t}\n`).join('');
}

test('diffHunks: the same hunks as git diff for generated edits of a file (deletions, insertions, replacements, near and far apart)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gw-hunks-'));
  try {
    const next = random(7);
    let fresh = 0;
    for (let n = 0; n < 60; n++) {
      const size = 1 + Math.floor(next() * 80);
      const base = Array.from({ length: size }, (_, i) => `line ${i + 1}`);
      const edited = [...base];
      const edits = 1 + Math.floor(next() * 6);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(next() * (edited.length + 1));
        const kind = next();
        if (kind < 0.34 && edited.length > 0) edited.splice(Math.min(at, edited.length - 1), 1 + Math.floor(next() * 3));
        else if (kind < 0.67) edited.splice(at, 0, ...Array.from({ length: 1 + Math.floor(next() * 3) }, () => `new ${++fresh}`));
        else if (edited.length > 0) edited.splice(Math.min(at, edited.length - 1), 1, `new ${++fresh}`);
      }
      const [oldText, newText] = [lines(base), lines(edited)];
      assert.deepEqual(diffHunks(oldText, newText), await gitHunks(dir, oldText, newText), `case ${n}:\n${oldText}---\n${newText}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('diffHunks: two changes 6 unchanged lines apart share a hunk, 7 apart make two (git joins contexts that meet)', async () => {
  const base = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
  const at = (gap: number) => base.map((l, i) => (i === 5 || i === 5 + gap + 1 ? `${l} changed` : l));
  assert.deepEqual(diffHunks(lines(base), lines(at(6))), { old: [[3, 16]], new: [[3, 16]] });
  assert.deepEqual(diffHunks(lines(base), lines(at(7))), { old: [[3, 9], [11, 17]], new: [[3, 9], [11, 17]] });
  const dir = mkdtempSync(join(tmpdir(), 'gw-hunks-'));
  try {
    for (const gap of [6, 7]) assert.deepEqual(diffHunks(lines(base), lines(at(gap))), await gitHunks(dir, lines(base), lines(at(gap))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('diffHunks: an added file is one hunk of all its lines, a deleted one of all the old lines, equal texts have none', () => {
  assert.deepEqual(diffHunks('', 'a\nb\nc\n'), { old: [], new: [[1, 3]] });
  assert.deepEqual(diffHunks('a\nb\n', ''), { old: [[1, 2]], new: [] });
  assert.deepEqual(diffHunks('a\nb\n', 'a\nb\n'), { old: [], new: [] });
});

test('diffHunks: a last line without a newline differs from the same line with one (as git shows it), CRLF lines count once', async () => {
  assert.deepEqual(diffHunks('a\nb', 'a\nb\n'), { old: [[1, 2]], new: [[1, 2]] });
  const crlf = Array.from({ length: 12 }, (_, i) => `line ${i + 1}\r\n`);
  const changed = crlf.map((l, i) => (i === 10 ? 'other\r\n' : l));
  assert.deepEqual(diffHunks(crlf.join(''), changed.join('')), { old: [[8, 12]], new: [[8, 12]] });
  const dir = mkdtempSync(join(tmpdir(), 'gw-hunks-'));
  try {
    assert.deepEqual(diffHunks('a\nb', 'a\nb\n'), await gitHunks(dir, 'a\nb', 'a\nb\n'));
    assert.deepEqual(diffHunks(crlf.join(''), changed.join('')), await gitHunks(dir, crlf.join(''), changed.join('')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('diffHunks: texts that differ by more lines than the bound are not worked out here (undefined: the server is asked)', () => {
  const a = lines(Array.from({ length: 50 }, (_, i) => `a ${i}`));
  const b = lines(Array.from({ length: 50 }, (_, i) => `b ${i}`));
  assert.equal(diffHunks(a, b, 3, 20), undefined);
  assert.deepEqual(diffHunks(a, b, 3, 100), { old: [[1, 50]], new: [[1, 50]] });
});
