// The Create Issue form state: request body, local checks, server messages → fields, untrusted input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  emptyDraft,
  fieldOfServerMessage,
  isEmptyDraft,
  localProblems,
  parseDraft,
  toCreateIssueBody,
  type DraftField,
  type IssueDraft,
} from '../../../src/commands/createIssue/issueDraft';

test('every field becomes its CreateIssueOption field; ids stay ids; due date is a date-time at midnight UTC', () => {
  const body = toCreateIssueBody({
    title: '  Crash on start  ',
    body: 'It **crashes**',
    assignees: ['alice', 'bob'],
    labels: [3, 7],
    milestone: 2,
    projects: [5],
    dueDate: '2026-09-30',
    ref: 'main',
    closed: true,
  });
  assert.deepEqual(body, {
    title: 'Crash on start',
    body: 'It **crashes**',
    assignees: ['alice', 'bob'],
    labels: [3, 7],
    milestone: 2,
    projects: [5],
    due_date: '2026-09-30T00:00:00Z',
    ref: 'main',
    closed: true,
  });
});

test('unset fields are left out of the body', () => {
  assert.deepEqual(toCreateIssueBody({ ...emptyDraft(), title: 'T' }), { title: 'T' });
});

test('local problems: missing title, impossible date', () => {
  assert.deepEqual(localProblems(emptyDraft()), { title: 'required' });
  assert.deepEqual(localProblems({ ...emptyDraft(), title: 'x', dueDate: '2026-02-30' }), { dueDate: 'badDate' });
  assert.deepEqual(localProblems({ ...emptyDraft(), title: 'x', dueDate: '2028-02-29' }), {});
});

test("server messages name their field: Gitea's binding form and plain sentences", () => {
  assert.equal(fieldOfServerMessage('[Title]: Required'), 'title');
  assert.equal(fieldOfServerMessage('[Deadline]: invalid'), 'dueDate');
  assert.equal(fieldOfServerMessage('Assignee does not exist: [name: nobody]'), 'assignees');
  assert.equal(fieldOfServerMessage('milestone not found'), 'milestone');
  assert.equal(fieldOfServerMessage('repo is archived'), undefined);
  assert.equal(fieldOfServerMessage(undefined), undefined);
});

test('parseDraft keeps well-formed fields, drops unknown ones, refuses wrong types', () => {
  const d = parseDraft({ title: 'T', labels: [1, 2], milestone: 4, dueDate: '2026-01-02', evil: '<script>' });
  assert.deepEqual(d, { ...emptyDraft(), title: 'T', labels: [1, 2], milestone: 4, dueDate: '2026-01-02' });
  assert.equal(parseDraft({ labels: ['1'] }), undefined);
  assert.equal(parseDraft({ labels: [1.5] }), undefined);
  assert.equal(parseDraft({ milestone: -1 }), undefined);
  assert.equal(parseDraft({ closed: 'yes' }), undefined);
  assert.equal(parseDraft({ title: 'x'.repeat(256) }), undefined);
  assert.equal(parseDraft('title'), undefined);
  assert.equal(parseDraft(null), undefined);
  // Clearing optional fields.
  assert.deepEqual(parseDraft({ milestone: null, ref: '' }, { ...emptyDraft(), milestone: 3, ref: 'main' }), emptyDraft());
});

test('an empty draft is recognised; any typed or picked value makes it non-empty', () => {
  assert.equal(isEmptyDraft(emptyDraft()), true);
  assert.equal(isEmptyDraft({ ...emptyDraft(), title: '   ' }), true);
  assert.equal(isEmptyDraft({ ...emptyDraft(), labels: [1] }), false);
  assert.equal(isEmptyDraft({ ...emptyDraft(), closed: true }), false);
});

test('project ids are left out for a server that would drop them', () => {
  const draft = { ...emptyDraft(), title: 'T', projects: [3, 4] };
  assert.deepEqual(toCreateIssueBody(draft), { title: 'T', projects: [3, 4] });
  assert.deepEqual(toCreateIssueBody(draft, { sendProjects: false }), { title: 'T' });
});

test('an empty draft has every field blank', () => {
  assert.deepEqual(emptyDraft(), { title: '', body: '', assignees: [], labels: [], projects: [], closed: false });
});

