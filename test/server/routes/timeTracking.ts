// Time tracking, as Gitea 1.26's routers/api/v1/repo/issue_stopwatch.go and issue_tracked_time.go answer it.
// Stopwatch routes: 404 for an unknown issue, a bare 403 for a caller who may not write issues or may not track
// time (tracking off included), 409 when starting a running one or stopping/cancelling none; start answers 201
// and stops the user's stopwatch on any other issue first (tracking its time), stop 201, delete 204. The times:
// GET 404 "Timetracker is disabled" when off, and only one's own unless a writer or admin; POST 400 "time tracking
// disabled" when off, 403 for someone who may not track, 422 "[Time]: Required" for 0; DELETE 404 for an unknown
// or deleted entry, 403 for another's (site admins excepted), 204. Each change writes its timeline event.
import { bind } from '../binding';
import type { Ctx } from '../context';
import { toIssue } from '../convert/issues';
import { secToHours } from '../convert/timeline';
import { iso } from '../convert/users';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { addEvent } from '../issueEvents';
import { formInt, setTotalCount } from '../paging';
import { accessMode } from '../permissions';
import type { Router } from '../router';
import { Access, type IssueRec, type RepoRec, type StopwatchRec, type TrackedTimeRec, type UserRec } from '../state';
import { issueFromParams } from './issues';

function trackerEnabled(repo: RepoRec): boolean {
  return repo.settings.hasIssues && !repo.settings.externalTracker && repo.settings.enableTimeTracker;
}

/** Gitea's CanUseTimetracker. */
function canUseTimetracker(mode: Access, repo: RepoRec, issue: IssueRec, user: UserRec): boolean {
  return trackerEnabled(repo) && (!repo.settings.allowOnlyContributorsToTrackTime || mode >= Access.Write
    || issue.posterId === user.id || issue.assigneeIds.includes(user.id));
}

/** Gitea's prepareIssueForStopwatch; undefined once it has answered 403. */
function stopwatchIssue(ctx: Ctx): { issue: IssueRec; user: UserRec } | undefined {
  const { repo, mode } = ctx.repoAssignment();
  const user = ctx.requireSigned();
  const issue = issueFromParams(ctx, repo);
  if (mode < Access.Write || !canUseTimetracker(mode, repo, issue, user)) {
    ctx.noContent(403);
    return undefined;
  }
  return { issue, user };
}

function seconds(sw: StopwatchRec): number {
  return Math.max(0, Math.floor((Date.now() - sw.created.getTime()) / 1000));
}

function addTime(ctx: Ctx, user: UserRec, issue: IssueRec, time: number, created = new Date()): TrackedTimeRec {
  const rec: TrackedTimeRec = { id: ctx.state.nextId('trackedTime'), userId: user.id, issueId: issue.id, time, created, deleted: false };
  ctx.state.trackedTimes.push(rec);
  return rec;
}

/** Gitea's finishIssueStopwatch: the elapsed time becomes a tracked time and a stop_tracking event. */
function finish(ctx: Ctx, user: UserRec, sw: StopwatchRec): void {
  const issue = ctx.state.issue(sw.issueId)!;
  const elapsed = seconds(sw);
  addTime(ctx, user, issue, elapsed);
  addEvent(ctx.state, issue, user.id, 'stop_tracking', { body: secToHours(elapsed) });
  ctx.state.stopwatches.splice(ctx.state.stopwatches.indexOf(sw), 1);
}

function start(ctx: Ctx): void {
  const target = stopwatchIssue(ctx);
  if (!target) return;
  const { issue, user } = target;
  const running = ctx.state.stopwatches.find((s) => s.userId === user.id);
  if (running?.issueId === issue.id) conflict('cannot start a stopwatch again if it already exists');
  if (running) finish(ctx, user, running);
  ctx.state.stopwatches.push({ id: ctx.state.nextId('stopwatch'), userId: user.id, issueId: issue.id, created: new Date() });
  addEvent(ctx.state, issue, user.id, 'start_tracking');
  ctx.noContent(201);
}

/** Stop or cancel: the user's stopwatch on this issue, or 409 "cannot <verb> a non-existent stopwatch". */
function endStopwatch(ctx: Ctx, verb: 'stop' | 'cancel'): void {
  const target = stopwatchIssue(ctx);
  if (!target) return;
  const sw = ctx.state.stopwatches.find((s) => s.userId === target.user.id && s.issueId === target.issue.id);
  if (!sw) return conflict(`cannot ${verb} a non-existent stopwatch`);
  if (verb === 'stop') {
    finish(ctx, target.user, sw);
    return ctx.noContent(201);
  }
  ctx.state.stopwatches.splice(ctx.state.stopwatches.indexOf(sw), 1);
  addEvent(ctx.state, target.issue, target.user.id, 'cancel_tracking');
  ctx.noContent(204);
}

/** Gitea's GetStopwatches: the caller's, of issues they can still read; X-Total-Count counts them all. */
function stopwatches(ctx: Ctx): void {
  const user = ctx.requireSigned();
  const mine = ctx.state.stopwatches.filter((s) => s.userId === user.id);
  const page = formInt(ctx.query.get('page'));
  const listed = page > 0 ? pageSlice(ctx, mine, page) : mine;
  setTotalCount(ctx, mine.length);
  ctx.json(200, listed.flatMap((sw) => {
    const issue = ctx.state.issue(sw.issueId);
    const repo = issue && ctx.state.repo(issue.repoId);
    if (!issue || !repo || accessModeOf(ctx, repo) < Access.Read) return [];
    const secs = seconds(sw);
    return [{
      created: iso(sw.created), seconds: secs, duration: secToHours(secs), issue_index: issue.index, issue_title: issue.title,
      repo_owner_name: ctx.state.ownerOf(repo).login, repo_name: repo.name,
    }];
  }));
}

