// Sending the Create Pull Request form: the server-side checks Gitea does not make (nothing to compare: Gitea would
// open an empty pull request; an open one for the same head and base), POST …/pulls, and each refusal turned into
// what the form shows next to its field. Pushing first is the caller's (it asks the user).
import * as vscode from 'vscode';
import type { GiteaClient, PullRequest } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { readAllPages } from '../../api/paging';
import { messageOf } from '../../core/errors';
import { fieldOfPullRefusal, localPullProblems, toCreatePullBody, type PullDraft, type PullField } from './pullDraft';

export type PullSubmitOutcome =
  | { readonly status: 'created'; readonly pull: PullRequest; readonly warning?: string }
  /** Nothing was sent, or the server refused: messages by field, maybe a general one. */
  | { readonly status: 'invalid'; readonly fields: Partial<Record<PullField, string>>; readonly general?: string }
  /** An open pull request of the same head and base exists. */
  | { readonly status: 'exists'; readonly number: number; readonly title?: string; readonly fields: Partial<Record<PullField, string>> }
  /** The user did not want the branch pushed (or closed the question). */
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly general: string; readonly kind?: string };

export interface PullTargets {
  readonly client: GiteaClient;
  /** Where the pull request is opened. */
  readonly baseOwner: string;
  readonly baseRepo: string;
  /** Set when the head branch is in another repository (a fork): Gitea's `<owner>:<branch>`. */
  readonly headOwner?: string;
  readonly wipPrefix: string;
  readonly signal?: AbortSignal;
}

/** The head as Gitea's compare and base/head lookups take it. */
export function headSpec(t: Pick<PullTargets, 'headOwner'>, head: string): string {
  return t.headOwner ? `${t.headOwner}:${head}` : head;
}

/** The open pull request of this head and base, if any. GET pulls/{base}/{head} answers one of any state: when it
 * is not open, the open ones into the base are looked through. */
export async function findOpenPull(t: PullTargets, base: string, head: string): Promise<PullRequest | undefined> {
  const p = { owner: t.baseOwner, repo: t.baseRepo };
  let found: PullRequest;
  try {
    found = await t.client.repoGetPullRequestByBaseHead({ ...p, base, head: headSpec(t, head) }, { signal: t.signal });
  } catch (e) {
    if (isGiteaError(e) && e.kind === 'notFound') return undefined;
    throw e;
  }
  if (found.state === 'open' && !found.merged) return found;
  const wantedRepo = (t.headOwner ? `${t.headOwner}/` : `${t.baseOwner}/`).toLowerCase();
  const open = await readAllPages((page) => t.client.repoListPullRequests({ ...p, state: 'open', base_branch: base, page }, { signal: t.signal }), { maxPages: 10 });
  return open.items.find((pr) => pr.head?.ref === head && (pr.head.repo?.full_name ?? '').toLowerCase().startsWith(wantedRepo));
}

function existsMessage(pr: { number: number }, head: string, base: string): string {
  return vscode.l10n.t('Pull request #{0} already merges {1} into {2} and is open.', pr.number, head, base);
}

/** The checks before sending: nothing to compare (Gitea would open an empty pull request), an open one already. */
export async function checkBeforeCreate(t: PullTargets, d: PullDraft): Promise<PullSubmitOutcome | undefined> {
  const open = await findOpenPull(t, d.base, d.head);
  if (open) return { status: 'exists', number: open.number, title: open.title, fields: { head: existsMessage(open, d.head, d.base) } };
  try {
    const compared = await t.client.repoCompareDiff({ owner: t.baseOwner, repo: t.baseRepo, basehead: `${d.base}...${headSpec(t, d.head)}` }, { signal: t.signal });
    if ((compared.total_commits ?? compared.commits.length) === 0) {
      return { status: 'invalid', fields: { base: vscode.l10n.t('There is nothing to compare: {0} has no commits that {1} has not.', d.head, d.base) } };
    }
  } catch (e) {
    // expected: an unknown branch is reported by the create request itself, at its field.
    if (!(isGiteaError(e) && e.kind === 'notFound')) throw e;
  }
  return undefined;
}

export function notABranch(): string {
  return vscode.l10n.t('git does not accept this as a branch name.');
}

function localFields(d: PullDraft): Partial<Record<PullField, string>> {
  const fields: Partial<Record<PullField, string>> = {};
  for (const [field, problem] of Object.entries(localPullProblems(d)) as [PullField, string][]) {
    fields[field] = field === 'title' ? vscode.l10n.t('A title is required.') : problem === 'badRef' ? notABranch() : vscode.l10n.t('Name a branch.');
  }
  return fields;
}

/** 409 names the existing pull request's number (`issue_id`). */
function existingNumber(message: string): number | undefined {
  const n = Number(/issue_id: (\d+)/.exec(message)?.[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Sends the draft; the caller pushed the branch and ran checkBeforeCreate. */
export async function createPull(t: PullTargets, d: PullDraft): Promise<PullSubmitOutcome> {
  const local = localFields(d);
  if (Object.keys(local).length) return { status: 'invalid', fields: local };
  const body = toCreatePullBody(d, { headOwner: t.headOwner, wipPrefix: t.wipPrefix });
  try {
    const pull = await t.client.repoCreatePullRequest({ owner: t.baseOwner, repo: t.baseRepo, body }, { signal: t.signal });
    return { status: 'created', pull };
  } catch (e) {
    if (!isGiteaError(e)) return { status: 'failed', general: messageOf(e) };
    const server = e.serverMessage || e.message;
    if (e.kind === 'server') {
      // Gitea requests the reviews after creating the pull request: a refused request answers 500 although it exists.
      // expected: when even the lookup fails, the 500 is what the user sees.
      const made = await findOpenPull(t, d.base, d.head).catch(() => undefined);
      if (made && made.title === body.title) {
        return { status: 'created', pull: made, warning: vscode.l10n.t('The server failed after creating the pull request: check its reviewers.') };
      }
    }
    if (e.kind === 'conflict') {
      const number = existingNumber(server);
      if (number) return { status: 'exists', number, fields: { head: existsMessage({ number }, d.head, d.base) } };
    }
    const field = fieldOfPullRefusal(e.status, server);
    switch (e.kind) {
      case 'archived':
        return { status: 'invalid', fields: { baseRepo: vscode.l10n.t('{0}/{1} is archived: it takes no pull requests.', t.baseOwner, t.baseRepo) } };
      case 'forbidden':
        return {
          status: 'invalid',
          fields: { baseRepo: vscode.l10n.t('You may not open pull requests in {0}/{1} (the server said: "{2}").', t.baseOwner, t.baseRepo, server) },
        };
      case 'validation':
      case 'badRequest':
      case 'conflict':
      case 'notFound':
        if (field) return { status: 'invalid', fields: { [field]: server } };
        return e.kind === 'notFound'
          ? { status: 'invalid', fields: {}, general: vscode.l10n.t('The server did not find the base branch, the head branch or the milestone ({0}).', server) }
          : { status: 'invalid', fields: {}, general: server };
      default:
        return { status: 'failed', kind: e.kind, general: e.message };
    }
  }
}
