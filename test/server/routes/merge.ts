// Merging pull requests (routers/api/v1/repo/pull.go MergePullRequest, IsPullRequestMerged and
// CancelScheduledAutoMerge; services/pull/check.go CheckPullMergeable; services/automerge). A merge really
// happens in the base repository (pullMerge.ts); refusals carry Gitea's statuses and messages.
import { recordActivity } from '../activity';
import { bind } from '../binding';
import { latestStatuses, requiredContextsState } from '../commitStatus';
import { goJson, type Ctx } from '../context';
import { isWorkInProgress, pullShas } from '../convert/pulls';
import { archived, conflict, fail, forbidden, notFound, RawResponseError, unprocessable } from '../errors';
import { addEvent } from '../issueEvents';
import { formInt } from '../paging';
import { accessMode } from '../permissions';
import { DivergingFastForwardError, MergeConflictError, hasConflicts, mergeCommits, type GitMergeStyle, type Person } from '../pullMerge';
import { syncPullHeadRefs } from '../pullRefs';
import { recordPush } from '../pushEvents';
import type { Router } from '../router';
import { Access, type IssueRec, type RepoRec, type RepoSettings, type UserRec } from '../state';
import { notifyIssue } from '../notifications';

type MergeStyle = GitMergeStyle | 'manually-merged';
const STYLE_SETTING: Record<MergeStyle, keyof RepoSettings> = {
  merge: 'allowMergeCommits',
  rebase: 'allowRebase',
  'rebase-merge': 'allowRebaseExplicit',
  squash: 'allowSquashMerge',
  'fast-forward-only': 'allowFastForwardOnlyMerge',
  'manually-merged': 'allowManualMerge',
};
const isStyle = (s: string): s is MergeStyle => Object.hasOwn(STYLE_SETTING, s);

interface MergeForm {
  do?: string;
  merge_title_field?: string;
  merge_message_field?: string;
  merge_commit_id?: string;
  head_commit_id?: string;
  force_merge?: boolean;
  merge_when_checks_succeed?: boolean;
  delete_branch_after_merge?: boolean;
}

const JSON_TYPE = 'application/json;charset=utf-8';
/** Gitea answers some merge failures with the Go error struct itself (ctx.JSON(409, err)). */
const goErrorJson = (status: number, value: unknown): never => {
  throw new RawResponseError(status, goJson(value), JSON_TYPE);
};
const sig = (u: UserRec): Person => ({ name: u.fullName || u.login, email: u.email });

function pullFromParams(ctx: Ctx, repo: RepoRec): IssueRec {
  const issue = ctx.state.issueByIndex(repo.id, formInt(ctx.params.index));
  return issue?.pull ? issue : notFound();
}

function styleRefused(style: string): never {
  return fail(405, `${style} is not allowed an allowed merge style for this repository`);
}

/** The API answers models.ErrDisallowedToMerge as its Error() text. */
const disallowed = (reason: string): string => `not allowed to merge [reason: ${reason}]`;

/** Gitea's CheckPullBranchProtections (status checks, approvals): the reason the rule blocks, if it does. */
function protectionBlock(ctx: Ctx, repo: RepoRec, issue: IssueRec, headSha: string): string | undefined {
  const rule = repo.protections.find((p) => p.ruleName === issue.pull!.baseBranch);
  if (!rule) return undefined;
  if (rule.enableStatusCheck) {
    const state = requiredContextsState(latestStatuses(ctx.state, repo.id, headSha), rule.statusCheckContexts);
    if (state !== 'success') return disallowed('Not all required status checks successful');
  }
  const approvals = ctx.state.reviews.filter((r) => r.issueId === issue.id && r.type === 'approve' && r.official && !r.dismissed).length;
  if (approvals < rule.requiredApprovals) return disallowed('Does not have enough approvals');
  return undefined;
}

type CheckKind = 'general' | 'manual' | 'auto';

