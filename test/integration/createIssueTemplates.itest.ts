// Create Issue with the repository's issue templates (Gitea 1.27 test server started in this process, answering as
// Gitea's template code does): alice/demo gets a Markdown template, a YAML form and config.yaml with
// blank_issues_enabled: false. The form offers the two and no blank issue, fills the fields from the Markdown
// template, refuses to send a form whose required fields are empty (keeping the answers), and the body the server
// receives is the one Gitea 1.26.3's RenderToMarkdown made of the same answers (test/fixtures/issue-templates/).
// What the form shows is read from the messages the extension posts to its webview.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CreateIssueResult } from '../../src/commands/createIssue';
import type { TemplatesView } from '../../src/commands/createIssue/templates/templateView';
import { readIssueTemplates } from '../../src/commands/createIssue/templates/issueTemplate';
import { pushFiles } from '../harness/pushFiles';
import { FIXTURES, type TestServer } from '../server/index';
import type { RepoRef } from '../../src/core/services';
import { answersOf, FIXTURE_DIR, GITEA } from '../unit/commands/issueTemplates/fixture';
import { demoSession } from './demoSession';
import { api, requestsTo, sleep } from './viewsSupport';
import { recordWebviewMessages } from './webviewMessages';

const BUG = '.gitea/ISSUE_TEMPLATE/bug-form.yaml';
const FEATURE = '.gitea/ISSUE_TEMPLATE/feature.md';
const CONFIG = 'blank_issues_enabled: false\ncontact_links:\n  - name: Forum\n    url: https://forum.example.com/\n    about: Questions go here\n  - name: Script\n    url: javascript:alert(1)\n    about: never a link\n';

/** Commits `files` to alice/demo's main branch (git over HTTP, as a user would push). */
const pushTo = (server: TestServer, files: Record<string, string>, message: string) =>
  pushFiles(`${server.url}alice/demo.git`, 'alice', FIXTURES.users.alice.tokens.all, files, message);

interface StateMessage {
  type: 'state';
  templates?: TemplatesView;
  draft: { title: string; body: string; labels: number[]; assignees: string[]; ref?: string; template?: string; answers?: Record<string, unknown> };
}

const createIssue = (args: Record<string, unknown>) => vscode.commands.executeCommand<CreateIssueResult | undefined>('gitea.createIssue', args);

