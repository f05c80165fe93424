// The command palette's conventions, over package.json: distinct titles; "…" on a command that asks for more (its
// title starts with a verb that always does); a command of a tree row or a comment has a palette entry (hidden, or
// shown where it asks for what the row gave it); the two sides of a toggle are never offered together.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '..', '..', '..', '..');

interface Manifest {
  contributes: { commands: { command: string; title: string; category?: string }[]; menus: Record<string, { command: string; when?: string }[]> };
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const strings = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
const title = (c: { title: string }): string => c.title.replace(/^%(.+)%$/, (_, key: string) => strings[key] ?? key);
const palette = new Map((manifest.contributes.menus.commandPalette ?? []).map((m) => [m.command, m.when]));
/** Shown in the palette (when its clause holds). */
const inPalette = (id: string): boolean => palette.get(id) !== 'false';

/** Titles starting so always ask for something (a name, a pick, a form) before they act. */
const ASKING = /^(?:Add|Check Out|Create|Download|Edit|Filter|Find|Merge|Migrate|Remove|Request|Run|Select|Sign In|Start)\b/;

test('every command has its own title', () => {
  const seen = new Map<string, string>();
  const clashes: string[] = [];
  for (const c of manifest.contributes.commands) {
    const t = title(c);
    if (seen.has(t)) clashes.push(`${t}: ${seen.get(t)} and ${c.command}`);
    seen.set(t, c.command);
  }
  assert.deepEqual(clashes, []);
});

test('a command the palette offers that asks for more ends with "…"', () => {
  const missing = manifest.contributes.commands.filter((c) => inPalette(c.command) && ASKING.test(title(c)) && !title(c).endsWith('…')).map((c) => `${c.command}: ${title(c)}`);
  assert.deepEqual(missing, []);
});

test('a command of a tree row or a comment has a palette entry: hidden, or shown only where it asks for what the row gave', () => {
  const rowMenus = Object.entries(manifest.contributes.menus).filter(([menu]) => menu === 'view/item/context' || menu.startsWith('comments/'));
  const unlisted = [...new Set(rowMenus.flatMap(([, items]) => items.map((i) => i.command)))].filter((id) => !palette.has(id));
  assert.deepEqual(unlisted, []);
});

/** The toggles: each pair's palette entries hold on opposite values of one context key. */
const TOGGLES: [string, string][] = [
  ['gitea.activity.onlyMine', 'gitea.activity.everyone'],
  ['gitea.changedFiles.viewAsTree', 'gitea.changedFiles.viewAsList'],
  ['gitea.archiveRepository', 'gitea.unarchiveRepository'],
];

/** Whether two when clauses cannot hold together: `k` / `!k`, or `k == a` / `k == b`. */
function exclusive(a: string, b: string): boolean {
  const terms = (w: string): string[] => w.split('&&').map((s) => s.trim());
  for (const x of terms(a)) {
    for (const y of terms(b)) {
      if (x === `!${y}` || y === `!${x}`) return true;
      const [kx, vx] = x.split('==').map((s) => s.trim());
      const [ky, vy] = y.split('==').map((s) => s.trim());
      if (vx !== undefined && vy !== undefined && kx === ky && vx !== vy) return true;
    }
  }
  return false;
}

test('the two sides of a toggle are never offered together', () => {
  for (const [a, b] of TOGGLES) {
    const [wa, wb] = [palette.get(a), palette.get(b)];
    assert.ok(wa && wb, `${a} and ${b} have palette entries`);
    assert.ok(exclusive(wa, wb), `${a} (${wa}) and ${b} (${wb})`);
  }
  assert.ok(!exclusive('gitea.signedIn', 'gitea.signedIn && gitea.hasRepository'), 'the check tells overlapping clauses');
});

test('"Clear" commands are offered only while there is something to clear', () => {
  const clears = manifest.contributes.commands.filter((c) => /^Clear\b/.test(title(c)) && inPalette(c.command));
  assert.ok(clears.length >= 3);
  // A clause that holds only while there is something to clear: a key besides being signed in with a repository.
  const general = new Set(['gitea.signedIn', 'gitea.hasRepository']);
  for (const c of clears) {
    const keys = (palette.get(c.command) ?? '').split('&&').map((t) => t.trim().replace(/^!/, '')).filter((k) => k && !general.has(k));
    assert.ok(keys.length > 0, `${c.command}: ${palette.get(c.command)}`);
  }
});

test("the Gitea views' title buttons show only when signed in (signed out, a view shows its welcome and nothing to filter)", () => {
  const titleItems = manifest.contributes.menus['view/title'] ?? [];
  const ungated = titleItems.filter((i) => /view == gitea\.(?!changedFiles\b)/.test(i.when ?? '') && !/\bgitea\.signedIn\b/.test(i.when ?? '')).map((i) => `${i.command}: ${i.when}`);
  assert.deepEqual(ungated, []);
});
