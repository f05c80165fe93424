// GET /repos/issues/search across the repositories the caller can read. Team filter needs `owner` (400);
// bad since/before → 422; `limit` is not clamped (a text `q` caps it at 50); default limit is the UI's 20;
// labels/milestones match any of the names (unknown names are dropped). Forgejo ignores `created_by`.
import { formBool } from '../binding';
import type { Ctx } from '../context';
import { toIssue } from '../convert/issues';
import { badRequest } from '../errors';
import { formInt, pageOf, setLinkHeader, setTotalCount } from '../paging';
import { readableRepos } from '../permissions';
import type { Router } from '../router';
import type { IssueRec } from '../state';
import { keywordFilter, newestFirst, parseTimeParam, stateFilter } from './issues';

const UI_ISSUE_PAGING_NUM = 20;
const INDEXER_MAX = 50;

function searchIssues(ctx: Ctx): void {
  const state = ctx.state;
  const before = parseTimeParam(ctx, 'before');
  const since = parseTimeParam(ctx, 'since');
  let repos = readableRepos(state, ctx.doer);
  const ownerName = ctx.query.get('owner') ?? '';
  if (ownerName) {
    const owner = state.accountByName(ownerName);
    if (!owner) return badRequest(`user redirect does not exist [name: ${ownerName.toLowerCase()}]`);
    repos = repos.filter((r) => r.ownerId === owner.id);
  }
  const teamName = ctx.query.get('team') ?? '';
  if (teamName) {
    if (!ownerName) return badRequest('Owner organisation is required for filtering on team');
    const org = state.accountByName(ownerName)!;
    const team = state.teams.find((t) => t.orgId === org.id && t.name.toLowerCase() === teamName.toLowerCase());
    if (!team) return badRequest(`team does not exist [org_id ${org.id}, team_id 0, name: ${teamName}]`);
    repos = repos.filter((r) => team.includesAllRepositories ? r.ownerId === org.id : team.repoIds.includes(r.id));
  }
  const repoIds = new Set(repos.map((r) => r.id));
  const q = (ctx.query.get('q') ?? '').trim();
  const type = ctx.query.get('type');
  const names = (param: string) => (ctx.query.get(param) ?? '').trim().split(',').map((s) => s.trim()).filter(Boolean);
  const labelIds = new Set(state.labels.filter((l) => names('labels').includes(l.name)).map((l) => l.id));
  const milestoneIds = new Set(state.milestones.filter((m) => names('milestones').includes(m.title)).map((m) => m.id));
  let limit = formInt(ctx.query.get('limit'));
  if (limit <= 0) limit = UI_ISSUE_PAGING_NUM;
  if (q && limit > INDEXER_MAX) limit = INDEXER_MAX;
  const page = Math.max(1, formInt(ctx.query.get('page')));

  const doer = ctx.doer;
  const filters: Array<(i: IssueRec) => boolean> = [
    (i) => repoIds.has(i.repoId),
    stateFilter(ctx.query.get('state')),
    keywordFilter(q),
    (i) => (type === 'pulls' ? !!i.pull : type === 'issues' ? !i.pull : true),
    (i) => labelIds.size === 0 || i.labelIds.some((id) => labelIds.has(id)),
    (i) => milestoneIds.size === 0 || (i.milestoneId !== undefined && milestoneIds.has(i.milestoneId)),
    (i) => since === undefined || i.updated.getTime() / 1000 >= since,
    (i) => before === undefined || i.updated.getTime() / 1000 <= before,
  ];
  const createdBy = ctx.forgejo ? '' : ctx.query.get('created_by') ?? '';
  if (createdBy) {
    const u = state.userByName(createdBy);
    filters.push((i) => u !== undefined && i.posterId === u.id);
  }
  if (doer) {
    if (formBool(ctx.query.get('created'))) filters.push((i) => i.posterId === doer.id);
    if (formBool(ctx.query.get('assigned'))) filters.push((i) => i.assigneeIds.includes(doer.id));
    if (formBool(ctx.query.get('mentioned'))) filters.push((i) => i.mentionIds.includes(doer.id));
    // Gitea's applyReviewRequestedCondition: a pending request of the user, never on the user's own pull request.
    if (formBool(ctx.query.get('review_requested'))) filters.push((i) => i.posterId !== doer.id && !!i.pull?.requestedReviewerIds.includes(doer.id));
    if (formBool(ctx.query.get('reviewed'))) {
      const reviewed = new Set(
        state.actions
          .filter((a) => a.actUserId === doer.id && ['approve_pull_request', 'reject_pull_request'].includes(a.opType))
          .map((a) => `${a.repoId}#${a.content.split('|')[0]}`),
      );
      filters.push((i) => !!i.pull && reviewed.has(`${i.repoId}#${i.index}`));
    }
  }
  const items = state.issues.filter((i) => filters.every((f) => f(i))).sort(newestFirst);
  setLinkHeader(ctx, items.length, limit);
  setTotalCount(ctx, items.length);
  ctx.json(200, pageOf(items, { page, limit }).map((i) => toIssue(ctx, i)));
}

export function registerIssueSearchRoutes(r: Router): void {
  r.get('/repos/issues/search', ['issue'], searchIssues);
}
