// "Gitea: Request Review…": one multi-select pick of the people who can review (the repository's assignable users
// and collaborators, without the pull request's author) and, for an organization's repository, its teams; the
// current review requests come pre-selected. New ones are requested (POST …/requested_reviewers), unselected ones
// withdrawn (DELETE, same path), with Gitea's body `{ reviewers, team_reviewers }` of names.
import * as vscode from 'vscode';
import type { GiteaClient, PullRequest, Team, User } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { readAllPages } from '../../api/paging';
import { messageOf, signalOf } from '../../core/errors';
import type { PullRequestRef } from '../../core/pullRequestArg';
import { askSwitches } from '../../core/quickInput';
import type { Services } from '../../core/services';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { isEmpty, reviewerChanges, type ReviewerNames } from './reviewerChanges';
import { updateReviewers, updateSummary } from './reviewerUpdate';
import { inertOptional, inertText } from '../../shared/untrustedText';

export type RequestReviewResult =
  /** `failed`: what did not go through when the other request did (the message shown). */
  | { readonly kind: 'updated'; readonly added: ReviewerNames; readonly removed: ReviewerNames; readonly failed?: string }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'cancelled' };


interface Candidates {
  readonly pr: PullRequest;
  readonly users: readonly User[];
  readonly teams: readonly Team[];
}

/** A list the user may not read (teams of an organization one is not in) or that does not exist (a user's
 * repository has no teams) offers nothing. */
function noneWhenRefused<T>(e: unknown): T[] {
  if (isGiteaError(e) && (e.kind === 'notFound' || e.kind === 'forbidden')) return [];
  throw e;
}

async function loadCandidates(client: GiteaClient, ref: PullRequestRef, log: Services['log'], signal?: AbortSignal): Promise<Candidates> {
  const capped = (what: string) => (pages: number) => log.warn(`Request Review #${ref.index}: the ${what} stopped after ${pages} pages; the server still said there were more.`);
  const p = { owner: ref.repo.owner, repo: ref.repo.repo };
  const [pr, assignees, collaborators, teams] = await Promise.all([
    client.repoGetPullRequest({ ...p, index: ref.index }, { signal }),
    client.repoGetAssignees(p, { signal }).then((page) => page.items, noneWhenRefused<User>),
    readAllPages((page) => client.repoListCollaborators({ ...p, page }, { signal }), { onCapped: capped('collaborators') }).then((all) => all.items, noneWhenRefused<User>),
    readAllPages((page) => client.orgListTeams({ org: ref.repo.owner, page }, { signal }), { onCapped: capped('teams') }).then((all) => all.items, noneWhenRefused<Team>),
  ]);
  const byLogin = new Map<string, User>();
  for (const u of [...assignees, ...collaborators, ...pr.requested_reviewers]) {
    // Gitea refuses the author as a reviewer of their own pull request.
    if (u.login !== pr.user?.login) byLogin.set(u.login.toLowerCase(), u);
  }
  const users = [...byLogin.values()].sort((a, b) => a.login.localeCompare(b.login));
  return { pr, users, teams };
}


export async function requestReview(services: Services, ref: PullRequestRef): Promise<RequestReviewResult> {
  const target = await targetOrSignIn(services, ref.repo);
  if (!target) return { kind: 'cancelled' };
  const { client } = target;
  const c = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Loading the reviewers of #{0}…', ref.index), cancellable: true },
    (_progress, token) => loadCandidates(client, ref, services.log, signalOf(token)),
  );
  if (c.pr.state === 'closed' || c.pr.merged) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Pull request #{0} is closed: Gitea takes review requests on open pull requests only.', ref.index));
    return { kind: 'cancelled' };
  }
  const current: ReviewerNames = {
    reviewers: c.pr.requested_reviewers.map((u) => u.login),
    team_reviewers: c.pr.requested_reviewers_teams.map((t) => t.name),
  };
  const requested = (list: readonly string[], name: string) => list.some((x) => x.toLowerCase() === name.toLowerCase());
  const switches = [
    ...c.users.map((u) => ({
      key: `user:${u.login}`,
      label: `$(person) ${inertText(u.login)}`,
      detail: inertOptional(u.full_name || undefined),
      on: requested(current.reviewers, u.login),
    })),
    ...c.teams.map((t) => ({
      key: `team:${t.name}`,
      label: `$(organization) ${inertText(t.name)}`,
      detail: inertText(t.description || vscode.l10n.t('team of {0}', ref.repo.owner)),
      on: requested(current.team_reviewers, t.name),
    })),
  ];
  if (!switches.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Nobody else can review #{0}: the repository has no other collaborators.', ref.index));
    return { kind: 'cancelled' };
  }
  const keys = await askSwitches({
    title: vscode.l10n.t('Request Review of #{0} {1}', ref.index, inertText(c.pr.title)),
    step: 1,
    totalSteps: 1,
    placeholder: vscode.l10n.t('Select who should review; unselect a request to withdraw it'),
    switches,
  });
  if (!Array.isArray(keys)) return { kind: 'cancelled' };
  const selected: ReviewerNames = {
    reviewers: keys.filter((k) => k.startsWith('user:')).map((k) => k.slice(5)),
    team_reviewers: keys.filter((k) => k.startsWith('team:')).map((k) => k.slice(5)),
  };
  const { added, removed } = reviewerChanges(current, selected);
  if (isEmpty(added) && isEmpty(removed)) return { kind: 'unchanged' };
  const p = { owner: ref.repo.owner, repo: ref.repo.repo, index: ref.index };
  const body = (n: ReviewerNames) => ({ reviewers: [...n.reviewers], team_reviewers: [...n.team_reviewers] });
  const update = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Updating the review requests of #{0}…', ref.index) },
    () =>
      updateReviewers(
        { added, removed },
        {
          request: (names) => client.repoCreatePullReviewRequests({ ...p, body: body(names) }),
          withdraw: (names) => client.repoDeletePullReviewRequests({ ...p, body: body(names) }),
        },
      ),
  );
  // Refreshed whatever went through: a failed withdrawal leaves the new requests made.
  services.views.refresh('pullRequests', 'issues', 'issuePages');
  for (const f of update.failures) services.log.error(`Request Review #${ref.index}: ${f.step} failed: ${messageOf(f.error)}`);
  const summary = updateSummary(ref.index, update, messageOf, vscode.l10n.t);
  if (summary.severity === 'info') void vscode.window.showInformationMessage(summary.text);
  else if (summary.severity === 'warning') void vscode.window.showWarningMessage(summary.text);
  else void vscode.window.showErrorMessage(summary.text);
  if (summary.severity === 'error') return { kind: 'failed', message: summary.text };
  return { kind: 'updated', added: update.requested, removed: update.withdrawn, ...(update.failures.length ? { failed: summary.text } : {}) };
}
