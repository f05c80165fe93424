// Server text with VS Code's link syntax, inside the editor: a pull request title (Show Pull Request for Current
// Line), a CI job name (Show Log) and the server's error messages (a failed log, a failed review-request
// withdrawal) carrying `[label](command:…)` reach the notifications as text. The messages the extension passes are
// read where it passes them (vscode.window.show*Message replaced) and every link VS Code would render in them is
// "clicked" (the command run as the notification would run it): the test's own command never runs. The pull request
// hover allows our own commands: a title's autolink `<command:…>`, link and icon stay text there too. Also: changed
// files whose paths climb out of the repository are left out and never read, a release page elsewhere than the
// instance opens only after a question, and Request Review refreshes the views after a partial failure.
import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import * as vscode from 'vscode';
import type { RequestReviewResult } from '../../src/commands/requestReview/requestReview';
import type { WorkbenchApi } from '../../src/extension';
import type { JobData } from '../../src/views/ciJobsView';
import type { ViewsRegistry } from '../../src/views/registry';
import type { TreeNode } from '../../src/views/treeNode';
import { FIXTURES, type TestServer } from '../server/index';
import { scriptQuickInputs } from './viewsQuickInput';
import { api, dataNodes, describeNodes, EXTENSION_ID, type ProxiedSession, proxiedSession, replaceMessage, settled, signOut, startSwitchableProxy, type SwitchableProxy } from './viewsSupport';
import { lineFromPullRequest, signInToTarget, workspaceUri, type Session } from './workflowsSupport';
import { testEnv } from './env';

const SPY = 'giteaTest.linkClicked';
const HOSTILE = `[Show details](command:${SPY}?%5B%22ran%22%5D)`;
/** A pull request title for the line's notification and hover (the lookup keeps the first title it read). */
const HOSTILE_TITLE = `${HOSTILE} <command:gitea.openIssue> $(zap) &lt;b&gt;`;

/** VS Code's parseLinkedText (src/vs/base/common/linkedText.ts): the links a notification makes clickable (its label
 * class without `[`, which keeps the pattern linear and finds the same links). */
