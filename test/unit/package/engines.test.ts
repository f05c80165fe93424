// The editors the package admits are the ones the suites run on: engines.vscode names the VS Code of the oldest
// code-server the harness tests (test/harness/toolPlan.ts), and the API types the code compiles against are no newer
// (vsce refuses to package types newer than engines; newer API would compile and then be missing in old editors).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../harness/paths';
import { OLDEST_CODE_SERVER_VERSION } from '../../harness/toolPlan';

const json = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(REPO_ROOT, name), 'utf8')) as Record<string, unknown>;
/** `[major, minor]` of a version or of the lower bound of a `^`/`~` range. */
const majorMinor = (v: string): [number, number] => {
  const m = /^[\^~]?(\d+)\.(\d+)\./.exec(v);
  assert.ok(m, `${v} is not a version or a ^/~ range`);
  return [Number(m[1]), Number(m[2])];
};

test('engines.vscode is ^1.<minor of the oldest code-server>.0: the oldest editor tested is the oldest admitted', () => {
  const engines = (json('package.json').engines as { vscode: string }).vscode;
  const [, oldestMinor] = majorMinor(OLDEST_CODE_SERVER_VERSION);
  assert.equal(engines, `^1.${oldestMinor}.0`);
});

test('@types/vscode, as declared and as locked, is no newer than engines.vscode', () => {
  const manifest = json('package.json') as { engines: { vscode: string }; devDependencies: Record<string, string> };
  const floor = majorMinor(manifest.engines.vscode);
  const declared = manifest.devDependencies['@types/vscode']!;
  assert.match(declared, /^~/, 'a ~ range, so that npm never picks a newer minor than engines');
  assert.deepEqual(majorMinor(declared), floor);
  const locked = (json('package-lock.json').packages as Record<string, { version: string }>)['node_modules/@types/vscode']!.version;
  assert.deepEqual(majorMinor(locked), floor);
});