describe('Create Issue with issue templates and forms (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let repo: RepoRef;
  const posts = (from: number) => requestsTo(server, '/repos/alice/demo/issues', from).filter((r) => r.method === 'POST');

  demoSession((s) => ({ server, repo } = s), { closeEditors: true });

  before(async () => {
    await pushTo(
      server,
      {
        [BUG]: readFileSync(join(FIXTURE_DIR, 'bug-form.yaml'), 'utf8'),
        [FEATURE]: readFileSync(join(FIXTURE_DIR, 'feature.md'), 'utf8'),
        '.gitea/ISSUE_TEMPLATE/config.yaml': CONFIG,
      },
      'Add issue templates',
    );
  });

  /** Opens the form and waits for a state that carries the templates read from the server (and passes `until`). */
  async function openForm(args: Record<string, unknown> = {}, until: (s: StateMessage) => boolean = () => true): Promise<{ state: StateMessage; result: CreateIssueResult | undefined; posted: unknown[] }> {
    const recorder = recordWebviewMessages();
    let result: CreateIssueResult | undefined;
    try {
      result = await createIssue({ repo, ...args });
      const deadline = Date.now() + 20_000;
      for (;;) {
        const state = [...recorder.posted].reverse().find((m): m is StateMessage => (m as StateMessage).type === 'state' && (m as StateMessage).templates?.loaded === true && until(m as StateMessage));
        if (state) return { state, result, posted: recorder.posted };
        assert.ok(Date.now() < deadline, `no state with the templates among: ${JSON.stringify(recorder.posted.map((m) => (m as { type?: string }).type))}`);
        await sleep(100);
      }
    } finally {
      recorder.restore();
    }
  }

  it('offers the Markdown template and the form by name and about, no blank issue, and only the http(s) contact link', async () => {
    const { state } = await openForm();
    const view = state.templates!;
    assert.deepEqual(view.list.map((t) => [t.name, t.about, t.kind]), [['Bug report', 'Something does not work as it should', 'form'], ['Feature request', 'Suggest an idea', 'markdown']]);
    assert.equal(view.blank, false, 'config.yaml forbids blank issues');
    assert.equal(view.chosen, undefined, 'the chooser comes before the fields');
    assert.deepEqual(view.links, [{ name: 'Forum', about: 'Questions go here', url: 'https://forum.example.com/' }]);
    assert.deepEqual(view.unreadable, []);
    const from = server.requests.length;
    const refused = await createIssue({ repo, draft: { title: 'No template' }, submit: true });
    assert.equal(refused?.outcome?.status, 'invalid');
    assert.match((refused?.outcome as { general?: string }).general ?? '', /Choose one of the templates/);
    assert.equal(posts(from).length, 0, 'nothing was sent');
    await createIssue({ repo, draft: { title: '' } });
  });

  it('the Markdown template fills title, body, labels by name, assignees and ref', async () => {
    const labels = await api<{ id: number; name: string }[]>(server, 'GET', '/repos/alice/demo/labels');
    await openForm();
    await createIssue({ repo, draft: { template: FEATURE } });
    let draft: CreateIssueResult['draft'] | undefined;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && draft?.template !== FEATURE; await sleep(100)) draft = (await createIssue({ repo }))?.draft;
    assert.deepEqual(
      [draft?.template, draft?.title, draft?.body, draft?.labels, draft?.assignees, draft?.ref],
      [FEATURE, '[Feature]: ', '## The idea\n\n## Why it helps\n', [labels.find((l) => l.name === 'enhancement')!.id], ['alice'], 'main'],
    );
  });

  it("the form's required fields block sending, each named at its field, and every answer is kept", async () => {
    const from = server.requests.length;
    const result = await createIssue({ repo, draft: { template: BUG, title: '[Bug]: crash', answers: { logs: 'kept text' } }, submit: true });
    const outcome = result?.outcome as { status: string; fields: Record<string, string>; general?: string } | undefined;
    assert.equal(outcome?.status, 'invalid');
    assert.deepEqual(Object.keys(outcome!.fields).sort(), ['answer-terms', 'answer-version']);
    assert.match(outcome!.fields['answer-version']!, /"Version" is required/);
    assert.equal(posts(from).length, 0, 'nothing was sent');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const { state } = await openForm({}, (s) => s.templates?.fields !== undefined);
    assert.equal(state.draft.answers?.logs, 'kept text');
    assert.equal(state.templates?.chosen, BUG);
    assert.deepEqual(state.templates?.fields?.map((f) => f.id), ['0', 'version', 'what', 'logs', 'browsers', 'os', 'contact', 'terms']);
    assert.match(state.templates!.fields![0]!.valueHtml, /<strong>bug report<\/strong>/, "the form's Markdown is rendered");
    assert.doesNotMatch(JSON.stringify(state.templates!.fields!.map((f) => f.descriptionHtml)), /<script|javascript:/i);
  });

  it("the body the server receives is the one Gitea's RenderToMarkdown made of the same answers", async () => {
    const template = readIssueTemplates(GITEA.api).templates[0]!;
    const from = server.requests.length;
    const result = await createIssue({ repo, draft: { template: BUG, title: '[Bug]: crash on start', answers: answersOf(template, GITEA.answers.filled.values) }, submit: true });
    assert.equal(result?.outcome?.status, 'created', JSON.stringify(result?.outcome));
    const [sent] = posts(from);
    assert.equal((sent?.body as { body?: string }).body, GITEA.answers.filled.body);
    const issue = await api<{ body: string }>(server, 'GET', `/repos/alice/demo/issues/${(result!.outcome as { issue: { number: number } }).issue.number}`);
    assert.equal(issue.body, GITEA.answers.filled.body);
  });

  it('the draft keeps the chosen form and its answers after the form is closed; a typed body goes into its first textarea', async () => {
    await openForm({ draft: { template: BUG, title: 'kept', answers: { version: '9.9' } } }, (s) => s.draft.template === BUG);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The selection of Create Issue from Selection arrives as the body: it goes into the form's first textarea.
    const { state } = await openForm({ draft: { body: '```ts\nconst x = 1;\n```' } }, (s) => s.draft.body === '');
    assert.equal(state.draft.template, BUG);
    assert.equal(state.draft.answers?.version, '9.9');
    assert.equal(state.draft.answers?.what, 'A bug happened!\n\n```ts\nconst x = 1;\n```');
    assert.equal(state.draft.body, '');
  });

  it('a template that cannot be read is named and the blank issue is offered', async () => {
    await pushTo(server, { '.gitea/ISSUE_TEMPLATE/broken.yaml': 'name: Broken\nabout: [unclosed\n' }, 'Add a broken template');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const { state } = await openForm();
    assert.deepEqual(state.templates?.unreadable, ['.gitea/ISSUE_TEMPLATE/broken.yaml']);
    assert.equal(state.templates?.blank, true);
    assert.deepEqual(state.templates?.list.map((t) => t.name), ['Bug report', 'Feature request']);
  });
});
