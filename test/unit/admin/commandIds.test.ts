// The administration commands are registered from a list of ids (src/commands/admin/index.ts) so that their
// implementations load only on first use; this keeps that list and the implementations' ids the same.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { COMMAND } from '../../../src/core/commandIds';

const ADMIN_DIR = join(__dirname, '..', '..', '..', '..', 'src', 'commands', 'admin');

test('the ids registered up front are exactly the ids the implementations define', () => {
  // Ids are written as entries of the command table (src/core/commandIds.ts): `COMMAND.archiveRepository`.
  const id = (key: string): string => COMMAND[key as keyof typeof COMMAND];
  const defined = new Set<string>();
  for (const file of readdirSync(ADMIN_DIR).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
    for (const m of readFileSync(join(ADMIN_DIR, file), 'utf8').matchAll(/^export const [A-Z_]+ = COMMAND\.([A-Za-z]+);$/gm)) defined.add(id(m[1]!));
  }
  const index = readFileSync(join(ADMIN_DIR, 'index.ts'), 'utf8');
  const list = /ADMIN_COMMAND_IDS = \[([^\]]*)\]/.exec(index)?.[1] ?? '';
  const registered = [...list.matchAll(/COMMAND\.([A-Za-z]+)/g)].map((m) => id(m[1]!));
  assert.equal(registered.length, 8, 'eight administration commands');
  assert.deepEqual([...registered].sort(), [...defined].sort());
});

test('every registered id has an implementation in handlers.ts', () => {
  const handlers = readFileSync(join(ADMIN_DIR, 'handlers.ts'), 'utf8');
  const keys = [...handlers.matchAll(/^[ \t]+\[([A-Z_]+)\]:/gm)].map((m) => m[1]!);
  assert.equal(keys.length, 8);
  assert.equal(new Set(keys).size, 8, 'no id twice');
});
