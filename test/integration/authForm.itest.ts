// The sign-in form (Gitea: Sign In without credentials) walked like a user, with scripted quick inputs, against
// a test server started in this process. Real Gitea answers a mistyped password and a missing one-time code with
// the same 401, so after a refused password the form asks which it was — retyping first, the code second — and
// an account with a security key (WebAuthn) is led to the access-token step instead of a code it cannot use.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StoredSecret } from '../../src/auth/accountStore';
import type { SignInResult } from '../../src/auth/signInArgs';
import type { Services } from '../../src/core/services';
import { FIXTURES, startTestServer, totp, type TestServer } from '../server/index';
import { scriptQuickInputs, type FakeInput } from './viewsQuickInput';
import { EXTENSION_ID } from './viewsSupport';

const { alice, bob, carol } = FIXTURES.users;
type WithSecrets = Services & { accounts: Services['accounts'] & { secretFor(id: string): Promise<StoredSecret | undefined> } };

/** Picks the item whose label matches; a missing item fails the step (the form is then closed). */
function choose(ui: FakeInput, re: RegExp): void {
  const item = ui.items.find((i) => re.test(i.label));
  assert.ok(item, `no item ${re} among: ${ui.items.map((i) => i.label).join(' | ')}`);
  ui.pick(item.label);
}

/**
 * Runs the form with one script step per box. A step that throws closes the form (so that today's behaviour fails
 * the test instead of hanging it) and its error is thrown here, after the command resolved.
 */
async function runForm(url: string, steps: ((ui: FakeInput) => void)[]): Promise<{ result: SignInResult; boxes: string[] }> {
  const errors: unknown[] = [];
  const boxes: string[] = [];
  const ui = scriptQuickInputs(
    steps.map((step) => (box: FakeInput) => {
      boxes.push(box.kind);
      try {
        step(box);
      } catch (e) {
        errors.push(e);
        (box as FakeInput & { hide(): void }).hide();
      }
    }),
  );
  let result: SignInResult;
  try {
    result = await vscode.commands.executeCommand<SignInResult>('gitea.signIn', { url });
  } finally {
    ui.restore();
  }
  if (errors.length) throw errors[0];
  return { result, boxes };
}

const typeInto = (value: string) => (ui: FakeInput) => {
  assert.equal(ui.kind, 'inputBox');
  ui.accept(value);
};

