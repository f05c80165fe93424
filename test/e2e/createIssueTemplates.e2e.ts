// Create Issue with the repository's issue templates, as a user works the form (a test server started in this process,
// so what it received can be read): alice/demo gets a Markdown template, a YAML form and config.yaml without blank
// issues; the chooser offers the two and a contact link, the form's required fields block Create with a message at
// each, and the answers typed and picked with the mouse make the body Gitea 1.26.3's RenderToMarkdown made of the
// same answers (test/fixtures/issue-templates/gitea-1.26.3.json).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../harness/paths';
import { pushFiles } from '../harness/pushFiles';
import { startTestServer, type TestServer } from '../server/index';
import { session } from './session';
import { VscodePage } from './vscodePage';
import { activeWebview as issueForm, signInWithToken as signIn } from './steps';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'issue-templates');
const RENDERED = JSON.parse(readFileSync(join(FIXTURES, 'gitea-1.26.3.json'), 'utf8')) as { answers: { filled: { body: string } } };

describe('Create Issue: templates and forms', function () {
  this.timeout(300_000);
  let vs: VscodePage;
  let own: TestServer;

  before(async function () {
    own = await startTestServer();
    const { alice } = own.fixtures.users;
    await pushFiles(`${own.url}alice/demo.git`, 'alice', alice.tokens.all, {
      '.gitea/ISSUE_TEMPLATE/bug-form.yaml': readFileSync(join(FIXTURES, 'bug-form.yaml'), 'utf8'),
      '.gitea/ISSUE_TEMPLATE/feature.md': readFileSync(join(FIXTURES, 'feature.md'), 'utf8'),
      '.gitea/ISSUE_TEMPLATE/config.yaml': 'blank_issues_enabled: false\ncontact_links:\n  - name: Ask on the forum\n    url: https://forum.example.com/\n    about: Questions and ideas\n',
    }, 'Add issue templates');
    vs = await VscodePage.open({ viewport: { width: 1500, height: 1000 } });
    // Signed in to the run's server first, as a user with the workspace's repository; then to this one.
    const { target } = session();
    await signIn(vs, target.url, target.user.username, target.user.token!);
    await signIn(vs, own.url, alice.login, alice.tokens.all);
    // The first sign-in's toast may still show: wait for this server's.
    await vs.waitForNotification(new RegExp(`Signed in to .*${new URL(own.url).port}`), 30_000);
    await vs.selectOtherRepository(new URL(own.url).host, 'alice/demo');
  });
  after(async function () {
    await vs?.close();
    await own?.close();
  });

  it('offers the two templates and no blank issue; a form\'s required fields block Create; the body is Gitea\'s', async function () {
    await vs.runCommand('Gitea: Create Issue…');
    const form = issueForm(vs);
    await form.locator('#template-chooser #choose-0').waitFor({ timeout: 30_000 });
    assert.deepEqual(await form.locator('.template-choice strong').allInnerTexts(), ['Bug report', 'Feature request']);
    assert.equal(await form.locator('#choose-blank').count(), 0, 'config.yaml forbids blank issues');
    assert.equal(await form.locator('#contact-link-0').getAttribute('href'), 'https://forum.example.com/');
    assert.equal(await form.locator('#title').isVisible(), false, 'the chooser comes before the fields');
    await vs.screenshot('create-issue-template-chooser');

    await form.locator('#choose-0').click();
    await form.locator('#answer-version').waitFor({ timeout: 30_000 });
    assert.equal(await form.locator('#title').inputValue(), '[Bug]: ');
    assert.equal(await form.locator('#answer-what').inputValue(), 'A bug happened!');
    assert.match(await form.locator('#answer-md-0').innerHTML(), /<strong>bug report<\/strong>/);
    assert.equal(await form.locator('#body').isVisible(), false, "a form's answers replace the description");

    const from = own.requests.length;
    await form.locator('#title').fill('[Bug]: crash on start');
    await form.locator('#answer-logs').fill('line 1\n````\nline 2');
    await form.locator('#create').click();
    await form.locator('#error-answer-version').filter({ hasText: /required/ }).waitFor({ timeout: 30_000 });
    assert.match(await form.locator('#error-answer-terms').innerText(), /Tick the required boxes/);
    assert.equal(await form.locator('#answer-logs').inputValue(), 'line 1\n````\nline 2', 'nothing typed is lost');
    const posts = () => own.requests.slice(from).filter((r) => r.kind === 'api' && r.method === 'POST' && r.apiPath === '/repos/alice/demo/issues');
    assert.equal(posts().length, 0, 'nothing was sent');

    // The answers of the fixture, typed and picked as a user does.
    await form.locator('#answer-version').fill('  1.2.3  ');
    await form.locator('#answer-what').fill('It crashed\n```\ncode\n```\n');
    await form.locator('#answer-browsers').selectOption(['0', '2']);
    await form.locator('#answer-os').selectOption('1');
    await form.locator('#answer-terms-0').check();
    await form.locator('#answer-terms-2').check();
    assert.equal(await form.locator('#error-answer-version').innerText(), '', 'an answered field loses its message');
    await form.locator('h1').scrollIntoViewIfNeeded();
    await vs.screenshot('create-issue-template-form');
    await form.locator('#create').click();
    await vs.waitForNotification(/Created issue #\d+ "\[Bug\]: crash on start"/, 30_000);
    assert.equal(posts().length, 1);
    assert.equal((posts()[0]!.body as { body?: string }).body, RENDERED.answers.filled.body);
  });
});
