// Repository issues: GET /repos/{o}/{r}/issues (filters state, labels, q, type, milestones, since, before,
// created_by, assigned_by, mentioned_by), GET …/issues/{index}, POST …/issues (checks in Gitea's order:
// 404 → 401 → 423 → 422 → 403; writers only may set labels, milestone, assignees, due date), plus the
// repository's labels and milestones (X-Total-Count only).
import { recordActivity } from '../activity';
import { bind } from '../binding';
import type { Ctx } from '../context';
import { toIssue, toLabel, toMilestone } from '../convert/issues';
import { archived, badRequest, fail, notFound, unprocessable } from '../errors';
import { formInt, listOptions, paged, pagedTotalOnly } from '../paging';
import { accessMode } from '../permissions';
import type { Router } from '../router';
import { Access, type IssueRec, type RepoRec } from '../state';
import { newIssue } from '../seed/demoIssues';
import { notifyIssue, notifyWithMentions } from '../notifications';

/** Gitea's GetQueryBeforeSince: RFC 3339 or 422 with Go's parse error. */
export function parseTimeParam(ctx: Ctx, name: string): number | undefined {
  const v = ctx.query.get(name);
  if (!v) return undefined;
  const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v));
  if (!ok) unprocessable(`parsing time "${v}" as "2006-01-02T15:04:05Z07:00": cannot parse "${v}" as "2006"`);
  return Math.floor(Date.parse(v) / 1000);
}

export function stateFilter(value: string | null): (i: IssueRec) => boolean {
  if (value === 'closed') return (i) => i.state === 'closed';
  if (value === 'all') return () => true;
  return (i) => i.state === 'open';
}

export function keywordFilter(q: string): (i: IssueRec) => boolean {
  const k = q.toLowerCase();
  return (i) => !k || i.title.toLowerCase().includes(k) || i.body.toLowerCase().includes(k) || String(i.index) === k;
}

export const newestFirst = (a: IssueRec, b: IssueRec) => b.created.getTime() - a.created.getTime() || b.id - a.id;

function userFilterId(ctx: Ctx, name: string): number | undefined {
  const v = ctx.query.get(name);
  if (!v) return undefined;
  const u = ctx.state.userByName(v);
  return u ? u.id : notFound(`user does not exist [uid: 0, name: ${v}]`);
}