/** Gitea's CheckPullMergeable, in its order; the API turns each failure into the status Gitea answers. */
async function checkMergeable(ctx: Ctx, repo: RepoRec, doer: UserRec, issue: IssueRec, kind: CheckKind, force: boolean): Promise<void> {
  const pr = issue.pull!;
  if (pr.merged) fail(405, '');
  if (issue.state === 'closed') notFound();
  const mode = accessMode(ctx.state, doer, repo);
  if (mode < Access.Write) fail(405, 'User not allowed to merge PR');
  if (kind === 'manual') return;
  if (isWorkInProgress(issue)) fail(405, 'Work in progress PRs cannot be merged');
  const shas = await pullShas(ctx, issue);
  // The patch checker marks a pull request that does not merge cleanly as conflicting.
  if (!shas.baseSha || !shas.headSha || (await hasConflicts(ctx.git, repo.gitPath, shas.baseSha, shas.headSha))) {
    fail(405, 'Please try again later');
  }
  const blocked = protectionBlock(ctx, repo, issue, shas.headSha);
  if (blocked && kind !== 'auto' && !(force && mode >= Access.Admin)) fail(405, blocked);
}

/** Gitea's SetMerged: the pull request is merged and closed, with its merge event and activity. */
function setMerged(ctx: Ctx, repo: RepoRec, issue: IssueRec, doer: UserRec, style: MergeStyle, sha: string, head: { headSha: string; mergeBase: string }, when: Date): void {
  const pr = issue.pull!;
  Object.assign(pr, { merged: true, mergedAt: when, mergedById: doer.id, mergeCommitSha: sha, mergeStyle: style,
    headSha: head.headSha, mergeBase: head.mergeBase });
  const now = new Date();
  issue.state = 'closed';
  issue.closedAt = now;
  issue.updated = now;
  const state = ctx.state;
  for (let i = state.autoMerges.length - 1; i >= 0; i--) if (state.autoMerges[i]!.issueId === issue.id) state.autoMerges.splice(i, 1);
  addEvent(state, issue, doer.id, 'merge_pull', {}, now);
  notifyIssue(state, { issue, doerId: doer.id }, now);
  recordActivity(state, { opType: 'merge_pull_request', actorId: doer.id, repo, content: `${issue.index}|${issue.title}` });
}

/** Gitea's pull_service.Merge: the style must be allowed, the head must be the expected one; then git. */
async function performMerge(ctx: Ctx, repo: RepoRec, issue: IssueRec, doer: UserRec, style: GitMergeStyle, message: string, expectedHead?: string): Promise<void> {
  if (!repo.settings[STYLE_SETTING[style]]) styleRefused(style);
  const shas = await pullShas(ctx, issue);
  if (expectedHead && expectedHead.toLowerCase() !== shas.headSha) conflict('head out of date');
  const before = await ctx.git.branches(repo.gitPath);
  const poster = ctx.state.user(issue.posterId) ?? doer;
  const when = new Date();
  let newBase: string;
  try {
    newBase = await mergeCommits(ctx.git, { gitPath: repo.gitPath, baseSha: shas.baseSha, headSha: shas.headSha, style, message,
      merger: sig(doer), poster: sig(poster), when: Math.floor(when.getTime() / 1000) });
  } catch (err) {
    if (err instanceof MergeConflictError || err instanceof DivergingFastForwardError) {
      return goErrorJson(409, { Style: style, StdOut: '', StdErr: err.message, Err: {} });
    }
    throw err;
  }
  const baseBranch = issue.pull!.baseBranch;
  const moved = await ctx.git.run(repo.gitPath, ['update-ref', `refs/heads/${baseBranch}`, newBase, shas.baseSha]);
  ctx.git.invalidate(repo.gitPath);
  if (moved.code !== 0) conflict('merge push out of date');
  // The merge reaches the base branch as a push by the merger (commit_repo activity), then SetMerged.
  await recordPush(ctx.state, ctx.git, repo, doer, before);
  setMerged(ctx, repo, issue, doer, style, newBase, shas, when);
  await syncPullHeadRefs(ctx.state, ctx.git, [repo]);
}