test('a draft with only a body (what Create Issue from Selection makes) is not empty; one of blanks is', () => {
  assert.equal(isEmptyDraft({ ...emptyDraft(), body: '```ts\nconst a = 1;\n```' }), false);
  assert.equal(isEmptyDraft({ ...emptyDraft(), title: ' \n', body: '  \n\t', ref: '' }), true);
  const oneFieldSet: Partial<IssueDraft>[] = [
    { title: 'T' },
    { assignees: ['alice'] },
    { labels: [1] },
    { milestone: 2 },
    { projects: [3] },
    { dueDate: '2026-01-02' },
    { ref: 'main' },
    { closed: true },
  ];
  for (const fields of oneFieldSet) assert.equal(isEmptyDraft({ ...emptyDraft(), ...fields }), false, JSON.stringify(fields));
});

test('local problems: a blank title is missing; no due date is fine; dates must be real days of a four-digit year', () => {
  assert.deepEqual(localProblems({ ...emptyDraft(), title: '   ' }), { title: 'required' });
  assert.deepEqual(localProblems({ ...emptyDraft(), title: 'x' }), {});
  for (const bad of ['2026-13-01', '2026-00-10', '2026-04-31', '2026-03-00', '2026-01-99', '0099-01-01', '26-01-01', '2026-1-01', '2026-01-1', 'x2026-01-02', '2026-01-02x', '2026-01-02T00:00', '']) {
    assert.deepEqual(localProblems({ ...emptyDraft(), title: 'x', dueDate: bad }), { dueDate: 'badDate' }, bad);
  }
  for (const good of ['2026-12-31', '2024-02-29', '1999-01-01', '0100-01-01', '9999-12-31']) assert.deepEqual(localProblems({ ...emptyDraft(), title: 'x', dueDate: good }), {}, good);
});

test("every field name of Gitea's binding errors maps to its form field; plain sentences by their words", () => {
  const bracket: [string, DraftField][] = [
    ['Title', 'title'],
    ['Body', 'body'],
    ['Assignee', 'assignees'],
    ['Assignees', 'assignees'],
    ['Labels', 'labels'],
    ['Milestone', 'milestone'],
    ['Projects', 'projects'],
    ['Deadline', 'dueDate'],
    ['Ref', 'ref'],
    ['Closed', 'closed'],
  ];
  for (const [go, field] of bracket) assert.equal(fieldOfServerMessage(`[${go}]: Required`), field, go);
  assert.equal(fieldOfServerMessage('  [Title]: Required'), 'title');
  assert.equal(fieldOfServerMessage('[Unknown]: Required'), undefined);
  assert.equal(fieldOfServerMessage('label [5] does not exist'), 'labels');
  assert.equal(fieldOfServerMessage('project does not exist'), 'projects');
  assert.equal(fieldOfServerMessage('deadline is in the past'), 'dueDate');
  assert.equal(fieldOfServerMessage('Due date is invalid'), 'dueDate');
  assert.equal(fieldOfServerMessage(''), undefined);
});

test("parseDraft keeps the body, even without a title (the review's case), and every field of a full draft", () => {
  assert.deepEqual(parseDraft({ body: 'Steps:\n1. open' }), { ...emptyDraft(), body: 'Steps:\n1. open' });
  const full: IssueDraft = {
    title: 'T',
    body: 'B',
    assignees: ['alice', 'bob'],
    labels: [1, 2],
    milestone: 3,
    projects: [4],
    dueDate: '2026-01-02',
    ref: 'refs/tags/v1.0',
    closed: true,
  };
  assert.deepEqual(parseDraft({ ...full }), full);
  assert.deepEqual(parseDraft({ closed: false }, full), { ...full, closed: false });
  // Fields the input leaves out stay as the base has them.
  assert.deepEqual(parseDraft({ title: 'New' }, full), { ...full, title: 'New' });
  assert.deepEqual(parseDraft({ milestone: undefined, dueDate: null, ref: undefined }, full), { ...emptyDraft(), title: 'T', body: 'B', assignees: ['alice', 'bob'], labels: [1, 2], projects: [4], closed: true });
  assert.deepEqual(parseDraft({ dueDate: '' }, full), parseDraft({ dueDate: undefined }, full));
  assert.deepEqual(parseDraft({ ref: null }, full), parseDraft({ ref: '' }, full));
});

