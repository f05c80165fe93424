// "Gitea: Merge Pull Request…": reads the pull request, its repository's merge settings, the base branch's
// protection, the head's commit statuses and the reviews; says why it cannot be merged before anything is sent;
// otherwise asks for the style (only the allowed ones, the default first), the commit title and message (as Gitea
// prefills them), delete-branch and merge-when-checks-succeed, then merges at the head it showed (`head_commit_id`,
// so a push in between is refused, not merged blindly) and explains a refusal in a sentence.
import * as vscode from 'vscode';
import type { Branch, CombinedStatus, GiteaClient, PullRequest, PullReview, Repository } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { readAllPages } from '../../api/paging';
import type { PullRequestRef } from '../../core/pullRequestArg';
import { signalOf } from '../../core/errors';
import { askPick, askSwitches, askText, BACK } from '../../core/quickInput';
import type { Services } from '../../core/services';
import { deleteBranchAfterMerge, preferredMergeStyle } from '../../core/settings';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { giteaAtLeast, type Account } from '../../shared/account';
import {
  allowedMergeStyles,
  proposeDeleteBranch,
  approversOf,
  defaultMergeMessage,
  mergeBlockers,
  mergeRefusal,
  onlyPendingChecks,
  styleTakesMessage,
  type MergeBlocker,
  type MergeStyle,
} from './mergeModel';
import { blockerSentence, refusalSentence, styleDetail, styleLabel } from './mergeText';
import { inertText } from '../../shared/untrustedText';

export type MergeResult =
  | { readonly kind: 'merged'; readonly style: MergeStyle }
  /** merge_when_checks_succeed: Gitea merges once the required checks succeed. */
  | { readonly kind: 'scheduled'; readonly style: MergeStyle }
  /** Not sent: the reasons shown. */
  | { readonly kind: 'blocked'; readonly reasons: readonly string[] }
  /** Sent and refused: the sentence shown. */
  | { readonly kind: 'refused'; readonly message: string; readonly status?: number }
  | { readonly kind: 'cancelled' };

interface MergeFactsLoaded {
  readonly pr: PullRequest;
  readonly repo: Repository;
  readonly base?: Branch;
  readonly status?: CombinedStatus;
  readonly reviews: readonly PullReview[];
}

const CHECKING_PAUSE_MS = 1500;
/** What also refuses marking a pull request as manually merged (Gitea's MergeCheckTypeManually). */
const MANUAL_BLOCKERS = new Set<MergeBlocker['kind']>(['merged', 'closed', 'noPermission', 'protectedBranch']);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function loadFacts(client: GiteaClient, ref: PullRequestRef, signal?: AbortSignal): Promise<MergeFactsLoaded> {
  const p = { owner: ref.repo.owner, repo: ref.repo.repo };
  const [repo, reviews] = await Promise.all([
    client.repoGet(p, { signal }),
    readAllPages((page) => client.repoListPullReviews({ ...p, index: ref.index, page }, { signal })).then((all) => all.items),
  ]);
  let pr = await client.repoGetPullRequest({ ...p, index: ref.index }, { signal });
  // `mergeable` is also false while Gitea tests the pull request after a push: look once more before saying "conflicts".
  if (pr.mergeable === false && !pr.merged && pr.state === 'open') {
    await sleep(CHECKING_PAUSE_MS);
    pr = await client.repoGetPullRequest({ ...p, index: ref.index }, { signal });
  }
  const baseRef = pr.base?.ref;
  const headSha = pr.head?.sha;
  const [base, status] = await Promise.all([
    // The protection fields of the base branch (404 when it is gone: then nothing is known about it).
    baseRef ? client.repoGetBranch({ ...p, branch: baseRef }, { signal }).catch(notFoundAsUndefined) : undefined,
    headSha ? client.repoGetCombinedStatusByRef({ ...p, ref: headSha }, { signal }).catch(notFoundAsUndefined) : undefined,
  ]);
  return { pr, repo, base, status, reviews };
}

function notFoundAsUndefined(e: unknown): undefined {
  if (isGiteaError(e) && e.kind === 'notFound') return undefined;
  throw e;
}

/** merge_when_checks_succeed exists since Gitea 1.17 (and in every Forgejo). */
function supportsAutoMerge(account: Account): boolean {
  return account.flavor === 'forgejo' || giteaAtLeast(account, 1, 17);
}

interface MergeChoices {
  style: MergeStyle;
  title: string;
  message: string;
  mergeCommitId: string;
  deleteBranch: boolean;
  whenChecksSucceed: boolean;
}

/** The line breaks of a commit message in a one-line input box. */
const toBox = (text: string) => text.replace(/(?<!\n)\n+$/, '').replace(/\n/g, '\\n');
const fromBox = (text: string) => text.replace(/\\n/g, '\n');

