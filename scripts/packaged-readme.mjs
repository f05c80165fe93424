// The README that goes into the .vsix (the extension's page in VS Code and on the marketplaces) is the repository's
// README for users: everything before "## Development". Development, Testing and Performance (the bench's table and
// how it measures) are for contributors and stay in the repository, linked from the page. `npm run package` writes
// it to dist/README.md and hands it to vsce (`--readme-path`); test/unit/package/packagedReadme.test.ts checks it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repositoryWebUrl } from './release.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CONTRIBUTORS_HEADING = '## Development';
/** As package.json's package script names it (a POSIX path: vsce takes it on every platform). */
export const PACKAGED_README = 'dist/README.md';

/** `readme` up to its contributors' part, then a short section linking to it in the repository at `repoUrl`. */
export function packagedReadme(readme, repoUrl) {
  const cut = readme.indexOf(`\n${CONTRIBUTORS_HEADING}\n`);
  if (cut < 0) throw new Error(`README.md has no "${CONTRIBUTORS_HEADING}" heading to cut the packaged README at`);
  const anchor = (title) => `${repoUrl}#${title.toLowerCase()}`;
  return `${readme.slice(0, cut + 1)}## Development, testing and performance

How to build, test and measure the extension, and its performance figures with their budgets, are in the
repository's README: [Development](${anchor('Development')}), [Testing](${anchor('Testing')}),
[Performance](${anchor('Performance')}).
`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const out = join(ROOT, PACKAGED_README);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, packagedReadme(readFileSync(join(ROOT, 'README.md'), 'utf8'), repositoryWebUrl(manifest)));
}
