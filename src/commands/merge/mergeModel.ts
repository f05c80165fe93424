// What Merge Pull Request decides before and after it asks the server, without vscode (unit-tested): the merge
// styles the repository allows (its default first), the commit title and message Gitea would prefill
// (services/pull/merge.go getMergeMessage, without a repository's merge message template), why a pull request
// cannot be merged (Gitea's CheckPullMergeable and CheckPullBranchProtections, as far as the API shows them), and
// what a refusal of POST …/merge means.
import type { Branch, CombinedStatus, PullRequest, PullReview, Repository } from '../../api';
import { compileStatusGlob } from './statusGlob';

export type MergeStyle = 'merge' | 'rebase' | 'rebase-merge' | 'squash' | 'fast-forward-only' | 'manually-merged';

/** Gitea's order of the styles on the pull request page (after the default). */
export const MERGE_STYLE_ORDER: readonly MergeStyle[] = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only', 'manually-merged'];

type MergeSettings = Pick<
  Repository,
  | 'allow_merge_commits'
  | 'allow_rebase'
  | 'allow_rebase_explicit'
  | 'allow_squash_merge'
  | 'allow_fast_forward_only_merge'
  | 'allow_manual_merge'
  | 'default_merge_style'
>;

const STYLE_SETTING: Record<MergeStyle, keyof MergeSettings> = {
  merge: 'allow_merge_commits',
  rebase: 'allow_rebase',
  'rebase-merge': 'allow_rebase_explicit',
  squash: 'allow_squash_merge',
  'fast-forward-only': 'allow_fast_forward_only_merge',
  'manually-merged': 'allow_manual_merge',
};

/** The styles the repository allows, the user's preferred one (gitea.merge.defaultStyle) first when allowed, else the
 * repository's default. A setting the server does not send (an older Gitea has no fast-forward-only, Forgejo no manual
 * merge field) counts as not allowed. */
export function allowedMergeStyles(repo: MergeSettings, userPreferred?: string): MergeStyle[] {
  const allowed = MERGE_STYLE_ORDER.filter((s) => repo[STYLE_SETTING[s]] === true);
  const preferred = allowed.find((s) => s === userPreferred) ?? allowed.find((s) => s === repo.default_merge_style);
  return preferred ? [preferred, ...allowed.filter((s) => s !== preferred)] : allowed;
}

/** Whether the style makes a commit whose title and message the merger writes (rebase and fast-forward-only keep
 * the head's commits; a manual merge only records a commit). */
/** Whether the merge proposes deleting the head branch: gitea.merge.deleteBranch, else the repository's setting. */
export function proposeDeleteBranch(repositoryDefault: boolean | undefined, setting: 'repository' | 'always' | 'never'): boolean {
  return setting === 'repository' ? repositoryDefault === true : setting === 'always';
}

export function styleTakesMessage(style: MergeStyle): boolean {
  return style === 'merge' || style === 'rebase-merge' || style === 'squash';
}

export interface Approver {
  readonly name: string;
  readonly email: string;
}

/** The approvers Gitea names in `Reviewed-by:` lines: each reviewer's latest review, when it is an official,
 * not dismissed approval. */
export function approversOf(reviews: readonly PullReview[]): Approver[] {
  const latest = new Map<number, PullReview>();
  for (const r of reviews) {
    const id = r.user?.id;
    if (id === undefined || r.state === 'PENDING' || r.state === 'REQUEST_REVIEW' || r.state === 'COMMENT') continue;
    const seen = latest.get(id);
    if (!seen || r.id > seen.id) latest.set(id, r);
  }
  return [...latest.values()]
    .filter((r) => r.state === 'APPROVED' && r.official !== false && !r.dismissed)
    .map((r) => ({ name: r.user?.full_name || r.user?.login || '', email: r.user?.email ?? '' }));
}

export interface MergeMessage {
  readonly title: string;
  readonly body: string;
}

/** Gitea's default merge commit title and body for a style (getMergeMessage without a template); a repository
 * with an external issue tracker names pull requests `!N`. */
