// CI Jobs' artifacts and failures inside a real VS Code (#22). Artifacts against a Gitea 1.27 test server started
// in this process (so the exact requests can be read): the section under a finished run, Download… through
// Gitea's 302 to the signed URL (the token only on the API request), replace only after asking, expired ones
// not downloadable. Failures against the harness's server, whose repository is the workspace clone: the lint
// job's ESLint report becomes diagnostics of the clone's existing files, the log links them, passing clears them.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ActionWorkflowRun } from '../../src/api';
import type { ArtifactData } from '../../src/views/ci/artifactNodes';
import type { JobData } from '../../src/views/ciJobsView';
import type { ViewsRegistry } from '../../src/views/registry';
import type { TreeNode } from '../../src/views/treeNode';
import type { TestServer } from '../server/index';
import { demoSession } from './demoSession';
import { requires, testEnv } from './env';
import { dataNodes, describeNodes, hasContext, label, registry, replaceMessage, requestsTo, selectRepo, settled, signOut } from './viewsSupport';
import { services, signInToTarget, waitFor, workspaceUri } from './workflowsSupport';

/** Replaces the folder dialog with `folder` until restored. */
function chooseFolder(folder: string | undefined) {
  const win = vscode.window as { showOpenDialog: typeof vscode.window.showOpenDialog };
  const original = win.showOpenDialog;
  win.showOpenDialog = () => Promise.resolve(folder ? [vscode.Uri.file(folder)] : undefined);
  return { restore: () => (win.showOpenDialog = original) };
}

async function runChildren(views: ViewsRegistry, title: string): Promise<TreeNode[]> {
  views.ciJobs.refresh();
  const runs = dataNodes(await settled(views.ciJobs));
  const run = runs.find((r) => label(r) === title);
  assert.ok(run, describeNodes(runs));
  return settled(views.ciJobs, run);
}

