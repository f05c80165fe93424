// Notifications (routers/api/v1/notify): GET/PUT /notifications, GET /notifications/new, GET/PATCH
// /notifications/threads/{id}, GET/PUT /repos/{owner}/{repo}/notifications. Lists: newest update first, `all` or
// `status-types` (default unread and pinned), `subject-type`, `since`/`before` (422 on a bad time), paged with Link
// and X-Total-Count. Marking: `last_read_at` (RFC 3339, 400 on a bad one) keeps threads updated after it,
// `status-types` (default unread) and `to-status` (default read); answered 205 with the changed threads. A thread
// of another user is 403 unless the doer is a site administrator. The repository of a thread the user can no longer
// read, and its subject, are left out.
import { formBool } from '../binding';
import type { Ctx } from '../context';
import { toRepo } from '../convert/repo';
import { iso } from '../convert/users';
import { badRequest, forbidden, notFound } from '../errors';
import { issueHtmlUrl } from '../convert/issues';
import { isPlainComment } from '../issueEvents';
import type { NotificationRec, NotificationSource, NotificationStatus } from '../notifications';
import { formInt, paged } from '../paging';
import { accessMode } from '../permissions';
import type { Router } from '../router';
import { Access, type UserRec } from '../state';
import { parseTimeParam } from './issues';

const STATUSES: readonly NotificationStatus[] = ['unread', 'read', 'pinned'];
const SOURCES: Record<string, NotificationSource> = { issue: 'issue', pull: 'pull', commit: 'commit', repository: 'repository' };

function statuses(ctx: Ctx, defaults: NotificationStatus[]): NotificationStatus[] | undefined {
  if (formBool(ctx.query.get('all'))) return undefined;
  const given = ctx.query.getAll('status-types');
  const wanted = (given.length ? given : defaults).map((s) => s.trim().toLowerCase());
  const known = STATUSES.filter((s) => wanted.includes(s));
  // Only unknown names: Gitea's status condition is then empty, which matches every thread.
  return known.length ? known : undefined;
}

function listFilter(ctx: Ctx, doer: UserRec, repoId?: number): (n: NotificationRec) => boolean {
  const before = parseTimeParam(ctx, 'before');
  const since = parseTimeParam(ctx, 'since');
  const wanted = statuses(ctx, ['unread', 'pinned']);
  const sources = ctx.query.getAll('subject-type').map((s) => SOURCES[s.toLowerCase()]).filter((s) => s !== undefined);
  return (n) => {
    const t = Math.floor(n.updated.getTime() / 1000);
    return n.userId === doer.id && (repoId === undefined || n.repoId === repoId)
      && (wanted === undefined || wanted.includes(n.status))
      && (sources.length === 0 || sources.includes(n.source))
      && (since === undefined || t >= since) && (before === undefined || t <= before);
  };
}

const newestFirst = (a: NotificationRec, b: NotificationRec) => b.updated.getTime() - a.updated.getTime() || b.id - a.id;

/** The repositories of one answer, converted once each (toRepo reads git; a list has many threads per repository). */
type RepoCache = Map<number, Promise<Record<string, unknown>>>;

async function toThread(ctx: Ctx, n: NotificationRec, repos: RepoCache = new Map()): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {
    id: n.id,
    repository: null,
    subject: null,
    unread: n.status === 'unread',
    pinned: n.status === 'pinned',
    updated_at: iso(n.updated),
    url: `${ctx.server.apiUrl}/notifications/threads/${n.id}`,
  };
  const repo = ctx.state.repo(n.repoId);
  const user = ctx.state.user(n.userId);
  if (!repo || accessMode(ctx.state, user, repo) < Access.Read) return out;
  let converted = repos.get(repo.id);
  if (!converted) repos.set(repo.id, (converted = toRepo(ctx, repo)));
  const { permissions: _permissions, ...repository } = await converted;
  out.repository = repository;
  if (n.source === 'issue' || n.source === 'pull') {
    const issue = ctx.state.issue(n.issueId);
    if (!issue) return { ...out, subject: { title: '', url: '', latest_comment_url: '', html_url: '', latest_comment_html_url: '', type: n.source === 'pull' ? 'Pull' : 'Issue', state: '' } };
    const html = issueHtmlUrl(ctx, issue);
    const last = ctx.state.comments.filter((c) => c.issueId === issue.id && isPlainComment(c)).sort((a, b) => b.created.getTime() - a.created.getTime() || b.id - a.id)[0];
    out.subject = {
      title: issue.title,
      url: `${ctx.repoApiUrl(repo)}/issues/${issue.index}`,
      latest_comment_url: last ? `${ctx.repoApiUrl(repo)}/issues/comments/${last.id}` : '',
      html_url: html,
      latest_comment_html_url: last ? `${html}#issuecomment-${last.id}` : '',
      type: n.source === 'pull' ? 'Pull' : 'Issue',
      state: issue.pull?.merged ? 'merged' : issue.state,
    };
  } else if (n.source === 'commit') {
    const url = `${ctx.repoHtmlUrl(repo)}/commit/${encodeURIComponent(n.commitId ?? '')}`;
    out.subject = { title: n.commitId ?? '', url, latest_comment_url: '', html_url: url, latest_comment_html_url: '', type: 'Commit', state: '' };
  } else {
    // Gitea keeps a path on the instance here ("for backwards compat").
    out.subject = { title: ctx.state.fullName(repo), url: new URL(ctx.repoHtmlUrl(repo)).pathname, latest_comment_url: '', html_url: ctx.repoHtmlUrl(repo),
      latest_comment_html_url: '', type: 'Repository', state: '' };
  }
  return out;
}

