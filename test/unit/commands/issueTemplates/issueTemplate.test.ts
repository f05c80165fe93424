// The templates as Gitea serves them, read by Gitea's rules: one broken template is set apart (and named), the others
// offered; config.yaml's links only when they are http(s).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readIssueConfig, readIssueTemplates } from '../../../../src/commands/createIssue/templates/issueTemplate';
import { GITEA } from './fixture';

test("Gitea's answer gives the form and the Markdown template, with the ref as the form's field holds it", () => {
  const { templates, unreadable } = readIssueTemplates(GITEA.api);
  assert.deepEqual(unreadable, []);
  const [bug, feature] = templates;
  assert.equal(bug!.kind, 'form');
  assert.equal(bug!.name, 'Bug report');
  assert.equal(bug!.title, '[Bug]: ');
  assert.deepEqual(bug!.labels, ['bug']);
  assert.equal(bug!.ref, '', 'Gitea sends "refs/heads/" for no ref');
  assert.deepEqual(bug!.fields.map((f) => `${f.type}:${f.id}`), ['markdown:0', 'input:version', 'textarea:what', 'textarea:logs', 'dropdown:browsers', 'dropdown:os', 'input:contact', 'checkboxes:terms']);
  const md = bug!.fields[0]!;
  assert.equal(md.onForm && !md.inContent, true);
  assert.equal(feature!.kind, 'markdown');
  assert.equal(feature!.content, '## The idea\n\n## Why it helps\n');
  assert.deepEqual([feature!.labels, feature!.assignees, feature!.ref], [['enhancement'], ['alice'], 'main']);
});

test('a template breaking one of Gitea\'s rules is set apart by file name, the others still offered', () => {
  const good = { name: 'ok', about: 'fine', file_name: '.gitea/ISSUE_TEMPLATE/ok.md', content: 'x' };
  const field = (f: object) => ({ name: 'f', about: 'a', file_name: `.gitea/ISSUE_TEMPLATE/${JSON.stringify(f).length}.yaml`, body: [f] });
  const broken = [
    field({ type: 'wizard', id: 'a', attributes: { label: 'A' } }),
    field({ type: 'input', id: 'a b', attributes: { label: 'A' } }),
    field({ type: 'input', id: 'a', attributes: {} }),
    field({ type: 'input', id: 'a', attributes: { label: 'A' }, validations: { required: true }, visible: ['content'] }),
    field({ type: 'dropdown', id: 'a', attributes: { label: 'A', options: ['x'], default: 3 } }),
    field({ type: 'checkboxes', id: 'a', attributes: { label: 'A', options: [{ label: 'x', required: true, visible: ['content'] }] } }),
    { name: 'dup', about: 'a', file_name: 'dup.yaml', body: [{ type: 'input', id: 'a', attributes: { label: 'A' } }, { type: 'textarea', id: 'a', attributes: { label: 'B' } }] },
    { name: '  ', about: 'a', file_name: 'noname.md' },
    { name: 'big', about: 'a', file_name: 'big.md', content: 'x'.repeat(1024 * 1024 + 1) },
    'not an object',
  ];
  const { templates, unreadable } = readIssueTemplates([good, ...broken]);
  assert.deepEqual(templates.map((t) => t.name), ['ok']);
  assert.equal(unreadable.length, broken.length);
  assert.equal(unreadable.at(-1)!.name, `#${broken.length + 1}`);
  assert.ok(unreadable.every((u) => u.reason.length > 0));
});

test('config.yaml: blank issues forbidden only by false; links only http(s), complete and short', () => {
  assert.deepEqual(readIssueConfig(undefined), { blankIssuesEnabled: true, contactLinks: [] });
  const config = readIssueConfig({
    blank_issues_enabled: false,
    contact_links: [
      { name: 'Forum', url: 'https://forum.example.com/', about: 'Ask there' },
      { name: 'Script', url: 'javascript:alert(1)', about: 'x' },
      { name: 'Command', url: 'command:workbench.action.quit', about: 'x' },
      { name: 'File', url: 'file:///etc/passwd', about: 'x' },
      { name: '', url: 'https://x.example.com/', about: 'x' },
      { name: 'Long', url: `https://x.example.com/${'a'.repeat(3000)}`, about: 'x' },
      { name: 'Plain', url: 'http://chat.example.com/room', about: '' },
    ],
  });
  assert.equal(config.blankIssuesEnabled, false);
  assert.deepEqual(config.contactLinks.map((l) => l.url), ['https://forum.example.com/', 'http://chat.example.com/room']);
});
