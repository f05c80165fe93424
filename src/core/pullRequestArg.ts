// The pull request a command argument names. Every pull request command (Changed Files, Check Out, Merge, Request
// Review, the review in the diff editor) accepts the same arguments, so a tree row, the issue page, the line command
// and the tests can call any of them alike.
import type { RepoRef } from './services';
import { repoRefFrom } from './target';

export interface PullRequestRef {
  readonly repo: RepoRef;
  readonly index: number;
}

/**
 * The pull request an argument names: `{ repo, pr: { number } }` (the line command, the contract with the Pull
 * Requests view), `{ repo, index }`, or a Pull Requests view node whose data is a PullRequest or a changed file
 * of the active repository.
 */
export function pullRequestArg(arg: unknown, active: RepoRef | undefined): PullRequestRef | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as Record<string, unknown>;
  const repo = repoRefFrom(o.repo);
  const pr = o.pr as { number?: unknown } | undefined;
  if (repo && typeof pr?.number === 'number') return { repo, index: pr.number };
  if (repo && typeof o.index === 'number') return { repo, index: o.index };
  if (active && o.kind === 'changedFile' && typeof o.owner === 'string' && typeof o.repo === 'string' && typeof o.index === 'number') {
    return { repo: { instanceUrl: active.instanceUrl, accountId: active.accountId, owner: o.owner, repo: o.repo }, index: o.index };
  }
  // A PullRequest object (node data of the Pull Requests view, which shows the active repository).
  if (active && typeof o.number === 'number' && typeof o.title === 'string') return { repo: active, index: o.number };
  const data = (o.options as { data?: unknown } | undefined)?.data ?? o.data;
  return data !== undefined && data !== arg ? pullRequestArg(data, active) : undefined;
}