async function askChoices(
  facts: MergeFactsLoaded,
  styles: readonly MergeStyle[],
  autoMerge: 'no' | 'offer' | 'needed',
  deleteSetting: 'repository' | 'always' | 'never',
): Promise<MergeChoices | undefined> {
  const { pr, repo } = facts;
  const approvers = approversOf(facts.reviews);
  const title = vscode.l10n.t('Merge Pull Request #{0}', pr.number);
  const c: MergeChoices = {
    style: styles[0]!,
    title: '',
    message: '',
    mergeCommitId: '',
    deleteBranch: proposeDeleteBranch(repo.default_delete_branch_after_merge, deleteSetting),
    whenChecksSucceed: autoMerge === 'needed',
  };
  let prefilledFor: MergeStyle | undefined;
  const steps = ['style', 'title', 'message', 'commit', 'options'] as const;
  // A manual merge asks only for the commit; the other styles for their options, and a message when they commit.
  const applies = (s: (typeof steps)[number]): boolean => {
    const manual = c.style === 'manually-merged';
    if (s === 'style') return true;
    if (s === 'commit') return manual;
    if (s === 'options') return !manual;
    return styleTakesMessage(c.style);
  };
  let i = 0;
  while (i < steps.length) {
    const step = steps[i]!;
    if (!applies(step)) {
      i++;
      continue;
    }
    const position = { title, step: steps.slice(0, i + 1).filter(applies).length, totalSteps: steps.filter(applies).length, back: i > 0 };
    let answer: unknown;
    if (step === 'style') {
      answer = await askPick<MergeStyle>({
        ...position,
        placeholder: vscode.l10n.t('How to merge {0} into {1}', pr.head?.label || pr.head?.ref || '', pr.base?.ref ?? ''),
        items: styles.map((s, n) => ({ label: styleLabel(s), description: n === 0 && s === repo.default_merge_style ? vscode.l10n.t('default') : undefined, detail: styleDetail(s), value: s })),
        active: c.style,
      });
      if (typeof answer === 'string' && answer !== prefilledFor) {
        c.style = answer as MergeStyle;
        const message = defaultMergeMessage(c.style, pr, approvers, repo.external_tracker !== undefined && repo.has_issues !== false);
        c.title = message.title;
        c.message = message.body;
        prefilledFor = c.style;
      }
    } else if (step === 'title') {
      answer = await askText({ ...position, prompt: vscode.l10n.t('Commit title'), value: c.title, validate: (v) => (v.trim() ? undefined : vscode.l10n.t('The commit needs a title')) });
      if (typeof answer === 'string') c.title = answer.trim();
    } else if (step === 'message') {
      answer = await askText({ ...position, prompt: vscode.l10n.t('Commit message (\\n starts a new line)'), value: toBox(c.message) });
      if (typeof answer === 'string') c.message = fromBox(answer).trim();
    } else if (step === 'commit') {
      answer = await askText({
        ...position,
        prompt: vscode.l10n.t('The commit of {0} that merged the pull request (full SHA)', pr.base?.ref ?? ''),
        value: c.mergeCommitId,
        validate: (v) => (/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(v.trim()) ? undefined : vscode.l10n.t('A full commit SHA: 40 (or 64) hexadecimal digits')),
      });
      if (typeof answer === 'string') c.mergeCommitId = answer.trim().toLowerCase();
    } else {
      const sameRepo = pr.head?.repo_id !== undefined && pr.head.repo_id === pr.base?.repo_id;
      const switches: { key: 'deleteBranch' | 'whenChecksSucceed'; label: string; detail?: string; on: boolean }[] = [];
      if (c.style !== 'manually-merged') {
        switches.push({
          key: 'deleteBranch',
          label: vscode.l10n.t('Delete the branch {0} after merging', inertText(pr.head?.ref ?? '')),
          detail: sameRepo ? undefined : vscode.l10n.t('in {0}', inertText(pr.head?.repo?.full_name ?? '')),
          on: c.deleteBranch,
        });
      }
      if (autoMerge !== 'no' && c.style !== 'manually-merged') {
        switches.push({
          key: 'whenChecksSucceed',
          label: vscode.l10n.t('Merge when checks succeed'),
          detail: autoMerge === 'needed' ? vscode.l10n.t('Required checks are still running: Gitea merges once they succeed') : vscode.l10n.t('Gitea merges once the required checks succeed'),
          on: c.whenChecksSucceed,
        });
      }
      answer = await askSwitches({ ...position, placeholder: vscode.l10n.t('Enter merges #{0} ({1})', pr.number, styleLabel(c.style)), switches });
      if (Array.isArray(answer)) {
        c.deleteBranch = answer.includes('deleteBranch');
        c.whenChecksSucceed = answer.includes('whenChecksSucceed');
        if (autoMerge === 'needed' && !c.whenChecksSucceed) {
          void vscode.window.showWarningMessage(vscode.l10n.t('Required checks of #{0} are still running: only "Merge when checks succeed" can merge it now.', pr.number));
          continue;
        }
      }
    }
    if (answer === undefined) return undefined;
    if (answer === BACK) {
      do i--;
      while (i > 0 && !applies(steps[i]!));
      continue;
    }
    i++;
  }
  return c;
}

