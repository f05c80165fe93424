// Editing an issue (PATCH …/issues/{index}, answered 201 like Gitea) and its labels (POST/PUT …/labels,
// DELETE …/labels/{id}). Every change records its timeline event (change_title, close/reopen, label,
// assignees, milestone, deadlines). Non-writers may edit only title, body and state of their own issues;
// assignees, milestone and due date are silently ignored for them (Gitea's canWrite checks).
import { bind } from '../binding';
import type { Ctx } from '../context';
import { toIssue, toLabel } from '../convert/issues';
import { badRequest, conflict, fail, notFound, RawResponseError, unprocessable } from '../errors';
import { addEvent, deadlineEvent } from '../issueEvents';
import { formInt } from '../paging';
import { accessMode } from '../permissions';
import type { Router } from '../router';
import { Access, type IssueRec, type LabelRec, type RepoRec } from '../state';
import { issueFromParams } from './issues';
import { notifyIssue } from '../notifications';

interface EditIssueOption {
  title?: string;
  body?: string;
  content_version?: number;
  ref?: string;
  assignee?: string;
  assignees?: string[];
  milestone?: number;
  state?: string;
  due_date?: string;
  unset_due_date?: boolean;
  projects?: number[];
}

function changeState(ctx: Ctx, issue: IssueRec, doerId: number, state: string): void {
  if (state !== 'open' && state !== 'closed') return;
  if (state === issue.state) return;
  const now = new Date();
  if (state === 'closed') {
    const open = ctx.state.dependencies.some((d) => d.issueId === issue.id && ctx.state.issue(d.dependsOnId)?.state === 'open');
    if (open) fail(412, 'cannot close this issue or pull request because it still has open dependencies');
    issue.state = 'closed';
    issue.closedAt = now;
    notifyIssue(ctx.state, { issue, doerId, commentId: addEvent(ctx.state, issue, doerId, 'close').id }, now);
  } else {
    issue.state = 'open';
    issue.closedAt = undefined;
    notifyIssue(ctx.state, { issue, doerId, commentId: addEvent(ctx.state, issue, doerId, 'reopen').id }, now);
  }
}

/** Gitea's UpdateAssignees: `assignee` and `assignees` together replace the set; events for each change. */
function setAssignees(ctx: Ctx, repo: RepoRec, issue: IssueRec, doerId: number, names: string[]): void {
  const ids: number[] = [];
  for (const name of [...new Set(names.filter(Boolean))]) {
    const u = ctx.state.userByName(name);
    if (!u) return unprocessable(`user does not exist [uid: 0, name: ${name}]`);
    if (accessMode(ctx.state, u, repo) < Access.Write) unprocessable(`user doesn't have access to repo [user_id: ${u.id}, repo_name: ${repo.name}]`);
    ids.push(u.id);
  }
  for (const id of issue.assigneeIds.filter((a) => !ids.includes(a))) {
    addEvent(ctx.state, issue, doerId, 'assignees', { assigneeId: id, removedAssignee: true });
  }
  for (const id of ids.filter((a) => !issue.assigneeIds.includes(a))) {
    const event = addEvent(ctx.state, issue, doerId, 'assignees', { assigneeId: id, removedAssignee: false });
    if (id !== doerId) notifyIssue(ctx.state, { issue, doerId, commentId: event.id, receiverId: id });
  }
  issue.assigneeIds = ids;
}

async function editIssue(ctx: Ctx): Promise<void> {
  const { repo, mode } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  const form = bind<EditIssueOption>(ctx, 'EditIssueOption', [
    { go: 'Title', json: 'title', type: 'string' },
    { go: 'Body', json: 'body', type: 'string' },
    { go: 'Ref', json: 'ref', type: 'string' },
    { go: 'Assignee', json: 'assignee', type: 'string' },
    { go: 'Assignees', json: 'assignees', type: 'strings' },
    { go: 'Milestone', json: 'milestone', type: 'int' },
    { go: 'State', json: 'state', type: 'string' },
    { go: 'Deadline', json: 'due_date', type: 'time' },
    { go: 'RemoveDeadline', json: 'unset_due_date', type: 'bool' },
    { go: 'ContentVersion', json: 'content_version', type: 'int' },
    { go: 'Projects', json: 'projects', type: 'ints' },
  ]);
  const issue = issueFromParams(ctx, repo);
  const canWrite = mode >= Access.Write;
  if (issue.posterId !== doer.id && !canWrite) throw new RawResponseError(403, '');
  const state = ctx.state;
  if (form.title && form.title !== issue.title) {
    addEvent(state, issue, doer.id, 'change_title', { oldTitle: issue.title, newTitle: form.title });
    issue.title = form.title;
  }
  if (form.body !== undefined && form.body !== issue.body) {
    if (form.content_version !== undefined && form.content_version !== issue.contentVersion) {
      conflict('The issue was changed by someone else in the meantime. Please reload and try again.');
    }
    issue.body = form.body;
    issue.contentVersion++;
  }
  if (form.ref !== undefined) issue.ref = form.ref;
  if ((form.due_date !== undefined || form.unset_due_date !== undefined) && canWrite) {
    let next: Date | undefined;
    if (!form.unset_due_date) {
      if (form.due_date === undefined) badRequest('The due_date cannot be empty');
      const d = new Date(form.due_date!);
      next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59, 59));
    }
    deadlineEvent(state, issue, doer.id, next);
    issue.dueDate = next;
  }
  if (canWrite && (form.assignees !== undefined || form.assignee !== undefined)) {
    setAssignees(ctx, repo, issue, doer.id, [...(form.assignee ? [form.assignee] : []), ...(form.assignees ?? [])]);
  }
  if (canWrite && form.milestone !== undefined && (issue.milestoneId ?? 0) !== form.milestone) {
    if (form.milestone > 0 && !state.milestones.some((m) => m.id === form.milestone && m.repoId === repo.id)) {
      notFound(`milestone does not exist [id: ${form.milestone}, repo_id: ${repo.id}]`);
    }
    addEvent(state, issue, doer.id, 'milestone', { oldMilestoneId: issue.milestoneId, milestoneId: form.milestone || undefined });
    issue.milestoneId = form.milestone || undefined;
  }
  if (form.state !== undefined) {
    if (issue.pull?.merged) fail(412, 'cannot change state of this pull request, it was already merged');
    changeState(ctx, issue, doer.id, form.state);
  }
  issue.updated = new Date();
  ctx.json(201, toIssue(ctx, issue));
}

