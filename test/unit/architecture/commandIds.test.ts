// Command ids named in more than one file live in one table (src/core/commandIds.ts), and the table matches the
// commands package.json contributes. The ids the code registers and points at agree with package.json, read from
// the sources (commandUses.ts): the in-host check sees the stand-ins of every contributed command, so it misses a
// misspelled registration unless another test loaded the views first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { COMMAND } from '../../../src/core/commandIds';
import { commandUses, type CommandSite } from './commandUses';
import { repoRoot, sourceFiles } from './sourceFiles';

interface Manifest {
  contributes: {
    commands: { command: string }[];
    menus?: Record<string, { command?: string }[]>;
    keybindings?: { command: string }[];
    viewsWelcome?: { contents: string }[];
  };
}

const manifest = JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')) as Manifest;
const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
const nls = JSON.parse(readFileSync(join(repoRoot(), 'package.nls.json'), 'utf8')) as Record<string, string>;

test('every id of the command table is a command package.json contributes', () => {
  assert.deepEqual(Object.values(COMMAND).filter((id) => !contributed.has(id)), []);
});

test('no command id is written out in more than one file of src/: the others use the table', () => {
  const files = new Map<string, Set<string>>();
  for (const { path, ast } of sourceFiles()) {
    if (path === 'core/commandIds.ts') continue;
    const visit = (node: ts.Node): void => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && contributed.has(node.text)) {
        if (!files.has(node.text)) files.set(node.text, new Set());
        files.get(node.text)!.add(path);
      }
      ts.forEachChild(node, visit);
    };
    visit(ast);
  }
  const spread = [...files].filter(([, where]) => where.size > 1).map(([id, where]) => `${id}: ${[...where].sort().join(', ')}`);
  assert.deepEqual(spread, []);
});

/** The test hooks the features register that package.json does not list (HIDDEN_FEATURE_COMMANDS of src/extension.ts). */
function hiddenFeatureCommands(): string[] {
  const extension = sourceFiles().find((f) => f.path === 'extension.ts')!;
  let ids: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'HIDDEN_FEATURE_COMMANDS' && node.initializer && ts.isArrayLiteralExpression(node.initializer)) {
      ids = node.initializer.elements.filter(ts.isStringLiteral).map((e) => e.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(extension.ast);
  return ids;
}

const uses = commandUses();
const hidden = new Set(hiddenFeatureCommands());
// The stand-ins of core/deferredFeatures.ts register whatever package.json lists: not a registration by a feature.
const STAND_INS = /^core\/deferredFeatures\.ts:/;
const registered = new Set(uses.registered.map((s) => s.id));
const list = (sites: readonly CommandSite[]) => sites.map((s) => `${s.id} (${s.where})`);

test('every registerCommand id of src/ is followed to a constant (only the stand-ins register ids from package.json)', () => {
  assert.deepEqual(uses.unresolved.filter((w) => !STAND_INS.test(w)), []);
  assert.ok(uses.registered.length > 60, `only ${uses.registered.length} registrations found: the collector lost track`);
});

test('every command the code registers is contributed in package.json, or is a listed test hook', () => {
  assert.deepEqual(list(uses.registered.filter((s) => !contributed.has(s.id) && !hidden.has(s.id))), []);
});

test('every command package.json contributes is registered by the code', () => {
  assert.deepEqual([...contributed].filter((id) => !registered.has(id)), []);
});

test('every listed test hook is registered by the code', () => {
  assert.ok(hidden.size > 0, 'HIDDEN_FEATURE_COMMANDS was not found in src/extension.ts');
  assert.deepEqual([...hidden].filter((id) => !registered.has(id)), []);
});

test('no command is registered twice (VS Code refuses the second)', () => {
  const seen = new Map<string, string>();
  const twice: string[] = [];
  for (const s of uses.registered) {
    if (seen.has(s.id)) twice.push(`${s.id}: ${seen.get(s.id)} and ${s.where}`);
    seen.set(s.id, s.where);
  }
  assert.deepEqual(twice, []);
});

test('every command a tree item, the status bar, a button, a link or executeCommand names is registered', () => {
  assert.ok(uses.used.length > 20, `only ${uses.used.length} uses found: the collector lost track`);
  assert.deepEqual(list(uses.used.filter((s) => !registered.has(s.id))), []);
});

test('every command of the menus and the welcome views of package.json is contributed', () => {
  const menuIds = Object.entries(manifest.contributes.menus ?? {}).flatMap(([menu, items]) => items.filter((i) => i.command).map((i) => ({ id: i.command!, where: menu })));
  const keyIds = (manifest.contributes.keybindings ?? []).map((k) => ({ id: k.command, where: 'keybindings' }));
  // Welcome texts are package.nls.json keys (`%welcome.signedOut%`) holding `command:gitea.x` links.
  const welcome = (manifest.contributes.viewsWelcome ?? []).map((w) => w.contents.replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? ''));
  const linkIds = welcome.flatMap((text) => [...text.matchAll(/command:([\w.]+)/g)].map((m) => ({ id: m[1]!, where: 'viewsWelcome' })));
  assert.ok(linkIds.length > 0, 'no command link found in the welcome views');
  assert.deepEqual([...menuIds, ...keyIds, ...linkIds].filter((u) => !contributed.has(u.id)).map((u) => `${u.id} (${u.where})`), []);
});
