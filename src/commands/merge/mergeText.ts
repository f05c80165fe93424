// The words of Merge Pull Request: the styles as Gitea's merge box names them, and a sentence for each reason a
// pull request cannot be merged and each refusal of the server.
import * as vscode from 'vscode';
import type { PullRequest } from '../../api';
import type { MergeBlocker, MergeRefusal, MergeStyle } from './mergeModel';

export function styleLabel(style: MergeStyle): string {
  switch (style) {
    case 'merge':
      return vscode.l10n.t('Create merge commit');
    case 'rebase':
      return vscode.l10n.t('Rebase then fast-forward');
    case 'rebase-merge':
      return vscode.l10n.t('Rebase then create merge commit');
    case 'squash':
      return vscode.l10n.t('Create squash commit');
    case 'fast-forward-only':
      return vscode.l10n.t('Fast-forward only');
    case 'manually-merged':
      return vscode.l10n.t('Mark as manually merged');
  }
}

export function styleDetail(style: MergeStyle): string {
  switch (style) {
    case 'merge':
      return vscode.l10n.t('All commits of the head are added to the base with a merge commit.');
    case 'rebase':
      return vscode.l10n.t('The head commits are replayed on the base, without a merge commit.');
    case 'rebase-merge':
      return vscode.l10n.t('The head commits are replayed on the base, then joined with a merge commit.');
    case 'squash':
      return vscode.l10n.t('One commit with all the changes goes onto the base.');
    case 'fast-forward-only':
      return vscode.l10n.t('The base moves to the head; refused when the head does not contain the base.');
    case 'manually-merged':
      return vscode.l10n.t('The pull request was merged outside Gitea: record the commit that merged it.');
  }
}

export function blockerSentence(b: MergeBlocker, pr: PullRequest): string {
  switch (b.kind) {
    case 'merged':
      return vscode.l10n.t('It is already merged.');
    case 'closed':
      return vscode.l10n.t('It is closed. Reopen it on Gitea to merge it.');
    case 'workInProgress':
      return pr.draft && !/^(?:WIP:|\[WIP\])/i.test(pr.title)
        ? vscode.l10n.t('It is a draft (a work in progress). Mark it ready for review first.')
        : vscode.l10n.t('Its title marks it as a work in progress ("{0}"). Remove the prefix first.', pr.title);
    case 'conflicts':
      return vscode.l10n.t('It has conflicts with {0} (or Gitea is still testing it: try again in a moment). Resolve the conflicts by merging or rebasing {0} into the head branch.', b.base);
    case 'noPermission':
      return vscode.l10n.t('You need write access to the repository to merge.');
    case 'protectedBranch':
      return vscode.l10n.t('The protection of {0} does not allow you to merge into it.', b.branch);
    case 'approvals':
      return b.required === 1
        ? vscode.l10n.t('The protection of {0} requires an approval, it has none.', pr.base?.ref ?? '')
        : vscode.l10n.t('The protection of {0} requires {1} approvals, it has {2}.', pr.base?.ref ?? '', b.required, b.have);
    case 'checks':
      return b.state === 'failure'
        ? vscode.l10n.t('Required checks failed ({0}).', b.contexts.join(', ') || vscode.l10n.t('all statuses of the head'))
        : vscode.l10n.t('Required checks have not succeeded yet ({0}).', b.contexts.join(', ') || vscode.l10n.t('all statuses of the head'));
  }
}

/** The sentence for a refused merge; `now` is the pull request read again after a second "try again later". */
export function refusalSentence(r: MergeRefusal, pr: PullRequest, style: MergeStyle, now?: PullRequest): string {
  const n = pr.number;
  switch (r.kind) {
    case 'tryAgainLater':
      return now?.mergeable === false
        ? vscode.l10n.t('Pull request #{0} cannot be merged: it has conflicts with {1}. Resolve them, then merge again.', n, pr.base?.ref ?? '')
        : vscode.l10n.t('Gitea is still testing whether pull request #{0} merges cleanly ("Please try again later"). Try again in a moment.', n);
    case 'alreadyMerged':
      return vscode.l10n.t('Pull request #{0} is already merged.', n);
    case 'workInProgress':
      return vscode.l10n.t('Pull request #{0} is a work in progress: Gitea does not merge it until it is marked ready.', n);
    case 'noPermission':
      return vscode.l10n.t('You are not allowed to merge pull request #{0} (write access, or the branch protection of {1}).', n, pr.base?.ref ?? '');
    case 'protection':
      return vscode.l10n.t('The branch protection of {0} refuses the merge of #{1}: {2}.', pr.base?.ref ?? '', n, r.reason);
    case 'styleNotAllowed':
      return vscode.l10n.t('The repository does not allow merging by "{0}" (any more).', style);
    case 'headChanged':
      return vscode.l10n.t('Pull request #{0} changed since it was checked: new commits were pushed to {1}. Nothing was merged; look at the new commits, then merge again.', n, pr.head?.ref ?? '');
    case 'baseChanged':
      return vscode.l10n.t('{0} moved while #{1} was being merged. Nothing was merged; merge again.', pr.base?.ref ?? '', n);
    case 'gitConflict':
      return style === 'fast-forward-only'
        ? vscode.l10n.t('{0} cannot be fast-forwarded to the head of #{1}: the head does not contain {0}. Rebase it, or choose another style.', pr.base?.ref ?? '', n)
        : vscode.l10n.t('Git could not merge #{0} into {1} ({2}): there are conflicts. Resolve them in the head branch.', n, pr.base?.ref ?? '', style);
    case 'alreadyScheduled':
      return vscode.l10n.t('Pull request #{0} is already scheduled to be merged when its checks succeed.', n);
    case 'closed':
      return vscode.l10n.t('Pull request #{0} is closed: reopen it to merge it.', n);
    case 'archived':
      return vscode.l10n.t('The repository is archived: nothing can be merged into it.');
    case 'other':
      return vscode.l10n.t('Gitea refused to merge #{0}: {1}', n, r.message || vscode.l10n.t('no reason given'));
  }
}
