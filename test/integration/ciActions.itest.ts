// Acting on CI from the CI Jobs view inside a real VS Code, against a Gitea 1.27 test server started in this
// process (its requests are read directly): the rows' actions, Re-run Failed Jobs and a refused re-run, Run
// Workflow… with the inputs of the workflow file, Disable and Enable; and what a Gitea 1.25 account is offered.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/views';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { dataNodes, describeNodes, find, hasContext, label, registry, replaceMessage, requestsTo, selectRepo, settled, signInAndSelect, signOut } from './viewsSupport';
import { scriptQuickInputs } from './viewsQuickInput';
import { demoSession } from './demoSession';

const tooltipText = (n: TreeNode) => {
  const t = n.item.tooltip ?? n.options.tooltip?.();
  return typeof t === 'string' ? t : (t?.value ?? '');
};
const selection = (p: object) => (p as { view?: vscode.TreeView<TreeNode> }).view?.selection ?? [];
/** The view's selection once it holds a node: the main thread tells the extension host a moment after a reveal. */
async function selected(p: object): Promise<TreeNode | undefined> {
  for (let i = 0; i < 50 && selection(p).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  return selection(p)[0];
}

describe('CI actions: re-run and workflows (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;

  demoSession((s) => ({ server } = s));

  async function rows() {
    const views = await registry();
    views.ciJobs.refresh();
    const root = await settled(views.ciJobs);
    return { views, root, runs: dataNodes(root) };
  }

  it('rows offer what applies: Re-run on finished runs and jobs, Re-run Failed Jobs on a failed run, none while a run goes on', async () => {
    const { views, root, runs } = await rows();
    assert.equal(label(root[0]!), 'Workflows', describeNodes(root));
    const failed = find(runs, 'Login: validate input');
    assert.ok(hasContext(failed, 'rerun') && hasContext(failed, 'rerunFailed'), failed.item.contextValue);
    const passed = find(runs, 'Prepare 1.0 release');
    assert.ok(hasContext(passed, 'rerun') && !hasContext(passed, 'rerunFailed'), passed.item.contextValue);
    const running = find(runs, 'WIP: refactoring');
    assert.ok(!hasContext(running, 'rerun'), running.item.contextValue);
    assert.match(tooltipText(running), /cannot cancel a run through its API/);
    const jobs = dataNodes(await settled(views.ciJobs, failed));
    assert.ok(jobs.every((j) => hasContext(j, 'rerun')), describeNodes(jobs));
    const runningJobs = dataNodes(await settled(views.ciJobs, running));
    assert.ok(runningJobs.every((j) => !hasContext(j, 'rerun')), describeNodes(runningJobs));
  });

  it('Re-run Failed Jobs: one POST without a body; the run shows at attempt 2, queued, selected, its failed job waiting', async () => {
    const { views, runs } = await rows();
    const failed = find(runs, 'Login: validate input');
    const runId = (failed.data as { id: number }).id;
    const info = replaceMessage('showInformationMessage', () => undefined);
    const from = server.requests.length;
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.rerunFailedJobs', failed), true);
    } finally {
      info.restore();
    }
    const posts = server.requests.slice(from).filter((r) => r.method === 'POST');
    assert.deepEqual(posts.map((r) => [r.apiPath, r.body, r.status]), [[`/repos/alice/demo/actions/runs/${runId}/rerun-failed-jobs`, undefined, 201]]);
    assert.match(info.shown[0] ?? '', /Re-running the failed jobs of run #2/);
    const again = find(dataNodes(await settled(views.ciJobs)), 'Login: validate input');
    assert.match(String(again.item.description), /^queued · attempt 2 · /);
    assert.ok(!hasContext(again, 'rerun'), 'no re-run while it waits');
    assert.equal(label((await selected(views.ciJobs))!), 'Login: validate input', 'the run is selected');
    const jobs = dataNodes(await settled(views.ciJobs, again));
    assert.deepEqual(jobs.map((j) => [label(j), String(j.item.description).split(' · ')[0]]), [['lint', 'queued'], ['test', 'success']]);
  });

  it('a refused re-run explains itself: a job of a run still going is not re-run', async () => {
    const { views, runs } = await rows();
    const running = find(runs, 'WIP: refactoring');
    const job = dataNodes(await settled(views.ciJobs, running))[0]!;
    const warn = replaceMessage('showWarningMessage', () => undefined);
    const from = server.requests.length;
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.rerunJob', job), false);
    } finally {
      warn.restore();
    }
    const post = server.requests.slice(from).find((r) => r.method === 'POST');
    assert.equal(post?.status, 400);
    assert.match(warn.shown[0] ?? '', /Cannot re-run the job build yet: the run is still going\. .*cannot cancel one through its API/);
  });

  it('Run Workflow…: the ref, then each input of the file at that ref; a bad number is refused and kept; the exact body is sent and the new run selected', async () => {
    const { views, root } = await rows();
    const workflows = dataNodes(await settled(views.ciJobs, root[0]));
    assert.deepEqual(workflows.map((w) => [label(w), w.item.contextValue]), [['CI', 'ciWorkflow active hasUrl']]);
    const refItems: string[] = [];
    const ui = scriptQuickInputs([
      async (ref) => {
        await ref.loaded();
        refItems.push(...ref.items.map((i) => `${i.label}${i.description ? ` (${i.description})` : ''}`));
        ref.pick('$(git-branch) develop');
      },
      (suite) => suite.pick('integration'),
      (verbose) => verbose.pick('true'),
      (retries) => {
        retries.accept('three');
        const problem = retries.validationMessage;
        assert.match(typeof problem === 'string' ? problem : (problem?.message ?? ''), /retries takes a number/);
        assert.equal(retries.value, 'three', 'what was typed stays');
        retries.accept('2');
      },
      (note) => note.accept(''),
    ]);
    const info = replaceMessage('showInformationMessage', () => undefined);
    const from = server.requests.length;
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.runWorkflow', workflows[0]), true);
    } finally {
      ui.restore();
      info.restore();
    }
    assert.deepEqual(refItems.slice(0, 3), ['$(git-branch) main (default branch)', '$(git-branch) develop', '$(git-branch) experiment']);
    assert.ok(refItems.includes('$(tag) v1.0.0 (tag)'), refItems.join(', '));
    assert.deepEqual(ui.seen.map((s) => [s.kind, s.step]), [['quickPick', 1], ['quickPick', 2], ['quickPick', 3], ['inputBox', 4], ['inputBox', 5]]);
    assert.equal(ui.seen[3]!.value, '0', 'the default is prefilled');
    const raw = requestsTo(server, '/repos/alice/demo/raw/.gitea/workflows/ci.yml', from);
    assert.deepEqual(raw.map((r) => r.query.ref), ['develop'], 'the file is read at the chosen ref');
    const posts = requestsTo(server, '/repos/alice/demo/actions/workflows/ci.yml/dispatches', from);
    assert.equal(posts.length, 1);
    assert.deepEqual(posts[0]!.query, { return_run_details: 'true' });
    assert.deepEqual(posts[0]!.body, { ref: 'refs/heads/develop', inputs: { suite: 'integration', verbose: 'true', retries: '2' } });
    const runId = server.state.runs.at(-1)!.id;
    assert.deepEqual(server.state.dispatchInputs.get(runId), { suite: 'integration', verbose: 'true', retries: '2' });
    const run = await selected(views.ciJobs);
    assert.ok(run, 'a run is selected');
    assert.equal((run.data as { id: number }).id, runId);
    assert.match(String(run.item.description), /^queued · ci\.yml · workflow_dispatch · develop/);
    assert.match(info.shown[0] ?? '', /Started CI on develop: the new run waits for a runner/);
  });

  it('Disable Workflow… asks, then PUT …/disable; the row offers Enable only; Enable puts it back', async () => {
    const { views, root } = await rows();
    const ci = () => settled(views.ciJobs, root[0]).then((w) => dataNodes(w)[0]!);
    const warn = replaceMessage('showWarningMessage', (_m, items) => items[0]);
    const from = server.requests.length;
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.disableWorkflow', await ci()), true);
    } finally {
      warn.restore();
    }
    assert.match(warn.shown[0] ?? '', /Disable CI\? No event starts it/);
    assert.deepEqual(server.requests.slice(from).filter((r) => r.method === 'PUT').map((r) => [r.apiPath, r.status]), [['/repos/alice/demo/actions/workflows/ci.yml/disable', 204]]);
    const rowsNow = await rows();
    const disabled = dataNodes(await settled(rowsNow.views.ciJobs, rowsNow.root[0]))[0]!;
    assert.ok(hasContext(disabled, 'disabled') && !hasContext(disabled, 'active'), disabled.item.contextValue);
    assert.match(String(disabled.item.description), /^disabled · ci\.yml/);
    assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.enableWorkflow', disabled), true);
    const back = await rows();
    assert.ok(hasContext(dataNodes(await settled(back.views.ciJobs, back.root[0]))[0]!, 'active'));
  });
});

