// "Gitea: Update Branch…": brings a pull request's base into its head on the server (POST …/pulls/{i}/update), by
// merge or by rebase as the repository allows (asked when both are), said plainly when there is nothing to bring in,
// when Gitea refuses (the head cannot be pushed by the user, or the style is not allowed) and when they conflict;
// afterwards the clone on that branch is offered a pull.
import * as vscode from 'vscode';
import { isGiteaError } from '../../api/errorKind';
import { clonedRepository } from '../../git/gitRepositories';
import { messageOf } from '../../core/errors';
import type { PullRequestRef } from '../../core/pullRequestArg';
import type { Services } from '../../core/services';
import { targetOrSignIn } from '../../core/targetOrSignIn';
import { inertText } from '../../shared/untrustedText';
import { recentRepositories } from '../../core/recentRepositories';

export type UpdateResult =
  | { readonly kind: 'updated'; readonly style: 'merge' | 'rebase' }
  | { readonly kind: 'upToDate' }
  | { readonly kind: 'conflict'; readonly message: string }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'cancelled' };

async function askStyle(allowed: ('merge' | 'rebase')[], preferred: string | undefined): Promise<'merge' | 'rebase' | undefined> {
  if (allowed.length === 1) return allowed[0];
  const items = [
    { label: vscode.l10n.t('Merge'), detail: vscode.l10n.t('A merge commit brings the base\'s commits into the branch.'), style: 'merge' as const },
    { label: vscode.l10n.t('Rebase'), detail: vscode.l10n.t('The branch\'s commits are replayed on the base (the branch is rewritten).'), style: 'rebase' as const },
  ].sort((a, b) => (a.style === preferred ? -1 : b.style === preferred ? 1 : 0));
  return (await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Update Branch'), placeHolder: vscode.l10n.t('How to bring the base in') }))?.style;
}

export async function updateBranch(services: Services, ref: PullRequestRef, scriptedStyle?: 'merge' | 'rebase'): Promise<UpdateResult> {
  const target = await targetOrSignIn(services, ref.repo);
  if (!target) return { kind: 'cancelled' };
  const p = { owner: ref.repo.owner, repo: ref.repo.repo };
  const [pr, repo] = await Promise.all([target.client.repoGetPullRequest({ ...p, index: ref.index }), recentRepositories.read(target, p)]);
  // Branch names as shown (server text); the log keeps them as they are.
  const head = inertText(pr.head?.ref ?? '');
  const base = inertText(pr.base?.ref ?? '');
  if (pr.merged || pr.state === 'closed') {
    const message = vscode.l10n.t('Pull request #{0} is {1}: there is no branch to update.', pr.number, pr.merged ? vscode.l10n.t('merged') : vscode.l10n.t('closed'));
    void vscode.window.showInformationMessage(message);
    return { kind: 'refused', message };
  }
  // The merge base is the base's head when the head has every commit of the base.
  if (pr.merge_base && pr.base?.sha && pr.merge_base === pr.base.sha) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} has every commit of {1} already.', head, base));
    return { kind: 'upToDate' };
  }
  const allowed = [repo.allow_merge_update !== false ? ('merge' as const) : undefined, repo.allow_rebase_update === true ? ('rebase' as const) : undefined].filter(
    (s): s is 'merge' | 'rebase' => s !== undefined,
  );
  if (!allowed.length) {
    const message = inertText(vscode.l10n.t('{0}/{1} does not allow updating pull request branches (its settings allow neither merge nor rebase).', p.owner, p.repo));
    void vscode.window.showWarningMessage(message);
    return { kind: 'refused', message };
  }
  const style = scriptedStyle ?? (await askStyle(allowed, repo.default_update_style || undefined));
  if (!style) return { kind: 'cancelled' };
  try {
    await target.client.repoUpdatePullRequest({ ...p, index: ref.index, style });
  } catch (e) {
    if (!isGiteaError(e)) throw e;
    const server = e.serverMessage || e.message;
    if (e.kind === 'conflict') {
      const message = style === 'merge'
        ? vscode.l10n.t('Gitea could not merge {0} into {1}: they change the same lines. Merge {0} into {1} in your clone, resolve the conflicts and push.', base, head)
        : vscode.l10n.t('Gitea could not rebase {1} on {0}: a commit of {1} conflicts with {0}. Rebase it in your clone, resolve the conflicts and force-push, or update by merge.', base, head);
      void vscode.window.showWarningMessage(message);
      return { kind: 'conflict', message };
    }
    if (e.kind === 'forbidden') {
      const message = vscode.l10n.t('You may not update {0} by {1}: you cannot push to it, or the repository does not allow it.', head, style === 'merge' ? vscode.l10n.t('merge') : vscode.l10n.t('rebase'));
      void vscode.window.showWarningMessage(message);
      return { kind: 'refused', message };
    }
    if (e.kind === 'server' && /up to date/i.test(server)) return { kind: 'upToDate' };
    throw e;
  }
  services.views.refresh('pullRequests', 'issuePages', 'branchStatus');
  services.log.info(`Updated ${pr.head?.ref ?? ''} of ${p.owner}/${p.repo}#${ref.index} from ${pr.base?.ref ?? ''} by ${style}.`);
  void offerPull(services, pr.head?.ref ?? '', style);
  return { kind: 'updated', style };
}

/** When the active clone is on the updated branch: Pull brings the server's commits in. */
async function offerPull(services: Services, head: string, style: 'merge' | 'rebase'): Promise<void> {
  const root = services.repos.active?.rootUri;
  const cloned = root && (await clonedRepository(root));
  const onHead = cloned && cloned.repository.state.HEAD?.name === head;
  const pull = vscode.l10n.t('Pull');
  const shown = inertText(head);
  const choice = await vscode.window.showInformationMessage(
    style === 'merge' ? vscode.l10n.t('{0} is updated on the server by a merge commit.', shown) : vscode.l10n.t('{0} is rebased on the server.', shown),
    ...(onHead && style === 'merge' ? [pull] : []),
  );
  if (choice === pull && cloned) {
    await cloned.repository.pull().catch((e: unknown) => void vscode.window.showWarningMessage(inertText(vscode.l10n.t('Could not pull {0}: {1}', head, messageOf(e)))));
  }
}
