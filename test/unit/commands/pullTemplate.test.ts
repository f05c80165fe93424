// The pull request template by Gitea's rule (candidates, order, invalid ones skipped), its front matter and YAML
// forms rendered as Gitea renders an unfilled form, and the small YAML subset that reads them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePullTemplate, presentCandidates, TEMPLATE_CANDIDATES } from '../../../src/commands/createPullRequest/pullTemplate';
import { parseYamlSubset, YamlSubsetError } from '../../../src/commands/createPullRequest/yamlSubset';

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

test('the YAML subset: nesting, quotes, block scalars, flow lists; anchors and tags are refused', () => {
  assert.deepEqual(parseYamlSubset('a: 1\nb:\n  c: "x: y"\n  d: \'it\'\'s\'\ne:\n- one\n- two # note\nf: [1, "a,b"]\ng: true\n'), {
    a: 1, b: { c: 'x: y', d: "it's" }, e: ['one', 'two'], f: [1, 'a,b'], g: true,
  });
  assert.deepEqual(parseYamlSubset('k: |\n  line 1\n\n  line 2\nm: >-\n  folded\n  text\n'), { k: 'line 1\n\nline 2\n', m: 'folded text' });
  assert.throws(() => parseYamlSubset('a: &anchor 1\nb: *anchor\n'), YamlSubsetError);
  assert.throws(() => parseYamlSubset('a: !!str 1\n'), YamlSubsetError);
});
