// The interactive path of the admin commands (what users get): the quick-pick forms walked with scripted answers,
// against a Gitea 1.27 test server started in this process, asserting what the form shows and the body sent.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startTestServer, type TestServer } from '../server/index';
import { scriptQuickInputs, type FakeInput } from './viewsQuickInput';
import { api, registry, replaceMessage, requestsTo, signInAndSelect, signOut } from './viewsSupport';

type PickAnswer = (labels: string[], options: vscode.QuickPickOptions | undefined) => string | undefined;
type InputAnswer = (options: vscode.InputBoxOptions) => string | undefined;

/** Replaces showQuickPick / showInputBox with scripted answers (by label / by returned text), in order. */
function scriptWindow(picks: PickAnswer[], inputs: InputAnswer[]) {
  const win = vscode.window as unknown as Record<'showQuickPick' | 'showInputBox', (...a: unknown[]) => unknown>;
  const originals = { showQuickPick: win.showQuickPick, showInputBox: win.showInputBox };
  win.showQuickPick = async (items: unknown, options: unknown) => {
    const list = (await items) as vscode.QuickPickItem[];
    const answer = picks.shift();
    assert.ok(answer, `unexpected quick pick: ${(options as vscode.QuickPickOptions | undefined)?.title}`);
    const label = answer(list.map((i) => i.label), options as vscode.QuickPickOptions);
    return list.find((i) => i.label === label);
  };
  win.showInputBox = async (options: unknown) => {
    const answer = inputs.shift();
    assert.ok(answer, `unexpected input box: ${(options as vscode.InputBoxOptions).title}`);
    return answer(options as vscode.InputBoxOptions);
  };
  return { restore: () => Object.assign(win, originals), picksLeft: () => picks.length, inputsLeft: () => inputs.length };
}

const row = (ui: FakeInput, label: string) => {
  const item = ui.items.find((i) => i.label === label);
  assert.ok(item, `no row "${label}" in ${ui.items.map((i) => i.label).join(' | ')}`);
  return item;
};
const submitRow = (ui: FakeInput) => ui.items.find((i) => i.label.startsWith('$(check)'))!;
const bodies = (server: TestServer, method: string, apiPath: string, from: number) =>
  requestsTo(server, apiPath, from)
    .filter((r) => r.method === method)
    .map((r) => r.body);

describe('admin forms: the interactive path (Gitea 1.27 test server)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let accountId: string | undefined;
  let info: ReturnType<typeof replaceMessage>;

  before(async () => {
    server = await startTestServer();
    await registry();
    accountId = await signInAndSelect(server.url);
    info = replaceMessage('showInformationMessage', () => undefined);
  });
  after(async () => {
    info?.restore();
    await signOut(accountId);
    await server?.close();
  });

  it('Edit Organization Label: pick the organization and label, change the colour (validated), save', async () => {
    const window = scriptWindow(
      [(labels) => (assert.ok(labels.includes('acme')), 'acme'), (labels) => (assert.ok(labels.includes('kind/bug')), 'kind/bug')],
      [
        (o) => {
          assert.ok(o.validateInput, 'the colour is validated as it is typed');
          assert.match(String(o.validateInput!('green')), /#RRGGBB/);
          assert.equal(o.validateInput!('#00FF00'), undefined);
          return '#00FF00';
        },
      ],
    );
    const ui = scriptQuickInputs([
      (form) => {
        assert.equal(row(form, 'Colour').description, '#ee0701');
        assert.ok(row(form, 'Colour').iconPath, 'a swatch previews the colour');
        assert.match(String(row(form, 'Archived').description), /off/);
        form.pick('Colour');
      },
      (form) => {
        assert.equal(row(form, 'Colour').description, '#00FF00');
        assert.match(submitRow(form).label, /Save 1 change/);
        form.pick(submitRow(form).label);
      },
    ]);
    const from = server.requests.length;
    try {
      await vscode.commands.executeCommand('gitea.editOrgLabel');
    } finally {
      ui.restore();
      window.restore();
    }
    assert.deepEqual(bodies(server, 'PATCH', '/orgs/acme/labels/2', from), [{ is_archived: false, color: '#00ff00' }]);
    assert.equal(window.picksLeft() + window.inputsLeft(), 0);
  });

  it('Edit Repository Settings: groups like Gitea\'s page; toggling Wiki sends has_wiki only', async () => {
    const ui = scriptQuickInputs([
      (form) => {
        const groups = form.items.filter((i) => i.kind === vscode.QuickPickItemKind.Separator).map((i) => i.label);
        assert.deepEqual(groups, ['Repository', 'Features', 'Pull requests', 'Branches'], 'no Mirror group for a normal repository');
        assert.equal(row(form, 'Default branch').description, 'main');
        form.pick('Wiki');
      },
      (form) => {
        assert.match(String(row(form, 'Wiki').description), /off/);
        form.pick(submitRow(form).label);
      },
    ]);
    const from = server.requests.length;
    try {
      await vscode.commands.executeCommand('gitea.editRepositorySettings');
    } finally {
      ui.restore();
    }
    assert.deepEqual(bodies(server, 'PATCH', '/repos/alice/demo', from), [{ has_wiki: false }]);
    await api(server, 'PATCH', '/repos/alice/demo', { has_wiki: true });
  });

  it('Create Organization Webhook: required URL, the authorization header as a secret input', async () => {
    const window = scriptWindow(
      [() => 'acme'],
      [
        (o) => (assert.match(String(o.validateInput!('not a url')), /http/), 'https://ci.example.com/from-form'),
        (o) => (assert.equal(o.password, true, 'typed into a password box'), assert.equal(o.value, ''), 'Bearer typed-secret'),
      ],
    );
    const ui = scriptQuickInputs([
      (form) => {
        assert.match(String(submitRow(form).description), /1 field/);
        form.pick('Target URL');
      },
      (form) => form.pick('Authorization header'),
      (form) => {
        const header = row(form, 'Authorization header');
        assert.equal(header.description, 'entered (hidden)');
        assert.ok(!form.items.some((i) => `${i.label}${i.description}${i.detail}`.includes('typed-secret')), 'the secret is never shown');
        form.pick(submitRow(form).label);
      },
    ]);
    const from = server.requests.length;
    try {
      await vscode.commands.executeCommand('gitea.createOrgWebhook');
    } finally {
      ui.restore();
      window.restore();
    }
    assert.deepEqual(bodies(server, 'POST', '/orgs/acme/hooks', from), [
      {
        type: 'gitea',
        config: { url: 'https://ci.example.com/from-form', content_type: 'json' },
        events: ['push'],
        branch_filter: '*',
        active: true,
        authorization_header: 'Bearer typed-secret',
      },
    ]);
  });
});
