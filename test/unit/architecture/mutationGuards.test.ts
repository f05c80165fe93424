// The mutation run's one list (scripts/mutation-guards.mjs) follows the code: every guard's code is found (a part is
// found by the text of its first line, which an edit can change: then `npm run mutate` stopped before it began, and
// nothing else noticed) and every test it names exists. Run in its own Node (the list is an ES module).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { repoRoot } from './sourceFiles';

interface GuardList {
  readonly patterns: readonly string[];
  readonly files: readonly string[];
  readonly tests: readonly string[];
}

function guardList(): GuardList {
  const url = pathToFileURL(join(repoRoot(), 'scripts', 'mutation-guards.mjs')).href;
  const script = `import { GUARDS, mutatePatterns } from ${JSON.stringify(url)};
    process.stdout.write(JSON.stringify({ patterns: mutatePatterns(), files: GUARDS.flatMap((g) => g.mutate.map((m) => typeof m === 'string' ? m : m.file)), tests: GUARDS.flatMap((g) => g.tests) }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as GuardList;
}

describe('mutation guards list', () => {
  it("finds every guard's code (a line range per part) and every test it names", () => {
    const list = guardList();
    assert.ok(list.patterns.length >= 30, `${list.patterns.length} patterns`);
    for (const pattern of list.patterns) assert.match(pattern, /^src\/[\w/.-]+\.(?:ts|js)(?::\d+-\d+)?$/, pattern);
    for (const file of [...list.files, ...list.tests]) assert.ok(existsSync(join(repoRoot(), file)), `${file} exists`);
  });
});
