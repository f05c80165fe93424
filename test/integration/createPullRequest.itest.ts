// Create Pull Request inside a real VS Code, against a Gitea 1.27 test server started in this process (so the exact
// request bodies it received can be read), from clones of its repositories opened in the git extension: the text
// prefilled from the commits, the exact body, Push asked for an unpushed branch, nothing to compare and an open pull
// request said before anything is sent, each refusal at its field with the text kept, and a fork's head.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PullDraft } from '../../src/commands/createPullRequest/pullDraft';
import { createPull } from '../../src/commands/createPullRequest/submitPull';
import { demoSession } from './demoSession';
import { branchWithCommits, cloneFromServer, withoutHarnessGitCredentials, createPullRequest, type Clone } from './createPullRequestSupport';
import { api, replaceMessage, requestsTo } from './viewsSupport';
import { closeEditors, issuePageTabs, services, waitFor } from './workflowsSupport';
import type { RepoRef } from '../../src/core/services';
import type { TestServer } from '../server/index';

const PULLS = '/repos/alice/demo/pulls';

describe('Create Pull Request (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let repo: RepoRef;
  let clone: Clone;
  let warnings: ReturnType<typeof replaceMessage>;
  let info: ReturnType<typeof replaceMessage>;
  let warningAnswer: string | undefined;
  const posts = (from: number) => requestsTo(server, PULLS, from).filter((r) => r.method === 'POST');

  demoSession((s) => ({ server, repo } = s), { closeEditors: true });

  let restoreGitCredentials: (() => void) | undefined;
  before(async () => {
    restoreGitCredentials = withoutHarnessGitCredentials();
    clone = await cloneFromServer(server, 'alice', 'demo');
    warnings = replaceMessage('showWarningMessage', (_m, items) => items.find((i) => i === warningAnswer));
    info = replaceMessage('showInformationMessage', () => undefined);
  });
  after(() => {
    restoreGitCredentials?.();
    warnings?.restore();
    info?.restore();
    clone?.dispose();
  });
  beforeEach(() => {
    warningAnswer = undefined;
    if (warnings) warnings.shown.length = 0;
  });

  it('prefills title and description from the commits and sends exactly the form\'s fields; the page opens', async () => {
    await branchWithCommits(clone, 'topic/search-docs', 'origin/main', ['Document the search', 'Add search examples']);
    await clone.git('push', '--quiet', '-u', 'origin', 'topic/search-docs');
    const opened = await createPullRequest(clone.repo);
    assert.ok(opened);
    assert.deepEqual([opened.draft.title, opened.draft.body, opened.draft.base, opened.draft.head, opened.draft.baseRepo],
      ['Search docs', '- Document the search\n- Add search examples', 'main', 'topic/search-docs', 'alice/demo']);
    const labels = await api<{ id: number }[]>(server, 'GET', '/repos/alice/demo/labels');
    const milestone = (await api<{ id: number }[]>(server, 'GET', '/repos/alice/demo/milestones?state=open'))[0]!;
    const from = server.requests.length;
    const result = await createPullRequest(clone.repo, {
      draft: { labels: [labels[0]!.id], milestone: milestone.id, assignees: ['bob'], reviewers: ['bob'], draft: true }, submit: true,
    });
    assert.equal(result?.outcome?.status, 'created', JSON.stringify(result?.outcome));
    const sent = posts(from);
    assert.equal(sent.length, 1);
    assert.deepEqual(sent[0]!.body, {
      head: 'topic/search-docs', base: 'main', title: 'WIP: Search docs', body: '- Document the search\n- Add search examples',
      assignees: ['bob'], labels: [labels[0]!.id], milestone: milestone.id, reviewers: ['bob'],
    });
    const pull = result.outcome.status === 'created' ? result.outcome.pull : undefined;
    assert.equal(pull?.draft, true, 'Gitea marks the WIP: title as a draft');
    assert.equal(await clone.git('config', '--get', 'branch.topic/search-docs.gitea-pr'), `${server.url} alice/demo#${pull?.number}`);
    await waitFor('the pull request page', () => issuePageTabs().some((t) => t.label.includes(`#${pull?.number}`)));
  });

  it('an unpushed branch: Push is asked; declined, nothing is sent; accepted, the branch is pushed with its upstream and created', async () => {
    await branchWithCommits(clone, 'topic/unpushed', 'origin/main', ['Fix the usage line\n\nIt said demo twice.']);
    const from = server.requests.length;
    const declined = await createPullRequest(clone.repo, { submit: true });
    assert.deepEqual(declined?.outcome, { status: 'cancelled' });
    assert.match(warnings.shown.join('\n'), /topic\/unpushed is not on origin yet/);
    assert.equal(posts(from).length, 0, 'nothing was sent');
    warningAnswer = 'Push and Create';
    const accepted = await createPullRequest(clone.repo, { submit: true });
    assert.equal(accepted?.outcome?.status, 'created', JSON.stringify(accepted?.outcome));
    const body = posts(from)[0]!.body as { title: string; body: string };
    assert.deepEqual([body.title, body.body], ['Fix the usage line', 'It said demo twice.']);
    assert.equal(await clone.git('rev-parse', '--abbrev-ref', 'topic/unpushed@{upstream}'), 'origin/topic/unpushed');
    const branch = await api<{ commit: { id: string } }>(server, 'GET', '/repos/alice/demo/branches/topic%2Funpushed');
    assert.equal(branch.commit.id, await clone.git('rev-parse', 'topic/unpushed'));
  });

  it('nothing to compare, and an open pull request of the same head and base, are said before anything is sent', async () => {
    await clone.git('checkout', '--quiet', '-B', 'topic/same', 'origin/main');
    await clone.git('push', '--quiet', '-u', 'origin', 'topic/same');
    const from = server.requests.length;
    const same = await createPullRequest(clone.repo, { submit: true });
    assert.equal(same?.outcome?.status, 'invalid');
    assert.match(same.outcome.status === 'invalid' ? same.outcome.fields.base ?? '' : '', /nothing to compare: topic\/same has no commits that main has not/);
    await clone.git('checkout', '--quiet', '-B', 'feature/login', 'origin/feature/login');
    const open = await createPullRequest(clone.repo, { submit: true });
    assert.equal(open?.outcome?.status, 'exists');
    assert.equal(open.outcome.status === 'exists' && open.outcome.number, 6);
    assert.match(open.outcome.status === 'exists' ? open.outcome.fields.head ?? '' : '', /#6 already merges feature\/login into main/);
    assert.ok(info.shown.some((m) => m.includes('#6 is already open')), info.shown.join('\n'));
    // GET pulls/main/experiment answers the closed #8 first: the open one of that head and base is still found.
    const reopened = await api<{ number: number }>(server, 'POST', PULLS, { head: 'experiment', base: 'main', title: 'Experiment, again' });
    await clone.git('checkout', '--quiet', '-B', 'experiment', 'origin/experiment');
    const again = await createPullRequest(clone.repo, { submit: true });
    assert.equal(again?.outcome?.status === 'exists' && again.outcome.number, reopened.number, JSON.stringify(again?.outcome));
    assert.equal(posts(from).filter((r) => (r.body as { title?: string }).title !== 'Experiment, again').length, 0, 'nothing was sent');
  });

  it('each refusal shows at its field (422 assignees, 404 reviewer, 423 archived) and the text survives it and a closed form', async () => {
    await branchWithCommits(clone, 'topic/refused', 'origin/main', ['Keep these words']);
    await clone.git('push', '--quiet', '-u', 'origin', 'topic/refused');
    const from = server.requests.length;
    const assignee = await createPullRequest(clone.repo, { draft: { body: 'A long **description**', assignees: ['carol'] }, submit: true });
    assert.deepEqual(assignee?.outcome, { status: 'invalid', fields: { assignees: "user doesn't have access to repo [user_id: 4, repo_name: demo]" } });
    const reviewer = await createPullRequest(clone.repo, { draft: { assignees: [], reviewers: ['nobody'] }, submit: true });
    assert.deepEqual(reviewer?.outcome, { status: 'invalid', fields: { reviewers: "user doesn't exist: nobody" } });
    server.state.repoByName('alice', 'demo')!.archived = true;
    try {
      const archived = await createPullRequest(clone.repo, { draft: { reviewers: [] }, submit: true });
      assert.deepEqual(archived?.outcome, { status: 'invalid', fields: { baseRepo: 'alice/demo is archived: it takes no pull requests.' } });
    } finally {
      server.state.repoByName('alice', 'demo')!.archived = false;
    }
    assert.deepEqual(posts(from).map((r) => r.status), [422, 404, 423]);
    await closeEditors();
    const reopened = await createPullRequest(clone.repo);
    assert.deepEqual([reopened?.draft.title, reopened?.draft.body], ['Keep these words', 'A long **description**']);
  });

  it('the other refusals of POST /pulls land at their fields too: 409 at the head, 422 head = base at the base, 403 at the repository', async () => {
    const session = await services();
    const client = await session.accounts.getClient(repo.accountId!);
    const draft = (d: Partial<PullDraft>): PullDraft => ({ title: 'T', body: '', base: 'main', head: 'feature/login', baseRepo: 'alice/demo', reviewers: [],
      teamReviewers: [], assignees: [], labels: [], draft: false, prefilled: true, ...d });
    const targets = { client, baseOwner: 'alice', baseRepo: 'demo', wipPrefix: 'WIP:' };
    const exists = await createPull(targets, draft({}));
    assert.deepEqual(exists, { status: 'exists', number: 6, fields: { head: 'Pull request #6 already merges feature/login into main and is open.' } });
    const same = await createPull(targets, draft({ head: 'main' }));
    assert.deepEqual(same, { status: 'invalid', fields: { base: 'Invalid PullRequest: There are no changes between the head and the base' } });
    // A branch made as a push would (updateRefs drops the server's branch cache; a bare `git branch` did not, and
    // a full run that had read carol/notes' branches before answered 404 for it).
    const notes = server.state.repoByName('carol', 'notes')!;
    const notesMain = (await server.git.must(notes.gitPath, ['rev-parse', 'refs/heads/main'])).toString('utf8').trim();
    await server.git.updateRefs(notes.gitPath, [`update refs/heads/topic ${notesMain}`]);
    const stranger = await createPull({ ...targets, baseOwner: 'carol', baseRepo: 'notes' }, draft({ head: 'topic', baseRepo: 'carol/notes' }));
    assert.deepEqual(stranger, { status: 'invalid', fields: { baseRepo: 'You may not open pull requests in carol/notes (the server said: "user must be a collaborator").' } });
    // Gitea requests the reviews after creating: asking the poster answers 500 with the pull request made. It is found.
    const made = await createPull(targets, draft({ head: 'develop', base: 'release/1.0', title: 'Review myself', reviewers: ['alice'] }));
    assert.equal(made.status, 'created', JSON.stringify(made));
    assert.equal(made.status === 'created' && made.pull.title, 'Review myself');
    assert.match(made.status === 'created' ? made.warning ?? '' : '', /check its reviewers/);
  });

  it('a fork on the instance: its parent is the base repository and the head goes as owner:branch', async () => {
    await api(server, 'POST', '/repos/alice/demo/forks', { organization: 'acme' });
    const fork = await cloneFromServer(server, 'acme', 'demo');
    try {
      await branchWithCommits(fork, 'topic/from-fork', 'origin/main', ['Improve the guide']);
      await fork.git('push', '--quiet', '-u', 'origin', 'topic/from-fork');
      const opened = await createPullRequest(fork.repo);
      assert.equal(opened?.draft.baseRepo, 'alice/demo', 'the parent is the default base repository');
      const from = server.requests.length;
      const result = await createPullRequest(fork.repo, { submit: true });
      assert.equal(result?.outcome?.status, 'created', JSON.stringify(result?.outcome));
      assert.deepEqual(posts(from)[0]!.body, { head: 'acme:topic/from-fork', base: 'main', title: 'Improve the guide' });
      const pull = result.outcome.status === 'created' ? result.outcome.pull : undefined;
      assert.equal(pull?.head?.repo?.full_name, 'acme/demo');
      assert.equal(await fork.git('config', '--get', 'branch.topic/from-fork.gitea-pr'), `${server.url} alice/demo#${pull?.number}`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fork.dispose();
    }
  });

  it('started on the repository as the extension last read it, the form is corrected when the server\'s default branch has changed since', async () => {
    // A first form reads alice/demo (default branch main), kept for the next form to start on, as a view's read is.
    await branchWithCommits(clone, 'topic/before-move', 'origin/main', ['Before the move']);
    assert.equal((await createPullRequest(clone.repo))?.draft.base, 'main');
    await closeEditors();
    await branchWithCommits(clone, 'topic/moved-default', 'origin/develop', ['Build on develop']);
    await clone.git('push', '--quiet', '-u', 'origin', 'topic/moved-default');
    await api(server, 'PATCH', '/repos/alice/demo', { default_branch: 'develop' });
    try {
      const from = server.requests.length;
      const opened = await createPullRequest(clone.repo);
      assert.equal(opened?.draft.base, 'develop', 'the base is the default branch the server names now');
      const asked = server.requests.slice(from).filter((r) => r.kind === 'api').map((r) => r.apiPath ?? '');
      assert.ok(asked.some((p) => /^\/repos\/alice\/demo\/pulls\/main\//.test(p)), `the form started on the repository as read before: ${asked.join(', ')}`);
      assert.ok(asked.some((p) => /^\/repos\/alice\/demo\/pulls\/develop\//.test(p)), 'the open pull request is looked for again against develop');
      const templateRefs = server.requests.slice(from).filter((r) => r.apiPath?.startsWith('/repos/alice/demo/raw/')).map((r) => r.query.ref);
      assert.ok(templateRefs.includes('develop'), `the template is read again from develop: ${templateRefs.join(', ')}`);
    } finally {
      await api(server, 'PATCH', '/repos/alice/demo', { default_branch: 'main' });
      await closeEditors();
    }
  });

  it('the repository\'s template by Gitea\'s rule (.gitea/ before .github/, default branch) replaces the commits\' text, picks its labels, and Closes #N', async () => {
    const label = (await api<{ id: number; name: string }[]>(server, 'GET', '/repos/alice/demo/labels'))[1]!;
    await clone.git('checkout', '--quiet', '-B', 'templates', 'origin/main');
    const { writeFileSync, mkdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    mkdirSync(join(clone.dir, '.gitea'), { recursive: true });
    mkdirSync(join(clone.dir, '.github'), { recursive: true });
    writeFileSync(join(clone.dir, '.github', 'pull_request_template.md'), 'Not this one\n');
    writeFileSync(join(clone.dir, '.gitea', 'PULL_REQUEST_TEMPLATE.md'), `---\nname: Change\nabout: A change\nlabels: ["${label.name}"]\n---\n## What\n\n## Why\n`);
    await clone.git('add', '.gitea', '.github');
    await clone.git('commit', '--quiet', '-m', 'Add pull request templates');
    await clone.git('push', '--quiet', 'origin', 'HEAD:main');
    await branchWithCommits(clone, 'issue-2-dark-mode', 'origin/main', ['Add a dark theme']);
    await clone.git('config', 'branch.issue-2-dark-mode.gitea-issue', `${server.url} alice/demo#2`);
    const opened = await createPullRequest(clone.repo);
    assert.deepEqual([opened?.draft.title, opened?.draft.body, opened?.draft.labels], ['Add a dark theme', '## What\n\n## Why\n\nCloses #2\n', [label.id]]);
  });
});