describe('CI actions on Gitea 1.25 (no re-run endpoints)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let accountId: string | undefined;
  before(async () => {
    server = await startTestServer({ version: '1.25.0' });
    accountId = await signInAndSelect(server.url);
  });
  after(async () => {
    await signOut(accountId);
    await server?.close();
  });

  it('finished runs and jobs offer no Re-run; the workflows are listed', async () => {
    const views = await registry();
    views.ciJobs.refresh();
    const root = await settled(views.ciJobs);
    const runs = dataNodes(root);
    assert.ok(runs.length > 0 && runs.every((r) => !hasContext(r, 'rerun')), describeNodes(runs));
    const jobs = dataNodes(await settled(views.ciJobs, find(runs, 'Login: validate input')));
    assert.ok(jobs.every((j) => !hasContext(j, 'rerun')), describeNodes(jobs));
    assert.deepEqual(dataNodes(await settled(views.ciJobs, root[0])).map(label), ['CI']);
  });

  it('Run Workflow… without return_run_details (before 1.26): the newest dispatched run of the file is selected', async () => {
    const views = await registry();
    views.ciJobs.refresh();
    const root = await settled(views.ciJobs);
    const ci = dataNodes(await settled(views.ciJobs, root[0]))[0]!;
    const ui = scriptQuickInputs([
      async (ref) => {
        await ref.loaded();
        ref.pick('$(git-branch) main');
      },
      (suite) => suite.pick('all'),
      (verbose) => verbose.pick('false'),
      (retries) => retries.accept(),
      (note) => note.accept('from 1.25'),
    ]);
    const info = replaceMessage('showInformationMessage', () => undefined);
    const from = server.requests.length;
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.runWorkflow', ci), true);
    } finally {
      ui.restore();
      info.restore();
    }
    const posts = requestsTo(server, '/repos/alice/demo/actions/workflows/ci.yml/dispatches', from);
    assert.deepEqual(posts.map((p) => [p.query, p.body, p.status]), [[{}, { ref: 'refs/heads/main', inputs: { suite: 'all', verbose: 'false', retries: '0', note: 'from 1.25' } }, 204]]);
    const runId = server.state.runs.at(-1)!.id;
    assert.equal(((await selected(views.ciJobs))?.data as { id: number } | undefined)?.id, runId);
  });
});