describe('CI Jobs: artifacts (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let views: ViewsRegistry;
  demoSession((s) => ({ server } = s));
  before(async () => (views = await registry()));

  const artifacts = async (title: string) => {
    const children = await runChildren(views, title);
    const section = children.find((n) => hasContext(n, 'ciArtifacts'));
    assert.ok(section, `an Artifacts section under the run: ${describeNodes(children)}`);
    return settled(views.ciJobs, section);
  };

  it('a finished run shows its artifacts with size and expiry, in one request; the expired one cannot be downloaded', async () => {
    const run = server.state.runs.find((r) => r.title === 'Prepare 1.0 release')!;
    const from = server.requests.length;
    const nodes = await artifacts(run.title);
    assert.deepEqual(requestsTo(server, `/repos/alice/demo/actions/runs/${run.id}/artifacts`, from).map((r) => r.status), [200]);
    assert.deepEqual(nodes.map(label), ['dist', 'coverage']);
    const [dist, coverage] = nodes as [TreeNode, TreeNode];
    assert.ok(hasContext(dist, 'downloadable') && !hasContext(dist, 'expired'));
    assert.match(String(dist.item.description), /(?<!\d)\d+ B · expires /);
    assert.ok(hasContext(coverage, 'expired') && !hasContext(coverage, 'downloadable'));
    assert.match(String(coverage.item.description), /expired/);
    const info = replaceMessage('showInformationMessage', () => undefined);
    const dialog = chooseFolder(mkdtempSync(join(tmpdir(), 'gw-itest-')));
    const mark = server.requests.length;
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.downloadArtifact', coverage), undefined);
    } finally {
      info.restore();
      dialog.restore();
    }
    assert.match(info.shown.join('\n'), /has expired/);
    assert.equal(server.requests.length, mark, 'nothing requested for an expired artifact');
  });

  it('Download… saves the zip in the chosen folder through the signed URL; the token goes to the API request only', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gw-itest-'));
    const dist = (await artifacts('Prepare 1.0 release')).find((n) => label(n) === 'dist')!;
    const id = (dist.data as ArtifactData).artifact.id;
    const info = replaceMessage('showInformationMessage', () => undefined);
    const dialog = chooseFolder(folder);
    const from = server.requests.length;
    let result: { file: string; bytes: number } | undefined;
    try {
      result = await vscode.commands.executeCommand('gitea.ciJobs.downloadArtifact', dist);
    } finally {
      info.restore();
      dialog.restore();
    }
    const zip = server.state.artifacts.find((a) => a.id === id)!.zip!;
    assert.equal(result?.file, join(folder, 'dist.zip'));
    assert.deepEqual(readFileSync(join(folder, 'dist.zip')), zip);
    assert.deepEqual(readdirSync(folder), ['dist.zip']);
    // The download's requests (other views may reload meanwhile in a whole run).
    const sent = server.requests.slice(from).filter((r) => r.kind === 'api' && r.apiPath?.includes('/actions/artifacts/'));
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.apiPath} ${r.status}`),
      [`GET /repos/alice/demo/actions/artifacts/${id}/zip 302`, `GET /repos/alice/demo/actions/artifacts/${id}/zip/raw 200`],
    );
    assert.match(sent[0]!.headers.authorization ?? '', /^token /);
    assert.equal(sent[1]!.headers.authorization, undefined);
    assert.match(info.shown.join('\n'), /kept as the zip the server sent, not extracted/);
  });

  it('an expired signed link (401 "Error link expired") says what failed and leaves the account signed in: no Sign In Again', async () => {
    const svc = await services();
    const account = svc.accounts.accounts.find((a) => a.instanceUrl === server.url)!;
    const folder = mkdtempSync(join(tmpdir(), 'gw-itest-'));
    const dist = (await artifacts('Prepare 1.0 release')).find((n) => label(n) === 'dist')!;
    const id = (dist.data as ArtifactData).artifact.id;
    const buttons: unknown[] = [];
    const errors = replaceMessage('showErrorMessage', (_m, items) => void buttons.push(...items));
    const dialog = chooseFolder(folder);
    server.state.settings.artifactLinkLifetimeS = -60;
    const from = server.requests.length;
    let result: unknown;
    try {
      result = await vscode.commands.executeCommand('gitea.ciJobs.downloadArtifact', dist);
    } finally {
      server.state.settings.artifactLinkLifetimeS = 60 * 60;
      errors.restore();
      dialog.restore();
    }
    assert.equal(result, undefined);
    const sent = server.requests.slice(from).filter((r) => r.kind === 'api' && r.apiPath?.includes('/actions/artifacts/'));
    assert.deepEqual(sent.map((r) => `${r.apiPath} ${r.status} ${r.headers.authorization ? 'token' : 'none'}`), [
      `/repos/alice/demo/actions/artifacts/${id}/zip 302 token`,
      `/repos/alice/demo/actions/artifacts/${id}/zip/raw 401 none`,
    ]);
    assert.equal(errors.shown.length, 1, errors.shown.join('\n'));
    assert.match(errors.shown[0]!, /^Could not download the artifact "dist": The server refused the signed download link it gave \(it may have expired\)\. The account is still signed in: try the download again\. The server said: "Error link expired"/);
    assert.deepEqual(buttons, [], 'no Sign In Again…');
    assert.equal(svc.accounts.needsSignIn(account.id), false, 'still signed in: polls and git credentials go on');
    assert.deepEqual(svc.accounts.accounts.filter((a) => svc.accounts.needsSignIn(a.id)), []);
    assert.deepEqual(readdirSync(folder), [], 'nothing saved');
    // The account's own next request is sent with its token and answered.
    const again = server.requests.length;
    views.ciJobs.refresh();
    await settled(views.ciJobs);
    assert.ok(server.requests.slice(again).some((r) => r.kind === 'api' && r.status === 200 && /^token /.test(r.headers.authorization ?? '')));
  });

  it('an existing file is replaced only after the user agrees', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gw-itest-'));
    writeFileSync(join(folder, 'dist.zip'), 'mine');
    const dist = (await artifacts('Prepare 1.0 release')).find((n) => label(n) === 'dist')!;
    const dialog = chooseFolder(folder);
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      const declined = replaceMessage('showWarningMessage', () => undefined);
      const from = server.requests.length;
      await vscode.commands.executeCommand('gitea.ciJobs.downloadArtifact', dist);
      declined.restore();
      assert.match(declined.shown[0] ?? '', /dist\.zip already exists/);
      assert.equal(readFileSync(join(folder, 'dist.zip'), 'utf8'), 'mine');
      // The artifact's own requests: the views' polls of this server go on meanwhile.
      assert.deepEqual(server.requests.slice(from).filter((r) => r.apiPath?.includes('/actions/artifacts/')).map((r) => r.url), []);
      const agreed = replaceMessage('showWarningMessage', (_m, items) => items[0]);
      await vscode.commands.executeCommand('gitea.ciJobs.downloadArtifact', dist);
      agreed.restore();
    } finally {
      dialog.restore();
      info.restore();
    }
    assert.deepEqual(readFileSync(join(folder, 'dist.zip')), server.state.artifacts.find((a) => a.name === 'dist')!.zip);
  });
});

describe('CI Jobs: failures in the Problems view (the workspace clone)', function () {
  this.timeout(120_000);
  let views: ViewsRegistry;
  let accountId: string | undefined;
  before(async function () {
    requires(this, 'actions');
    requires(this, 'ciRuns'); // the lint job's report names this repository's files
    views = await registry();
    const session = await signInToTarget();
    accountId = session.accountId;
    await selectRepo(testEnv().url, session.repo.owner, session.repo.repo);
  });
  after(async () => {
    await vscode.commands.executeCommand('gitea.ciJobs.clearProblems');
    await signOut(accountId);
  });

  it('Show Failures names the existing files of the clone with the job as source; the log links them; a pass clears them', async () => {
    const ci = testEnv().repo.ci!;
    const children = await runChildren(views, ci.failedRun);
    const lint = children.find((n) => hasContext(n, 'ciJob') && (n.data as JobData).job.name === ci.failedJob);
    assert.ok(lint && hasContext(lint, 'failed'), describeNodes(children));
    const result = await vscode.commands.executeCommand<{ problems: number; files: number }>('gitea.ciJobs.showFailures', lint);
    // The report names src/auth.ts (only on the run's branch) and src/main.ts (also on main, the clone's branch).
    assert.deepEqual(result, { problems: 1, files: 1, truncated: false });
    const main = workspaceUri('src/main.ts');
    const diagnostics = await waitFor('the diagnostics', () => vscode.languages.getDiagnostics(main).filter((d) => d.source?.startsWith('Gitea CI')));
    assert.equal(diagnostics.length, 1);
    const [d] = diagnostics as [vscode.Diagnostic];
    assert.equal(d.source, `Gitea CI: ci.yml/${ci.failedJob}`);
    assert.equal(d.message, 'Import "./utils/strings" is not sorted');
    assert.equal(d.code, 'import/order');
    assert.deepEqual([d.range.start.line, d.range.start.character, d.severity], [1, 0, vscode.DiagnosticSeverity.Error]);
    assert.equal(vscode.languages.getDiagnostics(workspaceUri('src/auth.ts')).length, 0);
    const logDoc = d.relatedInformation?.[0]?.location.uri;
    assert.equal(logDoc?.scheme, 'gitea-log');

    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('gitea.ciJobs.showLog', lint);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', editor.document.uri);
    const targets = links.map((l) => l.target?.toString()).filter((t) => t?.startsWith('file:'));
    assert.ok(targets.includes(main.with({ fragment: 'L2,1' }).toString()), targets.join('\n'));

    // A poll that finds the run re-run and passed (the view's loads are what clears them).
    const run = (lint.data as JobData).job.run_id!;
    const scopeKey = views.ciJobs.currentScope!.key;
    const passed = { id: run, status: 'completed', conclusion: 'success' } as ActionWorkflowRun;
    (views.ciJobs as unknown as { runsLoaded: vscode.EventEmitter<unknown> }).runsLoaded.fire({ scopeKey, runs: [passed] });
    await waitFor('the problems to be cleared', () => vscode.languages.getDiagnostics(main).every((x) => !x.source?.startsWith('Gitea CI')));
  });

  it('Clear CI Problems removes them', async () => {
    const children = await runChildren(views, testEnv().repo.ci!.failedRun);
    const lint = children.find((n) => hasContext(n, 'failed'))!;
    await vscode.commands.executeCommand('gitea.ciJobs.showFailures', lint);
    const main = workspaceUri('src/main.ts');
    await waitFor('the diagnostics', () => vscode.languages.getDiagnostics(main).some((x) => x.source?.startsWith('Gitea CI')));
    await vscode.commands.executeCommand('gitea.ciJobs.clearProblems');
    assert.equal(vscode.languages.getDiagnostics(main).filter((x) => x.source?.startsWith('Gitea CI')).length, 0);
  });
});
