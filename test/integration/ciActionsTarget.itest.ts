// CI actions against the run's target (the shared test server, or a real Gitea with GITEA_E2E_URL, with or without a
// runner): the Workflows group lists the repository's workflow file, and Run Workflow… dispatches it on a branch
// whose copy of the file declares workflow_dispatch inputs: the new run appears waiting for a runner, selected.
// On a real server that branch is made first through the contents API (the default branch stays as it was).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/views';
import { requires, testEnv } from './env';
import { dataNodes, describeNodes, label, registry, replaceMessage, settled, signOut } from './viewsSupport';
import { scriptQuickInputs, type FakeInput } from './viewsQuickInput';
import { signInToTarget, waitFor } from './workflowsSupport';

const WORKFLOW = '.gitea/workflows/ci.yml';
const DISPATCH_BRANCH = 'gwb-dispatch';
const DISPATCHABLE = `name: CI
on:
  push:
  workflow_dispatch:
    inputs:
      suite:
        type: choice
        options: [unit, integration, all]
        default: unit
        required: true
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - run: echo "\${{ inputs.suite }}"
`;

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; data: unknown }> {
  const env = testEnv();
  const auth = env.user.token ? `token ${env.user.token}` : `Basic ${Buffer.from(`${env.user.username}:${env.user.password}`).toString('base64')}`;
  const res = await fetch(`${env.apiUrl}${path}`, { method, headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, data: text ? (JSON.parse(text) as unknown) : undefined };
}

/** The branch to dispatch on: the test server's default branch already declares inputs; a real one gets a branch. */
async function dispatchBranch(): Promise<string> {
  const env = testEnv();
  if (env.mode !== 'real') return env.repo.defaultBranch;
  const repoPath = `/repos/${env.repo.owner}/${env.repo.name}`;
  if ((await call('GET', `${repoPath}/branches/${DISPATCH_BRANCH}`)).status === 200) return DISPATCH_BRANCH;
  const file = await call('GET', `${repoPath}/contents/${WORKFLOW}?ref=${env.repo.defaultBranch}`);
  assert.equal(file.status, 200, `${WORKFLOW} on ${env.repo.defaultBranch}`);
  const made = await call('POST', `${repoPath}/contents`, {
    branch: env.repo.defaultBranch,
    new_branch: DISPATCH_BRANCH,
    message: 'CI: runnable by hand',
    files: [{ operation: 'update', path: WORKFLOW, sha: (file.data as { sha: string }).sha, content: Buffer.from(DISPATCHABLE).toString('base64') }],
  });
  assert.equal(made.status, 201, JSON.stringify(made.data));
  return DISPATCH_BRANCH;
}

describe('CI actions on the target: workflows and Run Workflow…', function () {
  this.timeout(180_000);
  let accountId: string | undefined;
  before(async function () {
    requires(this, 'actions');
    accountId = (await signInToTarget()).accountId;
  });
  after(() => signOut(accountId));

  it('lists ci.yml under Workflows, and a dispatch makes a run that waits for a runner, selected in CI Jobs', async () => {
    const branch = await dispatchBranch();
    const views = await registry();
    views.ciJobs.refresh();
    const root = await settled(views.ciJobs);
    assert.equal(label(root[0]!), 'Workflows', describeNodes(root));
    const workflows = dataNodes(await settled(views.ciJobs, root[0]));
    const ci = workflows.find((w) => String(w.item.description).includes('ci.yml'));
    assert.ok(ci, describeNodes(workflows));
    assert.match(ci.item.contextValue ?? '', /\bciWorkflow active\b/);
    const ui = scriptQuickInputs([
      async (ref) => {
        await ref.loaded();
        ref.pick(`$(git-branch) ${branch}`);
      },
      // The inputs: `suite` gets integration, every other one its default (the test server's file declares more).
      ...Array.from({ length: 8 }, () => (input: FakeInput) => {
        if (input.kind === 'inputBox') return input.accept();
        const wanted = input.items.find((i) => i.label === 'integration') ?? input.activeItems[0] ?? input.items[0]!;
        input.pick(wanted.label);
      }),
    ]);
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.runWorkflow', ci), true, JSON.stringify(ui.seen));
    } finally {
      ui.restore();
      info.restore();
    }
    const view = (views.ciJobs as unknown as { view?: vscode.TreeView<TreeNode> }).view;
    // The main thread tells the extension host about the selection a moment after the reveal.
    for (let i = 0; i < 50 && !view?.selection.length; i++) await new Promise((r) => setTimeout(r, 100));
    const selected = view?.selection[0];
    assert.ok(selected, 'the new run is selected');
    const description = String(selected.item.description);
    // Taken at once by a real runner, when there is one (the run's state is read right after the dispatch).
    assert.match(description, testEnv().repo.ci?.runner ? /^(queued|waiting|running|success|failure) · / : /^(queued|waiting) · /, description);
    assert.ok(description.includes(`workflow_dispatch · ${branch}`), description);
    assert.match(info.shown[0] ?? '', /the new run waits for a runner/);
  });

  it('Re-run Failed Jobs on a real runner: the failed job runs again and fails again, and its log is the new attempt\'s', async function () {
    requires(this, 'runner');
    this.timeout(900_000); // a busy runner: the job waits its turn
    const ci = testEnv().repo.ci!;
    const views = await registry();
    views.ciJobs.refresh();
    const runs = dataNodes(await settled(views.ciJobs));
    const failed = runs.find((r) => label(r) === ci.failedRun);
    assert.ok(failed, describeNodes(runs));
    const runId = (failed.data as { id: number }).id;
    const info = replaceMessage('showInformationMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.rerunFailedJobs', failed), true);
    } finally {
      info.restore();
    }
    assert.match(info.shown[0] ?? '', /Re-running the failed jobs of run #/);
    // The runner takes the job and ends it: the job's second attempt failed again (the view polls while it goes on).
    // Jobs carry their attempt on 1.26 and 1.27; runs only from 1.27 on (1.26 has no run attempts).
    const { owner, name } = testEnv().repo;
    const jobs = async () =>
      ((await call('GET', `/repos/${owner}/${name}/actions/runs/${runId}/jobs`)).data as { jobs: { name: string; status: string; conclusion?: string; run_attempt: number }[] }).jobs;
    const rerun = await waitFor(
      'the re-run to end',
      async () => (await jobs()).find((j) => j.name === ci.failedJob && j.run_attempt === 2 && j.status === 'completed'),
      600_000,
    );
    assert.equal(rerun.conclusion, 'failure');
    const run = (await call('GET', `/repos/${owner}/${name}/actions/runs/${runId}`)).data as { run_attempt?: number };
    views.ciJobs.refresh();
    const shown = await waitFor('the run shown failed again', async () => {
      const row = dataNodes(await settled(views.ciJobs)).find((r) => label(r) === ci.failedRun);
      return row && String(row.item.description).startsWith('failure · ') ? row : undefined;
    }, 60_000);
    if (run.run_attempt) assert.match(String(shown.item.description), /^failure · attempt 2 · /, String(shown.item.description));
    const job = dataNodes(await settled(views.ciJobs, shown)).find((j) => label(j) === ci.failedJob)!;
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('gitea.ciJobs.showLog', job);
    const text = editor.document.getText();
    assert.match(text, /Import "\.\/utils\/strings" is not sorted/);
    assert.match(text, /Error: lint failed: 3 problems found/);
  });
});