test('parseDraft takes values up to each limit and refuses one more, or the wrong kind', () => {
  const at = (n: number) => 'x'.repeat(n);
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const logins = (n: number) => Array.from({ length: n }, (_, i) => `user${i}`);
  const accepted: Record<string, unknown>[] = [
    { title: at(255) },
    { body: at(1_000_000) },
    { assignees: logins(100) },
    { assignees: [at(255)] },
    { labels: ids(500) },
    { projects: ids(100) },
    { ref: at(255) },
    { milestone: 1 },
  ];
  for (const input of accepted) {
    const d = parseDraft(input);
    const [field, value] = Object.entries(input)[0]!;
    assert.deepEqual(d && d[field as DraftField], value, `${field} accepted`);
  }
  const refused: Record<string, unknown>[] = [
    { title: 7 },
    { body: at(1_000_001) },
    { body: ['text'] },
    { assignees: logins(101) },
    { assignees: [at(256)] },
    { assignees: ['alice', 7] },
    { assignees: [['alice']] },
    { assignees: 'alice' },
    { labels: ids(501) },
    { labels: [0] },
    { labels: [1, 0] },
    { labels: [2 ** 53] },
    { labels: 3 },
    { projects: ids(101) },
    { projects: [-2] },
    { projects: [4, 1.5] },
    { milestone: 0 },
    { milestone: 1.5 },
    { milestone: '3' },
    { dueDate: '2026-01-02T' },
    { dueDate: 20260102 },
    { dueDate: ['2026-01-02'] },
    { ref: at(256) },
    { ref: 7 },
    { ref: ['main'] },
    { closed: 1 },
  ];
  for (const input of refused) assert.equal(parseDraft(input), undefined, JSON.stringify(input).slice(0, 80));
  assert.equal(parseDraft([{ title: 'T' }]), undefined, 'an array is not a draft');
  assert.equal(parseDraft(undefined), undefined);
});

test('a chosen template, even the blank issue (""), makes a draft worth keeping', () => {
  assert.equal(isEmptyDraft({ ...emptyDraft(), template: '' }), false);
  assert.equal(isEmptyDraft({ ...emptyDraft(), template: '.gitea/ISSUE_TEMPLATE/bug.yaml' }), false);
  assert.equal(isEmptyDraft(emptyDraft()), true);
});

test('parseDraft reads the template back: a name up to 1024 characters, "" kept, null/undefined clear it, others refused', () => {
  const base: IssueDraft = { ...emptyDraft(), template: 'old.md', answers: { a: 'x' } };
  assert.deepEqual(parseDraft({ template: 'bug.md' }, base), { ...base, template: 'bug.md' });
  assert.deepEqual(parseDraft({ template: '' }, base), { ...base, template: '' });
  assert.deepEqual(parseDraft({ template: 't'.repeat(1024) }, base), { ...base, template: 't'.repeat(1024) });
  assert.equal(parseDraft({ template: 't'.repeat(1025) }, base), undefined);
  assert.equal(parseDraft({ template: 7 }, base), undefined);
  assert.equal(parseDraft({ template: ['bug.md'] }, base), undefined);
  assert.equal(parseDraft({ template: { length: 3 } }, base), undefined);
  for (const cleared of [null, undefined]) {
    const d = parseDraft({ template: cleared }, base);
    assert.deepEqual(d, { ...emptyDraft(), answers: { a: 'x' } });
    assert.equal(d !== undefined && 'template' in d, false);
  }
  // No template field: the base's stays.
  assert.deepEqual(parseDraft({ title: 'T' }, base), { ...base, title: 'T' });
});

test('parseDraft reads the answers back: checked by parseAnswers, null/undefined clear them, malformed refused', () => {
  const base: IssueDraft = { ...emptyDraft(), template: 'form.yaml', answers: { old: 'x' } };
  const answers = { what: 'It crashes', os: [0, 2], agree: [true, false] };
  assert.deepEqual(parseDraft({ answers }, base), { ...base, answers });
  assert.deepEqual(parseDraft({ answers: {} }, base), { ...base, answers: {} });
  assert.equal(parseDraft({ answers: 'It crashes' }, base), undefined);
  assert.equal(parseDraft({ answers: [['what', 'x']] }, base), undefined);
  assert.equal(parseDraft({ answers: { what: 3 } }, base), undefined);
  for (const cleared of [null, undefined]) {
    const d = parseDraft({ answers: cleared }, base);
    assert.deepEqual(d, { ...emptyDraft(), template: 'form.yaml' });
    assert.equal(d !== undefined && 'answers' in d, false);
  }
  assert.deepEqual(parseDraft({ title: 'T' }, base), { ...base, title: 'T' });
});
