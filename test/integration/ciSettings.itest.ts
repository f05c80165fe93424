// CI Settings inside a real VS Code (#40), against a Gitea 1.27 test server started in this process (its requests
// and state are read directly): the secrets (masked input, never a value), variables and runners of alice/demo,
// the registration token on the clipboard, deletions only after the user agrees, the organization's settings for
// its owner, the sentence of a refusal (403) and of a server without the endpoints (404); on CI Jobs, Delete Run
// and Delete Artifact after asking, and why a queued job waits.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CiSettingsProvider } from '../../src/views/ciSettings/ciSettingsView';
import type { TreeNode } from '../../src/views/treeNode';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { answerPrompt } from './commandsSupport';
import { demoSession } from './demoSession';
import { dataNodes, find, hasContext, label, registry, replaceMessage, requestsTo, selectRepo, settled, signInAndSelect, signOut } from './viewsSupport';

const tooltipText = (n: TreeNode) => {
  const t = n.item.tooltip ?? n.options.tooltip?.();
  return typeof t === 'string' ? t : (t?.value ?? '');
};
/** Markdown text without its escapes. */
const unescaped = (md: string) => md.replace(/\\(.)/g, '$1');
const provider = () => vscode.commands.executeCommand<CiSettingsProvider>('gitea.ciSettings.provider');

async function root(): Promise<TreeNode[]> {
  const p = await provider();
  p.refresh();
  return settled(p);
}

/** The rows under the group `name` (Secrets, Variables, Runners) of `under` (the repository's when absent). */
async function group(name: string, under?: TreeNode): Promise<TreeNode[]> {
  const p = await provider();
  const nodes = under ? await settled(p, under) : await root();
  return settled(p, find(nodes, name));
}

/** Answers the input boxes in order; `calls` keeps their options. */
function typeInto(...answers: (string | undefined)[]) {
  let i = 0;
  return answerPrompt('showInputBox', () => answers[i++]);
}

