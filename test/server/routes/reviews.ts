// Pull request reviews (routers/api/v1/repo/pull_review.go): list (others' pending reviews hidden), get and
// its line comments (404 for another user's pending review), create (PENDING stays pending; 422 for approving
// or rejecting one's own pull request, a COMMENT without body or comments, REQUEST_CHANGES without body),
// submit (only a pending review; 422 "review stay pending"), delete (reviewer or site admin, else 403), and
// review requests of users and of an organization's teams (201 with the REQUEST_REVIEW reviews; 204 on removal).
import { bind } from '../binding';
import type { Ctx } from '../context';
import { pullShas } from '../convert/pulls';
import { canSeeReview, reviewCodeComments, toPullReview, toPullReviewComment } from '../convert/timeline';
import { fail, notFound, unprocessable } from '../errors';
import { addEvent, reviewCommentsCount } from '../issueEvents';
import { formInt, paged } from '../paging';
import { accessMode } from '../permissions';
import type { Router } from '../router';
import { Access, type IssueRec, type RepoRec, type ReviewRec, type ReviewType, type TeamPermission, type TeamRec, type UserRec } from '../state';
import { notifyIssue, notifyWithMentions } from '../notifications';

interface LineComment {
  path?: string;
  body?: string;
  new_position?: number;
  old_position?: number;
}

function pullFromParams(ctx: Ctx, repo: RepoRec): IssueRec {
  const issue = ctx.state.issueByIndex(repo.id, formInt(ctx.params.index));
  return issue?.pull ? issue : notFound();
}

/** Gitea's prepareSingleReview. */
function reviewFromParams(ctx: Ctx): { repo: RepoRec; issue: IssueRec; review: ReviewRec } {
  const { repo } = ctx.repoAssignment();
  const issue = pullFromParams(ctx, repo);
  const review = ctx.state.review(formInt(ctx.params.id));
  if (!review || review.issueId !== issue.id || !canSeeReview(ctx, review)) return notFound();
  return { repo, issue, review };
}

/** Gitea's preparePullReviewType: the review type of an event, or a 422. */
function reviewType(issue: IssueRec, doerId: number, event: string | undefined, body: string | undefined, hasComments: boolean): ReviewType {
  const hasBody = (body ?? '').trim().length > 0;
  switch (event) {
    case 'APPROVED':
      if (issue.posterId === doerId) unprocessable('approve your own pull is not allowed');
      return 'approve';
    case 'REQUEST_CHANGES':
      if (issue.posterId === doerId) unprocessable('reject your own pull is not allowed');
      if (!hasBody) unprocessable(`review event ${event} requires a body`);
      return 'reject';
    case 'COMMENT':
      if (!hasBody && !hasComments) unprocessable(`review event ${event} requires a body or a comment`);
      return 'comment';
    default:
      return 'pending';
  }
}

/** The hunk of `path`'s diff that holds `line` (negative: a line of the old file), cut after that line. */
/**
 * pull_service.createCodeComment's CommitSHA: for a new-side line, the review's first comment on that line lends its
 * commit, else the commit that last changed the line (git blame at the review's commit, else the head); for an
 * old-side line, or when blame finds no such line, the head.
 */
async function commentCommit(ctx: Ctx, repo: RepoRec, review: ReviewRec, path: string, line: number, headSha: string): Promise<string> {
  if (line <= 0) return headSha;
  const first = ctx.state.comments.find((c) => c.reviewId === review.id && c.type === 'code' && c.line === line && c.treePath === path);
  if (first?.commitSha) return first.commitSha;
  const at = review.commitId || headSha;
  const blame = await ctx.git.run(repo.gitPath, ['blame', '--porcelain', '-L', `${line},${line}`, at, '--', path]);
  const sha = blame.code === 0 ? /^([0-9a-f]{40}) /.exec(blame.stdout.toString('utf8'))?.[1] : undefined;
  return sha ?? headSha;
}

