// The views against hostile and broken servers, inside the extension host: every failure ends as an error item
// with Retry (never a view spinning forever, never an exception out of getChildren), Retry recovers once the
// server is well again, fuzzed answers render or fail typed, and abandoning a view cancels its request.
// The hostile instance runs in this process (test/unit/hostile/hostileInstance.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ViewsRegistry } from '../../src/views/registry';
import type { PagedTreeProvider } from '../../src/views/pagedTree';
import { HOSTILE_OWNER, HOSTILE_REPO, startHostileInstance, type HostileInstance, type InstanceMode } from '../unit/hostile/hostileInstance';
import { describeNodes, isError, isLoading, label, settledChildren, sleep, walk } from './hostileViews';

const EXTENSION_ID = 'gitea-workbench.gitea-workbench';
const TIMEOUT_SECONDS = 2;
/** Enough for a hung request to time out (2 s) on a busy machine, and short of "forever". */
const SETTLE_MS = 20_000;

const BROKEN: InstanceMode[] = ['truncatedJson', 'nginx502', 'htmlLogin', 'wrongTypes', 'wrongShape', 'status503', 'resetMidBody', 'hang'];

describe('views against hostile servers', function () {
  this.timeout(600_000);
  let instance: HostileInstance;
  let registry: ViewsRegistry;
  let accountId: string | undefined;
  let previousTimeout: number | undefined;
  let previousActive: { owner: string; repo: string; instanceUrl: string } | undefined;
  const providers = (): [string, PagedTreeProvider][] => [...registry.byId.entries()];

  before(async () => {
    instance = await startHostileInstance();
    const ext = vscode.extensions.getExtension<{ services: { repos: { active?: { owner: string; repo: string; instanceUrl: string } } } }>(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not installed in this host`);
    const api = await ext.activate();
    const active = api.services.repos.active;
    previousActive = active && { owner: active.owner, repo: active.repo, instanceUrl: active.instanceUrl };
    const config = vscode.workspace.getConfiguration('gitea');
    previousTimeout = config.inspect<number>('requestTimeoutSeconds')?.globalValue;
    await config.update('requestTimeoutSeconds', TIMEOUT_SECONDS, vscode.ConfigurationTarget.Global);
    const result = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string }; message?: string }>('gitea.signIn', {
      url: instance.url,
      username: HOSTILE_OWNER,
      token: instance.token,
    });
    assert.ok(result?.ok, `sign-in to the hostile instance failed: ${result?.message}`);
    accountId = result.account!.id;
    await vscode.commands.executeCommand('gitea.selectRepository', { owner: HOSTILE_OWNER, repo: HOSTILE_REPO, instanceUrl: instance.url });
    registry = await vscode.commands.executeCommand<ViewsRegistry>('gitea.views.registry');
    assert.ok(registry?.byId?.size, 'gitea.views.registry returned no views');
  });

  after(async () => {
    if (accountId) await vscode.commands.executeCommand('gitea.signOut', { accountId });
    await vscode.workspace.getConfiguration('gitea').update('requestTimeoutSeconds', previousTimeout, vscode.ConfigurationTarget.Global);
    if (previousActive) await vscode.commands.executeCommand('gitea.selectRepository', previousActive);
    await instance?.close();
  });

  it('a well-behaved instance: every view shows items or its empty item, no error', async () => {
    instance.mode = 'ok';
    for (const [id, p] of providers()) {
      p.refresh();
      const top = await settledChildren(p, undefined, SETTLE_MS);
      assert.ok(top.length > 0, `${id}: nothing at all`);
      assert.ok(!top.some(isLoading), `${id}: still loading: ${describeNodes(top)}`);
      assert.ok(!top.some(isError), `${id}: error on a well-behaved instance: ${describeNodes(top)}`);
    }
  });

  for (const mode of BROKEN) {
    it(`${mode}: every list shows an error item with Retry, and Retry recovers`, async () => {
      for (const [id, p] of providers()) {
        instance.mode = mode;
        p.refresh();
        // Three levels: the Issues view groups its lists under fixed nodes.
        const visited = await walk(p, SETTLE_MS, 3, 4);
        let errorsSeen = 0;
        for (const { parent, nodes } of visited) {
          const where = `${id}/${mode}${parent ? ` under "${label(parent)}"` : ''}`;
          assert.ok(!nodes.some(isLoading), `${where}: still spinning after ${SETTLE_MS / 1000} s: ${describeNodes(nodes)}`);
          const errors = nodes.filter(isError);
          errorsSeen += errors.length;
          for (const e of errors) {
            assert.equal(e.item.command?.command, 'gitea.views.retry', `${where}: the error item has no Retry`);
            assert.ok(label(e).length > 10, `${where}: error label too short to act on: "${label(e)}"`);
            assert.doesNotMatch(label(e), /<\/?(html|body|h1|center|form)\b/i, `${where}: the proxy's HTML leaks into the label`);
            assert.doesNotMatch(String(e.item.tooltip ?? ''), /\n[ \t]+at /, `${where}: a stack trace in the tooltip`);
          }
          if (errors.length === 0) continue;
          instance.mode = 'ok';
          await vscode.commands.executeCommand('gitea.views.retry', errors[0]);
          const after = await settledChildren(p, parent, SETTLE_MS);
          assert.ok(!after.some(isLoading) && !after.some(isError), `${where}: Retry did not recover: ${describeNodes(after)}`);
          instance.mode = mode;
        }
        assert.ok(errorsSeen > 0, `${id}/${mode}: no error item anywhere: ${visited.map((v) => describeNodes(v.nodes)).join(' || ')}`);
      }
    });
  }

  it('fuzzed answers (fields absent/null, unknown fields) render or fail typed, two levels deep', async () => {
    instance.mode = 'fuzz';
    for (let round = 0; round < 15; round++) {
      instance.seed = 1000 + round * 97;
      for (const [id, p] of providers()) {
        p.refresh();
        let visited;
        try {
          visited = await walk(p, SETTLE_MS, 2, 3);
        } catch (e) {
          assert.fail(`${id} round ${round}: getChildren threw ${(e as Error)?.stack ?? e}`);
        }
        for (const { nodes } of visited) {
          assert.ok(!nodes.some(isLoading), `${id} round ${round}: still spinning: ${describeNodes(nodes)}`);
          for (const e of nodes.filter(isError)) assert.equal(e.item.command?.command, 'gitea.views.retry');
          for (const n of nodes) assert.ok(label(n) !== undefined, `${id} round ${round}: an item without a label`);
        }
      }
    }
  });

  it('refreshing a view cancels its hung request (the connection is closed)', async () => {
    await vscode.workspace.getConfiguration('gitea').update('requestTimeoutSeconds', 60, vscode.ConfigurationTarget.Global);
    try {
      for (const [id, p] of providers()) {
        instance.mode = 'hang';
        p.refresh();
        void p.getChildren(undefined);
        await waitFor(() => instance.pendingRequests() > 0, 5000, `${id}: no request reached the server`);
        instance.mode = 'ok';
        p.refresh();
        await waitFor(() => instance.pendingRequests() === 0, 5000, `${id}: the hung request was not cancelled by a refresh`);
        await settledChildren(p, undefined, SETTLE_MS);
      }
    } finally {
      await vscode.workspace.getConfiguration('gitea').update('requestTimeoutSeconds', TIMEOUT_SECONDS, vscode.ConfigurationTarget.Global);
    }
  });

  it('switching the repository cancels the requests of the previous one', async () => {
    await vscode.workspace.getConfiguration('gitea').update('requestTimeoutSeconds', 60, vscode.ConfigurationTarget.Global);
    try {
      instance.mode = 'hang';
      for (const [, p] of providers()) {
        p.refresh();
        void p.getChildren(undefined);
      }
      await waitFor(() => instance.pendingRequests() >= providers().length, 5000, 'not every view sent its request');
      await vscode.commands.executeCommand('gitea.selectRepository', { owner: HOSTILE_OWNER, repo: 'elsewhere', instanceUrl: instance.url });
      // Only the previous repository's requests must go: views visible in this window legitimately ask for the
      // new repository at once (and those hang too), and account-wide lists do not depend on the repository.
      const previous = `/api/v1/repos/${HOSTILE_OWNER}/${HOSTILE_REPO}/`;
      await waitFor(() => instance.pendingRequests(previous) === 0, 15_000, () => `${instance.pendingRequests(previous)} hung requests for ${previous} survived the repository change`);
    } finally {
      instance.mode = 'ok';
      await vscode.commands.executeCommand('gitea.selectRepository', { owner: HOSTILE_OWNER, repo: HOSTILE_REPO, instanceUrl: instance.url });
      await vscode.workspace.getConfiguration('gitea').update('requestTimeoutSeconds', TIMEOUT_SECONDS, vscode.ConfigurationTarget.Global);
    }
  });
});

async function waitFor(cond: () => boolean, ms: number, message: string | (() => string)): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) assert.fail(typeof message === 'string' ? message : message());
    await sleep(50);
  }
}