describe('sign-in form: a refused password (Gitea 1.27 test server)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let services: WithSecrets;

  before(async () => {
    server = await startTestServer();
    const ext = vscode.extensions.getExtension<{ services: Services }>(EXTENSION_ID);
    assert.ok(ext);
    services = (await ext.activate()).services as WithSecrets;
  });
  afterEach(async () => {
    for (const a of services.accounts.accounts.filter((x) => x.instanceUrl === server.url)) {
      await vscode.commands.executeCommand('gitea.signOut', { accountId: a.id });
    }
    for (const u of server.state.users) u.webAuthnEnrolled = false;
  });
  after(async () => server?.close());

  it('a mistyped password: "Retype the password" first, "Enter a one-time code" second; the retyped one signs in', async () => {
    let refusal: { placeholder?: string; labels: string[]; active?: string } | undefined;
    let retyped: { value: string; prompt?: string; validationMessage?: string } | undefined;
    const { result, boxes } = await runForm(server.url, [
      typeInto(server.url),
      typeInto('alice'),
      (ui) => choose(ui, /Password$/),
      typeInto('alice-pasword-1'),
      (ui) => {
        assert.equal(ui.kind, 'quickPick', 'after a refused password the form asks what went wrong (not a code box)');
        refusal = { placeholder: ui.placeholder, labels: ui.items.map((i) => i.label), active: ui.activeItems[0]?.label };
        choose(ui, /Retype the password/);
      },
      (ui) => {
        const msg = ui.validationMessage;
        retyped = { value: ui.value, prompt: ui.prompt, validationMessage: typeof msg === 'string' ? msg : msg?.message };
        typeInto(alice.password)(ui);
      },
      (ui) => choose(ui, /Keep the password/),
    ]);
    assert.ok(result.ok, !result.ok ? result.message : '');
    assert.equal(result.account.username, 'alice');
    assert.deepEqual(boxes, ['inputBox', 'inputBox', 'quickPick', 'inputBox', 'quickPick', 'inputBox', 'quickPick']);
    assert.ok(refusal);
    assert.match(refusal.labels[0]!, /Retype the password/);
    assert.match(refusal.labels[1]!, /Enter a one-time code/);
    assert.equal(refusal.active, refusal.labels[0], 'retyping is the default');
    assert.match(refusal.placeholder ?? '', /mistyped/, 'the message names a mistyped password');
    assert.match(refusal.placeholder ?? '', /one-time code/, 'and a missing one-time code');
    assert.ok(retyped);
    assert.equal(retyped.value, 'alice-pasword-1', 'the password step opens again with what was typed (selected, to type over)');
    assert.match(retyped.prompt ?? '', new RegExp(`alice on 127\\.0\\.0\\.1:${server.port}`), 'user name and instance are kept');
    assert.match(retyped.validationMessage ?? '', /mistyped.*one-time code/);
  });

  it('"Correct the user name" keeps the instance and goes back to the password afterwards', async () => {
    let userBox: { value: string } | undefined;
    const { result } = await runForm(server.url, [
      typeInto(server.url),
      typeInto('alicia'),
      (ui) => choose(ui, /Password$/),
      typeInto(alice.password),
      (ui) => choose(ui, /Correct the user name/),
      (ui) => {
        userBox = { value: ui.value };
        typeInto('alice')(ui);
      },
      (ui) => {
        assert.equal(ui.value, alice.password, 'the password is still there');
        ui.accept();
      },
      (ui) => choose(ui, /Keep the password/),
    ]);
    assert.ok(result.ok, !result.ok ? result.message : '');
    assert.equal(userBox?.value, 'alicia');
  });

  it('a two-factor account: "Enter a one-time code" asks for the code, which is spent on the access token', async () => {
    const from = server.requests.length;
    const { result, boxes } = await runForm(server.url, [
      typeInto(server.url),
      typeInto('bob'),
      (ui) => choose(ui, /Password$/),
      typeInto(bob.password),
      (ui) => choose(ui, /Enter a one-time code/),
      (ui) => {
        assert.match(ui.prompt ?? '', /One-time code of bob/);
        typeInto(totp(bob.totpSecret))(ui);
      },
    ]);
    assert.ok(result.ok, !result.ok ? result.message : '');
    assert.equal(boxes.length, 6);
    assert.equal(result.account.username, 'bob');
    assert.equal((await services.accounts.secretFor(result.account.id))?.kind, 'token');
    assert.equal(server.requests.slice(from).filter((r) => r.headers['x-gitea-otp']).length, 1, 'the code is sent once');
  });

  it('an account with a security key (WebAuthn): the refusal is explained and the access-token step follows', async () => {
    server.state.userByName('carol')!.webAuthnEnrolled = true;
    let offer: { placeholder?: string; labels: string[] } | undefined;
    let tokenStep: { prompt?: string; validationMessage?: string } | undefined;
    const { result, boxes } = await runForm(server.url, [
      typeInto(server.url),
      typeInto('carol'),
      (ui) => choose(ui, /Password$/),
      typeInto(carol.password),
      (ui) => {
        assert.equal(ui.kind, 'quickPick', 'no one-time-code box: a code cannot help');
        offer = { placeholder: ui.placeholder, labels: ui.items.map((i) => i.label) };
        choose(ui, /Sign in with an access token/);
      },
      (ui) => {
        const msg = ui.validationMessage;
        tokenStep = { prompt: ui.prompt, validationMessage: typeof msg === 'string' ? msg : msg?.message };
        typeInto(carol.tokens.all)(ui);
      },
    ]);
    assert.ok(result.ok, !result.ok ? result.message : '');
    assert.deepEqual(boxes, ['inputBox', 'inputBox', 'quickPick', 'inputBox', 'quickPick', 'inputBox']);
    assert.match(offer?.placeholder ?? '', /security key/);
    assert.ok(offer?.labels.some((l) => /Create an access token in the browser/.test(l)), offer?.labels.join(' | '));
    assert.match(tokenStep?.prompt ?? '', /Access token of carol/);
    assert.match(tokenStep?.validationMessage ?? '', /security key.*access token/);
    assert.deepEqual(await services.accounts.secretFor(result.account.id), { kind: 'token', token: carol.tokens.all });
  });

  it('gitea.signIn with the password of a security-key account says that a token is needed', async () => {
    server.state.userByName('carol')!.webAuthnEnrolled = true;
    const result = await vscode.commands.executeCommand<SignInResult>('gitea.signIn', { url: server.url, username: 'carol', password: carol.password });
    assert.equal(result.ok, false);
    assert.match(!result.ok ? result.message : '', /security key \(WebAuthn\).*access token/);
    assert.ok(!services.accounts.accounts.some((a) => a.instanceUrl === server.url), 'nothing saved');
  });
});