async function diffHunk(ctx: Ctx, repo: RepoRec, base: string, head: string, path: string, line: number): Promise<string> {
  if (!base || !head || line === 0) return '';
  const out = (await ctx.git.run(repo.gitPath, ['diff', '--no-color', base, head, '--', path])).stdout.toString('utf8');
  const lines = out.split('\n');
  let header = -1;
  let oldNo = 0;
  let newNo = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const m = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(l);
    if (m) {
      header = i;
      oldNo = Number(m[1]) - 1;
      newNo = Number(m[2]) - 1;
      continue;
    }
    if (header < 0) continue;
    if (l.startsWith('-')) oldNo++;
    else if (l.startsWith('+')) newNo++;
    else {
      oldNo++;
      newNo++;
    }
    const hit = line > 0 ? newNo === line && !l.startsWith('-') : oldNo === -line && !l.startsWith('+');
    if (hit) return [`diff --git a/${path} b/${path}`, ...lines.slice(header, i + 1)].join('\n');
  }
  return '';
}

/** Submitting a review replaces the reviewer's review request and adds the review to the timeline. */
function submit(ctx: Ctx, repo: RepoRec, issue: IssueRec, review: ReviewRec, type: ReviewType, body: string, commitId: string): void {
  const now = new Date();
  review.type = type;
  review.body = body;
  review.commitId = commitId;
  review.official = (type === 'approve' || type === 'reject') && accessMode(ctx.state, ctx.state.user(review.reviewerId), repo) >= Access.Write;
  review.created = now;
  review.updated = now;
  const pr = issue.pull!;
  pr.requestedReviewerIds = pr.requestedReviewerIds.filter((id) => id !== review.reviewerId);
  const state = ctx.state;
  for (let i = state.reviews.length - 1; i >= 0; i--) {
    const r = state.reviews[i]!;
    if (r.issueId === issue.id && r.reviewerId === review.reviewerId && r.type === 'request') state.reviews.splice(i, 1);
  }
  const event = addEvent(state, issue, review.reviewerId, 'review', { reviewId: review.id, body }, now);
  if (type !== 'pending') notifyWithMentions(state, issue, review.reviewerId, body, event.id);
  pr.reviewComments = reviewCommentsCount(state, issue.id);
  issue.updated = now;
}

async function createReview(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  const form = bind<{ body?: string; event?: string; commit_id?: string; comments?: LineComment[] }>(ctx, 'CreatePullReviewOptions', [
    { go: 'Body', json: 'body', type: 'string' },
    { go: 'Event', json: 'event', type: 'string' },
    { go: 'CommitID', json: 'commit_id', type: 'string' },
    { go: 'Comments', json: 'comments', type: 'any' },
  ]);
  const issue = pullFromParams(ctx, repo);
  const comments = Array.isArray(form.comments) ? form.comments : [];
  const type = reviewType(issue, doer.id, form.event, form.body, comments.length > 0);
  const shas = await pullShas(ctx, issue);
  const commitId = form.commit_id || shas.headSha;
  const state = ctx.state;
  const now = new Date();
  // Line comments go to the doer's pending review (Gitea keeps one per reviewer and pull request).
  let review = state.reviews.find((r) => r.issueId === issue.id && r.reviewerId === doer.id && r.type === 'pending');
  const existed = review !== undefined;
  if (!review) {
    review = { id: state.nextId('review'), issueId: issue.id, reviewerId: doer.id, type: 'pending', body: '', commitId,
      official: false, stale: false, dismissed: false, created: now, updated: now };
    state.reviews.push(review);
  }
  for (const c of comments) {
    const line = c.old_position && c.old_position > 0 ? -c.old_position : c.new_position ?? 0;
    const path = c.path ?? '';
    state.comments.push({ id: state.nextId('comment'), issueId: issue.id, posterId: doer.id, body: c.body ?? '', created: now,
      updated: now, type: 'code', reviewId: review.id, treePath: path, line,
      commitSha: await commentCommit(ctx, repo, review, path, line, shas.headSha),
      diffHunk: await diffHunk(ctx, repo, shas.mergeBase, shas.headSha, path, line) });
  }
  // Gitea's pull_service.SubmitReview refuses only approving or rejecting a closed pull request.
  if (issue.state === 'closed' && (type === 'approve' || type === 'reject')) unprocessable("can't submit review for a closed or merged PR");
  if (type === 'pending') {
    // issues_model.SubmitReview: a pending review without line comments needs a body (ContentEmptyErr, answered
    // as an internal error), and the body sent replaces the pending review's (an absent one empties it).
    const body = form.body ?? '';
    if (!body.trim() && reviewCodeComments(ctx, review).length === 0) {
      if (!existed) state.reviews.splice(state.reviews.indexOf(review), 1);
      fail(500, 'cannot submit a review with empty content');
    }
    review.body = body;
    review.commitId = commitId;
  } else {
    submit(ctx, repo, issue, review, type, form.body ?? '', commitId);
  }
  ctx.json(200, toPullReview(ctx, review));
}

