// The Create Issue form state: request body, local checks, server messages → fields, untrusted input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyDraft, fieldOfServerMessage, isEmptyDraft, localProblems, parseDraft, toCreateIssueBody } from '../../../src/commands/createIssue/issueDraft';

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