function listIssues(ctx: Ctx): void {
  const { repo } = ctx.repoAssignment();
  const since = parseTimeParam(ctx, 'since');
  const before = parseTimeParam(ctx, 'before');
  const state = ctx.state;
  const labelNames = (ctx.query.get('labels') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const labelIds = labelNames
    .map((n) => state.labels.find((l) => l.repoId === repo.id && l.name === n)?.id)
    .filter((id): id is number => id !== undefined);
  const milestoneIds = (ctx.query.get('milestones') ?? '').split(',').map((s) => s.trim()).filter(Boolean)
    .map((m) => state.milestones.find((x) => x.repoId === repo.id && (x.title === m || String(x.id) === m))?.id)
    .filter((id): id is number => id !== undefined);
  const type = ctx.query.get('type');
  const createdBy = userFilterId(ctx, 'created_by');
  const assignedBy = userFilterId(ctx, 'assigned_by');
  const mentionedBy = userFilterId(ctx, 'mentioned_by');
  const opts = listOptions(ctx);
  const q = (ctx.query.get('q') ?? '').trim();
  if (q && opts.limit > 50) opts.limit = 50;
  const items = state.issues
    .filter((i) => i.repoId === repo.id)
    .filter(stateFilter(ctx.query.get('state')))
    .filter(keywordFilter(q))
    .filter((i) => (type === 'pulls' ? !!i.pull : type === 'issues' ? !i.pull : true))
    .filter((i) => labelIds.every((id) => i.labelIds.includes(id)))
    .filter((i) => milestoneIds.length === 0 || (i.milestoneId !== undefined && milestoneIds.includes(i.milestoneId)))
    .filter((i) => since === undefined || i.updated.getTime() / 1000 >= since)
    .filter((i) => before === undefined || i.updated.getTime() / 1000 <= before)
    .filter((i) => createdBy === undefined || i.posterId === createdBy)
    .filter((i) => assignedBy === undefined || i.assigneeIds.includes(assignedBy))
    .filter((i) => mentionedBy === undefined || i.mentionIds.includes(mentionedBy))
    .sort(newestFirst);
  ctx.json(200, paged(ctx, items, opts).map((i) => toIssue(ctx, i)));
}

export function issueFromParams(ctx: Ctx, repo: RepoRec): IssueRec {
  const issue = ctx.state.issueByIndex(repo.id, formInt(ctx.params.index));
  return issue ?? notFound();
}

interface CreateIssueOption {
  title: string;
  body?: string;
  ref?: string;
  assignee?: string;
  assignees?: string[];
  due_date?: string;
  milestone?: number;
  labels?: number[];
  closed?: boolean;
  projects?: number[];
}

async function createIssue(ctx: Ctx): Promise<void> {
  const { repo, mode } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  if (repo.archived) archived();
  const form = bind<CreateIssueOption>(ctx, 'CreateIssueOption', [
    { go: 'Title', json: 'title', type: 'string', rules: ['Required'] },
    { go: 'Body', json: 'body', type: 'string' },
    { go: 'Ref', json: 'ref', type: 'string' },
    { go: 'Assignee', json: 'assignee', type: 'string' },
    { go: 'Assignees', json: 'assignees', type: 'strings' },
    { go: 'Milestone', json: 'milestone', type: 'int' },
    { go: 'Labels', json: 'labels', type: 'ints' },
    { go: 'Deadline', json: 'due_date', type: 'time' },
    { go: 'Closed', json: 'closed', type: 'bool' },
    { go: 'Projects', json: 'projects', type: 'ints' },
  ]);
  const state = ctx.state;
  const canWrite = mode >= Access.Write;
  let assigneeIds: number[] = [];
  let milestoneId: number | undefined;
  let labels: number[] = [];
  let projects: number[] = [];
  let dueDate: Date | undefined;
  if (canWrite) {
    const names = [...new Set([...(form.assignee ? [form.assignee] : []), ...(form.assignees ?? [])].filter(Boolean))];
    for (const name of names) {
      const u = state.userByName(name);
      if (!u) unprocessable(`Assignee does not exist: [name: user does not exist [uid: 0, name: ${name}]]`);
      if (accessMode(state, u, repo) < Access.Write) unprocessable(`user doesn't have access to repo [user_id: ${u!.id}, repo_name: ${repo.name}]`);
      assigneeIds.push(u!.id);
    }
    milestoneId = form.milestone || undefined;
    labels = form.labels ?? [];
    projects = form.projects ?? [];
    if (form.due_date) {
      const d = new Date(form.due_date);
      dueDate = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59, 59));
    }
  } else {
    assigneeIds = [];
  }
  if (milestoneId !== undefined && !state.milestones.some((m) => m.id === milestoneId && m.repoId === repo.id)) {
    badRequest(`milestone does not exist [id: ${milestoneId}, repo_id: ${repo.id}]`);
  }
  for (const id of labels) {
    const l = state.label(id);
    if (!l || (l.repoId !== repo.id && l.orgId !== repo.ownerId)) badRequest(`label does not exist [label_id: ${id}]`);
  }
  for (const id of projects) {
    if (!state.projects.some((p) => p.id === id && p.repoId === repo.id)) badRequest(`project does not exist [id: ${id}]`);
  }
  const now = new Date();
  const issue = newIssue(state, repo, {
    title: form.title, posterId: doer.id, body: form.body ?? '', ref: form.ref ?? '', labelIds: [...new Set(labels)],
    milestoneId, assigneeIds, projectIds: projects, dueDate, created: now, updated: now,
    mentionIds: [...(form.body ?? '').matchAll(/@([\w.-]+)/g)].map((m) => state.userByName(m[1])?.id).filter((x): x is number => x !== undefined),
  });
  recordActivity(state, { opType: 'create_issue', actorId: doer.id, repo, content: `${issue.index}|${issue.title}` });
  notifyWithMentions(state, issue, doer.id, issue.body);
  for (const id of assigneeIds) if (id !== doer.id) notifyIssue(state, { issue, doerId: doer.id, receiverId: id });
  if (form.closed) {
    const openDeps = state.dependencies.filter((d) => d.issueId === issue.id && state.issue(d.dependsOnId)?.state === 'open');
    if (openDeps.length) fail(412, 'cannot close this issue because it still has open dependencies');
    issue.state = 'closed';
    issue.closedAt = now;
    recordActivity(state, { opType: 'close_issue', actorId: doer.id, repo, content: `${issue.index}|` });
  }
  repo.updated = now;
  ctx.json(201, toIssue(ctx, issue));
}

export function registerIssueRoutes(r: Router): void {
  r.get('/repos/{owner}/{repo}/issues', ['issue'], listIssues);
  r.post('/repos/{owner}/{repo}/issues', ['issue'], createIssue);
  r.get('/repos/{owner}/{repo}/issues/{index}', ['issue'], (ctx) => {
    const { repo } = ctx.repoAssignment();
    ctx.json(200, toIssue(ctx, issueFromParams(ctx, repo)));
  });
  r.get('/repos/{owner}/{repo}/labels', ['issue'], (ctx) => {
    const { repo } = ctx.repoAssignment();
    const labels = ctx.state.labels.filter((l) => l.repoId === repo.id).sort((a, b) => a.name.localeCompare(b.name));
    ctx.json(200, pagedTotalOnly(ctx, labels).map((l) => toLabel(ctx, l)));
  });
  r.get('/repos/{owner}/{repo}/milestones', ['issue'], (ctx) => {
    const { repo } = ctx.repoAssignment();
    const st = ctx.query.get('state') ?? 'open';
    const name = (ctx.query.get('name') ?? '').toLowerCase();
    const far = 253402300799000;
    const list = ctx.state.milestones
      .filter((m) => m.repoId === repo.id && (st === 'all' || m.state === (st === 'closed' ? 'closed' : 'open')))
      .filter((m) => !name || m.title.toLowerCase().includes(name))
      .sort((a, b) => (a.dueOn?.getTime() ?? far) - (b.dueOn?.getTime() ?? far) || a.id - b.id);
    ctx.json(200, pagedTotalOnly(ctx, list).map((m) => toMilestone(ctx, m)));
  });
}