async function submitReview(ctx: Ctx): Promise<void> {
  const doer = ctx.requireSigned();
  const form = bind<{ body?: string; event?: string }>(ctx, 'SubmitPullReviewOptions', [
    { go: 'Body', json: 'body', type: 'string' },
    { go: 'Event', json: 'event', type: 'string' },
  ]);
  const { repo, issue, review } = reviewFromParams(ctx);
  if (review.type !== 'pending') unprocessable('only a pending review can be submitted');
  // Gitea passes len(review.Comments), which prepareSingleReview never loads (it loads CodeComments): submitting
  // a pending review as COMMENT needs a body even when the review has line comments.
  const type = reviewType(issue, doer.id, form.event, form.body, false);
  if (type === 'pending') unprocessable('review stay pending');
  if (issue.state === 'closed' && (type === 'approve' || type === 'reject')) unprocessable("can't submit review for a closed or merged PR");
  const shas = await pullShas(ctx, issue);
  submit(ctx, repo, issue, review, type, form.body ?? '', shas.headSha);
  ctx.json(200, toPullReview(ctx, review));
}

function deleteReview(ctx: Ctx): void {
  const doer = ctx.requireSigned();
  const { issue, review } = reviewFromParams(ctx);
  if (!doer.isAdmin && doer.id !== review.reviewerId) fail(403, '');
  const state = ctx.state;
  state.reviews.splice(state.reviews.indexOf(review), 1);
  for (let i = state.comments.length - 1; i >= 0; i--) {
    if (state.comments[i]!.reviewId === review.id) state.comments.splice(i, 1);
  }
  issue.pull!.reviewComments = reviewCommentsCount(ctx.state, issue.id);
  ctx.noContent();
}

/** A team's access to one unit of its repositories (an owner or admin team has every unit at its mode). */
function teamUnitAccess(team: TeamRec, unit: string): TeamPermission {
  if (team.permission === 'owner' || team.permission === 'admin') return team.permission;
  return team.unitPermissions?.[unit] ?? (team.units.includes(unit) ? team.permission : 'none');
}

/** organization.HasTeamRepo: the team's repositories (all of the organization's with includes_all_repositories). */
function teamHasRepo(team: TeamRec, repo: RepoRec): boolean {
  return repo.ownerId === team.orgId && (team.includesAllRepositories || team.repoIds.includes(repo.id));
}

/**
 * issue_service.CanDoerChangeReviewRequests: not on an archived repository; the poster, the owner, a
 * collaborator, or a member of one of the organization's teams that has the repository with read access to pulls.
 */
function canDoerChangeReviewRequests(ctx: Ctx, doerId: number, repo: RepoRec, posterId: number): boolean {
  if (repo.archived) return false;
  if (doerId === posterId || doerId === repo.ownerId || repo.collaborators.has(doerId)) return true;
  return ctx.state.teams.some((t) => t.orgId === repo.ownerId && teamHasRepo(t, repo) && teamUnitAccess(t, 'repo.pulls') !== 'none' &&
    t.memberIds.includes(doerId));
}

/**
 * issue_service.TeamReviewRequest: isValidTeamReviewRequest (422 when a private repository is not the team's or
 * the doer may not change review requests), then issues_model.AddTeamReviewRequest (nothing when the team was
 * already asked; a REQUEST_REVIEW review with ReviewerTeamID and a review_request event with AssigneeTeamID) or
 * RemoveTeamReviewRequest (deletes the team's request; an event with removed_assignee). Unlike a user's request,
 * a team's is taken on closed pull requests too. Answers the review created, if any.
 */
