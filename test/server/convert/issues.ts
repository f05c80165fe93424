// api.Issue, api.Label, api.Milestone, api.Project, api.Comment. Unset milestone/assignee/assignees/closed_at/
// due_date/pull_request/projects are null (assignees is null, not []); Forgejo lacks content_version,
// time_estimate and projects.
import type { Ctx } from '../context';
import type { CommentRec, IssueRec, LabelRec, MilestoneRec, ProjectRec } from '../state';
import { toRepoMeta } from './repo';
import { iso, isoOrNull, toUser, toUserOrNull } from './users';

export function toLabel(ctx: Ctx, label: LabelRec): Record<string, unknown> {
  let url = '';
  if (label.orgId !== undefined) {
    const org = ctx.state.orgs.find((o) => o.id === label.orgId);
    url = `${ctx.server.apiUrl}/orgs/${org?.login}/labels/${label.id}`;
  } else if (label.repoId !== undefined) {
    const repo = ctx.state.repo(label.repoId);
    url = repo ? `${ctx.repoApiUrl(repo)}/labels/${label.id}` : '';
  }
  return {
    id: label.id,
    name: label.name,
    exclusive: label.exclusive,
    is_archived: label.archivedAt !== undefined,
    color: label.color.replace(/^#/, ''),
    description: label.description,
    url,
  };
}

export function toMilestone(ctx: Ctx, m: MilestoneRec): Record<string, unknown> {
  const issues = ctx.state.issues.filter((i) => i.milestoneId === m.id);
  return {
    id: m.id,
    title: m.title,
    description: m.description,
    state: m.state,
    open_issues: issues.filter((i) => i.state === 'open').length,
    closed_issues: issues.filter((i) => i.state === 'closed').length,
    created_at: iso(m.created),
    updated_at: iso(m.updated),
    closed_at: isoOrNull(m.closedAt),
    due_on: isoOrNull(m.dueOn),
  };
}

export function toProject(p: ProjectRec): Record<string, unknown> {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    owner_id: 0,
    repo_id: p.repoId,
    creator_id: p.creatorId,
    is_closed: p.isClosed,
    created_at: iso(p.created),
    updated_at: iso(p.updated),
    closed_at: null,
  };
}

export function issueHtmlUrl(ctx: Ctx, issue: IssueRec): string {
  const repo = ctx.state.repo(issue.repoId)!;
  return `${ctx.repoHtmlUrl(repo)}/${issue.pull ? 'pulls' : 'issues'}/${issue.index}`;
}

export function toIssue(ctx: Ctx, issue: IssueRec): Record<string, unknown> {
  const state = ctx.state;
  const repo = state.repo(issue.repoId)!;
  const labels = issue.labelIds.map((id) => state.label(id)).filter((l): l is LabelRec => l !== undefined);
  const milestone = issue.milestoneId !== undefined ? state.milestone(issue.milestoneId) : undefined;
  const assignees = issue.assigneeIds.map((id) => toUserOrNull(ctx, id)).filter((u) => u !== null);
  const projects = issue.projectIds
    .map((id) => state.projects.find((p) => p.id === id))
    .filter((p): p is ProjectRec => p !== undefined);
  const out: Record<string, unknown> = {
    id: issue.id,
    url: `${ctx.repoApiUrl(repo)}/issues/${issue.index}`,
    html_url: issueHtmlUrl(ctx, issue),
    number: issue.index,
    user: toUserOrNull(ctx, issue.posterId),
    original_author: '',
    original_author_id: 0,
    title: issue.title,
    body: issue.body,
    ref: issue.ref,
    assets: [],
    labels: labels.map((l) => toLabel(ctx, l)),
    milestone: milestone ? toMilestone(ctx, milestone) : null,
    assignee: assignees[0] ?? null,
    assignees: assignees.length ? assignees : null,
    state: issue.state,
    is_locked: issue.isLocked,
    comments: issue.comments,
    created_at: iso(issue.created),
    updated_at: iso(issue.updated),
    closed_at: isoOrNull(issue.closedAt),
    due_date: isoOrNull(issue.dueDate),
    time_estimate: issue.timeEstimate,
    pull_request: issue.pull
      ? {
          merged: issue.pull.merged,
          merged_at: isoOrNull(issue.pull.mergedAt),
          draft: issue.pull.draft,
          html_url: issueHtmlUrl(ctx, issue),
        }
      : null,
    repository: toRepoMeta(ctx, repo),
    pin_order: issue.pinOrder,
    content_version: issue.contentVersion,
    projects: projects.length ? projects.map(toProject) : null,
  };
  if (ctx.forgejo) {
    delete out.content_version;
    delete out.time_estimate;
    delete out.projects;
  }
  return out;
}

export function toComment(ctx: Ctx, c: CommentRec): Record<string, unknown> {
  const issue = ctx.state.issue(c.issueId)!;
  const repo = ctx.state.repo(issue.repoId)!;
  const html = issueHtmlUrl(ctx, issue);
  return {
    id: c.id,
    html_url: `${html}#issuecomment-${c.id}`,
    pull_request_url: issue.pull ? html : '',
    issue_url: issue.pull ? '' : `${ctx.repoHtmlUrl(repo)}/issues/${issue.index}`,
    user: toUser(ctx, ctx.state.account(c.posterId)!),
    original_author: '',
    original_author_id: 0,
    body: c.body,
    assets: [],
    created_at: iso(c.created),
    updated_at: iso(c.updated),
  };
}
