// The account's world on the harness's server — the test server's seed, or what test/harness/provisionReal.ts
// provisioned on a real Gitea — through the extension: the views of the repository's webhook, releases, stars
// and feeds, and the edits whose traps only a real server proves (a user hook edit that would reset its
// events, an org label edit that would un-archive it, an issue on an archived repository). Each edit is read
// back from the server with plain fetch, never through the code under test.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Hook, Label } from '../../src/api';
import type { ActivityProvider } from '../../src/views/activityView';
import type { StarredProvider } from '../../src/views/starredView';
import type { WebhooksProvider } from '../../src/views/webhooksView';
import { requires, testEnv } from './env';
import { dataNodes, describeNodes, find, label, registry, selectRepo, settled, signOut } from './viewsSupport';
import { closeEditors, signInToTarget, type Session } from './workflowsSupport';

/** A call to the harness's server as its user, with plain fetch (to prepare or to read the truth). */
async function serverApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { apiUrl, user } = testEnv();
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `token ${user.token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function provider<T>(command: string): Promise<T> {
  const p = await vscode.commands.executeCommand<T>(command);
  assert.ok(p, `${command} returned no provider`);
  return p;
}

describe("the account's world on the harness's server (test server or real Gitea)", function () {
  this.timeout(120_000);
  let session: Session;

  before(async () => {
    session = await signInToTarget();
    const { url, repo } = testEnv();
    await registry();
    await selectRepo(url, repo.owner, repo.name);
  });
  after(async () => {
    await closeEditors();
    await signOut(session?.accountId);
  });

  it("Webhooks lists the repository's hooks; the provisioned one is active", async () => {
    const { owner, name, webhookUrl } = testEnv().repo;
    const truth = await serverApi<Hook[]>('GET', `/repos/${owner}/${name}/hooks`);
    const webhooks = await provider<WebhooksProvider>('gitea.webhooks.provider');
    webhooks.refresh();
    const nodes = dataNodes(await settled(webhooks));
    assert.deepEqual(nodes.map(label).sort(), truth.map((h) => h.config.url).sort(), describeNodes(nodes));
    assert.match(String(find(nodes, webhookUrl).item.description), /^gitea · active/);
  });

  it('Releases: the draft carries its badge, the published release none', async () => {
    const { releaseTag, draftReleaseTag } = testEnv().repo;
    const views = await registry();
    views.releases.refresh();
    const nodes = dataNodes(await settled(views.releases));
    assert.match(String(find(nodes, draftReleaseTag).item.description), /\[draft\]/, describeNodes(nodes));
    assert.doesNotMatch(String(find(nodes, releaseTag).item.description), /\[(draft|pre-release)\]/);
  });

  it("Starred lists the user's stars", async () => {
    const { user, account } = testEnv();
    const truth = await serverApi<{ full_name: string }[]>('GET', `/users/${user.username}/starred`);
    const starred = await provider<StarredProvider>('gitea.starred.provider');
    starred.setUser(undefined);
    starred.refresh();
    const labels = dataNodes(await settled(starred)).map(label);
    assert.deepEqual([...labels].sort(), truth.map((r) => r.full_name).sort());
    for (const name of account.starred) assert.ok(labels.includes(name), `${name} in ${labels.join(', ')}`);
  });

  it('Activity: the collaborator is in the feed, and "only mine" leaves them out', async function () {
    requires(this, 'collaborator');
    const { user, repo } = testEnv();
    const activity = await provider<ActivityProvider>('gitea.activity.provider');
    activity.setDate('');
    await vscode.commands.executeCommand('gitea.activity.everyone');
    const everyone = dataNodes(await settled(activity)).map(label);
    assert.ok(everyone.some((l) => l.startsWith(`${repo.collaborator} `)), everyone.join(' | '));
    await vscode.commands.executeCommand('gitea.activity.onlyMine');
    try {
      const mine = dataNodes(await settled(activity)).map(label);
      assert.ok(mine.length > 0 && mine.every((l) => l.startsWith(`${user.username} `)), mine.join(' | '));
    } finally {
      await vscode.commands.executeCommand('gitea.activity.everyone');
    }
  });

  it("Activity: the team's feed", async function () {
    requires(this, 'organization');
    const { team, name: org } = testEnv().account.org!;
    const truth = await serverApi<unknown[]>('GET', `/teams/${team.id}/activities/feeds`);
    assert.ok(truth.length > 0, 'the team has activity');
    const activity = await provider<ActivityProvider>('gitea.activity.provider');
    await vscode.commands.executeCommand('gitea.activity.showTeam', { id: team.id, name: team.name, org });
    try {
      const nodes = dataNodes(await settled(activity));
      assert.equal(nodes.length, truth.length, describeNodes(nodes));
    } finally {
      await vscode.commands.executeCommand('gitea.activity.showMine');
    }
  });

  it('Edit User Webhook: switching the hook off keeps its events and branch filter (read back)', async () => {
    const { id, events, branchFilter } = testEnv().account.userHook;
    const edit = (active: boolean) =>
      vscode.commands.executeCommand<Hook>('gitea.editUserWebhook', { accountId: session.accountId, id, changes: { active } });
    await edit(false);
    try {
      const hook = await serverApi<Hook>('GET', `/user/hooks/${id}`);
      assert.equal(hook.active, false);
      assert.deepEqual([...hook.events].sort(), [...events].sort(), 'the events are kept');
      assert.equal(hook.branch_filter, branchFilter, 'the branch filter is kept');
    } finally {
      await edit(true);
    }
    assert.equal((await serverApi<Hook>('GET', `/user/hooks/${id}`)).active, true);
  });

  it('Edit Organization Label: a new colour keeps an archived label archived (read back)', async function () {
    requires(this, 'organization');
    const { name: org, labels } = testEnv().account.org!;
    const { id, color } = labels.archived;
    const edit = (hex: string) => vscode.commands.executeCommand<Label>('gitea.editOrgLabel', { accountId: session.accountId, org, id, changes: { color: hex } });
    await edit('#123456');
    try {
      const l = await serverApi<Label>('GET', `/orgs/${org}/labels/${id}`);
      assert.equal(l.color, '123456');
      assert.equal(l.is_archived, true, 'still archived');
    } finally {
      await edit(`#${color}`);
    }
  });

  it('Create Issue on the archived repository: told as archived (423), unarchiving offered to its owner', async () => {
    const { url, account } = testEnv();
    const archived = { instanceUrl: url, owner: account.archivedRepo.owner, repo: account.archivedRepo.name, accountId: session.accountId };
    const result = await vscode.commands.executeCommand<{ outcome?: { status: string; canUnarchive?: boolean; general?: string } }>('gitea.createIssue', {
      repo: archived,
      draft: { title: 'Into the archive' },
      submit: true,
    });
    try {
      assert.equal(result.outcome?.status, 'archived', JSON.stringify(result.outcome));
      assert.equal(result.outcome?.canUnarchive, true);
      assert.match(result.outcome?.general ?? '', /archived/);
    } finally {
      // Not created: clear the draft the form keeps for that repository.
      await vscode.commands.executeCommand('gitea.createIssue', { repo: archived, draft: { title: '' } });
      await closeEditors();
    }
  });
});