/** Gitea's prepareForReplaceOrAdd: the issue, writers only (403 without a message), labels by id or name. */
function labelsForChange(ctx: Ctx): { issue: IssueRec; labels: LabelRec[]; doerId: number } {
  const { repo, mode } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  const form = bind<{ labels?: unknown[] }>(ctx, 'IssueLabelsOption', [{ go: 'Labels', json: 'labels', type: 'any' }]);
  const issue = issueFromParams(ctx, repo);
  if (mode < Access.Write) throw new RawResponseError(403, '');
  const usable = (l: LabelRec) => l.repoId === repo.id || (l.orgId !== undefined && l.orgId === repo.ownerId);
  const labels: LabelRec[] = [];
  for (const v of Array.isArray(form.labels) ? form.labels : []) {
    let found: LabelRec | undefined;
    if (typeof v === 'number') found = ctx.state.label(v);
    else if (typeof v === 'string') found = ctx.state.labels.find((l) => usable(l) && l.name === v);
    else unprocessable('a label must be an integer or a string');
    // Unknown ids and labels of other repositories are ignored, as Gitea does.
    if (found && usable(found) && !labels.includes(found)) labels.push(found);
  }
  return { issue, labels, doerId: doer.id };
}

function answerLabels(ctx: Ctx, issue: IssueRec): void {
  const labels = issue.labelIds.map((id) => ctx.state.label(id)).filter((l): l is LabelRec => l !== undefined);
  ctx.json(200, labels.sort((a, b) => a.name.localeCompare(b.name)).map((l) => toLabel(ctx, l)));
}

function addLabel(ctx: Ctx, issue: IssueRec, doerId: number, label: LabelRec): void {
  if (issue.labelIds.includes(label.id)) return;
  issue.labelIds.push(label.id);
  addEvent(ctx.state, issue, doerId, 'label', { labelId: label.id, body: '1' });
}

function removeLabel(ctx: Ctx, issue: IssueRec, doerId: number, labelId: number): void {
  if (!issue.labelIds.includes(labelId)) return;
  issue.labelIds = issue.labelIds.filter((id) => id !== labelId);
  addEvent(ctx.state, issue, doerId, 'label', { labelId, body: '' });
}

export function registerIssueEditRoutes(r: Router): void {
  r.patch('/repos/{owner}/{repo}/issues/{index}', ['issue'], editIssue);
  r.post('/repos/{owner}/{repo}/issues/{index}/labels', ['issue'], (ctx) => {
    const { issue, labels, doerId } = labelsForChange(ctx);
    for (const l of labels) addLabel(ctx, issue, doerId, l);
    answerLabels(ctx, issue);
  });
  r.put('/repos/{owner}/{repo}/issues/{index}/labels', ['issue'], (ctx) => {
    const { issue, labels, doerId } = labelsForChange(ctx);
    for (const id of [...issue.labelIds]) if (!labels.some((l) => l.id === id)) removeLabel(ctx, issue, doerId, id);
    for (const l of labels) addLabel(ctx, issue, doerId, l);
    answerLabels(ctx, issue);
  });
  r.delete('/repos/{owner}/{repo}/issues/{index}/labels/{id}', ['issue'], (ctx) => {
    const { repo, mode } = ctx.repoAssignment();
    const doer = ctx.requireSigned();
    const issue = issueFromParams(ctx, repo);
    if (mode < Access.Write) throw new RawResponseError(403, '');
    const id = formInt(ctx.params.id);
    if (!ctx.state.label(id)) unprocessable(`label does not exist [label_id: ${id}]`);
    removeLabel(ctx, issue, doer.id, id);
    ctx.noContent();
  });
}
