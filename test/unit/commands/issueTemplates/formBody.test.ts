// An issue form's answers make the body Gitea's RenderToMarkdown makes of the same answers (the fixture is Gitea
// 1.26.3's own output); required fields, numbers and the first textarea.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultAnswers, firstTextarea, minQuotes, missingAnswers, notNumbers, renderFormBody, trimSpace } from '../../../../src/commands/createIssue/templates/formBody';
import { readIssueTemplates } from '../../../../src/commands/createIssue/templates/issueTemplate';
import { answersOf, GITEA } from './fixture';

const form = () => readIssueTemplates(GITEA.api).templates.find((t) => t.kind === 'form')!;

test("the filled form's body is byte for byte the body Gitea 1.26.3 rendered for the same answers", () => {
  const template = form();
  assert.equal(renderFormBody(template, answersOf(template, GITEA.answers.filled.values)), GITEA.answers.filled.body);
});

test('an unanswered form gives Gitea\'s body: _No response_, unticked boxes, no Markdown field, no form-only option', () => {
  const template = form();
  assert.equal(renderFormBody(template, answersOf(template, GITEA.answers.empty.values)), GITEA.answers.empty.body);
  assert.equal(renderFormBody(template, {}), GITEA.answers.empty.body);
});

test('a rendered textarea is fenced with one back-quote more than the longest fence that starts one of its lines', () => {
  assert.equal(minQuotes('plain'), '```');
  assert.equal(minQuotes('```\ncode\n```'), '````');
  assert.equal(minQuotes('a\n`````x\n``` y'), '``````');
  assert.equal(minQuotes('not ```` at a line start'), '```');
});

test("answers are trimmed as Go's strings.TrimSpace trims (U+0085 and U+00A0 are space, U+FEFF is not)", () => {
  assert.equal(trimSpace('\u0085\u00a0 x \t\n'), 'x');
  assert.equal(trimSpace('\ufeffx'), '\ufeffx');
});

test("the form starts with the fields' values and the dropdowns' defaults; the first textarea is the first shown", () => {
  const template = form();
  const answers = defaultAnswers(template);
  assert.equal(answers.what, 'A bug happened!');
  assert.deepEqual(answers.os, [0]);
  assert.deepEqual(answers.browsers, []);
  assert.deepEqual(answers.terms, [false, false, false]);
  assert.equal(firstTextarea(template)?.id, 'what');
});

test('required fields left empty are named (a required box unticked too); a filled form has none', () => {
  const template = form();
  assert.deepEqual(missingAnswers(template, { ...defaultAnswers(template), what: '  ' }).map((f) => f.id), ['version', 'what', 'terms']);
  assert.deepEqual(missingAnswers(template, answersOf(template, GITEA.answers.filled.values)), []);
});

test('an input that asks for a number refuses text and takes a number', () => {
  const [template] = readIssueTemplates([{ name: 'n', about: 'a', file_name: 'n.yaml', body: [{ type: 'input', id: 'n', attributes: { label: 'N' }, validations: { is_number: true } }] }]).templates;
  assert.deepEqual(notNumbers(template!, { n: 'twelve' }).map((f) => f.id), ['n']);
  assert.deepEqual(notNumbers(template!, { n: ' 12.5 ' }), []);
  assert.deepEqual(notNumbers(template!, { n: '' }), []);
});
