// Choosing a template fills the form as Gitea's New Issue page does, and keeps what the user typed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyTemplate, settleFormDraft } from '../../../../src/commands/createIssue/templates/applyTemplate';
import { readIssueTemplates } from '../../../../src/commands/createIssue/templates/issueTemplate';
import { emptyDraft, isEmptyDraft, parseDraft } from '../../../../src/commands/createIssue/issueDraft';
import { GITEA } from './fixture';

const [bug, feature] = readIssueTemplates(GITEA.api).templates;
const options = { labels: [{ id: 3, name: 'bug' }, { id: 5, name: 'enhancement' }], assignees: [{ login: 'alice' }, { login: 'bob' }] };

test('a Markdown template fills title, body, labels by name, assignees and ref', () => {
  const d = applyTemplate(emptyDraft(), feature, options);
  assert.deepEqual([d.template, d.title, d.body, d.labels, d.assignees, d.ref], [feature!.fileName, '[Feature]: ', feature!.content, [5], ['alice'], 'main']);
});

test('a typed title stays and a typed body follows the template\'s text; labels and assignees are added to the picked', () => {
  const d = applyTemplate({ ...emptyDraft(), title: 'Mine', body: 'my notes', labels: [3], assignees: ['bob'] }, feature, options);
  assert.equal(d.title, 'Mine');
  assert.equal(d.body, `${feature!.content.trimEnd()}\n\nmy notes`);
  assert.deepEqual([d.labels, d.assignees], [[3, 5], ['bob', 'alice']]);
  assert.equal(applyTemplate(d, feature, options).body, d.body, 'choosing it again adds nothing');
});

test('a form starts with its defaults; text typed before goes into its first textarea (the selection of Create Issue from Selection)', () => {
  const d = applyTemplate({ ...emptyDraft(), body: '```ts\ncode\n```' }, bug, options);
  assert.deepEqual([d.title, d.labels, d.body], ['[Bug]: ', [3], '']);
  assert.equal(d.answers!.what, 'A bug happened!\n\n```ts\ncode\n```');
  assert.deepEqual(d.answers!.os, [0]);
  const again = settleFormDraft({ ...d, body: 'more' }, bug);
  assert.equal(again.answers!.what, `${d.answers!.what}\n\nmore`);
  assert.equal(again.body, '');
});

test('answers typed for a form survive going back to the chooser and choosing it again', () => {
  const d = applyTemplate(emptyDraft(), bug, options);
  const typed = { ...d, answers: { ...d.answers, version: '2.0', os: [2], terms: [true, false, false] } };
  const back = applyTemplate({ ...typed, template: undefined }, bug, options);
  assert.deepEqual([back.answers!.version, back.answers!.os, back.answers!.terms], ['2.0', [2], [true, false, false]]);
});

test('the blank issue keeps the draft; the template choice and answers are kept by the stored draft', () => {
  assert.equal(applyTemplate({ ...emptyDraft(), body: 'x' }, undefined, options).body, 'x');
  const d = applyTemplate(emptyDraft(), bug, options);
  const stored = parseDraft(JSON.parse(JSON.stringify(d)));
  assert.deepEqual(stored, d);
  assert.equal(isEmptyDraft({ ...emptyDraft(), template: '' }), false);
  assert.equal(parseDraft({ answers: { a: [1, 'x'] } }), undefined);
});
