// The .vsix holds what the extension needs at run time and nothing else (issue 24: 93 % of a 2 MB package was the
// README's screenshots). The file list is vsce's own (`listFiles`, what `vsce ls --no-dependencies` prints), over the
// working tree and over a tree with a built dist/ beside sources, tests and source maps; scripts/package-contents.mjs
// says what may be packaged. The size (≤ 400,000 bytes) needs the built package: `npm run package` checks it
// (node scripts/package-contents.mjs dist/gitea-workbench.vsix), with the packaged README's images.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listFiles, PackageManager } from '@vscode/vsce';
import { REPO_ROOT } from '../../harness/paths';

interface PackageContents {
  VSIX_BUDGET_BYTES: number;
  notNeeded(files: string[]): string[];
  vsixFiles(entries: string[]): string[];
  relativeImages(markdown: string): string[];
  rewrittenNonPaths(markdown: string): string[];
}

const contents = async (): Promise<PackageContents> =>
  (await import(pathToFileURL(join(REPO_ROOT, 'scripts', 'package-contents.mjs')).href)) as PackageContents;
const manifest = (): { main: string; icon: string; repository?: { url?: string }; scripts: Record<string, string>; contributes: { viewsContainers?: Record<string, { icon: string }[]>; chatSkills?: { path: string }[] } } =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}
const repoPath = (file: string): string => relative(REPO_ROOT, file).split(sep).join('/');

/** The media files the extension's code loads: `joinPath(mediaRoot, 'folder', 'file')` in the webviews' HTML, below
 * webviewMediaRoot() (dist/media/: media/ minified by the build). */