/** Gitea's MergedManually: `merge_commit_id` must be a commit of the base branch (else 409 with `{}`). */
async function markManuallyMerged(ctx: Ctx, repo: RepoRec, issue: IssueRec, doer: UserRec, commitId: string): Promise<void> {
  if (!repo.settings.allowManualMerge) styleRefused('manually-merged');
  const wrongCommit = () => goErrorJson(409, {}); // a Go errors.New marshals to {}
  if (!/^[0-9a-f]{40}$/i.test(commitId)) wrongCommit();
  const commit = await ctx.git.commit(repo.gitPath, commitId.toLowerCase());
  if (!commit) return wrongCommit();
  const inBase = await ctx.git.run(repo.gitPath, ['merge-base', '--is-ancestor', commit.sha, `refs/heads/${issue.pull!.baseBranch}`]);
  if (inBase.code !== 0) wrongCommit();
  const shas = await pullShas(ctx, issue);
  setMerged(ctx, repo, issue, doer, 'manually-merged', commit.sha, shas, new Date(commit.author.when * 1000));
}

/** Gitea's DeleteBranchAfterMerge: only where the merger may delete it and no other open pull request uses it. */
async function deleteHeadBranch(ctx: Ctx, issue: IssueRec, doer: UserRec): Promise<void> {
  const state = ctx.state;
  const pr = issue.pull!;
  const headRepo = state.repo(pr.headRepoId);
  if (!headRepo || accessMode(state, doer, headRepo) < Access.Write) return;
  if (pr.headBranch === headRepo.defaultBranch || headRepo.protections.some((p) => p.ruleName === pr.headBranch)) return;
  const others = state.issues.some((i) => i !== issue && i.pull && !i.pull.merged && i.state === 'open'
    && i.pull.headRepoId === headRepo.id && i.pull.headBranch === pr.headBranch);
  if (others) return;
  const before = await ctx.git.branches(headRepo.gitPath);
  const branch = before.find((b) => b.name === pr.headBranch);
  if (!branch) return notFound();
  await ctx.git.updateRefs(headRepo.gitPath, [`delete refs/heads/${pr.headBranch} ${branch.commit.sha}`]);
  addEvent(state, issue, doer.id, 'delete_branch', { oldRef: pr.headBranch });
  await recordPush(state, ctx.git, headRepo, doer, before);
}

/** Gitea's automerge handler: merges a scheduled pull request once its head's checks succeeded. */
export async function runScheduledMerge(ctx: Ctx, repo: RepoRec, issue: IssueRec): Promise<void> {
  const state = ctx.state;
  const scheduled = state.autoMerges.find((a) => a.issueId === issue.id);
  const doer = scheduled ? state.user(scheduled.doerId) : undefined;
  if (!scheduled || !doer || !issue.pull || issue.pull.merged) return;
  const shas = await pullShas(ctx, issue);
  const rule = repo.protections.find((p) => p.ruleName === issue.pull!.baseBranch);
  const required = rule?.enableStatusCheck ? rule.statusCheckContexts : [];
  if (requiredContextsState(latestStatuses(state, repo.id, shas.headSha), required) !== 'success') return;
  try {
    await checkMergeable(ctx, repo, doer, issue, 'general', false);
    await performMerge(ctx, repo, issue, doer, scheduled.style as GitMergeStyle, scheduled.message);
    if (scheduled.deleteBranchAfterMerge) await deleteHeadBranch(ctx, issue, doer);
  } catch (err) {
    // expected: like Gitea's queue, a scheduled merge that cannot happen yet stays scheduled.
    if (!(err instanceof Error)) throw err;
  }
}

