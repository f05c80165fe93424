// The README in the .vsix is README.md's part for users (scripts/packaged-readme.mjs): every section a user reads is
// there as written, the contributors' sections (Development, Testing, Performance) are replaced by links to them in
// the repository, and `npm run package` hands it to vsce.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../../harness/paths';

interface PackagedReadme {
  CONTRIBUTORS_HEADING: string;
  PACKAGED_README: string;
  packagedReadme(readme: string, repoUrl: string): string;
}

const script = async (): Promise<PackagedReadme> => (await import(pathToFileURL(join(REPO_ROOT, 'scripts', 'packaged-readme.mjs')).href)) as PackagedReadme;
const read = (name: string): string => readFileSync(join(REPO_ROOT, name), 'utf8');
const URL = 'https://example.com/acme/ext';

test("the packaged README keeps every users' section of README.md as written and links to the contributors' ones", async () => {
  const { packagedReadme, CONTRIBUTORS_HEADING } = await script();
  const readme = read('README.md');
  const packaged = packagedReadme(readme, URL);
  const users = readme.slice(0, readme.indexOf(`\n${CONTRIBUTORS_HEADING}\n`) + 1);
  assert.ok(packaged.startsWith(users), 'the part before Development is unchanged');
  for (const heading of ['## Install', '## Getting started', '## Features', '## Security', '## Configuration']) assert.ok(packaged.includes(`\n${heading}\n`), heading);
  for (const heading of ['## Development', '## Testing', '## Performance']) assert.ok(!packaged.includes(`\n${heading}\n`), `${heading} is left out`);
  assert.ok(!packaged.includes('performance:start'), "the bench's table is left out");
  for (const anchor of ['development', 'testing', 'performance']) assert.ok(packaged.includes(`(${URL}#${anchor})`), `links to ${anchor}`);
});

test('a README without the Development heading is refused, not packaged whole', async () => {
  const { packagedReadme } = await script();
  assert.throws(() => packagedReadme('# Title\n\n## Features\n', URL), /no "## Development" heading/);
});

test('npm run package writes the packaged README and hands it to vsce', async () => {
  const { PACKAGED_README } = await script();
  const manifest = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  const steps = manifest.scripts.package!;
  assert.match(steps, /node scripts\/packaged-readme\.mjs && vsce package /);
  assert.ok(steps.includes(`--readme-path ${PACKAGED_README}`), steps);
  assert.ok(!/^!README\.md$/m.test(read('.vscodeignore')), 'README.md itself is not packaged beside it');
});
