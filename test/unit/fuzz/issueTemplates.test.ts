// Issue templates (src/commands/createIssue/templates/) are the repository's text, served by the server: whatever
// they hold, a template is offered or set apart (never an exception), an answer's fenced block closes where the
// answer ends, and a contact link is http(s) or not shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { minQuotes, renderFormBody, trimSpace } from '../../../src/commands/createIssue/templates/formBody';
import { readIssueConfig, readIssueTemplates } from '../../../src/commands/createIssue/templates/issueTemplate';
import { checkHostile, hostileText } from './hostile';
import { FUZZ_TARGETS, hostileAnswers, hostileIssueTemplate } from './targets';

const TOKENS = FUZZ_TARGETS.find((t) => t.name === 'issue templates and forms')!.tokens;

test('fuzz: a form with hostile text everywhere is offered or set apart, and its body fences the answer whole', () => {
  checkHostile((size) => hostileText(TOKENS, size), (text) => {
    const { templates, unreadable } = readIssueTemplates([hostileIssueTemplate(text)]);
    assert.equal(templates.length + unreadable.length, 1);
    const [template] = templates;
    if (!template) return;
    const body = renderFormBody(template, hostileAnswers(text));
    const value = trimSpace(text);
    if (value === '') return;
    const fence = minQuotes(value);
    assert.ok(body.includes(`${fence}shell\n${value}\n${fence}\n`));
    // No line of the answer closes the fence early.
    assert.ok(value.split('\n').every((line) => !line.startsWith(fence)));
  });
});

test('fuzz: hostile JSON as the whole answer gives templates with names, abouts and unique field ids, or none', () => {
  checkHostile((size) => hostileText(TOKENS, size), (text) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // expected: not JSON, fed as one string entry.
      json = text;
    }
    const { templates } = readIssueTemplates(Array.isArray(json) ? json : [json]);
    for (const t of templates) {
      assert.ok(t.name !== '' && t.about !== '');
      const ids = t.fields.filter((f) => f.type !== 'markdown').map((f) => f.id);
      assert.equal(new Set(ids).size, ids.length);
    }
  });
});

test('fuzz: a contact link of any text is shown only as an http(s) URL', () => {
  checkHostile((size) => hostileText(TOKENS, size), (text) => {
    for (const link of readIssueConfig({ contact_links: [{ name: 'n', url: text, about: 'a' }, { name: 'n', url: `https://x/${text}`, about: 'a' }] }).contactLinks) {
      assert.match(new URL(link.url).protocol, /^https?:$/);
    }
  });
});