export function defaultMergeMessage(style: MergeStyle, pr: PullRequest, approvers: readonly Approver[], externalTracker = false): MergeMessage {
  // A fast-forward rebase keeps the head's commits as they are.
  if (style === 'rebase') return { title: '', body: '' };
  const reviewedBy = approvers.map((a) => `Reviewed-by: ${a.name} <${a.email}>\n`).join('');
  const body = `Reviewed-on: ${pr.html_url ?? ''}\n${reviewedBy}`;
  const ref = `${externalTracker ? '!' : '#'}${pr.number}`;
  if (style === 'squash') return { title: `${pr.title} (${ref})`, body };
  const head = pr.head?.ref ?? '';
  const base = pr.base?.ref ?? '';
  const sameRepo = pr.head?.repo_id !== undefined && pr.head.repo_id === pr.base?.repo_id;
  const from = sameRepo ? head : pr.head?.repo?.full_name ? `${pr.head.repo.full_name}:${head}` : `<deleted>:${head}`;
  return { title: `Merge pull request '${pr.title}' (${ref}) from ${from} into ${base}`, body };
}

/** Gitea's default WORK_IN_PROGRESS_PREFIXES. */
const WIP_PREFIXES = ['WIP:', '[WIP]'];

export function isWorkInProgress(pr: Pick<PullRequest, 'title' | 'draft'>): boolean {
  const title = pr.title.toUpperCase();
  return pr.draft === true || WIP_PREFIXES.some((p) => title.startsWith(p));
}

/** Gitea's combined state of statuses: failure if one failed, success if all succeeded, else pending. */
function combine(states: readonly string[]): 'success' | 'pending' | 'failure' {
  let successes = 0;
  for (const s of states) {
    if (s === 'error' || s === 'failure') return 'failure';
    if (s === 'success' || s === 'warning' || s === 'skipped') successes++;
  }
  return successes > 0 && successes === states.length ? 'success' : 'pending';
}


export interface ChecksVerdict {
  readonly state: 'success' | 'pending' | 'failure';
  /** Required contexts that failed or have not reported (empty when no context is named). */
  readonly missing: readonly string[];
}

/** Gitea's MergeRequiredContextsCommitStatus: each required context (a glob) must have reported and succeeded;
 * without named contexts, every status of the head must have succeeded. */
export function requiredChecks(status: Pick<CombinedStatus, 'statuses'> | undefined, required: readonly string[]): ChecksVerdict {
  const statuses = status?.statuses ?? [];
  if (required.length === 0) return { state: combine(statuses.map((s) => s.status ?? '')), missing: [] };
  const states: string[] = [];
  const missing: string[] = [];
  let reported = true;
  for (const pattern of required) {
    const glob = compileStatusGlob(pattern);
    if (!glob) continue; // Gitea logs a pattern its glob library refuses and leaves it out
    const matching = statuses.filter((s) => glob(s.context ?? ''));
    if (matching.length === 0) reported = false;
    if (matching.length === 0 || combine(matching.map((s) => s.status ?? '')) !== 'success') missing.push(pattern);
    for (const s of matching) states.push(s.status ?? ''); // no spread: any number of statuses
  }
  const state = combine(states);
  return { state: state === 'failure' ? 'failure' : reported ? state : 'pending', missing };
}

export type MergeBlocker =
  | { readonly kind: 'merged' }
  | { readonly kind: 'closed' }
  | { readonly kind: 'workInProgress' }
  /** `mergeable: false` on an open, ready pull request: conflicts (or Gitea is still checking it). */
  | { readonly kind: 'conflicts'; readonly base: string }
  | { readonly kind: 'noPermission' }
  /** The base branch's protection does not let this user merge. */
  | { readonly kind: 'protectedBranch'; readonly branch: string }
  | { readonly kind: 'approvals'; readonly required: number; readonly have: number }
  | { readonly kind: 'checks'; readonly state: 'pending' | 'failure'; readonly contexts: readonly string[] };

export interface MergeFacts {
  readonly pr: PullRequest;
  readonly repo: Pick<Repository, 'permissions' | 'archived'>;
  /** The base branch (protection fields); undefined when it could not be read. */
  readonly base?: Branch;
  readonly status?: CombinedStatus;
  readonly reviews: readonly PullReview[];
}

