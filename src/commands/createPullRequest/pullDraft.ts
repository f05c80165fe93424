// The Create Pull Request form's state: what the user typed and picked, how it becomes Gitea's CreatePullRequestOption,
// and which form field a refusal of the server is about. Pure (no vscode) so it is unit-tested directly.
import type { CreatePullRequestOption } from '../../api';
import { isValidRefName } from '../../shared/refName';

export interface PullDraft {
  readonly title: string;
  /** Markdown. */
  readonly body: string;
  /** The branch of the base repository the pull request goes into. */
  readonly base: string;
  /** The branch with the changes (a branch of the head repository). */
  readonly head: string;
  /** `owner/repo` the pull request is opened in: the head repository or its parent (a fork's). */
  readonly baseRepo: string;
  readonly reviewers: readonly string[];
  readonly teamReviewers: readonly string[];
  readonly assignees: readonly string[];
  readonly labels: readonly number[];
  readonly milestone?: number;
  /** A work in progress: Gitea marks it by a title prefix (it has no draft field to send). */
  readonly draft: boolean;
  /** Whether the first prefill (commits, template, issue) is in the text already. */
  readonly prefilled: boolean;
}

export type PullField = 'title' | 'body' | 'base' | 'head' | 'baseRepo' | 'reviewers' | 'assignees' | 'labels' | 'milestone' | 'draft';

export function emptyPullDraft(): PullDraft {
  return { title: '', body: '', base: '', head: '', baseRepo: '', reviewers: [], teamReviewers: [], assignees: [], labels: [], draft: false, prefilled: false };
}

/** Gitea's default WORK_IN_PROGRESS_PREFIXES ([repository.pull-request]); the API does not tell an instance's own. */
export const DEFAULT_WIP_PREFIXES: readonly string[] = ['WIP:', '[WIP]'];

/** The prefix of `title` that marks a work in progress (case-insensitive, as Gitea compares), if any. */
export function wipPrefixOf(title: string, prefixes: readonly string[]): string | undefined {
  const upper = title.trimStart().toUpperCase();
  return prefixes.find((p) => p && upper.startsWith(p.toUpperCase()));
}

/** The title as sent: a draft gets `prefix` unless it starts with a work-in-progress prefix already. */
export function titleToSend(draft: Pick<PullDraft, 'title' | 'draft'>, prefix: string): string {
  const title = draft.title.trim();
  if (!draft.draft || wipPrefixOf(title, [prefix, ...DEFAULT_WIP_PREFIXES])) return title;
  return `${prefix.trim()} ${title}`;
}

/**
 * The request body. `headOwner`: set when the head branch is in a fork of the base repository (Gitea's
 * `<owner>:<branch>`). Unset fields are left out.
 */
export function toCreatePullBody(d: PullDraft, options: { headOwner?: string; wipPrefix: string }): CreatePullRequestOption {
  const body: CreatePullRequestOption = {
    head: options.headOwner ? `${options.headOwner}:${d.head}` : d.head,
    base: d.base,
    title: titleToSend(d, options.wipPrefix),
  };
  if (d.body !== '') body.body = d.body;
  if (d.assignees.length) body.assignees = [...d.assignees];
  if (d.labels.length) body.labels = [...d.labels];
  if (d.milestone !== undefined) body.milestone = d.milestone;
  if (d.reviewers.length) body.reviewers = [...d.reviewers];
  if (d.teamReviewers.length) body.team_reviewers = [...d.teamReviewers];
  return body;
}

/** Local checks before anything is sent. `badRef`: git does not take it as a branch name (the head is pushed and
 * logged against the base by git, and both are the server's or typed). */
export function localPullProblems(d: PullDraft): Partial<Record<PullField, 'required' | 'same' | 'badRef'>> {
  const problems: Partial<Record<PullField, 'required' | 'same' | 'badRef'>> = {};
  if (d.title.trim() === '') problems.title = 'required';
  if (d.base.trim() === '') problems.base = 'required';
  else if (!isValidRefName(d.base)) problems.base = 'badRef';
  if (d.head.trim() === '') problems.head = 'required';
  else if (!isValidRefName(d.head)) problems.head = 'badRef';
  return problems;
}

/**
 * The form field a refusal of POST …/pulls is about, from its status and Gitea's message (routers/api/v1/repo/pull.go
 * CreatePullRequest); undefined when none fits (shown above the form).
 */
export function fieldOfPullRefusal(status: number | undefined, message: string): PullField | undefined {
  const m = message.toLowerCase();
  const bracket = /^\[(\w+)\]/.exec(message.trim())?.[1]?.toLowerCase();
  if (bracket) return ({ title: 'title', head: 'head', base: 'base', body: 'body' } as Record<string, PullField>)[bracket];
  if (status === 409 || m.includes('already exists for these targets') || m.includes('does not have a fork')) return 'head';
  if (m.includes('no changes between') || m.includes('must be branches')) return 'base';
  if (m.includes('assignee') || m.includes("doesn't have access to repo")) return 'assignees';
  if (m.includes("user doesn't exist") || m.includes("team doesn't exist")) return 'reviewers';
  if (m.includes('milestone')) return 'milestone';
  if (status === 403 || status === 423) return 'baseRepo';
  return undefined;
}

function names(v: unknown, max: number): string[] | undefined {
  if (!Array.isArray(v) || v.length > max) return undefined;
  return v.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 255) ? (v as string[]) : undefined;
}

function ids(v: unknown, max: number): number[] | undefined {
  if (!Array.isArray(v) || v.length > max) return undefined;
  return v.every((x) => Number.isSafeInteger(x) && (x as number) > 0) ? (v as number[]) : undefined;
}

const TEXT_FIELDS = { title: 255, body: 1_000_000, base: 255, head: 255, baseRepo: 512 } as const;

/** A draft from untrusted input (a webview message, stored state, command arguments): every field checked. */
export function parsePullDraft(input: unknown, base: PullDraft = emptyPullDraft()): PullDraft | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const o = input as Record<string, unknown>;
  const draft: { -readonly [K in keyof PullDraft]: PullDraft[K] } = { ...base };
  for (const [key, max] of Object.entries(TEXT_FIELDS) as [keyof typeof TEXT_FIELDS, number][]) {
    if (!(key in o)) continue;
    const value = o[key];
    if (typeof value !== 'string' || value.length > max) return undefined;
    draft[key] = value;
  }
  for (const key of ['reviewers', 'teamReviewers', 'assignees'] as const) {
    if (!(key in o)) continue;
    const list = names(o[key], 100);
    if (!list) return undefined;
    draft[key] = list;
  }
  if ('labels' in o) {
    const list = ids(o.labels, 500);
    if (!list) return undefined;
    draft.labels = list;
  }
  if ('milestone' in o) {
    if (o.milestone === undefined || o.milestone === null) delete draft.milestone;
    else if (Number.isSafeInteger(o.milestone) && (o.milestone as number) > 0) draft.milestone = o.milestone as number;
    else return undefined;
  }
  for (const key of ['draft', 'prefilled'] as const) {
    if (!(key in o)) continue;
    if (typeof o[key] !== 'boolean') return undefined;
    draft[key] = o[key];
  }
  return draft;
}

/** Nothing typed or picked beyond what the form fills in by itself. */
export function isEmptyPullDraft(d: PullDraft): boolean {
  return d.title.trim() === '' && d.body.trim() === '' && !d.reviewers.length && !d.teamReviewers.length && !d.assignees.length &&
    !d.labels.length && d.milestone === undefined && !d.draft;
}