export function teamReviewRequest(ctx: Ctx, repo: RepoRec, issue: IssueRec, doerId: number, team: TeamRec, isAdd: boolean): ReviewRec | undefined {
  const state = ctx.state;
  const refuse = (reason: string): never => unprocessable(`${reason} [user_id: ${doerId}, repo_id: ${repo.id}]`);
  const canChange = canDoerChangeReviewRequests(ctx, doerId, repo, issue.posterId);
  if (isAdd) {
    if (repo.private && !teamHasRepo(team, repo)) refuse("Reviewing team can't read repo");
    if (!canChange) refuse("Doer can't choose reviewer");
  } else if (!canChange) {
    refuse("Doer can't remove reviewer");
  }
  const existing = state.reviews.filter((r) => r.issueId === issue.id && r.reviewerTeamId === team.id).sort((a, b) => b.id - a.id)[0];
  const now = new Date();
  if (!isAdd) {
    if (!existing) return undefined;
    state.reviews.splice(state.reviews.indexOf(existing), 1);
    addEvent(state, issue, doerId, 'review_request', { assigneeTeamId: team.id, removedAssignee: true }, now);
    return undefined;
  }
  if (existing) return undefined;
  // IsOfficialReviewerTeam (a rule on the base branch, the team writes code), else IsOfficialReviewer of the doer
  // (write access to the code; no approvals whitelist here).
  const rule = repo.protections.find((p) => p.ruleName === issue.pull!.baseBranch);
  const writes = (p: TeamPermission) => p === 'write' || p === 'admin' || p === 'owner';
  const official = (!!rule && writes(teamUnitAccess(team, 'repo.code'))) || accessMode(state, state.user(doerId), repo) >= Access.Write;
  const review: ReviewRec = { id: state.nextId('review'), issueId: issue.id, reviewerId: 0, reviewerTeamId: team.id, type: 'request',
    body: '', commitId: '', official, stale: false, dismissed: false, created: now, updated: now };
  state.reviews.push(review);
  addEvent(state, issue, doerId, 'review_request', { assigneeTeamId: team.id, removedAssignee: false, reviewId: review.id }, now);
  return review;
}

/**
 * Gitea's ReviewRequest of one user (or its withdrawal): 403 on a closed pull request, 422 when the doer may not choose
 * reviewers or the user cannot review (the poster, or no read access). Answers the review request created, if any.
 */
export function requestUserReview(ctx: Ctx, repo: RepoRec, mode: Access, issue: IssueRec, doer: UserRec, u: UserRec, isAdd: boolean): ReviewRec | undefined {
  const state = ctx.state;
  const pr = issue.pull!;
  if (issue.state === 'closed') fail(403, "can't request review on a closed or merged PR");
  // Gitea's IsValidReviewRequest: writers (or the poster) request reviews from readers other than the poster.
  if (mode < Access.Write && doer.id !== issue.posterId) unprocessable(`doer can't choose reviewer [user_id: ${u.id}, repo_id: ${repo.id}]`);
  if (u.id === issue.posterId || accessMode(state, u, repo) < Access.Read) {
    unprocessable(`reviewer can't be reviewer [user_id: ${u.id}, repo_id: ${repo.id}]`);
  }
  const requested = pr.requestedReviewerIds.includes(u.id);
  if (isAdd && !requested) {
    const now = new Date();
    const review: ReviewRec = { id: state.nextId('review'), issueId: issue.id, reviewerId: u.id, type: 'request', body: '',
      commitId: '', official: false, stale: false, dismissed: false, created: now, updated: now };
    state.reviews.push(review);
    pr.requestedReviewerIds.push(u.id);
    const event = addEvent(state, issue, doer.id, 'review_request', { assigneeId: u.id, removedAssignee: false, reviewId: review.id }, now);
    notifyIssue(state, { issue, doerId: doer.id, commentId: event.id, receiverId: u.id }, now);
    return review;
  }
  if (!isAdd && requested) {
    pr.requestedReviewerIds = pr.requestedReviewerIds.filter((id) => id !== u.id);
    for (let i = state.reviews.length - 1; i >= 0; i--) {
      const r = state.reviews[i]!;
      if (r.issueId === issue.id && r.reviewerId === u.id && r.type === 'request') state.reviews.splice(i, 1);
    }
    addEvent(state, issue, doer.id, 'review_request', { assigneeId: u.id, removedAssignee: true });
  }
  return undefined;
}

