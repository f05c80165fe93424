// Installs, once, what a real VS Code needs on this machine, as toolPlan.ts decides (see ../shared/notes/real-vscode.md):
//   a browser           Chrome, Chromium or Edge already installed or named by GITEA_TEST_BROWSER / CHROME_PATH;
//                       Debian's chromium through apt when none is and we are root on Debian or Ubuntu
//   .cache/node<N>      the Node code-server needs (24 for 4.139, 20 for 4.96) from the npm package
//                       node-<platform>-<arch>, unless the running Node (or GITEA_TEST_NODE) is recent enough
//   .cache/code-server  code-server in its own package.json, native modules built for that Node; another release
//                       chosen with GITEA_TEST_CODE_SERVER (e.g. the oldest supported, 4.96.4) in .cache/code-server-<v>
// A stamp file per tool records what was installed, so later runs reuse it in milliseconds. Where a tool cannot be
// had, ensureTools rejects with a ToolsMissingError whose plan says what is missing and how to get it.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join, delimiter } from 'node:path';
import { CACHE_DIR } from './paths';
import { run, sleep } from './proc';
import {
  CODE_SERVER_NODE_MAJOR_DEFAULT,
  codeServerDirName,
  fallbackMessage,
  knownNodeMajor,
  minimumNodeMajor,
  planTools,
  selectedCodeServerVersion,
  type NodeChoice,
  type ToolPlan,
} from './toolPlan';

/** The release this run uses (GITEA_TEST_CODE_SERVER, else the newest). */
export const CODE_SERVER_VERSION = selectedCodeServerVersion(process.env);
/** Its VS Code version, e.g. `1.96.4` (code-server 4.X.Y carries VS Code 1.X.Y; product.json says exactly once installed). */
export function vscodeVersion(): string {
  try {
    const product = JSON.parse(readFileSync(join(CODE_SERVER_PKG, 'lib', 'vscode', 'product.json'), 'utf8')) as { version?: string };
    if (product.version) return product.version;
  } catch {
    // expected: not installed yet; the numbering rule below is what code-server follows
  }
  return CODE_SERVER_VERSION.replace(/^4\./, '1.');
}

const CODE_SERVER_DIR = join(CACHE_DIR, codeServerDirName(CODE_SERVER_VERSION));
const CODE_SERVER_PKG = join(CODE_SERVER_DIR, 'node_modules', 'code-server');
const CODE_SERVER_ENTRY = join(CODE_SERVER_PKG, 'out', 'node', 'entry.js');

export interface Tools {
  /** The Node binary that runs code-server. */
  node: string;
  /** code-server's entry script (run it with `node`). */
  codeServerEntry: string;
  /** The command-line options this release knows (its out/node/cli.js); older ones refuse options they lack. */
  codeServerOptions: ReadonlySet<string>;
  /** Chrome, Chromium or Edge; empty when the caller asked for no browser. */
  browser: string;
}

/** The plan could not be carried out here: `plan.missing` says what is missing, one sentence each. */
export class ToolsMissingError extends Error {
  readonly version = CODE_SERVER_VERSION;
  constructor(readonly plan: ToolPlan) {
    super(plan.missing.join(' '));
    this.name = 'ToolsMissingError';
  }
}

/** The user npmrc's nodedir (Node 20 headers) and the unsafe-perm old postinstall scripts want make npm warn on every
 * call; we set both on purpose. */
const NPM_NOISE = /Unknown (env|user|cli) config "(nodedir|unsafe-perm|--unsafe-perm)"/;

/** npm is npm.cmd on Windows, which Node spawns only through the shell. */
function npm(args: string[], options: Parameters<typeof run>[2]): ReturnType<typeof run> {
  if (process.platform !== 'win32') return run('npm', args, options);
  return run(process.env.ComSpec ?? 'cmd.exe', ['/d', '/s', '/c', 'npm', ...args], options);
}

function log(msg: string): void {
  process.stdout.write(`[install] ${msg}\n`);
}