async function list(ctx: Ctx, repoId?: number): Promise<void> {
  const doer = ctx.requireSigned();
  const items = ctx.state.notifications.filter(listFilter(ctx, doer, repoId)).sort(newestFirst);
  const repos: RepoCache = new Map();
  ctx.json(200, await Promise.all(paged(ctx, items).map((n) => toThread(ctx, n, repos))));
}

/** Gitea's ReadNotifications / ReadRepoNotifications (time.Parse RFC 3339; the zero time means no limit). */
async function markList(ctx: Ctx, repoId?: number): Promise<void> {
  const doer = ctx.requireSigned();
  const raw = (ctx.query.get('last_read_at') ?? '').trim();
  let lastRead = 0;
  if (raw) {
    const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/.test(raw) && !Number.isNaN(Date.parse(raw));
    if (!ok) badRequest(`parsing time "${raw}" as "2006-01-02T15:04:05Z07:00": cannot parse "${raw}" as "2006"`);
    if (!raw.startsWith('0001-01-01T00:00:00')) lastRead = Math.floor(Date.parse(raw) / 1000);
  }
  const wanted = statuses(ctx, ['unread']);
  const to = STATUSES.find((s) => s === (ctx.query.get('to-status') ?? '').trim().toLowerCase()) ?? 'read';
  const now = new Date();
  const changed = ctx.state.notifications
    .filter((n) => n.userId === doer.id && (repoId === undefined || n.repoId === repoId) && (wanted === undefined || wanted.includes(n.status)))
    .filter((n) => lastRead === 0 || Math.floor(n.updated.getTime() / 1000) <= lastRead)
    .sort(newestFirst);
  for (const n of changed) {
    n.status = to;
    n.updated = now; // xorm's `updated` column moves with every update
  }
  const repos: RepoCache = new Map();
  ctx.json(205, await Promise.all(changed.map((n) => toThread(ctx, n, repos))));
}

function thread(ctx: Ctx): NotificationRec {
  const doer = ctx.requireSigned();
  const n = ctx.state.notifications.find((x) => x.id === formInt(ctx.params.id));
  if (!n) return notFound(`notification does not exist [id: ${formInt(ctx.params.id)}]`);
  if (n.userId !== doer.id && !doer.isAdmin) forbidden(`only user itself and admin are allowed to read/change this thread ${n.id}`);
  return n;
}

export function registerNotificationRoutes(r: Router): void {
  r.get('/notifications', ['notification'], (ctx) => list(ctx));
  r.put('/notifications', ['notification'], (ctx) => markList(ctx));
  r.get('/notifications/new', ['notification'], (ctx) => {
    const doer = ctx.requireSigned();
    ctx.json(200, { new: ctx.state.notifications.filter((n) => n.userId === doer.id && n.status === 'unread').length });
  });
  r.get('/notifications/threads/{id}', ['notification'], async (ctx) => ctx.json(200, await toThread(ctx, thread(ctx))));
  r.patch('/notifications/threads/{id}', ['notification'], async (ctx) => {
    const n = thread(ctx);
    n.status = STATUSES.find((s) => s === (ctx.query.get('to-status') ?? '').trim().toLowerCase()) ?? 'read';
    n.updated = new Date();
    ctx.json(205, await toThread(ctx, n));
  });
  // repoAssignment runs before reqToken there: an unknown repository is 404 to anyone.
  r.get('/repos/{owner}/{repo}/notifications', ['notification'], (ctx) => list(ctx, ctx.repoAssignment().repo.id));
  r.put('/repos/{owner}/{repo}/notifications', ['notification'], (ctx) => markList(ctx, ctx.repoAssignment().repo.id));
}
