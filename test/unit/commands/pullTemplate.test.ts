// The pull request template by Gitea's rule (candidates, order, invalid ones skipped), its front matter and YAML
// forms rendered as Gitea renders an unfilled form, and the small YAML subset that reads them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePullTemplate, presentCandidates, TEMPLATE_CANDIDATES } from '../../../src/commands/createPullRequest/pullTemplate';
import { parseYaml, YamlError } from '../../../src/shared/yaml';

test('the candidates are Gitea\'s eighteen, root first, then .gitea/, then .github/, upper-case before lower-case, .md first', () => {
  assert.equal(TEMPLATE_CANDIDATES.length, 18);
  assert.deepEqual(TEMPLATE_CANDIDATES.slice(0, 6), [
    'PULL_REQUEST_TEMPLATE.md', 'PULL_REQUEST_TEMPLATE.yaml', 'PULL_REQUEST_TEMPLATE.yml',
    'pull_request_template.md', 'pull_request_template.yaml', 'pull_request_template.yml',
  ]);
  assert.equal(TEMPLATE_CANDIDATES[6], '.gitea/PULL_REQUEST_TEMPLATE.md');
  assert.equal(TEMPLATE_CANDIDATES[17], '.github/pull_request_template.yml');
  assert.deepEqual(
    presentCandidates({ root: ['README.md', 'pull_request_template.yml'], gitea: ['PULL_REQUEST_TEMPLATE.md'], github: ['pull_request_template.md', 'PULL_REQUEST_TEMPLATE.md'] }),
    ['pull_request_template.yml', '.gitea/PULL_REQUEST_TEMPLATE.md', '.github/PULL_REQUEST_TEMPLATE.md', '.github/pull_request_template.md'],
  );
  // Names are case-sensitive, as git paths are: Pull_Request_Template.md is none of them.
  assert.deepEqual(presentCandidates({ root: ['Pull_Request_Template.md'], gitea: [], github: [] }), []);
});

test('a Markdown template without front matter is the whole file; an empty one is skipped', () => {
  assert.deepEqual(parsePullTemplate('.gitea/PULL_REQUEST_TEMPLATE.md', '## What\n\n## Why\n'), {
    path: '.gitea/PULL_REQUEST_TEMPLATE.md', body: '## What\n\n## Why\n', labels: [], assignees: [],
  });
  assert.equal(parsePullTemplate('PULL_REQUEST_TEMPLATE.md', '  \n'), undefined);
});

test('front matter gives title, labels and assignees; without name and about Gitea skips the template', () => {
  const t = parsePullTemplate('PULL_REQUEST_TEMPLATE.md', '---\nname: Change\nabout: "Propose a change"\ntitle: "[Change]: "\nlabels: ["kind/feature", docs]\nassignees:\n  - alice\n---\nDescribe it.\n');
  assert.deepEqual(t, { path: 'PULL_REQUEST_TEMPLATE.md', title: '[Change]: ', body: 'Describe it.\n', labels: ['kind/feature', 'docs'], assignees: ['alice'] });
  const description = parsePullTemplate('PULL_REQUEST_TEMPLATE.md', '---\nname: Change\ndescription: Also accepted\nlabels: bug, docs\n---\nBody\n');
  assert.deepEqual(description?.labels, ['bug', 'docs']);
  assert.equal(parsePullTemplate('PULL_REQUEST_TEMPLATE.md', '---\nname: Change\n---\nBody\n'), undefined);
});

test('a YAML form becomes the Markdown of an unfilled form: headings, _No response_, check boxes, markdown only when shown in content', () => {
  const form = [
    'name: Pull request',
    'about: Describe the change',
    'labels: [review]',
    'body:',
    '  - type: markdown',
    '    attributes:',
    '      value: Thanks for the change!',
    '  - type: textarea',
    '    id: what',
    '    attributes:',
    '      label: What changed',
    '      description: |',
    '        Tell us.',
    '        Two lines.',
    '  - type: input',
    '    attributes:',
    '      label: Issue',
    '      value: "#"',
    '  - type: dropdown',
    '    attributes:',
    '      label: Kind',
    '      options: [fix, feature]',
    '  - type: checkboxes',
    '    attributes:',
    '      label: Checks',
    '      options:',
    '        - label: Tests pass',
    '        - label: Docs updated # a comment',
    '',
  ].join('\n');
  const t = parsePullTemplate('.github/pull_request_template.yaml', form);
  assert.deepEqual(t?.labels, ['review']);
  assert.equal(t?.body, '### What changed\n\n_No response_\n\n### Issue\n\n#\n\n### Kind\n\n_No response_\n\n### Checks\n\n- [ ] Tests pass\n- [ ] Docs updated\n');
  assert.equal(parsePullTemplate('pull_request_template.yml', 'name: x\nabout: y\n'), undefined, 'a form without body is invalid');
  assert.equal(parsePullTemplate('pull_request_template.yml', 'name: [unterminated\n'), undefined);
});

test('templates are read with a YAML parser: quotes, block scalars, flow lists and anchors as Gitea reads them', () => {
  const front = ['---', 'name: "Fix: something"', "about: 'it''s for fixes'", 'title: &t "[Fix] "', 'labels: [bug, "needs review"]', 'assignees: |-', '  alice', '---', 'Body'].join('\n');
  const t = parsePullTemplate('pull_request_template.md', front);
  assert.deepEqual([t?.title, t?.labels, t?.assignees, t?.body], ['[Fix] ', ['bug', 'needs review'], ['alice'], 'Body']);
});

test('YAML: the first error is thrown as YamlError; an alias bomb is refused, not expanded', () => {
  assert.deepEqual(parseYaml('a: 1\nb:\n  c: "x: y"\n  d: [1, "a,b"]\ne: &x yes\nf: *x\n'), { a: 1, b: { c: 'x: y', d: [1, 'a,b'] }, e: 'yes', f: 'yes' });
  assert.throws(() => parseYaml('a: [unterminated\n'), YamlError);
  const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 9; i++) bomb.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
  assert.throws(() => parseYaml(bomb.join('\n')), YamlError);
});
