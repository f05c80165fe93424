// The Create Issue form and the deploy key commands inside a real VS Code, against a Gitea 1.27 test server
// started in this process (so the exact request bodies it received can be read).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DeployKey, Issue } from '../../src/api';
import type { RepoRef } from '../../src/core/services';
import { FIXTURES, sshEd25519PublicKey, type TestServer } from '../server/index';
import { api, replaceMessage, requestsTo } from './viewsSupport';
import { closeEditors } from './workflowsSupport';
import { demoSession } from './demoSession';

interface CreateIssueResult {
  draft: { title: string; body: string; labels: number[]; milestone?: number; assignees: string[]; projects: number[]; dueDate?: string };
  outcome?: { status: string; issue?: Issue; fields?: Record<string, string>; general?: string; canUnarchive?: boolean };
}


describe('workflows: Create Issue form (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let accountId: string | undefined;
  let repo: RepoRef;

  demoSession((s) => ({ server, accountId, repo } = s), { closeEditors: true });

  const create = (args: Record<string, unknown>) => vscode.commands.executeCommand<CreateIssueResult>('gitea.createIssue', { repo, ...args });

  it('creates an issue with labels, milestone, assignee and due date: the server receives exactly those ids', async () => {
    const labelList = await api<{ id: number; name: string }[]>(server, 'GET', '/repos/alice/demo/labels');
    const milestones = await api<{ id: number }[]>(server, 'GET', '/repos/alice/demo/milestones?state=open');
    assert.ok(labelList.length >= 2 && milestones.length >= 1, 'the seed has labels and an open milestone');
    const draft = {
      title: 'Search returns nothing for emoji',
      body: 'Steps:\n\n1. search for 🎉\n\n<img src=x onerror=alert(1)>',
      labels: [labelList[0]!.id, labelList[1]!.id],
      milestone: milestones[0]!.id,
      assignees: ['bob'],
      dueDate: '2026-12-24',
    };
    const from = server.requests.length;
    const result = await create({ draft, submit: true });
    assert.equal(result.outcome?.status, 'created', JSON.stringify(result.outcome));
    const posts = requestsTo(server, '/repos/alice/demo/issues', from).filter((r) => r.method === 'POST');
    assert.equal(posts.length, 1);
    assert.deepEqual(posts[0]!.body, {
      title: draft.title,
      body: draft.body,
      labels: draft.labels,
      milestone: draft.milestone,
      assignees: ['bob'],
      due_date: '2026-12-24T00:00:00Z',
    });
    assert.equal(posts[0]!.status, 201);
    const issue = result.outcome!.issue!;
    assert.deepEqual(issue.labels?.map((l) => l.id).sort(), [...draft.labels].sort());
    assert.equal(issue.milestone?.id, draft.milestone);
    // The draft is gone once the server created the issue.
    const reopened = await create({});
    assert.equal(reopened.draft.title, '');
    assert.equal(reopened.draft.body, '');
  });

  it('keeps the draft after a failed creation, with the error next to its field, until it is created', async () => {
    const from = server.requests.length;
    const failed = await create({ draft: { title: 'Every word kept', body: 'A long **description**', projects: [987654] }, submit: true });
    assert.equal(failed.outcome?.status, 'invalid', JSON.stringify(failed.outcome));
    assert.ok(failed.outcome?.fields?.projects, `an error next to Projects: ${JSON.stringify(failed.outcome)}`);
    const post = requestsTo(server, '/repos/alice/demo/issues', from).find((r) => r.method === 'POST');
    assert.equal(post?.status, 400);
    // Close the form: the draft is still there when it is opened again.
    await closeEditors();
    const reopened = await create({});
    assert.equal(reopened.draft.title, 'Every word kept');
    assert.equal(reopened.draft.body, 'A long **description**');
    assert.deepEqual(reopened.draft.projects, [987654]);
    // A missing title is caught before anything is sent.
    const mark = server.requests.length;
    const untitled = await create({ draft: { title: '   ', projects: [] }, submit: true });
    assert.equal(untitled.outcome?.status, 'invalid');
    assert.ok(untitled.outcome?.fields?.title);
    assert.equal(requestsTo(server, '/repos/alice/demo/issues', mark).filter((r) => r.method === 'POST').length, 0);
    // Fixed and sent: created, and the draft is cleared.
    const created = await create({ draft: { title: 'Every word kept' }, submit: true });
    assert.equal(created.outcome?.status, 'created', JSON.stringify(created.outcome));
    assert.equal((await create({})).draft.title, '');
  });

  it('an archived repository (423) is reported as such and offers unarchiving to its admin', async () => {
    const archived: RepoRef = { instanceUrl: server.url, owner: 'alice', repo: FIXTURES.repos.archived.name, accountId };
    const from = server.requests.length;
    const result = await vscode.commands.executeCommand<CreateIssueResult>('gitea.createIssue', { repo: archived, draft: { title: 'Into the archive' }, submit: true });
    assert.equal(result.outcome?.status, 'archived', JSON.stringify(result.outcome));
    assert.equal(result.outcome?.canUnarchive, true);
    assert.match(result.outcome?.general ?? '', /archived/);
    assert.equal(requestsTo(server, '/repos/alice/archived/issues', from).find((r) => r.method === 'POST')?.status, 423);
    // Not created: the draft stays for that repository.
    await closeEditors();
    const again = await vscode.commands.executeCommand<CreateIssueResult>('gitea.createIssue', { repo: archived });
    assert.equal(again.draft.title, 'Into the archive');
    await vscode.commands.executeCommand('gitea.createIssue', { repo: archived, draft: { title: '' } });
  });
});

