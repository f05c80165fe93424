// Every command package.json contributes is run by a test of the running extension: some file of the in-host suite
// (test/integration) or of the UI suite (test/e2e) names its id as a whole string literal. A command nobody runs can
// break (a renamed view method, a lost argument) with every other test green.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './sourceFiles';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The ids written as a whole string literal ('gitea.x', "gitea.x" or `gitea.x`) in these texts. */
export function namedIds(texts: readonly string[]): Set<string> {
  const ids = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(/(['"`])(gitea\.[\w.]+)\1/g)) ids.add(m[2]!);
  return ids;
}

test('the collector takes whole literals only (a longer id does not name a shorter one)', () => {
  assert.deepEqual([...namedIds(["run('gitea.review.threads')", 'x = "gitea.a.b"; `gitea.c` \'gitea.d.more\' gitea.e'])], ['gitea.review.threads', 'gitea.a.b', 'gitea.c', 'gitea.d.more']);
});

test('every contributed command is named by an in-host or UI test', () => {
  const root = repoRoot();
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
  const contributed = manifest.contributes.commands.map((c) => c.command);
  assert.ok(contributed.length > 50, `only ${contributed.length} contributed commands read`);
  const files = ['integration', 'e2e'].flatMap((d) => filesUnder(join(root, 'test', d)));
  const named = namedIds(files.map((f) => readFileSync(f, 'utf8')));
  const untested = contributed.filter((id) => !named.has(id));
  assert.deepEqual(untested, [], `${untested.length} contributed command(s) that no file of test/integration or test/e2e runs:\n  ${untested.join('\n  ')}`);
});
