// Command ids named in more than one file live in one table (src/core/commandIds.ts), and the table matches the
// commands package.json contributes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { COMMAND } from '../../../src/core/commandIds';
import { repoRoot, sourceFiles } from './sourceFiles';

interface Manifest {
  contributes: { commands: { command: string }[] };
}

const manifest = JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')) as Manifest;
const contributed = new Set(manifest.contributes.commands.map((c) => c.command));

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