describe('CI Settings: secrets, variables, runners (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  demoSession((s) => ({ server } = s));

  it('lists the secrets by name only, the variables with their values, the runners with state and labels', async () => {
    const top = await root();
    assert.deepEqual(top.map(label), ['Secrets', 'Variables', 'Runners'], 'no organization group: alice/demo belongs to a user');
    const secrets = dataNodes(await group('Secrets'));
    assert.deepEqual(secrets.map(label), ['DEPLOY_TOKEN']);
    const shown = `${String(secrets[0]!.item.description)} ${tooltipText(secrets[0]!)}`;
    assert.match(shown, /Pushes the site/);
    assert.doesNotMatch(shown, /demo-deploy-token-value/);
    const variables = dataNodes(await group('Variables'));
    assert.deepEqual(variables.map((n) => `${label(n)}=${String(n.item.description)}`), ['NODE_VERSION=20']);
    const runners = dataNodes(await group('Runners'));
    assert.deepEqual(runners.map((n) => `${label(n)}: ${String(n.item.description)}`), [
      'runner-01: online · busy · ubuntu-latest, ubuntu-22.04',
      'mac-mini: offline · macos-14',
    ]);
    assert.ok(hasContext(runners[1]!, 'offline'));
  });

  it('Set Secret… creates one: the value is asked in a masked box and sent once; replacing asks only the value', async () => {
    const secrets = await group('Secrets');
    const groupNode = (await root()).find((n) => label(n) === 'Secrets')!;
    const input = typeInto('npm_token', 's3cr3t-value');
    const info = replaceMessage('showInformationMessage', () => undefined);
    const from = server.requests.length;
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciSettings.setSecret', groupNode), true);
    } finally {
      input.restore();
      info.restore();
    }
    const boxes = input.calls.map((c) => c.first as vscode.InputBoxOptions);
    assert.equal(boxes.length, 2);
    assert.notEqual(boxes[0]!.password, true, 'the name is not masked');
    assert.equal(boxes[1]!.password, true, 'the value is masked');
    assert.equal((boxes[0]!.validateInput?.('GITEA_TOKEN') as string | undefined) !== undefined, true, 'a reserved name is refused before sending');
    const puts = requestsTo(server, '/repos/alice/demo/actions/secrets/NPM_TOKEN', from);
    assert.deepEqual(puts.map((r) => [r.method, r.body, r.status]), [['PUT', { data: 's3cr3t-value' }, 201]]);
    assert.doesNotMatch(info.shown.join('\n'), /s3cr3t-value/);
    assert.match(info.shown.join('\n'), /Secret NPM_TOKEN of alice\/demo saved/);
    assert.ok(secrets.length > 0);
    const after = dataNodes(await group('Secrets'));
    assert.deepEqual(after.map(label), ['DEPLOY_TOKEN', 'NPM_TOKEN']);
    assert.ok(after.every((n) => !tooltipText(n).includes('s3cr3t-value') && !String(n.item.description).includes('s3cr3t-value')));

    const replace = typeInto('new-deploy-value');
    const info2 = replaceMessage('showInformationMessage', () => undefined);
    const mark = server.requests.length;
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciSettings.setSecret', find(after, 'DEPLOY_TOKEN')), true);
    } finally {
      replace.restore();
      info2.restore();
    }
    assert.equal(replace.calls.length, 1);
    assert.equal((replace.calls[0]!.first as vscode.InputBoxOptions).password, true);
    assert.deepEqual(requestsTo(server, '/repos/alice/demo/actions/secrets/DEPLOY_TOKEN', mark).map((r) => [r.method, r.status]), [['PUT', 204]]);
    assert.equal(server.state.secrets.find((s) => s.name === 'DEPLOY_TOKEN' && s.repoId === FIXTURES.repos.demo.id)?.data, 'new-deploy-value');
  });

  it('Delete Secret… asks first: declined, nothing is sent; agreed, it is deleted and gone from the view', async () => {
    const node = find(dataNodes(await group('Secrets')), 'NPM_TOKEN');
    const from = server.requests.length;
    const declined = replaceMessage('showWarningMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciSettings.deleteSecret', node), false);
    } finally {
      declined.restore();
    }
    assert.match(declined.shown[0] ?? '', /Delete the secret NPM_TOKEN of alice\/demo\?/);
    assert.equal(requestsTo(server, '/repos/alice/demo/actions/secrets/NPM_TOKEN', from).length, 0);
    const agreed = replaceMessage('showWarningMessage', (_m, items) => items[0]);
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciSettings.deleteSecret', node), true);
    } finally {
      agreed.restore();
      info.restore();
    }
    assert.deepEqual(requestsTo(server, '/repos/alice/demo/actions/secrets/NPM_TOKEN', from).map((r) => [r.method, r.status]), [['DELETE', 204]]);
    assert.deepEqual(dataNodes(await group('Secrets')).map(label), ['DEPLOY_TOKEN']);
  });

  it('variables: Add Variable…, Edit Variable… (starting from its value), Delete Variable… after asking', async () => {
    const variablesGroup = (await root()).find((n) => label(n) === 'Variables')!;
    const add = typeInto('registry', 'registry.example');
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciSettings.addVariable', variablesGroup), true);
      let nodes = dataNodes(await group('Variables'));
      assert.deepEqual(nodes.map((n) => `${label(n)}=${String(n.item.description)}`), ['NODE_VERSION=20', 'REGISTRY=registry.example']);
      const edit = typeInto('22');
      try {
        assert.equal(await vscode.commands.executeCommand('gitea.ciSettings.editVariable', find(nodes, 'NODE_VERSION')), true);
      } finally {
        edit.restore();
      }
      assert.equal((edit.calls[0]!.first as vscode.InputBoxOptions).value, '20');
      nodes = dataNodes(await group('Variables'));
      assert.equal(String(find(nodes, 'NODE_VERSION').item.description), '22');
      const agreed = replaceMessage('showWarningMessage', (_m, items) => items[0]);
      try {
        assert.equal(await vscode.commands.executeCommand('gitea.ciSettings.deleteVariable', find(nodes, 'REGISTRY')), true);
      } finally {
        agreed.restore();
      }
      assert.match(agreed.shown[0] ?? '', /Delete the variable REGISTRY of alice\/demo\?/);
    } finally {
      add.restore();
      info.restore();
    }
    assert.deepEqual(dataNodes(await group('Variables')).map(label), ['NODE_VERSION']);
    const sent = server.requests.filter((r) => r.apiPath?.startsWith('/repos/alice/demo/actions/variables/') && r.method !== 'GET');
    assert.deepEqual(sent.map((r) => [r.method, r.apiPath, r.body, r.status]), [
      ['POST', '/repos/alice/demo/actions/variables/REGISTRY', { value: 'registry.example' }, 201],
      ['PUT', '/repos/alice/demo/actions/variables/NODE_VERSION', { value: '22' }, 204],
      ['DELETE', '/repos/alice/demo/actions/variables/REGISTRY', undefined, 204],
    ]);
  });

  it('Copy Runner Registration Token puts the token on the clipboard and says that it lets anyone register a runner', async () => {
    const runnersGroup = (await root()).find((n) => label(n) === 'Runners')!;
    await vscode.env.clipboard.writeText('before');
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciSettings.copyRunnerToken', runnersGroup), true);
    } finally {
      info.restore();
    }
    const token = server.state.runnerTokens.get(`0/${FIXTURES.repos.demo.id}`);
    assert.ok(token);
    assert.equal(await vscode.env.clipboard.readText(), token);
    assert.match(info.shown.join('\n'), /registration token of alice\/demo.*anyone who has it can register a runner/);
    assert.doesNotMatch(info.shown.join('\n'), new RegExp(token));
  });

  it('Delete Runner… asks, then deletes the runner', async () => {
    const node = find(dataNodes(await group('Runners')), 'mac-mini');
    const agreed = replaceMessage('showWarningMessage', (_m, items) => items[0]);
    const info = replaceMessage('showInformationMessage', () => undefined);
    const from = server.requests.length;
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciSettings.deleteRunner', node), true);
    } finally {
      agreed.restore();
      info.restore();
    }
    assert.match(agreed.shown[0] ?? '', /Delete the runner mac-mini of alice\/demo\?/);
    assert.deepEqual(server.requests.slice(from).filter((r) => r.method === 'DELETE').map((r) => [r.apiPath, r.status]), [['/repos/alice/demo/actions/runners/2', 204]]);
    assert.deepEqual(dataNodes(await group('Runners')).map(label), ['runner-01']);
  });

  it('Refresh CI Settings shows what changed on the server meanwhile', async () => {
    const p = await provider();
    await group('Secrets');
    server.state.secrets.push({ id: 900, ownerId: 0, repoId: FIXTURES.repos.demo.id, name: 'ADDED_ON_THE_WEB', data: 'x', description: '', created: new Date() });
    const from = server.requests.length;
    await vscode.commands.executeCommand('gitea.ciSettings.refresh');
    const secrets = dataNodes(await settled(p, find(await settled(p), 'Secrets')));
    assert.ok(secrets.some((n) => label(n) === 'ADDED_ON_THE_WEB'), secrets.map(label).join(', '));
    assert.deepEqual(requestsTo(server, '/repos/alice/demo/actions/secrets', from).map((r) => r.status), [200]);
  });

  it('the organization\'s settings for its owner; a reader is told in a sentence why the settings are refused (403)', async () => {
    await selectRepo(server.url, 'acme', 'site');
    try {
      const p = await provider();
      p.refresh();
      await settled(p);
      // The organization group appears once its one request answered.
      let top: TreeNode[] = [];
      for (let i = 0; i < 50 && !top.some((n) => label(n).startsWith('Organization')); i++) {
        top = await settled(p);
        await new Promise((r) => setTimeout(r, 100));
      }
      const org = find(top, 'Organization acme');
      assert.deepEqual(dataNodes(await group('Secrets', org)).map(label), ['REGISTRY_PASSWORD']);
      assert.deepEqual(dataNodes(await group('Variables', org)).map((n) => `${label(n)}=${String(n.item.description)}`), ['REGISTRY=registry.acme.example']);

      // alice no longer owns acme and only reads acme/site: Gitea answers 403 "user should be the owner of the repo".
      const owners = server.state.teams.find((t) => t.id === FIXTURES.orgs.acme.teams.owners.id)!;
      const site = server.state.repos.find((r) => r.id === FIXTURES.repos.site.id)!;
      const aliceId = FIXTURES.users.alice.id;
      const [members, collaborator] = [[...owners.memberIds], site.collaborators.get(aliceId)];
      owners.memberIds.splice(0, owners.memberIds.length, ...owners.memberIds.filter((id) => id !== aliceId));
      site.collaborators.set(aliceId, 1);
      try {
        const refused = await group('Secrets');
        assert.deepEqual(refused.map(label), ['Only the owner of acme/site (or an owner of its organization, or a site administrator) may manage its CI settings.']);
        assert.ok(hasContext(refused[0]!, 'refused'));
        assert.ok(!(await settled(p)).some((n) => label(n).startsWith('Organization')), 'no organization group for a non-owner');
        const runnersGroup = (await settled(p)).find((n) => label(n) === 'Runners')!;
        const warned = replaceMessage('showWarningMessage', () => undefined);
        try {
          assert.equal(await vscode.commands.executeCommand('gitea.ciSettings.copyRunnerToken', runnersGroup), false);
        } finally {
          warned.restore();
        }
        assert.match(warned.shown.join('\n'), /Could not get a runner registration token\. Only the owner of acme\/site/);
      } finally {
        owners.memberIds.splice(0, owners.memberIds.length, ...members);
        if (collaborator === undefined) site.collaborators.delete(aliceId);
        else site.collaborators.set(aliceId, collaborator);
      }
    } finally {
      await selectRepo(server.url, 'alice', 'demo');
    }
  });
});