describe('CI Jobs of a repository with Actions off (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let accountId: string | undefined;
  before(async () => {
    server = await startTestServer();
    // alice turns the repository's Actions off, as in its settings; bob reads the public repository.
    const res = await fetch(`${server.apiUrl}/repos/alice/demo`, {
      method: 'PATCH',
      headers: { authorization: `token ${FIXTURES.users.alice.tokens.all}`, 'content-type': 'application/json' },
      body: JSON.stringify({ has_actions: false }),
    });
    assert.equal(res.status, 200);
    const signedIn = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string } }>('gitea.signIn', {
      url: server.url, username: 'bob', token: FIXTURES.users.bob.tokens.all,
    });
    assert.ok(signedIn?.ok);
    accountId = signedIn.account!.id;
    await selectRepo(server.url, 'alice', 'demo');
  });
  after(async () => {
    await signOut(accountId);
    await server?.close();
  });

  it('a reader is refused (403) as Gitea refuses: the view says Actions is off, with no Workflows section', async () => {
    const views = await registry();
    const from = server.requests.length;
    views.ciJobs.refresh();
    const root = await settled(views.ciJobs);
    assert.deepEqual(root.map(label), ['Actions is off for this repository, or your account cannot read its runs'], describeNodes(root));
    const runs = requestsTo(server, '/repos/alice/demo/actions/runs', from);
    assert.deepEqual(runs.map((r) => r.status), [403]);
  });

  it("its owner, whom Gitea answers (a repository admin passes), is told the same from the repository's has_actions", async () => {
    await signOut(accountId);
    // From the sign-in on: the repository's answer is shared between views (recentRepositories), and on a busy
    // machine another view of the new account may read it before the CI view does.
    const from = server.requests.length;
    const signedIn = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string } }>('gitea.signIn', {
      url: server.url, username: 'alice', token: FIXTURES.users.alice.tokens.all,
    });
    assert.ok(signedIn?.ok);
    accountId = signedIn.account!.id;
    await selectRepo(server.url, 'alice', 'demo');
    const views = await registry();
    views.ciJobs.refresh();
    const root = await settled(views.ciJobs);
    assert.deepEqual(root.map(label), ['Actions is off for this repository, or your account cannot read its runs'], describeNodes(root));
    // The selection's own load may still be going when the refresh starts (a busy machine): one read or two, all answered.
    const runs = requestsTo(server, '/repos/alice/demo/actions/runs', from).map((r) => r.status);
    assert.ok(runs.length >= 1 && runs.every((s) => s === 200), `the server answered the owner: ${runs.join(', ')}`);
    assert.ok(requestsTo(server, '/repos/alice/demo', from).some((r) => r.method === 'GET' && r.status === 200), 'the repository was read');
  });
});
