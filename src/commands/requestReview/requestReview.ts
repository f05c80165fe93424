// "Gitea: Request Review…": one multi-select pick of the people who can review (the repository's assignable users
// and collaborators, without the pull request's author) and, for an organization's repository, its teams; the
// current review requests come pre-selected. New ones are requested (POST …/requested_reviewers), unselected ones
// withdrawn (DELETE, same path), with Gitea's body `{ reviewers, team_reviewers }` of names.
import * as vscode from 'vscode';
import type { GiteaClient, PullRequest, Team, User } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { readAllPages } from '../../api/paging';
import { signalOf } from '../../core/errors';
import type { PullRequestRef } from '../../core/pullRequestArg';
import { askSwitches } from '../../core/quickInput';
import type { Services } from '../../core/services';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { isEmpty, reviewerChanges, type ReviewerNames } from './reviewerChanges';

export type RequestReviewResult =
  | { readonly kind: 'updated'; readonly added: ReviewerNames; readonly removed: ReviewerNames }
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

async function loadCandidates(client: GiteaClient, ref: PullRequestRef, signal?: AbortSignal): Promise<Candidates> {
  const p = { owner: ref.repo.owner, repo: ref.repo.repo };
  const [pr, assignees, collaborators, teams] = await Promise.all([
    client.repoGetPullRequest({ ...p, index: ref.index }, { signal }),
    client.repoGetAssignees(p, { signal }).then((page) => page.items, noneWhenRefused<User>),
    readAllPages((page) => client.repoListCollaborators({ ...p, page }, { signal })).then((all) => all.items, noneWhenRefused<User>),
    readAllPages((page) => client.orgListTeams({ org: ref.repo.owner, page }, { signal })).then((all) => all.items, noneWhenRefused<Team>),
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
    (_progress, token) => loadCandidates(client, ref, signalOf(token)),
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
      label: `$(person) ${u.login}`,
      detail: u.full_name || undefined,
      on: requested(current.reviewers, u.login),
    })),
    ...c.teams.map((t) => ({
      key: `team:${t.name}`,
      label: `$(organization) ${t.name}`,
      detail: t.description || vscode.l10n.t('team of {0}', ref.repo.owner),
      on: requested(current.team_reviewers, t.name),
    })),
  ];
  if (!switches.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Nobody else can review #{0}: the repository has no other collaborators.', ref.index));
    return { kind: 'cancelled' };
  }
  const keys = await askSwitches({
    title: vscode.l10n.t('Request Review of #{0} {1}', ref.index, c.pr.title),
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
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Updating the review requests of #{0}…', ref.index) }, async () => {
    if (!isEmpty(added)) await client.repoCreatePullReviewRequests({ ...p, body: body(added) });
    if (!isEmpty(removed)) await client.repoDeletePullReviewRequests({ ...p, body: body(removed) });
  });
  services.views.refresh('pullRequests', 'issues', 'issuePages');
  const names = (n: ReviewerNames) => [...n.reviewers, ...n.team_reviewers].join(', ');
  void vscode.window.showInformationMessage(
    isEmpty(removed)
      ? vscode.l10n.t('Review of #{0} requested from {1}.', ref.index, names(added))
      : isEmpty(added)
        ? vscode.l10n.t('Review request of #{0} withdrawn from {1}.', ref.index, names(removed))
        : vscode.l10n.t('Review of #{0} requested from {1}; withdrawn from {2}.', ref.index, names(added), names(removed)),
  );
  return { kind: 'updated', added, removed };
}