/**
 * Gitea's apiReviewRequest: the names are looked up first (404 "user doesn't exist: x"; team_reviewers only for an
 * organization's repository, among its teams by lower-case name: 404 "team doesn't exist: x"), then the users'
 * requests, then the teams'. POST answers 201 with the reviews created, DELETE 204.
 */
function reviewRequests(isAdd: boolean) {
  return (ctx: Ctx): void => {
    const { repo, mode } = ctx.repoAssignment();
    const doer = ctx.requireSigned();
    const form = bind<{ reviewers?: string[]; team_reviewers?: string[] }>(ctx, 'PullReviewRequestOptions', [
      { go: 'Reviewers', json: 'reviewers', type: 'strings' },
      { go: 'TeamReviewers', json: 'team_reviewers', type: 'strings' },
    ]);
    const issue = pullFromParams(ctx, repo);
    const state = ctx.state;
    const users = (form.reviewers ?? []).map((name) => state.userByName(name) ?? notFound(`user doesn't exist: ${name}`));
    const orgOwned = state.account(repo.ownerId)?.kind === 'org';
    const teams = orgOwned
      ? (form.team_reviewers ?? []).map((name) =>
        state.teams.find((t) => t.orgId === repo.ownerId && t.name.toLowerCase() === name.toLowerCase()) ?? notFound(`team doesn't exist: ${name}`))
      : [];
    const created: ReviewRec[] = [];
    for (const u of users) {
      const review = requestUserReview(ctx, repo, mode, issue, doer, u, isAdd);
      if (review) created.push(review);
    }
    for (const team of teams) {
      const review = teamReviewRequest(ctx, repo, issue, doer.id, team, isAdd);
      if (review) created.push(review);
    }
    if (isAdd) ctx.json(201, created.map((r) => toPullReview(ctx, r)));
    else ctx.noContent();
  };
}

export function registerReviewRoutes(r: Router): void {
  r.get('/repos/{owner}/{repo}/pulls/{index}/reviews', ['repository'], (ctx) => {
    const { repo } = ctx.repoAssignment();
    const issue = pullFromParams(ctx, repo);
    const all = ctx.state.reviews.filter((rv) => rv.issueId === issue.id).sort((a, b) => a.id - b.id);
    // Gitea counts every review for X-Total-Count but leaves others' pending ones out of the page.
    const page = paged(ctx, all).filter((rv) => canSeeReview(ctx, rv));
    ctx.json(200, page.map((rv) => toPullReview(ctx, rv)));
  });
  r.post('/repos/{owner}/{repo}/pulls/{index}/reviews', ['repository'], createReview);
  r.get('/repos/{owner}/{repo}/pulls/{index}/reviews/{id}', ['repository'], (ctx) => {
    ctx.json(200, toPullReview(ctx, reviewFromParams(ctx).review));
  });
  r.post('/repos/{owner}/{repo}/pulls/{index}/reviews/{id}', ['repository'], submitReview);
  r.delete('/repos/{owner}/{repo}/pulls/{index}/reviews/{id}', ['repository'], deleteReview);
  r.get('/repos/{owner}/{repo}/pulls/{index}/reviews/{id}/comments', ['repository'], (ctx) => {
    const { review } = reviewFromParams(ctx);
    ctx.json(200, reviewCodeComments(ctx, review).sort((a, b) => a.id - b.id).map((c) => toPullReviewComment(ctx, c)));
  });
  r.post('/repos/{owner}/{repo}/pulls/{index}/requested_reviewers', ['repository'], reviewRequests(true));
  r.delete('/repos/{owner}/{repo}/pulls/{index}/requested_reviewers', ['repository'], reviewRequests(false));
}