function defaultMergeMessage(ctx: Ctx, repo: RepoRec, issue: IssueRec, style: MergeStyle): string {
  const pr = issue.pull!;
  if (style === 'squash') return `${issue.title} (#${issue.index})`;
  const headRepo = ctx.state.repo(pr.headRepoId);
  const from = !headRepo || headRepo.id === repo.id ? pr.headBranch : `${ctx.state.fullName(headRepo)}:${pr.headBranch}`;
  return `Merge pull request '${issue.title}' (#${issue.index}) from ${from} into ${pr.baseBranch}`;
}

async function mergePull(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  if (repo.archived) archived();
  const form = bind<MergeForm>(ctx, 'MergePullRequestForm', [
    { go: 'Do', json: 'do', type: 'string', rules: ['Required'] },
    { go: 'MergeTitleField', json: 'merge_title_field', type: 'string' },
    { go: 'MergeMessageField', json: 'merge_message_field', type: 'string' },
    { go: 'MergeCommitID', json: 'merge_commit_id', type: 'string' },
    { go: 'HeadCommitID', json: 'head_commit_id', type: 'string' },
    { go: 'ForceMerge', json: 'force_merge', type: 'bool' },
    { go: 'MergeWhenChecksSucceed', json: 'merge_when_checks_succeed', type: 'bool' },
    { go: 'DeleteBranchAfterMerge', json: 'delete_branch_after_merge', type: 'bool' },
  ]);
  const style = form.do ?? '';
  if (!isStyle(style)) return unprocessable('[Do]: In');
  const issue = pullFromParams(ctx, repo);
  const kind: CheckKind = style === 'manually-merged' ? 'manual' : form.merge_when_checks_succeed ? 'auto' : 'general';
  await checkMergeable(ctx, repo, doer, issue, kind, form.force_merge === true);
  if (style === 'manually-merged') {
    await markManuallyMerged(ctx, repo, issue, doer, form.merge_commit_id ?? '');
    return ctx.noContent(200);
  }
  let message = (form.merge_title_field ?? '').trim() || defaultMergeMessage(ctx, repo, issue, style);
  const body = (form.merge_message_field ?? '').trim();
  if (body) message += `\n\n${body}`;
  if (form.merge_when_checks_succeed) {
    const state = ctx.state;
    if (state.autoMerges.some((a) => a.issueId === issue.id)) {
      conflict(`pull request is already scheduled to auto merge when checks succeed [pull_id: ${issue.id}]`);
    }
    state.autoMerges.push({ issueId: issue.id, doerId: doer.id, style, message,
      deleteBranchAfterMerge: form.delete_branch_after_merge === true, created: new Date() });
    addEvent(state, issue, doer.id, 'pull_scheduled_merge');
    await runScheduledMerge(ctx, repo, issue);
    return ctx.noContent(201);
  }
  await performMerge(ctx, repo, issue, doer, style, message, form.head_commit_id);
  if (form.delete_branch_after_merge) await deleteHeadBranch(ctx, issue, doer);
  ctx.noContent(200);
}

function cancelScheduledMerge(ctx: Ctx): void {
  const a = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  if (a.repo.archived) archived();
  const issue = pullFromParams(ctx, a.repo);
  const state = ctx.state;
  const scheduled = state.autoMerges.find((m) => m.issueId === issue.id) ?? notFound();
  if (doer.id !== scheduled.doerId && a.mode < Access.Admin) forbidden('user has no permission to cancel the scheduled auto merge');
  state.autoMerges.splice(state.autoMerges.indexOf(scheduled), 1);
  addEvent(state, issue, doer.id, 'pull_cancel_scheduled_merge');
  ctx.noContent(204);
}

export function registerMergeRoutes(r: Router): void {
  r.get('/repos/{owner}/{repo}/pulls/{index}/merge', ['repository'], (ctx) => {
    const { repo } = ctx.repoAssignment();
    if (!pullFromParams(ctx, repo).pull!.merged) return notFound();
    ctx.noContent(204);
  });
  r.post('/repos/{owner}/{repo}/pulls/{index}/merge', ['repository'], mergePull);
  r.delete('/repos/{owner}/{repo}/pulls/{index}/merge', ['repository'], cancelScheduledMerge);
}
