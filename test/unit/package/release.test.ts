// The release is cut by scripts/release.mjs (`npm run release`), and the CHANGELOG keeps the Keep a Changelog form a
// marketplace page and a reader expect: [Unreleased] first, a dated section for the version in package.json, only
// the six kinds of change under a version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../../harness/paths';

interface Release {
  nextVersion(current: string, requested: string | undefined): string;
  repositoryWebUrl(manifest: unknown): string;
  cutRelease(changelog: string, version: string, date: string, repoUrl: string): string;
  gitExecutable(env: NodeJS.ProcessEnv, platform?: NodeJS.Platform): string;
}

const script = async (): Promise<Release> => (await import(pathToFileURL(join(REPO_ROOT, 'scripts', 'release.mjs')).href)) as Release;
const read = (name: string): string => readFileSync(join(REPO_ROOT, name), 'utf8');
const URL = 'https://example.com/acme/ext';

test('nextVersion: bump words and explicit versions above the current one', async () => {
  const { nextVersion } = await script();
  assert.equal(nextVersion('0.1.0', 'patch'), '0.1.1');
  assert.equal(nextVersion('0.1.9', 'minor'), '0.2.0');
  assert.equal(nextVersion('0.9.3', 'major'), '1.0.0');
  assert.equal(nextVersion('0.1.0', '0.10.0'), '0.10.0');
  assert.throws(() => nextVersion('0.1.0', '0.1.0'), /not above/);
  assert.throws(() => nextVersion('0.2.0', '0.1.5'), /not above/);
  assert.throws(() => nextVersion('0.1.0', 'v0.2'), /patch, minor, major or x\.y\.z/);
  assert.throws(() => nextVersion('0.1.0', undefined), /got nothing/);
});

test("repositoryWebUrl: package.json's repository as a web address", async () => {
  const { repositoryWebUrl } = await script();
  assert.equal(repositoryWebUrl({ repository: { type: 'git', url: 'git+https://example.com/acme/ext.git' } }), URL);
  assert.equal(repositoryWebUrl({ repository: `${URL}.git` }), URL);
  assert.throws(() => repositoryWebUrl({}), /no repository/);
});

test('cutRelease: the [Unreleased] entries become the dated version, with a new empty [Unreleased] and links', async () => {
  const { cutRelease } = await script();
  const before = [
    '# Changelog',
    '',
    'Intro.',
    '',
    '## [Unreleased]',
    '',
    '### Added',
    '- Reactions on the issue page.',
    '',
    '## [0.1.0] - 2026-11-26',
    '',
    '### Added',
    '- The first views.',
    '',
    `[Unreleased]: ${URL}/compare/v0.1.0...HEAD`,
    `[0.1.0]: ${URL}/releases/tag/v0.1.0`,
    '',
  ].join('\n');
  assert.equal(
    cutRelease(before, '0.2.0', '2026-12-01', URL),
    [
      '# Changelog',
      '',
      'Intro.',
      '',
      '## [Unreleased]',
      '',
      '## [0.2.0] - 2026-12-01',
      '',
      '### Added',
      '- Reactions on the issue page.',
      '',
      '## [0.1.0] - 2026-11-26',
      '',
      '### Added',
      '- The first views.',
      '',
      `[Unreleased]: ${URL}/compare/v0.2.0...HEAD`,
      `[0.2.0]: ${URL}/compare/v0.1.0...v0.2.0`,
      `[0.1.0]: ${URL}/releases/tag/v0.1.0`,
      '',
    ].join('\n'),
  );
});

test('cutRelease: the first release links its tag; nothing to release or a version already there is refused', async () => {
  const { cutRelease } = await script();
  const first = cutRelease('# Changelog\n\n## [Unreleased]\n\n### Added\n- Everything.\n', '0.1.0', '2026-11-26', URL);
  assert.equal(
    first,
    `# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - 2026-11-26\n\n### Added\n- Everything.\n\n[Unreleased]: ${URL}/compare/v0.1.0...HEAD\n[0.1.0]: ${URL}/releases/tag/v0.1.0\n`,
  );
  assert.throws(() => cutRelease(first, '0.2.0', '2026-12-01', URL), /nothing to release/);
  assert.throws(() => cutRelease('## [Unreleased]\n- x\n\n## [0.1.0] - 2026-11-26\n- y\n', '0.1.0', '2026-12-01', URL), /already has a section/);
  assert.throws(() => cutRelease('# Changelog\n', '0.1.0', '2026-12-01', URL), /no "## \[Unreleased\]"/);
});

