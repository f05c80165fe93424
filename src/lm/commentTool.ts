// The `comment` tool: a comment on an issue or pull request. It asks first (writingTool.ts): the account, the issue
// and the body, as text in a code block; the plan (commentPlan) needs no network, so the confirmation and the sending
// agree by construction.
import * as vscode from 'vscode';
import type { Services } from '../core/services';
import { accountForRepo, repoParams } from '../core/target';
import type { Account } from '../shared/account';
import { value } from './quote';
import type { ToolImplementation } from './standIns';
import { issueRefFromInput, readyTarget, ToolRefusal } from './toolSupport';
import { writingTool, WRITE_TEXT_MAX, type Confirmation } from './writingTool';
import type { RepoRef } from '../core/services';

export interface CommentInput {
  readonly issue?: string | number;
  readonly body?: string;
  readonly repository?: string;
}

/** The longest comment the tool sends (a model's comment is a few paragraphs; a longer one is likely a mistake). */
export const COMMENT_MAX = WRITE_TEXT_MAX;

export interface CommentPlan {
  readonly repo: RepoRef;
  readonly number: number;
  readonly account: Account;
  readonly body: string;
}

/** What would be sent, or why nothing can be. Pure of the network: the confirmation and the sending agree. */
export function commentPlan(services: Services, input: CommentInput): CommentPlan | ToolRefusal {
  if (input.issue === undefined || input.issue === '') return new ToolRefusal(vscode.l10n.t('Name the issue: its number, owner/repo#number or its URL.'));
  const body = typeof input.body === 'string' ? input.body : '';
  if (!body.trim()) return new ToolRefusal(vscode.l10n.t('The comment is empty: nothing was sent.'));
  if (body.length > COMMENT_MAX) return new ToolRefusal(vscode.l10n.t('The comment has {0} characters, more than {1}: nothing was sent.', body.length, COMMENT_MAX));
  const ref = issueRefFromInput(services, input.issue, input.repository);
  if (ref instanceof ToolRefusal) return ref;
  if (!ref.repo) return new ToolRefusal(vscode.l10n.t('No Gitea repository is open: name one as owner/name, or the user can pick one with "Gitea: Select Repository".'));
  const account = accountForRepo(services.accounts, ref.repo);
  if (!account) return new ToolRefusal(vscode.l10n.t('Nobody is signed in to the instance of {0}/{1}.', ref.repo.owner, ref.repo.repo));
  return { repo: ref.repo, number: ref.number, account, body };
}

/** The confirmation: who posts where, and the body as text (a code block: nothing in it is rendered). */
export function commentConfirmation(plan: CommentPlan): Confirmation {
  const where = `${plan.repo.owner}/${plan.repo.repo}#${plan.number}`;
  return {
    title: vscode.l10n.t('Comment on {0}?', where),
    question: vscode.l10n.t('Post this comment as {0} on {1} ({2})?', plan.account.username, where, plan.account.instanceUrl),
    parts: [{ label: '', text: plan.body }],
    progress: vscode.l10n.t('Commenting on {0}', where),
  };
}

export function commentTool(services: Services): ToolImplementation {
  return writingTool<CommentPlan>('comment', {
    plan: (input) => {
      const plan = commentPlan(services, (input ?? {}) as CommentInput);
      return plan instanceof ToolRefusal ? Promise.reject(plan) : Promise.resolve(plan);
    },
    confirmation: commentConfirmation,
    async send(plan, signal) {
      const target = await readyTarget(services, { ...plan.repo, accountId: plan.account.id });
      const comment = await target.client.issueCreateComment({ ...repoParams(target.repo), index: plan.number, body: { body: plan.body } }, { signal });
      return `Posted comment ${comment.id} as ${value(plan.account.username)} on ${plan.repo.owner}/${plan.repo.repo}#${plan.number}${comment.html_url ? `: ${value(comment.html_url)}` : '.'}`;
    },
    failureLead: () => vscode.l10n.t('The comment was not posted.'),
  });
}