describe('workflows: deploy keys (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let repo: RepoRef;

  demoSession((s) => ({ server, repo } = s));

  it('adds a key (checked locally first), finds it by its fingerprint, and removes it after confirmation', async () => {
    const publicKey = sshEd25519PublicKey('workflows-itest', 'deploy@ci');
    const keys = '/repos/alice/demo/keys';

    // A broken key never reaches the server.
    let from = server.requests.length;
    const errors = replaceMessage('showErrorMessage', () => undefined);
    try {
      const refused = await vscode.commands.executeCommand<DeployKey | undefined>('gitea.addDeployKey', { repo, key: 'ssh-ed25519 AAAA!!', title: 'x', readOnly: true });
      assert.equal(refused, undefined);
      assert.equal(requestsTo(server, keys, from).length, 0);
      assert.match(errors.shown.join('\n'), /base64/);
    } finally {
      errors.restore();
    }

    from = server.requests.length;
    const added = await vscode.commands.executeCommand<DeployKey>('gitea.addDeployKey', { repo, key: publicKey, title: 'CI for workflows', readOnly: true });
    assert.ok(added, 'the key was added');
    const post = requestsTo(server, keys, from).find((r) => r.method === 'POST');
    assert.deepEqual(post?.body, { key: publicKey, title: 'CI for workflows', read_only: true });
    assert.equal(post?.status, 201);

    // The server's 422 text is shown as it is.
    const shown = replaceMessage('showErrorMessage', () => undefined);
    try {
      const duplicate = await vscode.commands.executeCommand('gitea.addDeployKey', { repo, key: publicKey, title: 'Another title', readOnly: true });
      assert.equal(duplicate, undefined);
      assert.deepEqual(shown.shown, ['This key has already been added to this repository']);
    } finally {
      shown.restore();
    }

    from = server.requests.length;
    const found = await vscode.commands.executeCommand<DeployKey[]>('gitea.findDeployKey', { repo, key: publicKey });
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepEqual(found.map((k) => k.id), [added.id]);
    // (the Deploy Keys view may list the keys again meanwhile: the search is the GET with a fingerprint)
    const search = requestsTo(server, keys, from).find((r) => r.method === 'GET' && r.query.fingerprint !== undefined);
    assert.equal(search?.query.fingerprint, added.fingerprint, 'searched by the locally computed fingerprint');

    // Declining the confirmation keeps the key.
    const decline = replaceMessage('showWarningMessage', () => undefined);
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.removeDeployKey', { key: added, repo }), false);
      assert.match(decline.shown[0] ?? '', /CI for workflows/);
    } finally {
      decline.restore();
    }
    assert.equal(requestsTo(server, `${keys}/${added.id}`).length, 0);

    const confirm = replaceMessage('showWarningMessage', (_m, items) => items.find((i) => i === 'Remove'));
    try {
      assert.equal(await vscode.commands.executeCommand('gitea.removeDeployKey', { key: added, repo }), true);
    } finally {
      confirm.restore();
    }
    const del = requestsTo(server, `${keys}/${added.id}`).find((r) => r.method === 'DELETE');
    assert.equal(del?.status, 204);
    const after = await vscode.commands.executeCommand<DeployKey[]>('gitea.findDeployKey', { repo, fingerprint: added.fingerprint });
    assert.deepEqual(after, []);
  });
});
