// Activity and Starred are views of the account, not of a repository: signed in with no active repository they
// list the user's feed and stars from a Gitea 1.27 test server started in this process, never the "no repository"
// welcome; signing out empties them (the signed-out welcome shows).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Activity, Repository } from '../../src/api';
import type { Services } from '../../src/core/services';
import type { ActivityProvider } from '../../src/views/activityView';
import type { StarredProvider } from '../../src/views/starredView';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { api, dataNodes, describeNodes, EXTENSION_ID, label, registry, requestsTo, settled, signOut } from './viewsSupport';

async function provider<T>(command: string): Promise<T> {
  const p = await vscode.commands.executeCommand<T>(command);
  assert.ok(p, `${command} returned no provider`);
  return p;
}

describe('account views without a repository: Activity, Starred (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let services: Services;
  let accountId: string | undefined;
  let activity: ActivityProvider;
  let starred: StarredProvider;

  /** Signed in as alice (again, after the sign-out test), with no repository selected. */
  async function signIn(): Promise<void> {
    // Signed in, but no repository selected: the workspace's clone is on another instance.
    const result = await vscode.commands.executeCommand<{ ok: boolean; account?: { id: string }; message?: string }>('gitea.signIn', {
      url: server.url,
      username: 'alice',
      token: FIXTURES.users.alice.tokens.all,
    });
    assert.ok(result?.ok, `sign-in to ${server.url} failed: ${result?.message}`);
    accountId = result.account!.id;
  }

  before(async () => {
    server = await startTestServer();
    await registry();
    services = vscode.extensions.getExtension<{ services: Services }>(EXTENSION_ID)!.exports.services;
    activity = await provider<ActivityProvider>('gitea.activity.provider');
    starred = await provider<StarredProvider>('gitea.starred.provider');
  });
  // Each test starts signed in, whichever ran before it (the sign-out test need not be the last).
  beforeEach(async () => {
    if (!accountId) await signIn();
  });
  after(async () => {
    await signOut(accountId);
    await server?.close();
  });

  it('starts with no active repository and this account first', () => {
    const active = services.repos.active;
    assert.equal(active, undefined, `precondition: an active repository ${active?.owner}/${active?.repo} on ${active?.instanceUrl}`);
    assert.equal(services.accounts.accounts[0]?.id, accountId, 'precondition: the account signed in here is the first');
  });

  it('Activity lists the signed-in user\'s feed with no active repository', async () => {
    const truth = await api<Activity[]>(server, 'GET', '/users/alice/activities/feeds');
    assert.ok(truth.length > 0, 'the test server seeds activity for alice');
    activity.setSource({ kind: 'user', onlyMine: false });
    activity.setDate('');
    const from = server.requests.length;
    activity.refresh();
    const nodes = dataNodes(await settled(activity));
    assert.equal(nodes.length, truth.length, describeNodes(nodes));
    assert.ok(nodes.every((n) => n.url?.startsWith(server.url)), describeNodes(nodes));
    assert.equal(requestsTo(server, '/users/alice/activities/feeds', from).length, 1);
    const scope = activity.currentScope;
    assert.equal(scope?.account.id, accountId);
    assert.equal('repo' in (scope ?? {}), false, 'an account scope, not a repository scope');
  });

  it('Starred lists the signed-in user\'s stars with no active repository', async () => {
    const truth = await api<Repository[]>(server, 'GET', '/users/alice/starred');
    assert.ok(truth.length > 0, 'the test server seeds stars for alice');
    starred.setUser(undefined);
    const from = server.requests.length;
    starred.refresh();
    const nodes = dataNodes(await settled(starred));
    assert.deepEqual(nodes.map(label).sort(), truth.map((r) => r.full_name).sort(), describeNodes(nodes));
    assert.equal(requestsTo(server, '/users/alice/starred', from).length, 1);
    assert.equal(starred.currentScope?.account.id, accountId);
  });

  it('only the signed-out welcome is contributed to both views', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: { viewsWelcome: { view: string; contents: string; when?: string }[] };
    };
    for (const view of ['gitea.activity', 'gitea.starred']) {
      const welcome = manifest.contributes.viewsWelcome.filter((w) => w.view === view);
      assert.deepEqual(
        welcome.map((w) => w.when),
        ['!gitea.signedIn'],
        `${view}: ${JSON.stringify(welcome)}`,
      );
    }
  });

  it('signing out refreshes both views to nothing (the signed-out welcome shows)', async () => {
    const changed = (p: ActivityProvider | StarredProvider) =>
      new Promise<void>((resolve) => {
        const sub = p.onDidChangeTreeData(() => {
          sub.dispose();
          resolve();
        });
      });
    const both = Promise.all([changed(activity), changed(starred)]);
    await signOut(accountId);
    accountId = undefined;
    await both;
    assert.equal(services.accounts.accounts.length, 0, 'precondition: no other account is signed in');
    assert.deepEqual(await activity.getChildren(), []);
    assert.deepEqual(await starred.getChildren(), []);
  });
});
