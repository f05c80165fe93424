// `npm run release -- <version | patch | minor | major>`: cuts a release from a clean tree. It runs the whole test
// suite (`npm test`), sets the version in package.json and package-lock.json, turns the CHANGELOG's [Unreleased]
// section into `## [<version>] - <date>` (with a new empty [Unreleased] above it and the compare links below), and
// packages the .vsix. It commits and tags nothing; it prints the commands that do, and those that publish the one
// .vsix to both registries: the Visual Studio Marketplace (VS Code) and Open VSX (VSCodium, Cursor, Windsurf,
// code-server). `--publish` runs the publishing commands of the registries whose token is set (VSCE_PAT, OVSX_PAT).
// `--skip-tests` leaves out `npm test` (for a rehearsal; a real release runs them).
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const UNRELEASED = '## [Unreleased]';

/** The version after `current` for a bump word, or `requested` itself when it is a version above `current`. */
export function nextVersion(current, requested) {
  const now = SEMVER.exec(current);
  if (!now) throw new Error(`package.json's version ${current} is not major.minor.patch`);
  const [major, minor, patch] = now.slice(1).map(Number);
  if (requested === 'major') return `${major + 1}.0.0`;
  if (requested === 'minor') return `${major}.${minor + 1}.0`;
  if (requested === 'patch') return `${major}.${minor}.${patch + 1}`;
  const next = SEMVER.exec(requested ?? '');
  if (!next) throw new Error(`say which version: patch, minor, major or x.y.z (got ${requested ?? 'nothing'})`);
  const [a, b, c] = next.slice(1).map(Number);
  const above = a !== major ? a > major : b !== minor ? b > minor : c > patch;
  if (!above) throw new Error(`${requested} is not above the current version ${current}`);
  return requested;
}

/** The repository's web address from package.json's `repository` (a string or `{ url }`), without `.git`. */
export function repositoryWebUrl(manifest) {
  const raw = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (!raw) throw new Error('package.json has no repository');
  return raw.replace(/^git\+/, '').replace(/\.git$/, '');
}

/**
 * The CHANGELOG with its [Unreleased] entries under `## [version] - date`, an empty [Unreleased] above them and the
 * link references at the bottom updated. Refuses an empty [Unreleased] (nothing to release) and a version that is
 * already there.
 */
export function cutRelease(changelog, version, date, repoUrl) {
  const start = changelog.indexOf(UNRELEASED);
  if (start < 0) throw new Error(`CHANGELOG.md has no "${UNRELEASED}" heading`);
  if (changelog.includes(`## [${version}]`)) throw new Error(`CHANGELOG.md already has a section for ${version}`);
  const bodyStart = start + UNRELEASED.length;
  const nextHeading = changelog.indexOf('\n## [', bodyStart);
  const links = changelog.search(/\n\[[^\]]+\]: \S+/);
  const bodyEnd = nextHeading >= 0 ? nextHeading : links >= 0 ? links : changelog.length;
  const entries = changelog.slice(bodyStart, bodyEnd).trim();
  if (!/^[ \t]*- /m.test(entries)) throw new Error('[Unreleased] lists nothing: there is nothing to release');
  const head = changelog.slice(0, start);
  let rest = changelog.slice(bodyEnd).replace(/^\n+/, '');
  // Link references: [Unreleased] compares from the new tag; the new version gets its own.
  const previous = /^## \[(\d+\.\d+\.\d+)\]/m.exec(rest)?.[1];
  const unreleasedLink = `[Unreleased]: ${repoUrl}/compare/v${version}...HEAD`;
  const versionLink = previous
    ? `[${version}]: ${repoUrl}/compare/v${previous}...v${version}`
    : `[${version}]: ${repoUrl}/releases/tag/v${version}`;
  rest = rest.replace(/^\[Unreleased\]: \S+\n?/m, '');
  const section = `${UNRELEASED}\n\n## [${version}] - ${date}\n\n${entries}\n`;
  const body = `${head}${section}${rest ? `\n${rest}` : ''}`.replace(/(?<!\n)\n*$/, '\n');
  const firstLink = body.search(/^\[[^\]]+\]: \S+$/m);
  return firstLink >= 0
    ? `${body.slice(0, firstLink)}${unreleasedLink}\n${versionLink}\n${body.slice(firstLink)}`
    : `${body}\n${unreleasedLink}\n${versionLink}\n`;
}

/** Where a release goes: the same .vsix to both registries, each with its CLI (run through npx) and its token. */
export const REGISTRIES = [
  { name: 'Visual Studio Marketplace (VS Code)', token: 'VSCE_PAT', cli: '@vscode/vsce', args: (vsix) => ['publish', '--packagePath', vsix] },
  { name: 'Open VSX (VSCodium, Cursor, Windsurf, code-server)', token: 'OVSX_PAT', cli: 'ovsx', args: (vsix) => ['publish', vsix] },
];