function accessModeOf(ctx: Ctx, repo: RepoRec): Access {
  return accessMode(ctx.state, ctx.doer, repo);
}

/** db.SetSessionPagination: only when a page is asked for (no page = every row). */
function pageSlice<T>(ctx: Ctx, items: T[], page: number): T[] {
  let limit = formInt(ctx.query.get('limit'));
  if (limit <= 0) limit = 30;
  else if (limit > 50) limit = 50;
  return items.slice((page - 1) * limit, page * limit);
}

function toTrackedTime(ctx: Ctx, t: TrackedTimeRec): Record<string, unknown> {
  const issue = ctx.state.issue(t.issueId);
  return {
    id: t.id, created: iso(t.created), time: t.time, user_id: t.userId, user_name: ctx.state.account(t.userId)?.login ?? '',
    issue_id: t.issueId, issue: issue ? toIssue(ctx, issue) : null,
  };
}

function listTimes(ctx: Ctx): void {
  const { repo, mode } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  if (!trackerEnabled(repo)) {
    // APIErrorNotFound(message): a Go map, so its keys sorted, `errors` included (as Gitea 1.26.3 answered).
    return ctx.json(404, { errors: null, message: 'Timetracker is disabled', url: ctx.server.swaggerUrl });
  }
  const issue = issueFromParams(ctx, repo);
  let userId = 0;
  const qUser = (ctx.query.get('user') ?? '').trim();
  if (qUser !== '') {
    const user = ctx.state.accountByName(qUser);
    if (!user || user.kind !== 'user') return notFound(`user redirect does not exist [name: ${qUser}]`);
    userId = user.id;
  }
  if (!doer.isAdmin && userId !== doer.id && mode < Access.Write) {
    if (userId !== 0) {
      return forbidden('query by user not allowed; not enough rights');
    }
    userId = doer.id;
  }
  const times = ctx.state.trackedTimes.filter((t) => t.issueId === issue.id && !t.deleted && (userId === 0 || t.userId === userId));
  const page = formInt(ctx.query.get('page'));
  setTotalCount(ctx, times.length);
  ctx.json(200, (page > 0 ? pageSlice(ctx, times, page) : times).map((t) => toTrackedTime(ctx, t)));
}

function postTime(ctx: Ctx): void {
  const { repo, mode } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  const form = bind<{ time?: number; created?: string; user_name?: string }>(ctx, 'AddTimeOption', [
    { go: 'Time', json: 'time', type: 'int', rules: ['Required'] },
    { go: 'Created', json: 'created', type: 'time' },
    { go: 'User', json: 'user_name', type: 'string' },
  ]);
  const issue = issueFromParams(ctx, repo);
  if (!canUseTimetracker(mode, repo, issue, doer)) {
    if (!trackerEnabled(repo)) badRequest('time tracking disabled');
    return ctx.noContent(403);
  }
  let user = doer;
  if (form.user_name && ((mode >= Access.Admin && doer.login !== form.user_name) || doer.isAdmin)) {
    const other = ctx.state.accountByName(form.user_name);
    if (other?.kind === 'user') user = other;
  }
  const created = form.created ? new Date(form.created) : new Date();
  const rec = addTime(ctx, user, issue, form.time ?? 0, Number.isNaN(created.getTime()) ? new Date() : created);
  addEvent(ctx.state, issue, user.id, 'add_time_manual', { body: `|${rec.time}` });
  ctx.json(200, toTrackedTime(ctx, rec));
}

function deleteTime(ctx: Ctx): void {
  const { repo, mode } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  const issue = issueFromParams(ctx, repo);
  if (!canUseTimetracker(mode, repo, issue, doer)) {
    if (!trackerEnabled(repo)) {
      ctx.json(400, { Message: 'time tracking disabled' });
      return;
    }
    return ctx.noContent(403);
  }
  const t = ctx.state.trackedTimes.find((x) => x.id === formInt(ctx.params.id) && x.issueId === issue.id);
  if (!t) return notFound();
  if (t.deleted) return notFound('tracked time was already deleted');
  if (!doer.isAdmin && t.userId !== doer.id) return ctx.noContent(403);
  t.deleted = true;
  addEvent(ctx.state, issue, t.userId, 'delete_time_manual', { body: `|${t.time}` });
  ctx.noContent(204);
}

export function registerTimeTrackingRoutes(r: Router): void {
  const base = '/repos/{owner}/{repo}/issues/{index}';
  r.post(`${base}/stopwatch/start`, ['issue'], start);
  r.post(`${base}/stopwatch/stop`, ['issue'], (ctx) => endStopwatch(ctx, 'stop'));
  r.delete(`${base}/stopwatch/delete`, ['issue'], (ctx) => endStopwatch(ctx, 'cancel'));
  r.get(`${base}/times`, ['issue'], listTimes);
  r.post(`${base}/times`, ['issue'], postTime);
  r.delete(`${base}/times/{id}`, ['issue'], deleteTime);
  r.get('/user/stopwatches', ['user'], stopwatches);
}
