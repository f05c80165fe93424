// The extension activates in a real VS Code, and what package.json contributes exists at runtime.
import * as assert from 'node:assert/strict';
import { join, sep } from 'node:path';
import * as vscode from 'vscode';
import { testEnv } from './env';

const EXTENSION_ID = 'gitea-workbench.gitea-workbench';

/** The files of the extension's dist/ in this extension host's module cache, e.g. `['extension.js']`. */
function loadedBundles(extension: vscode.Extension<unknown>): string[] {
  const dist = join(extension.extensionPath, 'dist') + sep;
  return Object.keys(require.cache)
    .filter((path) => path.startsWith(dist))
    .map((path) => path.slice(dist.length))
    .sort();
}

// A root hook: it runs before every suite of the run, so what it sees is what activation loaded, before any test
// opened a view or ran a command. The harness's workspace is a clone whose remote no signed-in account or
// `gitea.instances` entry knows yet: the common case of a git workspace that is not a Gitea one.
let loadedByActivation: string[] | undefined;
before(async function () {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) return;
  await extension.activate();
  loadedByActivation = loadedBundles(extension);
});
/** The fixed view identifiers (package.json contributes.views; CONTRIBUTING.md). */
const VIEW_IDS = [
  'gitea.branches',
  'gitea.issues',
  'gitea.pullRequests',
  'gitea.releases',
  'gitea.ciJobs',
  'gitea.deployKeys',
  'gitea.webhooks',
  'gitea.activity',
  'gitea.starred',
];

interface ContributedCommand {
  command: string;
  title: string;
  category?: string;
}
interface Contributes {
  commands?: ContributedCommand[];
  viewsContainers?: Record<string, { id: string; title: string }[]>;
  views?: Record<string, { id: string; name: string }[]>;
}

describe('activation', function () {
  let extension: vscode.Extension<unknown>;
  let contributes: Contributes;

  before(async function () {
    const found = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(found, `extension ${EXTENSION_ID} is not installed in this VS Code`);
    extension = found;
    contributes = (extension.packageJSON as { contributes?: Contributes }).contributes ?? {};
    await extension.activate();
  });

  it('activates', function () {
    assert.equal(extension.isActive, true);
  });

  it('loads only dist/extension.js: the views and commands (dist/workbench.js) and the client wait for their first use', function () {
    assert.deepEqual(loadedByActivation, ['extension.js']);
  });

  it('loads dist/workbench.js when a command of it first runs, through its stand-in', async function () {
    const registry = await vscode.commands.executeCommand<{ byId?: ReadonlyMap<string, unknown> }>('gitea.views.registry');
    assert.ok(registry?.byId?.has('gitea.branches'), 'gitea.views.registry did not return the views');
    assert.ok(loadedBundles(extension).includes('workbench.js'));
  });

  it('runs each command the views register for the tests, which src/extension.ts stands in for until they load', async function () {
    // HIDDEN_FEATURE_COMMANDS in src/extension.ts: an id there that the views no longer register is "not found" here.
    for (const id of ['gitea.views.registry', 'gitea.webhooks.provider', 'gitea.activity.provider', 'gitea.starred.provider', 'gitea.changedFiles.provider']) {
      assert.ok(await vscode.commands.executeCommand(id), `${id} returned nothing`);
    }
  });

  it('opens the workspace the harness cloned', function () {
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.deepEqual(
      folders.map((f) => f.uri.fsPath),
      [testEnv().workspace],
    );
  });

  it('registers every command contributed in package.json', async function () {
    const contributed = (contributes.commands ?? []).map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  it('contributes commands only under gitea.* with the "Gitea" category', function () {
    for (const c of contributes.commands ?? []) {
      assert.match(c.command, /^gitea\./, `${c.command} is not a gitea.* command`);
      // VS Code has already replaced %keys% from package.nls.json in packageJSON.
      assert.equal(c.category, 'Gitea', `${c.command} has category ${c.category}`);
    }
  });

  it('contributes the Gitea view container with every fixed view', function () {
    const gitea = (contributes.viewsContainers?.activitybar ?? []).find((c) => c.id === 'gitea');
    assert.ok(gitea, 'no activity-bar view container with id "gitea"');
    assert.equal(gitea.title, 'Gitea');
    const views = (contributes.views?.gitea ?? []).map((v) => v.id);
    const missing = VIEW_IDS.filter((id) => !views.includes(id));
    assert.deepEqual(missing, [], `views missing from the gitea container: ${missing.join(', ')}`);
    for (const id of views) assert.match(id, /^gitea\./);
  });

  it('has the view container and every contributed view registered in the workbench', async function () {
    // VS Code registers `<viewId>.focus` for every view it created and `workbench.view.extension.<id>` for containers.
    const registered = new Set(await vscode.commands.getCommands(true));
    const views = (contributes.views?.gitea ?? []).map((v) => v.id);
    const expected = ['workbench.view.extension.gitea', ...views.map((id) => `${id}.focus`)];
    const missing = expected.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `not registered: ${missing.join(', ')}`);
  });
});