function stampMatches(dir: string, expected: string): boolean {
  try {
    return readFileSync(join(dir, '.installed'), 'utf8').trim() === expected;
  } catch {
    return false;
  }
}

function writeStamp(dir: string, value: string): void {
  writeFileSync(join(dir, '.installed'), `${value}\n`);
}

/** The Node major code-server asks for in its package.json once installed (the plan's default before that). */
function codeServerNodeMajor(): number {
  try {
    const pkg = JSON.parse(readFileSync(join(CODE_SERVER_PKG, 'package.json'), 'utf8')) as { engines?: { node?: string } };
    return minimumNodeMajor(pkg.engines?.node);
  } catch {
    // expected: code-server is not installed yet
    return knownNodeMajor(CODE_SERVER_VERSION) ?? CODE_SERVER_NODE_MAJOR_DEFAULT;
  }
}

function readOsRelease(): string | undefined {
  try {
    return readFileSync('/etc/os-release', 'utf8');
  } catch {
    // expected: not Linux, or a minimal image without the file
    return undefined;
  }
}

/** The facts of this machine, and the plan for them. */
function currentPlan(wantBrowser: boolean): { plan: ToolPlan; nodeDir: string; stamp: string } {
  const facts = {
    platform: process.platform,
    arch: process.arch,
    isRoot: process.getuid?.() === 0,
    env: process.env,
    exists: existsSync,
    osRelease: readOsRelease(),
    nodeVersion: process.version,
    nodeExecPath: process.execPath,
    codeServerNodeMajor: codeServerNodeMajor(),
    wantBrowser,
    codeServerVersion: CODE_SERVER_VERSION,
  };
  // The node choice does not depend on whether code-server is installed; the stamp does on the node choice.
  const node = planTools({ ...facts, codeServerInstalled: true, wantBrowser: false }).node;
  const stamp = codeServerStamp(node);
  const plan = planTools({ ...facts, codeServerInstalled: codeServerReady(stamp) });
  return { plan, nodeDir: join(CACHE_DIR, `node${facts.codeServerNodeMajor}`), stamp };
}

/** What code-server's native modules were built for: they must be rebuilt when that changes. */
function codeServerStamp(node: NodeChoice): string {
  const built = node.kind === 'npm' ? node.spec : node.kind === 'running' ? `node@${node.major}` : node.kind === 'env' ? `GITEA_TEST_NODE=${node.path}` : 'none';
  return `code-server@${CODE_SERVER_VERSION} ${built}`;
}

const codeServerReady = (stamp: string): boolean => stampMatches(CODE_SERVER_DIR, stamp) && existsSync(CODE_SERVER_ENTRY);

/** npm with code-server's Node first on PATH; with the npm package's headers for native builds (the user npmrc
 * may point at another Node's). */