function linksIn(message: string): string[] {
  return [...message.matchAll(/\[[^[\]]+\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["']).+?\2)?\)/gi)].map((m) => m[1]!);
}

/** Runs every command link VS Code would render in `message`, as a click on it would (`command:id?<JSON args>`). */
async function clickEveryLink(message: string): Promise<number> {
  const links = linksIn(message).filter((href) => href.toLowerCase().startsWith('command:'));
  for (const href of links) {
    const [id, query] = href.slice('command:'.length).split('?');
    const args = query ? (JSON.parse(decodeURIComponent(query)) as unknown[]) : [];
    await vscode.commands.executeCommand(id!, ...(Array.isArray(args) ? args : [args]));
  }
  return links.length;
}

describe('server text with command links shows as text (in-host)', function () {
  this.timeout(180_000);
  let clicks = 0;
  let spy: vscode.Disposable;
  let messages: { info: ReturnType<typeof replaceMessage>; warnings: ReturnType<typeof replaceMessage>; errors: ReturnType<typeof replaceMessage> };
  const allShown = () => [...messages.info.shown, ...messages.warnings.shown, ...messages.errors.shown];

  /** The message shows the hostile label as text, holds no link VS Code would render, and clicking runs nothing. */
  async function assertInert(message: string | undefined): Promise<void> {
    assert.ok(message, `no message among: ${allShown().join(' | ')}`);
    assert.ok(message.includes('Show details'), message);
    assert.deepEqual(linksIn(message), [], `a link in: ${message}`);
    assert.equal(await clickEveryLink(message), 0);
    assert.equal(clicks, 0, 'the command of the link ran');
  }

  before(async () => {
    spy = vscode.commands.registerCommand(SPY, () => clicks++);
    // The harness itself works: the raw text is a link, and clicking it runs the command.
    assert.equal(await clickEveryLink(HOSTILE), 1);
    assert.equal(clicks, 1);
    clicks = 0;
  });
  after(() => spy.dispose());
  beforeEach(() => {
    messages = {
      info: replaceMessage('showInformationMessage', () => undefined),
      warnings: replaceMessage('showWarningMessage', () => undefined),
      errors: replaceMessage('showErrorMessage', () => undefined),
    };
  });
  afterEach(() => {
    for (const m of Object.values(messages)) m.restore();
  });

  describe('on a test server behind a proxy that can answer for it', () => {
    let server: TestServer;
    let proxy: SwitchableProxy;
    let views: ViewsRegistry;
    let accountId: string | undefined;
    let session: ProxiedSession<SwitchableProxy> | undefined;

    before(async () => ({ server, proxy, views, accountId } = session = await proxiedSession(startSwitchableProxy)));
    after(() => session?.close());
    afterEach(() => (proxy.intercept = undefined));

    async function jobNodes(): Promise<TreeNode[]> {
      views.ciJobs.refresh();
      const jobs: TreeNode[] = [];
      for (const run of dataNodes(await settled(views.ciJobs))) jobs.push(...dataNodes(await settled(views.ciJobs, run)));
      return jobs;
    }
    const jobOf = (n: TreeNode) => (n.data as JobData).job;

    it('a CI job name: "has not started yet" names it as text, no link', async () => {
      const waiting = server.state.jobs.find((j) => j.taskId === 0);
      assert.ok(waiting, 'the seed has a job that has not started');
      waiting.name = HOSTILE;
      const node = (await jobNodes()).find((n) => jobOf(n).id === waiting.id);
      assert.ok(node, 'the job is listed');
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.showLog', node), undefined);
      await assertInert(messages.info.shown.find((m) => m.includes('has not started yet')));
    });

    it("the server's error message: a failed log shows it as text, no link", async () => {
      const done = (await jobNodes()).find((n) => jobOf(n).status === 'completed');
      assert.ok(done, 'a completed job is listed');
      proxy.intercept = (method, url) =>
        method === 'GET' && url.includes(`/actions/jobs/${jobOf(done).id}/logs`) ? { status: 500, body: JSON.stringify({ message: HOSTILE, url: proxy.url }) } : undefined;
      assert.equal(await vscode.commands.executeCommand('gitea.ciJobs.showLog', done), undefined);
      await assertInert(messages.errors.shown.find((m) => m.startsWith('Could not fetch the log')));
    });

    it('Request Review: the withdrawal fails after the request went through: both told, the error as text, the views refreshed', async () => {
      const services = (await vscode.extensions.getExtension<WorkbenchApi>(EXTENSION_ID)!.activate()).services;
      const refreshed: string[][] = [];
      const refresh = services.views.refresh.bind(services.views);
      services.views.refresh = (...names: Parameters<typeof refresh>) => {
        refreshed.push(names);
        return refresh(...names);
      };
      const open = FIXTURES.repos.demo.pulls.open;
      proxy.intercept = (method, url) => (method === 'DELETE' && url.includes(`/pulls/${open}/requested_reviewers`) ? { status: 500, body: JSON.stringify({ message: HOSTILE }) } : undefined);
      const ui = scriptQuickInputs([(box) => box.pick('$(person) carol')]);
      let result: RequestReviewResult | undefined;
      try {
        result = await vscode.commands.executeCommand<RequestReviewResult>('gitea.requestReview', { repo: { instanceUrl: proxy.url, owner: 'alice', repo: 'demo', accountId }, index: open });
      } finally {
        ui.restore();
        services.views.refresh = refresh;
      }
      assert.equal(result?.kind, 'updated', JSON.stringify(result));
      assert.deepEqual(result.kind === 'updated' && result.added, { reviewers: ['carol'], team_reviewers: [] });
      assert.deepEqual(result.kind === 'updated' && result.removed, { reviewers: [], team_reviewers: [] }, 'bob is still requested');
      const now = await api<{ requested_reviewers: { login: string }[] }>(server, 'GET', `/repos/alice/demo/pulls/${open}`);
      assert.deepEqual(now.requested_reviewers.map((u) => u.login).sort(), ['bob', 'carol']);
      assert.ok(refreshed.some((names) => names.includes('pullRequests')), `views refreshed: ${JSON.stringify(refreshed)}`);
      const warning = messages.warnings.shown.find((m) => m.includes('failed'));
      assert.match(warning ?? '', /Review of #\d+ requested from carol\. Withdrawing the review request of #\d+ from bob failed:/);
      await assertInert(warning);
    });

    it('changed files whose path climbs out of the repository are left out with a message and never read', async () => {
      const open = FIXTURES.repos.demo.pulls.open;
      const real = await api<{ filename: string }[]>(server, 'GET', `/repos/alice/demo/pulls/${open}/files?limit=50`);
      const hostile = [...real, { ...real[0], filename: '../../../../admin/users', previous_filename: null }, { ...real[0], filename: 'ok.txt', previous_filename: '../x', status: 'renamed' }];
      proxy.intercept = (method, url) => (method === 'GET' && url.includes(`/pulls/${open}/files`) ? { status: 200, body: JSON.stringify(hostile) } : undefined);
      const from = server.requests.length;
      const shown = await vscode.commands.executeCommand<{ files: { filename: string }[] }>('gitea.showChangedFiles', { repo: { instanceUrl: proxy.url, owner: 'alice', repo: 'demo', accountId }, pr: { number: open } });
      assert.deepEqual(shown.files.map((f) => f.filename).sort(), real.map((f) => f.filename).sort());
      assert.match(messages.warnings.shown.join('\n'), /2 file\(s\) of #\d+ whose path is not a plain repository path/);
      const opened = await vscode.commands.executeCommand('gitea.openChangedFile', { instanceUrl: proxy.url, owner: 'alice', repo: 'demo', accountId }, open, hostile.at(-2));
      assert.equal(opened, undefined);
      assert.match(messages.errors.shown.join('\n'), /"\.\.\/\.\.\/\.\.\/\.\.\/admin\/users" is not a plain path of the repository/);
      assert.deepEqual(server.requests.slice(from).filter((r) => /admin|\/raw\//.test(r.path ?? '')).map((r) => r.path), [], 'nothing read with the paths');
      await vscode.commands.executeCommand('gitea.changedFiles.close');
    });

    it("review comments: an image elsewhere than the instance shows as text, the instance's stays; an avatar elsewhere is not loaded", async () => {
      const open = FIXTURES.repos.demo.pulls.open;
      const here = `${proxy.url}alice/demo/attachments/1.png`;
      const body = `Looks off: ![shot](${here}) and ![pixel](https://evil.example/t.png)`;
      const res = await fetch(`${server.apiUrl}/repos/alice/demo/pulls/${open}/reviews`, {
        method: 'POST',
        headers: { authorization: `token ${FIXTURES.users.carol.tokens.all}`, 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'COMMENT', comments: [{ path: 'src/main.ts', body, new_position: 1 }] }),
      });
      assert.ok(res.ok, `carol's review: ${res.status} ${await res.text()}`);
      const ref = { instanceUrl: proxy.url, owner: 'alice', repo: 'demo', accountId };
      assert.ok(await vscode.commands.executeCommand('gitea.openChangedFile', ref, open, { filename: 'src/main.ts', status: 'changed' }), 'the diff opened');
      type Snapshot = { path: string; comments: { author: string; body: string; avatar?: string }[] }[];
      let comment: Snapshot[number]['comments'][number] | undefined;
      for (let i = 0; i < 100 && !comment; i++) {
        const threads = (await vscode.commands.executeCommand<Snapshot>('gitea.review.threads')) ?? [];
        comment = threads.flatMap((t) => t.comments).find((c) => c.body.startsWith('Looks off'));
        if (!comment) await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(comment, 'the comment is shown in a thread');
      assert.equal(comment.body, `Looks off: ![shot](${here}) and !\\[pixel](https://evil.example/t.png)`);
      // The test server's avatars are on its own address, not the instance the account signed in to (the proxy).
      assert.equal(comment.avatar, undefined);
      // Leave no threads of this instance behind for the next suites.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('gitea.review.reset');
    });

    it('Open in Browser: a release page elsewhere asks first (with the full address) and opens only on yes; the instance\'s opens at once', async () => {
      const releases = await api<{ html_url: string; tag_name: string }[]>(server, 'GET', '/repos/alice/demo/releases');
      const elsewhere = 'https://evil.example/alice/demo/releases/tag/v1.0.0';
      const edited = releases.map((r, i) => (i === 0 ? { ...r, html_url: elsewhere } : { ...r, html_url: r.html_url.replace(server.url, proxy.url) }));
      proxy.intercept = (method, url) => (method === 'GET' && /\/repos\/alice\/demo\/releases(?:\?|$)/.test(url) ? { status: 200, body: JSON.stringify(edited) } : undefined);
      views.releases.refresh();
      const nodes = dataNodes(await settled(views.releases));
      const foreign = nodes.find((n) => n.url === elsewhere);
      const local = nodes.find((n) => n.url?.startsWith(proxy.url));
      assert.ok(foreign && local, describeNodes(nodes));
      const env = vscode.env as { openExternal: (uri: vscode.Uri) => Thenable<boolean> };
      const original = env.openExternal;
      const opened: string[] = [];
      env.openExternal = (uri) => {
        opened.push(uri.toString(true));
        return Promise.resolve(true);
      };
      try {
        assert.equal(await vscode.commands.executeCommand('gitea.views.openInBrowser', foreign), false, 'declined');
        assert.deepEqual(opened, []);
        messages.warnings.restore();
        const questions: unknown[][] = [];
        const win = vscode.window as unknown as { showWarningMessage: (...a: unknown[]) => unknown };
        const before = win.showWarningMessage;
        win.showWarningMessage = (...a: unknown[]) => {
          questions.push(a);
          return Promise.resolve(a.at(-1));
        };
        try {
          assert.equal(await vscode.commands.executeCommand('gitea.views.openInBrowser', foreign), true, 'accepted');
          assert.equal(await vscode.commands.executeCommand('gitea.views.openInBrowser', local), true);
        } finally {
          win.showWarningMessage = before;
        }
        assert.equal(questions.length, 1, 'one question, for the page elsewhere');
        assert.deepEqual(questions[0]![1], { modal: true, detail: elsewhere });
        assert.deepEqual(opened, [elsewhere, local.url]);
      } finally {
        env.openExternal = original;
      }
    });
  });

  describe("on the harness's server: a pull request title in Show Pull Request for Current Line", () => {
    let session: Session;
    before(async () => {
      session = await signInToTarget();
    });
    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await signOut(session?.accountId);
    });

    it('the title shows as text in the notification, no link', async () => {
      const { repo } = testEnv();
      let found: { index: number; path: string; line: number } | undefined;
      for (const index of [...new Set([repo.lineFromMergedPull.pull, repo.mergedPull])]) {
        const at = await lineFromPullRequest(session, index);
        if (at) {
          found = { index, ...at };
          break;
        }
      }
      assert.ok(found, 'a line of the default branch comes from a merged pull request');
      const params = { owner: session.repo.owner, repo: session.repo.repo, index: found.index };
      const title = (await session.client.repoGetPullRequest(params)).title;
      await session.client.issueEditIssue({ ...params, body: { title: HOSTILE_TITLE } });
      try {
        const outcome = await vscode.commands.executeCommand<{ kind: string; pr?: { title: string } }>('gitea.pullRequestForLine', workspaceUri(found.path), found.line);
        assert.equal(outcome?.kind, 'pullRequest', JSON.stringify(outcome));
        assert.equal(outcome.pr?.title, HOSTILE_TITLE, 'the server sent the hostile title');
        await assertInert(messages.info.shown.find((m) => m.startsWith(`#${found!.index} `)));
      } finally {
        await session.client.issueEditIssue({ ...params, body: { title } });
      }
    });

    it("the hover (it allows our commands): a title's autolink, link and icon show as text, only the hover's own links are links", async () => {
      const { repo } = testEnv();
      let found: { index: number; path: string; line: number } | undefined;
      for (const index of [...new Set([repo.lineFromMergedPull.pull, repo.mergedPull])]) {
        const at = await lineFromPullRequest(session, index);
        if (at) {
          found = { index, ...at };
          break;
        }
      }
      assert.ok(found, 'a line of the default branch comes from a merged pull request');
      const params = { owner: session.repo.owner, repo: session.repo.repo, index: found.index };
      const title = (await session.client.repoGetPullRequest(params)).title;
      const hostile = HOSTILE_TITLE;
      await session.client.issueEditIssue({ ...params, body: { title: hostile } });
      const config = vscode.workspace.getConfiguration();
      await config.update('gitea.pullRequestHover', true, vscode.ConfigurationTarget.Global);
      try {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', workspaceUri(found.path), new vscode.Position(found.line, 0));
        const values = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')));
        const value = values.find((v) => v.includes('command:gitea.openIssue?'));
        assert.ok(value, `our hover: ${values.join('\n---\n')}`);
        assert.ok(value.includes('giteaTest'), `the hover shows the hostile title: ${value}`);
        // Rendered as a CommonMark renderer with autolinks and bare-URL links on would render it.
        const html = new MarkdownIt({ linkify: true }).render(value);
        const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
        const commands = hrefs.filter((h) => h.toLowerCase().startsWith('command:'));
        assert.deepEqual(commands.map((h) => h.split('?')[0]), ['command:gitea.openIssue', 'command:gitea.showChangedFiles'], `only the hover's own command links: ${hrefs.join(' ')}`);
        assert.ok(commands.every((h) => h.includes('?')), 'each with its arguments (not a bare command from the title)');
        const text = html.replace(/<[^<>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#36;/g, '$').replace(/&amp;/g, '&');
        assert.ok(text.includes(hostile), `the title reads as typed: ${text}`);
        assert.ok(!value.includes('$(zap)'), 'no icon syntax left for VS Code to draw');
      } finally {
        await config.update('gitea.pullRequestHover', undefined, vscode.ConfigurationTarget.Global);
        await session.client.issueEditIssue({ ...params, body: { title } });
      }
    });
  });
});