/** Per registry: the npx command that publishes `vsix` there, and whether its token is in `env`. The token stays in
 * the environment (both CLIs read it from there), never on the command line. */
export function publishPlan(vsix, env) {
  return REGISTRIES.map((r) => ({ name: r.name, token: r.token, ready: !!env[r.token], npxArgs: ['--yes', r.cli, ...r.args(vsix)] }));
}

/**
 * npx as Node runs it: npm's own npx-cli.js beside the npm-cli.js npm was started from (`npm_execpath`), by this
 * Node's absolute path. No bare npx name (Windows looks a bare name up in the current folder first; its .cmd needs a shell) and no shell.
 */
export function npxSpec(env = process.env, exists = existsSync) {
  const npmCli = env.npm_execpath;
  if (!npmCli) throw new Error('run it through npm: npm run release -- <version>');
  const cli = join(dirname(npmCli), 'npx-cli.js');
  if (!isAbsolute(cli) || !exists(cli)) throw new Error(`npx-cli.js is not beside ${npmCli}: run it through npm (not another package manager).`);
  return { file: process.execPath, args: [cli] };
}

/** Publishes to each registry whose token is set; says which were left out and how to publish there later. */
function publish(vsix, root) {
  const npx = npxSpec();
  for (const step of publishPlan(vsix, process.env)) {
    if (!step.ready) {
      process.stdout.write(`\n${step.name}: ${step.token} is not set, not published (later: npx ${step.npxArgs.join(' ')})\n`);
      continue;
    }
    process.stdout.write(`\n$ npx ${step.npxArgs.join(' ')}   (${step.name})\n`);
    execFileSync(npx.file, [...npx.args, ...step.npxArgs], { cwd: root, stdio: 'inherit' });
  }
}

/** Runs npm by the script npm itself was started from (no shell, the same on every platform). */
function npm(args, root) {
  const cli = process.env.npm_execpath;
  if (!cli) throw new Error('run it through npm: npm run release -- <version>');
  process.stdout.write(`\n$ npm ${args.join(' ')}\n`);
  execFileSync(process.execPath, [cli, ...args], { cwd: root, stdio: 'inherit' });
}

/**
 * git's absolute path, from the absolute folders of PATH only (as src/git/gitProcess.ts finds it): a bare `git` is
 * looked up in the current folder first on Windows, and a relative PATH entry would be the same.
 */
export function gitExecutable(env = process.env, platform = process.platform) {
  const name = platform === 'win32' ? 'git.exe' : 'git';
  const pathVariable = Object.entries(env).find(([key]) => key.toUpperCase() === 'PATH')?.[1] ?? '';
  for (const dir of pathVariable.split(platform === 'win32' ? ';' : delimiter)) {
    if (!isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, platform === 'win32' ? constants.F_OK : constants.X_OK);
      return candidate;
    } catch {
      // expected: not in this folder of PATH.
    }
  }
  throw new Error('git was not found in an absolute folder of PATH');
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const args = process.argv.slice(2);
  const requested = args.find((a) => !a.startsWith('--'));
  const read = (name) => readFileSync(join(root, name), 'utf8');
  const manifest = JSON.parse(read('package.json'));
  const version = nextVersion(manifest.version, requested);
  const dirty = execFileSync(gitExecutable(), ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim();
  if (dirty) throw new Error(`tracked files have changes; commit or stash them first:\n${dirty}`);
  // Checked before the long test run, so that a CHANGELOG with nothing to release stops at once.
  const date = new Date().toISOString().slice(0, 10);
  const changelog = cutRelease(read('CHANGELOG.md'), version, date, repositoryWebUrl(manifest));
  if (!args.includes('--skip-tests')) npm(['test'], root);
  npm(['version', version, '--no-git-tag-version'], root);
  writeFileSync(join(root, 'CHANGELOG.md'), changelog);
  npm(['run', 'package'], root);
  const vsix = 'dist/gitea-workbench.vsix';
  if (args.includes('--publish')) publish(vsix, root);
  process.stdout.write(
    `\nReleased ${version} into ${vsix} (one package for both registries). Next:\n` +
      `  git commit -am "Release ${version}" && git tag v${version}\n` +
      (args.includes('--publish')
        ? ''
        : publishPlan(vsix, {}).map((p) => `  npx ${p.npxArgs.slice(1).join(' ')}   (${p.name}, ${p.token})\n`).join('')),
  );
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (e) {
    process.stderr.write(`release: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
}