export async function mergePullRequest(services: Services, ref: PullRequestRef): Promise<MergeResult> {
  const target = await targetOrSignIn(services, ref.repo);
  if (!target) return { kind: 'cancelled' };
  const { client } = target;
  const facts = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking whether #{0} can be merged…', ref.index), cancellable: true },
    (_progress, token) => loadFacts(client, ref, signalOf(token)),
  );
  const autoMergeSupported = supportsAutoMerge(target.account);
  const blockers = mergeBlockers(facts);
  const waitForChecks = onlyPendingChecks(blockers) && autoMergeSupported;
  let styles = allowedMergeStyles(facts.repo, preferredMergeStyle(ref.repo.rootUri));
  if (blockers.length && !waitForChecks) {
    const reasons = blockers.map((b) => blockerSentence(b, facts.pr));
    // Gitea checks only the permission for a manual merge: a pull request merged outside Gitea may be recorded.
    const manualStillPossible = styles.includes('manually-merged') && blockers.every((b) => !MANUAL_BLOCKERS.has(b.kind));
    if (!manualStillPossible) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Pull request #{0} cannot be merged. {1}', ref.index, inertText(reasons.join(' '))));
      return { kind: 'blocked', reasons };
    }
    void vscode.window.showWarningMessage(vscode.l10n.t('Pull request #{0} cannot be merged. {1} It can only be marked as manually merged.', ref.index, inertText(reasons.join(' '))));
    styles = ['manually-merged'];
  }
  if (!styles.length) {
    const reason = inertText(vscode.l10n.t('{0}/{1} allows no merge style (Settings → Pull Requests).', ref.repo.owner, ref.repo.repo));
    void vscode.window.showWarningMessage(reason);
    return { kind: 'blocked', reasons: [reason] };
  }
  const choices = await askChoices(facts, styles, waitForChecks ? 'needed' : autoMergeSupported ? 'offer' : 'no', deleteBranchAfterMerge(ref.repo.rootUri));
  if (!choices) return { kind: 'cancelled' };
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Merging pull request #{0}…', ref.index) },
    () => send(services, client, ref, facts.pr, choices),
  );
  if (result.kind === 'merged' || result.kind === 'scheduled') {
    services.views.refresh('pullRequests', 'issues', 'branches', 'activity', 'issuePages', 'branchStatus');
    void vscode.window.showInformationMessage(
      result.kind === 'merged'
        ? vscode.l10n.t('Pull request #{0} is merged ({1}).', ref.index, styleLabel(result.style))
        : vscode.l10n.t('Pull request #{0} will be merged ({1}) when its checks succeed.', ref.index, styleLabel(result.style)),
    );
  }
  return result;
}

/** Sends the merge; a 405 "Please try again later" (Gitea is still testing the pull request) is tried once more. */
async function send(services: Services, client: GiteaClient, ref: PullRequestRef, pr: PullRequest, c: MergeChoices): Promise<MergeResult> {
  const withMessage = styleTakesMessage(c.style);
  const body = {
    do: c.style,
    ...(withMessage ? { merge_title_field: c.title, merge_message_field: c.message } : {}),
    ...(c.style === 'manually-merged' ? { merge_commit_id: c.mergeCommitId } : { head_commit_id: pr.head?.sha, delete_branch_after_merge: c.deleteBranch }),
    ...(c.whenChecksSucceed ? { merge_when_checks_succeed: true } : {}),
  };
  const params = { owner: ref.repo.owner, repo: ref.repo.repo, index: ref.index, body };
  for (let attempt = 1; ; attempt++) {
    try {
      // A merge answers 200, a scheduled merge 201; both without a body. Whether it is merged now says which.
      await client.repoMergePullRequest(params);
      if (!c.whenChecksSucceed) return { kind: 'merged', style: c.style };
      const merged = await client.repoPullRequestIsMerged({ owner: ref.repo.owner, repo: ref.repo.repo, index: ref.index }).then(
        () => true,
        // expected: 404 = not merged (yet): the merge waits for the checks.
        () => false,
      );
      return { kind: merged ? 'merged' : 'scheduled', style: c.style };
    } catch (e) {
      if (!isGiteaError(e) || e.status === undefined) throw e;
      const refusal = mergeRefusal(e.status, e.serverMessage);
      if (refusal.kind === 'tryAgainLater' && attempt < 2) {
        await sleep(CHECKING_PAUSE_MS * 2);
        continue;
      }
      // After a second "try again later", the pull request itself says whether it conflicts.
      const now =
        refusal.kind === 'tryAgainLater'
          ? await client.repoGetPullRequest({ owner: ref.repo.owner, repo: ref.repo.repo, index: ref.index }).catch(
              // expected: without the pull request the sentence does not say whether it conflicts.
              () => undefined,
            )
          : undefined;
      const message = inertText(refusalSentence(refusal, pr, c.style, now));
      services.log.warn(`Merging #${ref.index} (${c.style}) was refused: ${e.status} ${e.serverMessage ?? ''}`);
      void vscode.window.showErrorMessage(message);
      return { kind: 'refused', message, status: e.status };
    }
  }
}
