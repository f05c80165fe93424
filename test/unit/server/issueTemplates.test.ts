// The test server reads issue templates as Gitea 1.26.3 does: for the fixture's files it answers what Gitea's own Go
// code gave (test/fixtures/issue-templates/gitea-1.26.3.json), and it leaves out what Gitea's rules refuse.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readIssueConfigFile, readTemplateFile } from '../../server/issueTemplates';
import { FIXTURE_DIR, GITEA } from '../commands/issueTemplates/fixture';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

const file = (name: string) => readFileSync(join(FIXTURE_DIR, name));
const asJson = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

test("the YAML form and the Markdown template come out as Gitea's API serves them, key for key", () => {
  assert.deepEqual(asJson(readTemplateFile('.gitea/ISSUE_TEMPLATE/bug-form.yaml', file('bug-form.yaml'))), GITEA.api[0]);
  assert.deepEqual(asJson(readTemplateFile('.gitea/ISSUE_TEMPLATE/feature.md', file('feature.md'))), GITEA.api[1]);
});

test('a Markdown file without front matter is a template named after the file, about its first 80 characters', () => {
  const it = readTemplateFile('.github/ISSUE_TEMPLATE/plain.md', Buffer.from('Just text\n'));
  assert.ok(!(it instanceof Error));
  assert.deepEqual([it.name, it.about, it.content, it.ref], ['plain.md', 'Just text\n', 'Just text\n', 'refs/heads/']);
});

test("files that break Gitea's rules are errors: YAML that does not parse, no name, an unknown field, a duplicate id", () => {
  for (const text of ['name: [', 'about: a\nbody:\n  - type: input\n    id: a\n    attributes: {label: A}\n', 'name: n\nabout: a\nbody:\n  - type: wizard\n',
    'name: n\nabout: a\nbody:\n  - type: input\n    id: a\n    attributes: {label: A}\n  - type: input\n    id: a\n    attributes: {label: B}\n', 'name: n\nabout: a\n']) {
    assert.ok(readTemplateFile('.gitea/ISSUE_TEMPLATE/x.yaml', Buffer.from(text)) instanceof Error, text);
  }
});

test('config.yaml: blank_issues_enabled and complete contact links; an incomplete link makes it the default', () => {
  assert.deepEqual(readIssueConfigFile(Buffer.from('blank_issues_enabled: false\ncontact_links:\n  - name: Forum\n    url: https://forum.example.com/\n    about: Ask\n')), {
    blank_issues_enabled: false,
    contact_links: [{ name: 'Forum', url: 'https://forum.example.com/', about: 'Ask' }],
  });
  assert.deepEqual(readIssueConfigFile(Buffer.from('blank_issues_enabled: false\ncontact_links:\n  - name: Forum\n    url: https://x/\n')), { blank_issues_enabled: true, contact_links: [] });
});

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server?.close());

test('a repository without templates answers null and the default config, as Gitea 1.26.3 and 1.27.0 did for alice/demo', async () => {
  const templates = await api(server, '/repos/alice/demo/issue_templates', { as: 'alice' });
  assert.equal(templates.status, 200);
  assert.equal(templates.text.trim(), 'null');
  assert.deepEqual((await api(server, '/repos/alice/demo/issue_config', { as: 'alice' })).json, { blank_issues_enabled: true, contact_links: [] });
});
