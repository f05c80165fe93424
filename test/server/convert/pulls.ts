// api.PullRequest. review_comments is absent when 0. In list responses additions/deletions/changed_files are
// absent, merged_by is null, and assignees and requested_reviewers are null when empty (a single pull request
// answers [] instead); a list never loads the requested teams, so its requested_reviewers_teams is always null.
// `url` equals `html_url`. Head/base SHAs and diff stats come from git.
import type { Ctx } from '../context';
import type { IssueRec, PullRec, ReviewRec } from '../state';
import { hasConflicts } from '../pullMerge';
import { toLabel, toMilestone, issueHtmlUrl } from './issues';
import { toRepo } from './repo';
import { iso, isoOrNull, toTeam, toUserOrNull } from './users';

export interface PullShas {
  headSha: string;
  baseSha: string;
  mergeBase: string;
}

/** Current head/base/merge-base of a pull request (frozen values for merged and closed ones). */
export async function pullShas(ctx: Ctx, issue: IssueRec): Promise<PullShas> {
  const pr = issue.pull as PullRec;
  const repo = ctx.state.repo(issue.repoId)!;
  const headRepo = ctx.state.repo(pr.headRepoId) ?? repo;
  const branches = await ctx.git.branches(repo.gitPath);
  const baseSha = branches.find((b) => b.name === pr.baseBranch)?.commit.sha ?? '';
  let headSha = pr.headSha;
  if (!headSha || (!pr.merged && issue.state === 'open')) {
    const headBranches = headRepo === repo ? branches : await ctx.git.branches(headRepo.gitPath);
    headSha = headBranches.find((b) => b.name === pr.headBranch)?.commit.sha ?? pr.headSha ?? '';
  }
  let mergeBase = pr.mergeBase;
  if (!mergeBase || (!pr.merged && issue.state === 'open')) {
    mergeBase = (baseSha && headSha ? await ctx.git.mergeBase(repo.gitPath, baseSha, headSha) : undefined) ?? pr.mergeBase ?? '';
  }
  return { headSha, baseSha, mergeBase };
}

/** Gitea's IsWorkInProgress: a draft, or a title starting with one of the default WIP prefixes. */
export function isWorkInProgress(issue: IssueRec): boolean {
  const title = issue.title.toUpperCase();
  return issue.pull!.draft || ['WIP:', '[WIP]'].some((p) => title.startsWith(p));
}

async function conflicting(ctx: Ctx, gitPath: string, shas: PullShas): Promise<boolean> {
  return !shas.baseSha || !shas.headSha || (await hasConflicts(ctx.git, gitPath, shas.baseSha, shas.headSha));
}

/**
 * PullRequest.LoadRequestedReviewersTeams: the teams asked to review (their latest request each, oldest update
 * first), as convert.ToTeam with the organization loaded.
 */
function requestedTeams(ctx: Ctx, issue: IssueRec): Record<string, unknown>[] {
  const latest = new Map<number, ReviewRec>();
  for (const r of ctx.state.reviews) {
    if (r.issueId !== issue.id || !r.reviewerTeamId) continue;
    const prev = latest.get(r.reviewerTeamId);
    if (!prev || prev.id < r.id) latest.set(r.reviewerTeamId, r);
  }
  return [...latest.values()]
    .sort((a, b) => a.updated.getTime() - b.updated.getTime() || a.id - b.id)
    .map((r) => ctx.state.team(r.reviewerTeamId!))
    .filter((t) => t !== undefined)
    .map((t) => toTeam(ctx, t, { withOrganization: true }));
}

export async function toPull(ctx: Ctx, issue: IssueRec, opts: { list: boolean }): Promise<Record<string, unknown>> {
  const state = ctx.state;
  const pr = issue.pull as PullRec;
  const repo = state.repo(issue.repoId)!;
  const headRepo = state.repo(pr.headRepoId);
  const shas = await pullShas(ctx, issue);
  const html = issueHtmlUrl(ctx, issue);
  const labels = issue.labelIds.map((id) => state.label(id)).filter((l) => l !== undefined);
  const milestone = issue.milestoneId !== undefined ? state.milestone(issue.milestoneId) : undefined;
  const assignees = issue.assigneeIds.map((id) => toUserOrNull(ctx, id)).filter((u) => u !== null);
  const reviewers = pr.requestedReviewerIds.map((id) => toUserOrNull(ctx, id)).filter((u) => u !== null);
  const baseRepoJson = await toRepo(ctx, repo);

  const out: Record<string, unknown> = {
    id: issue.id,
    url: html,
    number: issue.index,
    user: toUserOrNull(ctx, issue.posterId),
    title: issue.title,
    body: issue.body,
    labels: labels.map((l) => toLabel(ctx, l)),
    milestone: milestone ? toMilestone(ctx, milestone) : null,
    assignee: assignees[0] ?? null,
    // A list leaves empty lists nil (null); a single pull request loads them ([]), as Gitea 1.27.0 answers.
    assignees: assignees.length || !opts.list ? assignees : null,
    requested_reviewers: reviewers.length || !opts.list ? reviewers : null,
    requested_reviewers_teams: opts.list ? null : requestedTeams(ctx, issue),
    state: issue.state,
    draft: isWorkInProgress(issue),
    is_locked: issue.isLocked,
    comments: issue.comments,
  };
  if (pr.reviewComments !== 0) out.review_comments = pr.reviewComments;
  if (!opts.list) {
    const diff = shas.mergeBase && shas.headSha ? await ctx.git.diff(repo.gitPath, shas.mergeBase, shas.headSha) : { files: [] };
    out.additions = diff.files.reduce((n, f) => n + f.additions, 0);
    out.deletions = diff.files.reduce((n, f) => n + f.deletions, 0);
    out.changed_files = diff.files.length;
  }
  Object.assign(out, {
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    // Gitea's PullRequest.Mergeable: not while conflicting (its patch check) nor for a work in progress.
    mergeable: !pr.merged && issue.state === 'open' && !isWorkInProgress(issue) && !(await conflicting(ctx, repo.gitPath, shas)),
    merged: pr.merged,
    merged_at: isoOrNull(pr.mergedAt),
    merge_commit_sha: pr.merged ? pr.mergeCommitSha ?? null : null,
    // A list does not load the merger: Gitea 1.27.0 answers null there even for a merged pull request.
    merged_by: pr.merged && !opts.list ? toUserOrNull(ctx, pr.mergedById) : null,
    allow_maintainer_edit: pr.allowMaintainerEdit,
    base: { label: pr.baseBranch, ref: pr.baseBranch, sha: shas.baseSha, repo_id: repo.id, repo: baseRepoJson },
    head: headRepo
      ? {
          label: headRepo.id === repo.id ? pr.headBranch : `${state.ownerOf(headRepo).login}:${pr.headBranch}`,
          ref: pr.headBranch,
          sha: shas.headSha,
          repo_id: headRepo.id,
          repo: headRepo.id === repo.id ? baseRepoJson : await toRepo(ctx, headRepo),
        }
      : { label: pr.headBranch, ref: `refs/pull/${issue.index}/head`, sha: shas.headSha, repo_id: -1, repo: null },
    merge_base: shas.mergeBase,
    due_date: isoOrNull(issue.dueDate),
    created_at: iso(issue.created),
    updated_at: iso(issue.updated),
    closed_at: isoOrNull(issue.closedAt),
    pin_order: issue.pinOrder,
  });
  if (!ctx.forgejo) out.content_version = issue.contentVersion;
  return out;
}