test("CHANGELOG.md: [Unreleased] first, a dated section for package.json's version, only Keep a Changelog's kinds", () => {
  const changelog = read('CHANGELOG.md');
  const { version } = JSON.parse(read('package.json')) as { version: string };
  const versions = [...changelog.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)].map((m) => ({ name: m[1], date: m[2] }));
  assert.equal(versions[0]?.name, 'Unreleased', 'the first section is [Unreleased]');
  const current = versions.find((v) => v.name === version);
  assert.ok(current?.date, `a dated section "## [${version}] - YYYY-MM-DD" for package.json's version`);
  const kinds = new Set([...changelog.matchAll(/^### (.+)$/gm)].map((m) => m[1]));
  const allowed = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];
  assert.deepEqual([...kinds].filter((k) => !allowed.includes(k)), [], `only ${allowed.join(', ')}`);
  for (const v of versions) assert.match(changelog, new RegExp(`^\\[${v.name.replace(/\./g, '\\.')}\\]: https://`, 'm'), `a link for [${v.name}]`);
});

test('publishPlan: the one .vsix goes to the Marketplace and to Open VSX, each only with its own token', async () => {
  const { publishPlan } = (await script()) as Release & {
    publishPlan(vsix: string, env: Record<string, string | undefined>): { name: string; token: string; ready: boolean; npxArgs: string[] }[];
  };
  const plan = publishPlan('dist/x.vsix', { OVSX_PAT: 'secret' });
  assert.deepEqual(
    plan.map((p) => [p.token, p.ready, p.npxArgs.join(' ')]),
    [
      ['VSCE_PAT', false, '--yes @vscode/vsce publish --packagePath dist/x.vsix'],
      ['OVSX_PAT', true, '--yes ovsx publish dist/x.vsix'],
    ],
  );
  assert.match(plan[1]!.name, /Open VSX \(VSCodium, Cursor/);
  assert.ok(plan.every((p) => !p.npxArgs.includes('secret')), 'tokens stay in the environment');
});

test('npxSpec: npx by npm\'s own npx-cli.js and this Node\'s absolute path, never a bare npx(.cmd) nor a shell', async () => {
  const { npxSpec } = (await script()) as unknown as {
    npxSpec(env: Record<string, string | undefined>, exists?: (p: string) => boolean): { file: string; args: string[] };
  };
  const npmCli = join(tmpdir(), 'npm', 'bin', 'npm-cli.js');
  const spec = npxSpec({ npm_execpath: npmCli }, (p) => p === join(tmpdir(), 'npm', 'bin', 'npx-cli.js'));
  assert.deepEqual(spec, { file: process.execPath, args: [join(tmpdir(), 'npm', 'bin', 'npx-cli.js')] });
  assert.ok(isAbsolute(spec.file));
  assert.throws(() => npxSpec({}), /run it through npm/);
  assert.throws(() => npxSpec({ npm_execpath: npmCli }, () => false), /npx-cli\.js is not beside/);
  assert.throws(() => npxSpec({ npm_execpath: 'bin/npm-cli.js' }, () => true), /npx-cli\.js is not beside/, 'a relative path is not run');
  const source = read('scripts/release.mjs');
  assert.ok(!/npx\.cmd|shell:\s*(?:true|process)/.test(source), 'no npx.cmd, no shell');
});

test('gitExecutable: git by its absolute path, found only in absolute folders of PATH', async () => {
  const { gitExecutable } = await script();
  const dir = mkdtempSync(join(tmpdir(), 'gw-release-git-'));
  try {
    const git = join(dir, 'git');
    writeFileSync(git, '#!/bin/sh\n');
    chmodSync(git, 0o755);
    assert.equal(gitExecutable({ PATH: ['relative/bin', dir].join(delimiter) }, 'linux'), git);
    assert.equal(gitExecutable({ Path: dir }, 'linux'), git, 'the variable is found in any case (Windows writes Path)');
    assert.ok(isAbsolute(gitExecutable(process.env)), 'the real git of this machine');
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      assert.throws(() => gitExecutable({ PATH: ['.', 'relative'].join(delimiter) }, 'linux'), /not found in an absolute folder of PATH/, 'a relative PATH entry is never searched, even where git is');
    } finally {
      process.chdir(cwd);
    }
    assert.throws(() => gitExecutable({}, 'linux'), /not found/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.doesNotMatch(read('scripts/release.mjs'), /execFileSync\('git'/, 'no bare git left in the script');
});