function nodeEnv(nodeBin: string, headersDir: string | undefined): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${dirname(nodeBin)}${delimiter}${process.env.PATH ?? ''}`,
    ...(headersDir ? { npm_config_nodedir: headersDir } : {}),
    npm_config_user_agent: `npm/11 node/v${codeServerNodeMajor()}`,
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
    // Older code-server postinstall scripts (4.96) refuse to run as root unless npm says unsafe-perm, which npm 11
    // no longer knows; only the script reads it.
    npm_config_unsafe_perm: 'true',
  };
}

/** The Node binary the plan chose, installed from npm when that is the choice. Returns it and its headers' folder. */
async function ensureNode(choice: NodeChoice, nodeDir: string): Promise<{ bin: string; headersDir?: string }> {
  if (choice.kind === 'running' || choice.kind === 'env') {
    // Node's own distributions carry their headers beside bin/; with them native builds need no download.
    const prefix = dirname(dirname(choice.path));
    return { bin: choice.path, headersDir: existsSync(join(prefix, 'include', 'node', 'node.h')) ? prefix : undefined };
  }
  if (choice.kind === 'none') throw new Error('no Node for code-server (the plan lists why)');
  const pkgDir = join(nodeDir, 'node_modules', choice.packageName);
  const bin = join(pkgDir, choice.binInPackage);
  if (stampMatches(nodeDir, choice.spec) && existsSync(bin)) return { bin, headersDir: pkgDir };
  log(`Node: npm install ${choice.spec} into ${nodeDir}`);
  rmSync(nodeDir, { recursive: true, force: true });
  mkdirSync(nodeDir, { recursive: true });
  writeFileSync(join(nodeDir, 'package.json'), JSON.stringify({ name: 'harness-node', private: true }, null, 2));
  await npm(['install', '--no-save', '--no-package-lock', choice.spec], { cwd: nodeDir, echo: '  npm: ', mute: NPM_NOISE });
  const version = (await run(bin, ['--version'])).stdout.trim();
  const wanted = choice.spec.slice(choice.spec.lastIndexOf('@') + 1);
  if (!version.startsWith(`v${wanted}.`)) throw new Error(`${bin} reports ${version}, expected v${wanted}`);
  writeStamp(nodeDir, choice.spec);
  log(`Node: ${version}`);
  return { bin, headersDir: pkgDir };
}

async function ensureCodeServer(node: { bin: string; headersDir?: string }, stamp: string): Promise<string> {
  const entry = CODE_SERVER_ENTRY;
  if (codeServerReady(stamp)) return entry;
  log(`code-server ${CODE_SERVER_VERSION}: npm install into ${CODE_SERVER_DIR} (about 90 s)`);
  rmSync(CODE_SERVER_DIR, { recursive: true, force: true });
  mkdirSync(CODE_SERVER_DIR, { recursive: true });
  writeFileSync(
    join(CODE_SERVER_DIR, 'package.json'),
    JSON.stringify({ name: 'harness-code-server', private: true, dependencies: { 'code-server': CODE_SERVER_VERSION } }, null, 2),
  );
  const env = nodeEnv(node.bin, node.headersDir);
  // Scripts are run below, explicitly approved, once everything is unpacked.
  await npm(['install', '--no-package-lock', '--ignore-scripts'], { cwd: CODE_SERVER_DIR, env, echo: '  npm: ', mute: NPM_NOISE });
  await unpinGitDependencies(env);
  const rebuildEnv = await seedRipgrepDownload(env);
  // npm 11 skips dependency install scripts unless approved; code-server's postinstall fetches its VS Code
  // dependencies and argon2 builds a native module, both for code-server's Node.
  log('code-server: approving and running the install scripts of code-server and argon2');
  await npm(['install-scripts', 'approve', 'code-server', 'argon2'], { cwd: CODE_SERVER_DIR, env, echo: '  npm: ', mute: NPM_NOISE });
  const t = Date.now();
  await npm(['rebuild', 'code-server', 'argon2'], { cwd: CODE_SERVER_DIR, env: rebuildEnv, echo: '  npm: ', mute: NPM_NOISE });
  log(`code-server: install scripts took ${((Date.now() - t) / 1000).toFixed(0)} s`);
  // --config keeps it from writing ~/.config/code-server/config.yaml.
  const out = (await run(node.bin, [entry, '--config', join(CODE_SERVER_DIR, 'config.yaml'), '--version'], { env })).stdout;
  const version = out.split('\n').find((l) => l.startsWith(`${CODE_SERVER_VERSION} `));
  if (!version) throw new Error(`code-server --version said "${out.trim()}", expected ${CODE_SERVER_VERSION}`);
  writeStamp(CODE_SERVER_DIR, stamp);
  log(`code-server: ${version}`);
  return entry;
}

/** The options code-server's parser declares (`"bind-addr": {`, `auth: {` in out/node/cli.js). */
function knownOptions(): Set<string> {
  const cli = readFileSync(join(CODE_SERVER_PKG, 'out', 'node', 'cli.js'), 'utf8');
  return new Set(Array.from(cli.matchAll(/^ {4}"?([a-z][a-z-]*)"?: \{/gm), (m) => m[1]!));
}

/** code-server 4.96's VS Code locks @vscode/proxy-agent to a GitHub commit (git+ssh), which a machine without
 * GitHub access cannot fetch; the registry has the very same tarball (same integrity, which npm still checks). So
 * the lock files its postinstall installs from point at the registry's copy of each such package instead. */
async function unpinGitDependencies(env: NodeJS.ProcessEnv): Promise<void> {
  for (const dir of [join(CODE_SERVER_PKG, 'lib', 'vscode'), join(CODE_SERVER_PKG, 'lib', 'vscode', 'extensions')]) {
    const file = join(dir, 'npm-shrinkwrap.json');
    if (!existsSync(file)) continue;
    const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages?: Record<string, { version?: string; resolved?: string }> };
    let changed = false;
    for (const [key, entry] of Object.entries(lock.packages ?? {})) {
      if (!entry.resolved?.startsWith('git') || !entry.version) continue;
      const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
      const tarball = (await npm(['view', `${name}@${entry.version}`, 'dist.tarball'], { cwd: dir, env, mute: NPM_NOISE })).stdout.trim();
      if (!/^https:\/\/\S+\.tgz$/.test(tarball)) throw new Error(`${name}@${entry.version} is locked to ${entry.resolved} and is not on the registry`);
      log(`code-server: ${name}@${entry.version} from the registry instead of ${entry.resolved}`);
      entry.resolved = tarball;
      changed = true;
    }
    if (changed) writeFileSync(file, JSON.stringify(lock, null, 2));
  }
}

/** @vscode/ripgrep's targets (its lib/download.js) for the platforms the ripgrep-universal package has a binary for. */
const RIPGREP_TARGETS: Record<string, string> = {
  'linux-x64': 'x86_64-unknown-linux-musl',
  'linux-arm64': 'aarch64-unknown-linux-musl',
  'darwin-x64': 'x86_64-apple-darwin',
  'darwin-arm64': 'aarch64-apple-darwin',
};
/** The package the newest VS Code takes its ripgrep from: one binary per platform inside, no download. */
const RIPGREP_UNIVERSAL = '@vscode/ripgrep-universal@1.18.0';

/** Before 1.10x, VS Code's @vscode/ripgrep downloaded its binary from GitHub's API in its install script, which fails
 * on a machine without GitHub access. That script first looks in its cache folder under the temp directory, so the
 * binary of the registry's @vscode/ripgrep-universal goes there, packed as the asset it would have downloaded, and
 * the install runs with a temp directory of its own. Returns the environment for the install scripts. */
async function seedRipgrepDownload(env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  const lockFile = join(CODE_SERVER_PKG, 'lib', 'vscode', 'npm-shrinkwrap.json');
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages?: Record<string, { version?: string }> };
  const ripgrepVersion = lock.packages?.['node_modules/@vscode/ripgrep']?.version;
  const platform = `${process.platform}-${process.arch}`;
  const target = RIPGREP_TARGETS[platform];
  if (!ripgrepVersion || !target) return env;
  const dir = join(CODE_SERVER_DIR, 'ripgrep');
  mkdirSync(dir, { recursive: true });
  const tgz = (await npm(['pack', RIPGREP_UNIVERSAL, '--silent'], { cwd: dir, env, mute: NPM_NOISE })).stdout.trim().split('\n').pop()!;
  await run('tar', ['xzf', tgz, `package/bin/${platform}`], { cwd: dir });
  // The asset name the script asks GitHub for: ripgrep-<release>-<target>.tar.gz, holding `rg` at its root.
  const packed = (await npm(['pack', `@vscode/ripgrep@${ripgrepVersion}`, '--silent'], { cwd: dir, env, mute: NPM_NOISE })).stdout.trim().split('\n').pop()!;
  await run('tar', ['xzf', packed, 'package/lib/postinstall.js'], { cwd: dir });
  const script = readFileSync(join(dir, 'package', 'lib', 'postinstall.js'), 'utf8');
  const release = /const VERSION = '([^']+)'/.exec(script)?.[1];
  if (!release) return env;
  const tmp = join(CODE_SERVER_DIR, 'tmp');
  const cache = join(tmp, `vscode-ripgrep-cache-${ripgrepVersion}`);
  mkdirSync(cache, { recursive: true });
  await run('tar', ['czf', join(cache, `ripgrep-${release}-${target}.tar.gz`), '-C', join(dir, 'package', 'bin', platform), 'rg']);
  log(`code-server: ripgrep for @vscode/ripgrep ${ripgrepVersion} from ${RIPGREP_UNIVERSAL} instead of GitHub`);
  return { ...env, TMPDIR: tmp, TMP: tmp, TEMP: tmp };
}

/** Debian packages the plan asks for (we are root on Debian or Ubuntu): Chromium for the UI tests; a compiler and the
 * Kerberos headers for code-server's native modules (kerberos has no prebuilt binary reachable from here). One apt
 * run for all. */
async function aptInstall(packages: string[]): Promise<void> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log(`apt: installing ${packages.join(' ')}`);
  const quiet = ['-q', '-o', 'Dpkg::Use-Pty=0'];
  await run('apt-get', [...quiet, 'update'], { env, echo: '  apt: ' });
  await run('apt-get', [...quiet, 'install', '-y', '--no-install-recommends', ...packages], { env });
}

/** mkdir is atomic: the first process to create the folder installs, the others wait for it. The owner's pid
 * inside lets a later run take over the lock of a run that was killed. */
async function withInstallLock<T>(fn: () => Promise<T>): Promise<T> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const lock = join(CACHE_DIR, 'install.lock');
  for (let waited = 0; ; waited += 1000) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      if (!lockOwnerAlive(lock)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (waited % 30_000 === 0) log(`waiting for another install to finish (${lock})`);
      await sleep(1000);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function lockOwnerAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // No pid yet: the owner is between mkdir and writeFile, or died there; trust a young lock only.
    const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    return Date.now() - since < 10_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One install per process and flavour (with or without a browser); a rejected attempt is not cached. */
const installing = new Map<boolean, Promise<Tools>>();

/** Installs what is missing and returns the tool paths. Quick (stamp checks only) once installed. Rejects with a
 * ToolsMissingError, before installing anything, when the plan finds a tool that cannot be had here. */
export function ensureTools(options: { chromium?: boolean } = {}): Promise<Tools> {
  const wantBrowser = options.chromium !== false;
  let pending = installing.get(wantBrowser);
  if (!pending) {
    pending = withInstallLock(async () => {
      const started = Date.now();
      const { plan, nodeDir, stamp } = currentPlan(wantBrowser);
      if (plan.missing.length > 0) throw new ToolsMissingError(plan);
      if (plan.apt.length > 0) await aptInstall(plan.apt);
      let browser = plan.browser.kind === 'env' || plan.browser.kind === 'found' ? plan.browser.path : '';
      if (plan.browser.kind === 'apt') {
        const after = currentPlan(wantBrowser).plan.browser;
        if (after.kind !== 'found') throw new Error('apt installed chromium but no Chromium executable was found afterwards');
        browser = after.path;
      }
      const node = await ensureNode(plan.node, nodeDir);
      const codeServerEntry = await ensureCodeServer(node, stamp);
      const seconds = (Date.now() - started) / 1000;
      if (seconds > 2) log(`done in ${seconds.toFixed(1)} s`);
      return { node: node.bin, codeServerEntry, codeServerOptions: knownOptions(), browser };
    });
    installing.set(wantBrowser, pending);
    pending.catch(() => installing.delete(wantBrowser));
  }
  return pending;
}

// `node out/test/harness/install.js` installs everything ahead of a run.
if (require.main === module) {
  ensureTools().then(
    (t) => log(`ready: node=${t.node} code-server=${t.codeServerEntry} browser=${t.browser}`),
    (e: Error) => {
      process.stderr.write(`[install] ${e instanceof ToolsMissingError ? fallbackMessage(e.plan, 'integration', e.version) : `failed: ${e.message}`}\n`);
      process.exit(1);
    },
  );
}