describe('CI Settings on a server without the endpoints (Gitea 1.23)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let accountId: string | undefined;
  before(async () => {
    server = await startTestServer({ version: '1.23.0' });
    accountId = await signInAndSelect(server.url);
  });
  after(async () => {
    await signOut(accountId);
    await server?.close();
  });

  it('the runners say in a sentence that the server has no such API (404); secrets and variables are listed', async () => {
    assert.deepEqual(dataNodes(await group('Secrets')).map(label), ['DEPLOY_TOKEN']);
    const runners = await group('Runners');
    assert.deepEqual(runners.map(label), ['This server has no API for Actions runners (Gitea 1.24 or newer has).']);
    assert.deepEqual(requestsTo(server, '/repos/alice/demo/actions/runners').map((r) => r.status), [404]);
  });
});

describe('CI Jobs: Delete Run, Delete Artifact, why a job waits (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  demoSession((s) => ({ server } = s));

  async function runs() {
    const views = await registry();
    views.ciJobs.refresh();
    return { views, runs: dataNodes(await settled(views.ciJobs)) };
  }

  it('Delete Artifact… asks, then deletes the artifact; the run\'s Artifacts no longer list it', async () => {
    const { views, runs: list } = await runs();
    const run = find(list, 'Prepare 1.0 release');
    const section = (await settled(views.ciJobs, run)).find((n) => hasContext(n, 'ciArtifacts'))!;
    const dist = find(await settled(views.ciJobs, section), 'dist');
    const from = server.requests.length;
    const declined = replaceMessage('showWarningMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.deleteArtifact', dist), false);
    } finally {
      declined.restore();
    }
    assert.match(declined.shown[0] ?? '', /Delete the artifact "dist"/);
    assert.equal(server.requests.slice(from).filter((r) => r.method === 'DELETE').length, 0);
    const agreed = replaceMessage('showWarningMessage', (_m, items) => items[0]);
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.deleteArtifact', dist), true);
    } finally {
      agreed.restore();
      info.restore();
    }
    const id = (dist.data as { artifact: { id: number } }).artifact.id;
    assert.deepEqual(server.requests.slice(from).filter((r) => r.method === 'DELETE').map((r) => [r.apiPath, r.status]), [[`/repos/alice/demo/actions/artifacts/${id}`, 204]]);
    const again = (await runs()).runs;
    const section2 = (await settled(views.ciJobs, find(again, 'Prepare 1.0 release'))).find((n) => hasContext(n, 'ciArtifacts'))!;
    assert.deepEqual(dataNodes(await settled(views.ciJobs, section2)).map(label), ['coverage']);
  });

  it('Delete Run… asks, then deletes the finished run with its jobs; a running run offers no deletion', async () => {
    const { views, runs: list } = await runs();
    assert.ok(!hasContext(find(list, 'WIP: refactoring'), 'finished'), 'the menu entry needs a finished run');
    const run = find(list, 'Login: validate input');
    const runId = (run.data as { id: number }).id;
    const from = server.requests.length;
    const agreed = replaceMessage('showWarningMessage', (_m, items) => items[0]);
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.deleteRun', run), true);
    } finally {
      agreed.restore();
      info.restore();
    }
    assert.match(agreed.shown[0] ?? '', /Delete the run #2 "Login: validate input" of alice\/demo\?/);
    assert.deepEqual(requestsTo(server, `/repos/alice/demo/actions/runs/${runId}`, from).filter((r) => r.method === 'DELETE').map((r) => r.status), [204]);
    assert.equal(server.state.jobs.filter((j) => j.runId === runId).length, 0);
    assert.ok(!dataNodes(await settled(views.ciJobs)).some((n) => label(n) === 'Login: validate input'));
  });

  it('a queued job names the labels it waits for, and says when no runner the account sees can take it', async () => {
    const { views, runs: list } = await runs();
    const waiting = find(list, 'Start 1.1 development');
    let job = find(dataNodes(await settled(views.ciJobs, waiting)), 'build');
    assert.match(String(job.item.description), /^queued · waits for ubuntu-latest/);
    assert.match(unescaped(tooltipText(job)), /Waits for a runner with the labels: ubuntu-latest/);
    // runner-01, the one runner with ubuntu-latest, goes offline.
    server.state.runners.find((r) => r.name === 'runner-01')!.online = false;
    const refreshed = await runs();
    job = find(dataNodes(await settled(refreshed.views.ciJobs, find(refreshed.runs, 'Start 1.1 development'))), 'build');
    assert.match(String(job.item.description), /^queued · No matching online runner with label: ubuntu-latest/);
    assert.match(unescaped(tooltipText(job)), /No matching online runner with label: ubuntu-latest\s+Among the runners your account can see/);
    assert.equal((job.item.iconPath as vscode.ThemeIcon).id, 'warning');
  });
});
