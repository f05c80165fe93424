// The imports of src/ follow the layers table of docs/ARCHITECTURE.md: no upward or sideways arrow, no cycle between
// files (type imports included), the client imported by value only through src/apiLoader.ts, and no `vscode` in the
// editor-neutral layers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { areaOf, importCycles, layerTable, layerViolations } from './layers';
import { importEdges, packageImports, sourceFiles, type ImportEdge } from './sourceFiles';

const describeViolation = (v: { edge: ImportEdge; why: string }): string => `src/${v.edge.from}:${v.edge.line} imports src/${v.edge.to}: ${v.why}`;

test('every area of src/ has a row in the layers table, and every row names an area that exists', () => {
  const table = layerTable();
  const areas = new Set(sourceFiles().map((f) => (areaOf(f.path).startsWith('commands/') ? 'commands/*' : areaOf(f.path))));
  assert.deepEqual([...areas].filter((a) => !table.has(a)).sort(), []);
  assert.deepEqual([...table.keys()].filter((a) => !areas.has(a)).sort(), []);
});

test('no import goes against the layers table', () => {
  const violations = layerViolations(importEdges(), layerTable());
  assert.deepEqual(violations.map(describeViolation), []);
});

test('no import cycle between files, type imports included', () => {
  assert.deepEqual(importCycles(importEdges()), []);
});

test('src/api and src/shared never import vscode', () => {
  const offenders = sourceFiles()
    .filter((f) => ['api', 'shared'].includes(areaOf(f.path)) && packageImports(f).includes('vscode'))
    .map((f) => f.path);
  assert.deepEqual(offenders, []);
});

test('the administration forms are reached only through their lazy loader (dist/admin.js)', () => {
  const intoAdmin = importEdges().filter((e) => e.to.startsWith('commands/admin/') && !e.from.startsWith('commands/admin/') && !(e.from === 'commands/index.ts' && e.to === 'commands/admin/index.ts'));
  assert.deepEqual(intoAdmin.map((e) => `src/${e.from}:${e.line} → src/${e.to}`), []);
});

test('the checks catch the arrows this codebase once had', () => {
  // The imports that pointed up or both ways before the layers were drawn (issue #11): each must be refused.
  const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, typeOnly, line: 1 });
  const upward = [
    edge('views/activityView.ts', 'commands/admin/adminContext.ts'),
    edge('views/webhooksView.ts', 'commands/admin/webhookModel.ts'),
    edge('commands/changedFiles/changedFilesView.ts', 'views/format.ts'),
    edge('git/selectRepository.ts', 'auth/accountStore.ts'),
    edge('core/settings.ts', 'git/instanceUrl.ts'),
    edge('core/services.ts', 'auth/accountStore.ts'),
    edge('auth/index.ts', 'git/instanceUrl.ts'),
    edge('commands/createIssue/index.ts', 'commands/deployKeys/index.ts'),
    edge('views/branchesView.ts', 'api/client.ts'),
  ];
  const table = layerTable();
  for (const e of upward) assert.equal(layerViolations([e], table).length, 1, `${e.from} → ${e.to} must be refused`);
  assert.deepEqual(importCycles([edge('auth/signInDraft.ts', 'auth/signInErrors.ts', true), edge('auth/signInErrors.ts', 'auth/signInDraft.ts', true)]), [
    ['auth/signInDraft.ts', 'auth/signInErrors.ts'],
  ]);
});
