// Merge Pull Request and Request Review inside a real VS Code, against a Gitea 1.27 test server started in this
// process (so the exact request bodies it received can be read): the reasons a pull request cannot be merged
// before anything is sent, the body of each merge style, a 405 "Please try again later" tried again, a 409 after a
// push in between, the review requests' bodies (a user's and, on acme/site, a team's), and the "Review Requested"
// group of the Pull Requests view.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MergeResult } from '../../src/commands/merge/mergePullRequest';
import type { RequestReviewResult } from '../../src/commands/requestReview/requestReview';
import type { RepoRef } from '../../src/core/services';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { newIssue } from '../server/seed/demoIssues';
import { scriptQuickInputs, type ScriptStep } from './viewsQuickInput';
import { api, dataNodes, describeNodes, find, label, registry, replaceMessage, requestsTo, settled, signInAndSelect, signOut } from './viewsSupport';

const demo = FIXTURES.repos.demo;
const OPEN = demo.pulls.open;
const MERGE_PATH = `/repos/alice/demo/pulls/${OPEN}/merge`;

describe('Merge Pull Request and Request Review (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let accountId: string | undefined;
  let repo: RepoRef;
  let messages: { warnings: ReturnType<typeof replaceMessage>; errors: ReturnType<typeof replaceMessage>; info: ReturnType<typeof replaceMessage> };

  before(async () => {
    server = await startTestServer();
    accountId = await signInAndSelect(server.url);
    repo = { instanceUrl: server.url, owner: demo.owner, repo: demo.name, accountId };
    messages = {
      warnings: replaceMessage('showWarningMessage', () => undefined),
      errors: replaceMessage('showErrorMessage', () => undefined),
      info: replaceMessage('showInformationMessage', () => undefined),
    };
  });
  after(async () => {
    messages.warnings.restore();
    messages.errors.restore();
    messages.info.restore();
    await signOut(accountId);
    await server?.close();
  });
  beforeEach(async () => {
    await server.reset();
    for (const m of Object.values(messages)) m.shown.length = 0;
  });

  const merge = (script: ScriptStep[]) => withScript(script, () => vscode.commands.executeCommand<MergeResult>('gitea.mergePullRequest', { repo, index: OPEN }));
  const unprotectMain = () => (server.state.repoByName('alice', 'demo')!.protections.length = 0);
  const mergeRequests = () => requestsTo(server, MERGE_PATH).filter((r) => r.method === 'POST');
  const pull = () => api<{ merged: boolean; head: { sha: string }; html_url: string }>(server, 'GET', `/repos/alice/demo/pulls/${OPEN}`);
  const branchSha = async (name: string) => (await api<{ commit: { id: string } }>(server, 'GET', `/repos/alice/demo/branches/${encodeURIComponent(name)}`)).commit.id;
  const keep: ScriptStep = (ui) => ui.accept();

  it('says why a pull request cannot be merged before sending anything: the protection of main wants an approval and ci/build', async () => {
    const result = await merge([]);
    assert.equal(result?.kind, 'blocked');
    assert.deepEqual(mergeRequests(), [], 'nothing was sent');
    const shown = messages.warnings.shown.join('\n');
    assert.match(shown, /Pull request #6 cannot be merged\. Required checks have not succeeded yet \(ci\/build\)\. The protection of main requires an approval, it has none\./);
  });

  it('from the palette: a pick of the open pull requests (or a typed number) asks which', async () => {
    let offered: string[] = [];
    const result = await withScript(
      [
        async (ui) => {
          await ui.loaded();
          offered = ui.items.map((i) => i.label);
          ui.pick(`$(git-pull-request) #${OPEN} Add login page`);
        },
      ],
      () => vscode.commands.executeCommand<MergeResult>('gitea.mergePullRequest'),
    );
    assert.deepEqual(offered, [`$(git-pull-request) #${OPEN} Add login page`]);
    assert.equal(result?.kind, 'blocked', 'then the same checks as from a row');
  });

  it('WIP and already merged pull requests are refused with their reason', async () => {
    unprotectMain();
    server.state.issueByIndex(demo.id, OPEN)!.title = 'WIP: Add login page';
    assert.equal((await merge([]))?.kind, 'blocked');
    assert.match(messages.warnings.shown.join('\n'), /Its title marks it as a work in progress/);
    const merged = await withScript([], () => vscode.commands.executeCommand<MergeResult>('gitea.mergePullRequest', { repo, index: demo.pulls.mergedMerge }));
    assert.deepEqual(merged, { kind: 'blocked', reasons: ['It is already merged.'] });
    assert.deepEqual(requestsTo(server, `/repos/alice/demo/pulls/${demo.pulls.mergedMerge}/merge`), []);
  });

  const styles = [
    { style: 'merge', label: 'Create merge commit', title: "Merge pull request 'Add login page' (#6) from feature/login into main" },
    { style: 'rebase', label: 'Rebase then fast-forward' },
    { style: 'rebase-merge', label: 'Rebase then create merge commit', title: "Merge pull request 'Add login page' (#6) from feature/login into main" },
    { style: 'squash', label: 'Create squash commit', title: 'Add login page (#6)' },
    { style: 'fast-forward-only', label: 'Fast-forward only' },
  ] as const;
  for (const s of styles) {
    it(`merges by ${s.style}: the body names the style, the prefilled title and message, the head it showed and delete-branch`, async () => {
      unprotectMain();
      const { head, html_url } = await pull();
      // An open page of the pull request shows it merged afterwards (reloaded, not from its cache).
      type OpenPage = { whenLoaded(): Promise<{ header: { state: string } } | undefined>; panel: vscode.WebviewPanel };
      const page = s.style === 'merge' ? await vscode.commands.executeCommand<OpenPage>('gitea.openIssue', { repo, number: OPEN }) : undefined;
      assert.equal((await page?.whenLoaded())?.header.state, page ? 'open' : undefined);
      const seen: string[][] = [];
      const result = await merge([
        async (ui) => {
          seen.push(ui.items.map((i) => i.label));
          ui.pick(s.label);
        },
        ...('title' in s ? [keep, keep] : []),
        (ui) => {
          seen.push(ui.items.map((i) => i.label));
          ui.pick('Delete the branch feature/login after merging');
        },
      ]);
      assert.deepEqual(result, { kind: 'merged', style: s.style });
      assert.deepEqual(seen[0], styles.map((x) => x.label), 'the allowed styles, the default (merge) first');
      assert.deepEqual(seen[1], ['Delete the branch feature/login after merging', 'Merge when checks succeed']);
      const body = 'title' in s ? { merge_title_field: s.title, merge_message_field: `Reviewed-on: ${html_url}` } : {};
      assert.deepEqual(mergeRequests().map((r) => r.body), [{ do: s.style, ...body, head_commit_id: head.sha, delete_branch_after_merge: true }]);
      assert.equal((await pull()).merged, true);
      if (page) {
        assert.equal((await page.whenLoaded())?.header.state, 'merged', 'the open page was reloaded');
        page.panel.dispose();
      }
      assert.equal((await api<unknown[]>(server, 'GET', '/repos/alice/demo/branches?limit=50')).some((b) => (b as { name: string }).name === 'feature/login'), false);
    });
  }

  it('marks a pull request as manually merged with the commit typed; conflicts do not prevent that (as in Gitea)', async () => {
    const settings = server.state.repoByName('alice', 'demo')!.settings;
    settings.allowManualMerge = true;
    settings.allowMergeCommits = false;
    settings.allowRebase = false;
    settings.allowRebaseExplicit = false;
    settings.allowSquashMerge = false;
    settings.allowFastForwardOnlyMerge = false;
    unprotectMain();
    const develop = await branchSha('develop');
    await server.git.updateRefs('alice/demo.git', [`update refs/heads/main ${develop}`]);
    let offered: string[] = [];
    let refusedSha: string | undefined;
    const result = await merge([
      (ui) => {
        offered = ui.items.map((i) => i.label);
        ui.pick('Mark as manually merged');
      },
      (ui) => {
        ui.accept('not-a-sha');
        refusedSha = typeof ui.validationMessage === 'string' ? ui.validationMessage : ui.validationMessage?.message;
        ui.accept(develop);
      },
    ]);
    assert.match(refusedSha ?? '', /full commit SHA/);
    assert.deepEqual(offered, ['Mark as manually merged']);
    assert.match(messages.warnings.shown.join('\n'), /has conflicts with main.*It can only be marked as manually merged\./);
    assert.deepEqual(result, { kind: 'merged', style: 'manually-merged' });
    assert.deepEqual(mergeRequests().map((r) => r.body), [{ do: 'manually-merged', merge_commit_id: develop }]);
    const now = await api<{ merged: boolean; merge_commit_sha: string }>(server, 'GET', `/repos/alice/demo/pulls/${OPEN}`);
    assert.deepEqual([now.merged, now.merge_commit_sha], [true, develop]);
  });

  it('an edited squash title and a two-line message are sent as typed; the branch is kept by default', async () => {
    unprotectMain();
    const { head } = await pull();
    const result = await merge([(ui) => ui.pick('Create squash commit'), (ui) => ui.accept('Login page'), (ui) => ui.accept('First line\\nSecond line'), (ui) => ui.pick()]);
    assert.equal(result?.kind, 'merged');
    assert.deepEqual(mergeRequests().map((r) => r.body), [
      { do: 'squash', merge_title_field: 'Login page', merge_message_field: 'First line\nSecond line', head_commit_id: head.sha, delete_branch_after_merge: false },
    ]);
    const main = await server.git.commit('alice/demo.git', await branchSha('main'));
    assert.match(main!.message, /^Login page\n\nFirst line\nSecond line\n/);
  });

  it('405 "Please try again later" is tried once more, then explained (here: main moved and now conflicts)', async () => {
    unprotectMain();
    const develop = await branchSha('develop');
    const result = await merge([
      (ui) => ui.pick('Create merge commit'),
      keep,
      keep,
      async (ui) => {
        // Between the check and the merge, main moves to a commit the pull request conflicts with.
        await server.git.updateRefs('alice/demo.git', [`update refs/heads/main ${develop}`]);
        ui.pick();
      },
    ]);
    assert.deepEqual(mergeRequests().map((r) => r.status), [405, 405], 'sent twice');
    assert.equal(result?.kind, 'refused');
    assert.equal(result?.kind === 'refused' && result.status, 405);
    assert.match(messages.errors.shown.join('\n'), /Pull request #6 cannot be merged: it has conflicts with main\. Resolve them, then merge again\./);
  });

  it('a conflicting pull request is refused before sending (mergeable: false)', async () => {
    unprotectMain();
    await server.git.updateRefs('alice/demo.git', [`update refs/heads/main ${await branchSha('develop')}`]);
    assert.equal((await merge([]))?.kind, 'blocked');
    assert.deepEqual(mergeRequests(), []);
    assert.match(messages.warnings.shown.join('\n'), /It has conflicts with main/);
  });

  it('409 after a push in between: nothing is merged and the message says the head changed', async () => {
    unprotectMain();
    const { head } = await pull();
    const develop = await branchSha('develop');
    const result = await merge([
      (ui) => ui.pick('Create merge commit'),
      keep,
      keep,
      async (ui) => {
        await server.git.updateRefs('alice/demo.git', [`update refs/heads/feature/login ${develop} ${head.sha}`]);
        ui.pick();
      },
    ]);
    assert.deepEqual(mergeRequests().map((r) => [r.status, (r.body as { head_commit_id: string }).head_commit_id]), [[409, head.sha]]);
    assert.equal(result?.kind === 'refused' && result.status, 409);
    assert.match(messages.errors.shown.join('\n'), /Pull request #6 changed since it was checked: new commits were pushed to feature\/login\. Nothing was merged/);
    assert.equal((await pull()).merged, false);
  });

  it('with only pending checks, merge when checks succeed is on and the merge is scheduled (201)', async () => {
    // An approval by bob (a writer): only ci/build, which has not reported, still blocks.
    const bob = FIXTURES.users.bob.tokens.all;
    const approve = await fetch(`${server.apiUrl}/repos/alice/demo/pulls/${OPEN}/reviews`, {
      method: 'POST',
      headers: { authorization: `token ${bob}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'APPROVED', body: 'Looks good' }),
    });
    assert.equal(approve.status, 200, await approve.text());
    const { head, html_url } = await pull();
    const result = await merge([(ui) => ui.pick('Create merge commit'), keep, keep, (ui) => ui.pick('Merge when checks succeed')]);
    assert.deepEqual(result, { kind: 'scheduled', style: 'merge' });
    assert.deepEqual(mergeRequests().map((r) => [r.status, r.body]), [
      [201, {
        do: 'merge',
        merge_title_field: "Merge pull request 'Add login page' (#6) from feature/login into main",
        merge_message_field: `Reviewed-on: ${html_url}\nReviewed-by: ${FIXTURES.users.bob.fullName} <bob@example.com>`,
        head_commit_id: head.sha,
        delete_branch_after_merge: false,
        merge_when_checks_succeed: true,
      }],
    ]);
  });

  it('Request Review: current requests pre-selected; new ones requested (POST), unselected ones withdrawn (DELETE)', async () => {
    let items: string[] = [];
    let preselected: string[] = [];
    const result = await withScript(
      [
        (ui) => {
          items = ui.items.map((i) => i.label);
          preselected = ui.selectedItems.map((i) => i.label);
          ui.pick('$(person) carol');
        },
      ],
      () => vscode.commands.executeCommand<RequestReviewResult>('gitea.requestReview', { repo, index: OPEN }),
    );
    assert.deepEqual(items, ['$(person) bob', '$(person) carol'], 'the author (alice) is not offered');
    assert.deepEqual(preselected, ['$(person) bob']);
    assert.equal(result?.kind, 'updated');
    const path = `/repos/alice/demo/pulls/${OPEN}/requested_reviewers`;
    assert.deepEqual(requestsTo(server, path).map((r) => [r.method, r.status, r.body]), [
      ['POST', 201, { reviewers: ['carol'], team_reviewers: [] }],
      ['DELETE', 204, { reviewers: ['bob'], team_reviewers: [] }],
    ]);
    const now = await api<{ requested_reviewers: { login: string }[] }>(server, 'GET', `/repos/alice/demo/pulls/${OPEN}`);
    assert.deepEqual(now.requested_reviewers.map((u) => u.login), ['carol']);
  });

  it("Request Review on an organisation's pull request: a team is requested by name (team_reviewers) and withdrawn again; the pull request lists it in requested_reviewers_teams", async () => {
    const index = await orgPull(server);
    const site: RepoRef = { instanceUrl: server.url, owner: 'acme', repo: 'site', accountId };
    const requestReview = () => vscode.commands.executeCommand<RequestReviewResult>('gitea.requestReview', { repo: site, index });
    const path = `/repos/acme/site/pulls/${index}/requested_reviewers`;
    type Team = { id: number; name: string; organization: { name: string } | null };
    const pull = () => api<{ requested_reviewers: unknown[]; requested_reviewers_teams: Team[] }>(server, 'GET', `/repos/acme/site/pulls/${index}`);

    let items: string[] = [];
    let preselected: string[] = [];
    const asked = await withScript([
      (ui) => {
        items = ui.items.map((i) => i.label);
        preselected = ui.selectedItems.map((i) => i.label);
        ui.pick('$(organization) Developers');
      },
    ], requestReview);
    assert.deepEqual(items, ['$(person) carol', '$(organization) Owners', '$(organization) Release Managers', '$(organization) Developers'],
      'the writers but the author (alice), then the teams of acme (GET /orgs/acme/teams)');
    assert.deepEqual(preselected, []);
    assert.deepEqual(asked, { kind: 'updated', added: { reviewers: [], team_reviewers: ['Developers'] }, removed: { reviewers: [], team_reviewers: [] } });
    assert.deepEqual(requestsTo(server, path).map((r) => [r.method, r.status, r.body]), [['POST', 201, { reviewers: [], team_reviewers: ['Developers'] }]]);
    assert.deepEqual(messages.info.shown, [`Review of #${index} requested from Developers.`]);
    const requested = await pull();
    assert.deepEqual(requested.requested_reviewers, []);
    assert.deepEqual(requested.requested_reviewers_teams.map((t) => [t.id, t.name, t.organization?.name]), [[FIXTURES.orgs.acme.teams.developers.id, 'Developers', 'acme']]);
    const reviews = await api<{ state: string; user: unknown; team: Team | null }[]>(server, 'GET', `/repos/acme/site/pulls/${index}/reviews`);
    assert.deepEqual(reviews.map((r) => [r.state, r.user, r.team?.name]), [['REQUEST_REVIEW', null, 'Developers']], "the team's request review has no user");

    const from = server.requests.length;
    const withdrawn = await withScript([
      (ui) => {
        preselected = ui.selectedItems.map((i) => i.label);
        ui.pick();
      },
    ], requestReview);
    assert.deepEqual(preselected, ['$(organization) Developers'], 'the requested team comes pre-selected');
    assert.deepEqual(withdrawn, { kind: 'updated', added: { reviewers: [], team_reviewers: [] }, removed: { reviewers: [], team_reviewers: ['Developers'] } });
    assert.deepEqual(requestsTo(server, path, from).map((r) => [r.method, r.status, r.body]), [['DELETE', 204, { reviewers: [], team_reviewers: ['Developers'] }]]);
    assert.equal(messages.info.shown.at(-1), `Review request of #${index} withdrawn from Developers.`);
    assert.deepEqual((await pull()).requested_reviewers_teams, []);
    const events = await api<{ type: string; assignee_team: { name: string } | null; removed_assignee: boolean }[]>(server, 'GET', `/repos/acme/site/issues/${index}/timeline`);
    assert.deepEqual(events.filter((e) => e.type === 'review_request').map((e) => [e.assignee_team?.name, e.removed_assignee]), [['Developers', false], ['Developers', true]]);
  });

  it('the Pull Requests view has a "Review Requested" group: pull requests whose review is asked of the signed-in user', async () => {
    const state = server.state;
    const issue = state.issueByIndex(demo.id, OPEN)!;
    issue.posterId = state.userByName('bob')!.id;
    issue.pull!.requestedReviewerIds.push(state.userByName('alice')!.id);
    const views = await registry();
    views.pullRequests.setPullState('open');
    views.pullRequests.refresh();
    const group = find(await settled(views.pullRequests), 'Review Requested');
    const rows = dataNodes(await settled(views.pullRequests, group));
    assert.deepEqual(rows.map(label), ['#6 Add login page'], describeNodes(rows));
    const search = requestsTo(server, '/repos/issues/search').at(-1);
    assert.deepEqual([search?.query.review_requested, search?.query.type, search?.query.state], ['true', 'pulls', 'open']);
    assert.match(rows[0]!.item.contextValue ?? '', /\bpullRequest\b.*\Wopen\b/);
  });
});

/** An open pull request of alice on acme/site (the seed has none on an organization's repository): an empty commit on a new branch. */
async function orgPull(server: TestServer): Promise<number> {
  const state = server.state;
  const site = state.repoByName('acme', 'site')!;
  const main = (await server.git.must(site.gitPath, ['rev-parse', 'refs/heads/main'])).toString('utf8').trim();
  const ident = ['-c', 'user.name=Alice', '-c', 'user.email=alice@example.com'];
  const head = (await server.git.must(site.gitPath, [...ident, 'commit-tree', `${main}^{tree}`, '-p', main, '-m', 'Ask a team'])).toString('utf8').trim();
  await server.git.updateRefs(site.gitPath, [`create refs/heads/team-review ${head}`]);
  const issue = newIssue(state, site, { title: 'Ask a team', posterId: state.userByName('alice')!.id, pull: {
    headBranch: 'team-review', baseBranch: 'main', headRepoId: site.id, merged: false, draft: false, allowMaintainerEdit: false,
    reviewComments: 0, requestedReviewerIds: [] } });
  return issue.index;
}

async function withScript<T>(script: ScriptStep[], run: () => Thenable<T>): Promise<T> {
  const ui = scriptQuickInputs(script);
  try {
    return await run();
  } finally {
    ui.restore();
  }
}