function mediaLoadedBySource(): string[] {
  const found = new Set<string>();
  for (const file of filesUnder(join(REPO_ROOT, 'src')).filter((f) => f.endsWith('.ts'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/joinPath\(mediaRoot, ((?:'[^']+'(?:, )?)+)\)/g)) {
      found.add(['dist', 'media', ...[...m[1]!.matchAll(/'([^']+)'/g)].map((s) => s[1]!)].join('/'));
    }
  }
  return [...found].sort();
}

/** Every file the extension needs in its package: the bundles, what its code and its manifest load, its page. */
function neededFiles(): string[] {
  const m = manifest();
  const containerIcons = Object.values(m.contributes.viewsContainers ?? {}).flat().map((c) => c.icon);
  const skills = (m.contributes.chatSkills ?? []).map((s) => s.path.replace(/^\.\//, ''));
  const bundles = ['extension', 'workbench', 'admin', 'branchStatus', 'signIn', 'gitCredentials', 'remoteSources', 'api', 'markdownWorker'].map((b) => `dist/${b}.js`);
  return [...new Set([m.main.replace(/^\.\//, ''), ...bundles, m.icon, ...containerIcons, ...mediaLoadedBySource(), ...skills, 'package.json', 'package.nls.json', 'README.md', 'CHANGELOG.md', 'LICENSE'])].sort();
}

test("`vsce ls --no-dependencies` of the working tree lists nothing the extension does not need at run time", async () => {
  const { notNeeded } = await contents();
  const files = await listFiles({ cwd: REPO_ROOT, packageManager: PackageManager.None });
  assert.ok(files.includes('package.json') && files.includes('README.md'), `vsce listed the tree: ${files.join(', ')}`);
  assert.deepEqual(notNeeded(files), [], 'kept out by .vscodeignore');
});

test('with a built dist/ beside sources, tests and source maps, .vscodeignore lets in every file needed at run time and nothing else', async () => {
  const { notNeeded } = await contents();
  const root = mkdtempSync(join(tmpdir(), 'gitea-workbench-package-'));
  try {
    const put = (path: string, from?: string): void => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      if (from) copyFileSync(from, join(root, path));
      else writeFileSync(join(root, path), '');
    };
    for (const name of ['package.json', '.vscodeignore']) put(name, join(REPO_ROOT, name));
    for (const e of readdirSync(REPO_ROOT, { withFileTypes: true })) if (e.isFile() && !existsSync(join(root, e.name))) put(e.name);
    for (const file of [...filesUnder(join(REPO_ROOT, 'media')), ...filesUnder(join(REPO_ROOT, 'skills'))]) put(repoPath(file));
    // The build's minified copies of the webviews' scripts and styles.
    for (const file of filesUnder(join(REPO_ROOT, 'media')).filter((f) => /\.(?:js|css)$/.test(f))) put(`dist/${repoPath(file)}`);
    for (const bundle of ['extension', 'workbench', 'admin', 'branchStatus', 'signIn', 'gitCredentials', 'remoteSources', 'api', 'markdownWorker']) {
      put(`dist/${bundle}.js`);
      put(`dist/${bundle}.js.map`);
    }
    const unwanted = ['dist/gitea-workbench.vsix', 'media/screenshots/views-branches.png', 'media/createIssue/form.js', 'media/forms/form.css', 'src/extension.ts', 'out/src/extension.js', 'out/src/extension.js.map',
      'test/unit/package/packageContents.test.ts', 'out/test/unit/package/packageContents.test.js', 'bench/results.json', 'docs/ARCHITECTURE.md', 'scripts/build.mjs', 'skills/README.md'];
    for (const path of unwanted) put(path);

    const files = await listFiles({ cwd: root, packageManager: PackageManager.None });
    assert.deepEqual(notNeeded(files), [], 'only what the extension needs');
    assert.deepEqual(neededFiles().filter((f) => !files.includes(f)), [], 'every file the extension loads is packaged');
    assert.deepEqual(unwanted.filter((f) => files.includes(f)), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('every file the extension loads at run time is one scripts/package-contents.mjs allows', async () => {
  const { notNeeded } = await contents();
  const needed = neededFiles();
  assert.ok(needed.includes('dist/media/createIssue/form.js') && needed.includes('dist/media/issuePage/page.css'), `the webviews' files are found in src/: ${needed.join(', ')}`);
  assert.ok(needed.includes('skills/fix-failing-ci/SKILL.md'), `the contributed skills are needed: ${needed.join(', ')}`);
  assert.deepEqual(notNeeded(needed), []);
  assert.deepEqual(notNeeded(['media/screenshots/views-branches.png', 'dist/extension.js.map', 'out/test/unit/x.test.js', 'src/extension.ts', 'test/fixtures/a.json']).length, 5);
});

test("the README's images are files of the repository, and the packaged README points at them there", async () => {
  const { relativeImages } = await contents();
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const images = relativeImages(readme);
  assert.ok(images.length > 0, 'the README shows screenshots');
  assert.deepEqual(images.filter((src) => !existsSync(join(REPO_ROOT, decodeURI(src)))), [], 'each relative image exists in the repository');
  const m = manifest();
  assert.match(m.repository?.url ?? '', /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/, 'vsce rewrites relative images against a repository URL');
  assert.doesNotMatch(m.scripts['package']!, /--no-rewrite-relative-links/, 'the packaged README would show images the package does not hold');
});

test('the package check reads what vsce wrote: renamed page files, relative images, links that were not paths', async () => {
  const { vsixFiles, relativeImages, rewrittenNonPaths } = await contents();
  assert.deepEqual(vsixFiles(['extension.vsixmanifest', '[Content_Types].xml', 'extension/', 'extension/readme.md', 'extension/LICENSE.txt', 'extension/dist/api.js']), ['README.md', 'LICENSE', 'dist/api.js']);
  assert.deepEqual(relativeImages('![a](media/screenshots/a.png) ![b](https://x.test/b.png) <img src="media/c.png">'), ['media/screenshots/a.png', 'media/c.png']);
  assert.deepEqual(rewrittenNonPaths('`[label](https://github.com/o/r/blob/HEAD/command:…)` [doc](https://github.com/o/r/blob/HEAD/docs/A.md)'), ['https://github.com/o/r/blob/HEAD/command:…']);
});