/** Why the pull request cannot be merged now, in Gitea's order (CheckPullMergeable, then the branch protection). */
export function mergeBlockers(f: MergeFacts): MergeBlocker[] {
  const { pr } = f;
  if (pr.merged) return [{ kind: 'merged' }];
  if (pr.state === 'closed') return [{ kind: 'closed' }];
  if (f.repo.permissions && !f.repo.permissions.push) return [{ kind: 'noPermission' }];
  if (f.base?.protected && f.base.user_can_merge === false) return [{ kind: 'protectedBranch', branch: f.base.name }];
  if (isWorkInProgress(pr)) return [{ kind: 'workInProgress' }];
  const blockers: MergeBlocker[] = [];
  if (pr.mergeable === false) blockers.push({ kind: 'conflicts', base: pr.base?.ref ?? '' });
  if (f.base?.protected) {
    if (f.base.enable_status_check) {
      const checks = requiredChecks(f.status, f.base.status_check_contexts);
      if (checks.state !== 'success') blockers.push({ kind: 'checks', state: checks.state, contexts: checks.missing });
    }
    const required = f.base.required_approvals ?? 0;
    const have = approvalsCount(f.reviews);
    if (have < required) blockers.push({ kind: 'approvals', required, have });
  }
  return blockers;
}

/** Official, not dismissed approvals, each reviewer's latest review counted (Gitea's HasEnoughApprovals). */
function approvalsCount(reviews: readonly PullReview[]): number {
  return approversOf(reviews).length;
}

/** Only pending required checks block: "merge when checks succeed" can wait for them. */
export function onlyPendingChecks(blockers: readonly MergeBlocker[]): boolean {
  return blockers.length > 0 && blockers.every((b) => b.kind === 'checks' && b.state === 'pending');
}

export type MergeRefusal =
  /** 405 "Please try again later": the pull request is being checked, or it has conflicts. */
  | { readonly kind: 'tryAgainLater' }
  | { readonly kind: 'alreadyMerged' }
  | { readonly kind: 'workInProgress' }
  | { readonly kind: 'noPermission' }
  /** 405 from the branch protection, with Gitea's reason. */
  | { readonly kind: 'protection'; readonly reason: string }
  | { readonly kind: 'styleNotAllowed' }
  /** 409 "head out of date": a push since the head the merge was asked for. */
  | { readonly kind: 'headChanged' }
  /** 409 "merge push out of date": the base branch moved during the merge. */
  | { readonly kind: 'baseChanged' }
  /** 409 with git's output: the merge or rebase conflicted, or a fast-forward-only head diverged. */
  | { readonly kind: 'gitConflict' }
  | { readonly kind: 'alreadyScheduled' }
  | { readonly kind: 'closed' }
  | { readonly kind: 'archived' }
  | { readonly kind: 'other'; readonly message: string };

/** What a refused merge means, from the status and the server's `message` (Gitea 1.27's API texts). */
export function mergeRefusal(status: number | undefined, message: string | undefined): MergeRefusal {
  const text = (message ?? '').trim();
  if (status === 404) return { kind: 'closed' };
  if (status === 423) return { kind: 'archived' };
  if (status === 405) {
    if (text === '') return { kind: 'alreadyMerged' };
    if (/^please try again later/i.test(text)) return { kind: 'tryAgainLater' };
    if (/work in progress/i.test(text)) return { kind: 'workInProgress' };
    if (/^user not allowed to merge/i.test(text)) return { kind: 'noPermission' };
    if (/is not allowed an allowed merge style|invalid merge style/i.test(text)) return { kind: 'styleNotAllowed' };
    const reason = /not allowed to merge \[reason: ([^\]]*)\]/i.exec(text)?.[1];
    if (reason !== undefined) return { kind: 'protection', reason };
    if (/status checks|approvals|requested changes|review requests|behind the base|protected files/i.test(text)) return { kind: 'protection', reason: text };
  }
  if (status === 409) {
    if (/head out of date/i.test(text)) return { kind: 'headChanged' };
    if (/push out of date/i.test(text)) return { kind: 'baseChanged' };
    if (/already scheduled/i.test(text)) return { kind: 'alreadyScheduled' };
    return { kind: 'gitConflict' };
  }
  return { kind: 'other', message: text };
}
