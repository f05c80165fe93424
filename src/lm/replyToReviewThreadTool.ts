// The `replyToReviewThread` tool: a reply to an unresolved review thread of the checked-out pull request (or the one
// named), the thread named by the id the activePullRequest tool shows ("Thread 123 on …"), and, when asked, the
// thread marked resolved — the requests of the review threads' Reply and Resolve Conversation commands. It asks first
// (writingTool.ts), showing the thread's place, its last comment and the reply. Replies need Gitea 1.27's reply
// endpoint; older servers take a reply only inside a review, which the tool refuses (the user replies in the editor).
import * as vscode from 'vscode';
import { isGiteaError } from '../api/errorKind';
import type { Services } from '../core/services';
import { repoParams, type Target } from '../core/target';
import { giteaAtLeast } from '../shared/account';
import { messageOf } from '../shared/errors';
import { loadReviews } from '../views/changedFiles/review/reviewData';
import type { ReviewThreadModel } from '../views/changedFiles/review/threadModel';
import { CAPS, quoted, value } from './quote';
import type { ToolImplementation } from './standIns';
import { threadPlace, unresolvedThreads } from './threads';
import { ToolRefusal } from './toolSupport';
import { pullOfInput } from './workspacePull';
import { checkedText, writingTool, type Confirmation } from './writingTool';

export interface ReplyInput {
  /** The thread's id, as the activePullRequest tool shows it. */
  readonly thread?: number;
  readonly body?: string;
  /** Mark the thread resolved after replying. */
  readonly resolve?: boolean;
  readonly pullRequest?: string | number;
}

export interface ReplyPlan {
  readonly target: Target;
  readonly index: number;
  readonly thread: ReviewThreadModel & { readonly rootCommentId: number };
  readonly body: string;
  readonly resolve: boolean;
}

function noReplies(): ToolRefusal {
  return new ToolRefusal(vscode.l10n.t('This server takes replies to review threads only inside a review (Gitea 1.27 answers them at once): nothing was sent. The user can reply in the editor\'s review thread.'));
}

async function plan(services: Services, input: ReplyInput, signal: AbortSignal): Promise<ReplyPlan> {
  const id = input.thread;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw new ToolRefusal(vscode.l10n.t('Name the thread by its id, as the activePullRequest tool shows it ("Thread 123 on …").'));
  const body = checkedText(input.body, vscode.l10n.t('The reply'));
  const { target, index } = await pullOfInput(services, input.pullRequest, signal);
  if (!giteaAtLeast(target.account, 1, 27)) throw noReplies();
  const thread = unresolvedThreads(await loadReviews(target.client, { ...repoParams(target.repo), index }, signal)).find((t) => t.rootCommentId === id);
  if (!thread) throw new ToolRefusal(vscode.l10n.t('{0}/{1}#{2} has no unresolved review thread {3}: the activePullRequest tool lists them.', target.repo.owner, target.repo.repo, index, id));
  return { target, index, thread: thread as ReplyPlan['thread'], body, resolve: input.resolve === true };
}

function confirmation(p: ReplyPlan): Confirmation {
  const where = `${p.target.repo.owner}/${p.target.repo.repo}#${p.index}`;
  const last = p.thread.comments[p.thread.comments.length - 1];
  return {
    title: p.resolve ? vscode.l10n.t('Reply to a review thread of {0} and resolve it?', where) : vscode.l10n.t('Reply to a review thread of {0}?', where),
    question: vscode.l10n.t('Reply as {0} to review thread {1} of {2} ({3})?', p.target.account.username, p.thread.rootCommentId, where, p.target.account.instanceUrl),
    parts: [
      { label: vscode.l10n.t('The thread:'), text: threadPlace(p.thread) },
      ...(last ? [{ label: vscode.l10n.t('Its last comment, by {0}:', last.author), text: last.body }] : []),
      { label: vscode.l10n.t('The reply:'), text: p.body },
      ...(p.resolve ? [{ sentence: vscode.l10n.t('Then the thread is marked resolved.') }] : []),
    ],
    progress: vscode.l10n.t('Replying to review thread {0}', p.thread.rootCommentId),
  };
}

export function replyToReviewThreadTool(services: Services): ToolImplementation {
  return writingTool<ReplyPlan>('replyToReviewThread', {
    plan: (input, signal) => plan(services, (input ?? {}) as ReplyInput, signal),
    confirmation,
    async send(p, signal) {
      const params = repoParams(p.target.repo);
      let reply;
      try {
        reply = await p.target.client.repoCreatePullReviewCommentReply({ ...params, index: p.index, id: p.thread.rootCommentId, body: { body: p.body } }, { signal });
      } catch (e) {
        throw isGiteaError(e) && e.status === 405 ? noReplies() : e;
      }
      const done = `Replied as ${value(p.target.account.username)} to review thread ${p.thread.rootCommentId} (comment ${reply.id}) of ${p.target.repo.owner}/${p.target.repo.repo}#${p.index}.`;
      if (!p.resolve) return done;
      try {
        await p.target.client.repoResolvePullReviewComment({ ...params, id: p.thread.rootCommentId }, { signal });
      } catch (e) {
        return `${done}\n${vscode.l10n.t('The thread was not marked resolved:')}\n${quoted('error', 'server', messageOf(e), CAPS.comment)}`;
      }
      return `${done} The thread is marked resolved.`;
    },
    failureLead: () => vscode.l10n.t('The reply was not sent.'),
  });
}
