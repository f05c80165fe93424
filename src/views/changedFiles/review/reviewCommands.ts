// The commands of the review in the diff editor: add a comment or reply (to the pending review; Reply sends it at
// once where the server has Gitea 1.27's reply endpoint), delete a pending
// comment, resolve / unresolve a conversation, Submit Review… (Comment / Approve / Request Changes with a summary),
// Discard Pending Review, and Open Review (the Changed Files of a pull request and its first commented file).
import * as vscode from 'vscode';
import { isGiteaError } from '../../../api/errorKind';
import { COMMAND } from '../../../core/commandIds';
import { showFailure } from '../../../core/errors';
import { pullRequestArg } from '../../../core/pullRequestArg';
import { askPullRequest } from '../../../core/pullRequestPick';
import type { Services } from '../../../core/services';
import { targetOrSignIn } from '../../../core/targetOrSignIn';
import { giteaAtLeast } from '../../../shared/account';
import { ReviewComment, type PullRef, type PullState, type ReviewHost, type ReviewThreads } from './reviewThreads';
import { reviewRequestBody, submitProblem, threadKey, type SubmitEvent } from './threadModel';

export const REVIEW_COMMANDS = {
  addComment: 'gitea.review.addComment',
  reply: 'gitea.review.reply',
  deleteDraft: 'gitea.review.deleteDraft',
  editDraft: 'gitea.review.editDraft',
  saveDraft: 'gitea.review.saveDraft',
  cancelDraftEdit: 'gitea.review.cancelDraftEdit',
  resolve: 'gitea.review.resolveThread',
  unresolve: 'gitea.review.unresolveThread',
  /** Hidden, for the in-host tests: the threads on screen once the loads in flight ended. */
  threadsHook: 'gitea.review.threads',
  /** Hidden, for the in-host tests: forgets the threads and loaded reviews, as a window reload does (`{ restore: true }`: and restores). */
  resetHook: 'gitea.review.reset',
} as const;

const EVENTS: readonly { event: SubmitEvent; label: () => string; detail: () => string }[] = [
  { event: 'COMMENT', label: () => vscode.l10n.t('Comment'), detail: () => vscode.l10n.t('Submit general feedback without explicit approval.') },
  { event: 'APPROVED', label: () => vscode.l10n.t('Approve'), detail: () => vscode.l10n.t('Approve merging these changes.') },
  { event: 'REQUEST_CHANGES', label: () => vscode.l10n.t('Request Changes'), detail: () => vscode.l10n.t('Submit feedback that must be addressed before merging.') },
];

function isEvent(v: unknown): v is SubmitEvent {
  return v === 'COMMENT' || v === 'APPROVED' || v === 'REQUEST_CHANGES';
}

function isThread(v: unknown): v is vscode.CommentThread {
  return typeof v === 'object' && v !== null && 'uri' in v && 'comments' in v;
}

function isReply(v: unknown): v is vscode.CommentReply {
  return typeof v === 'object' && v !== null && 'thread' in v && 'text' in v;
}

export function registerReviewCommands(services: Services, threads: ReviewThreads, host: ReviewHost): vscode.Disposable {
  const store = threads.drafts;

  /** The pull request a command acts on: its argument's, the thread's, the active diff's, the Changed Files view's. */
  const pullFor = async (arg: unknown): Promise<PullState | undefined> => {
    if (isThread(arg)) return threads.threadPlace(arg)?.state;
    if (isReply(arg)) return threads.threadPlace(arg.thread)?.state;
    if (arg instanceof ReviewComment) return arg.pull;
    const named: PullRef | undefined = pullRequestArg(arg, services.repos.active);
    const chosen = named ? threads.stateFor(named) : (threads.activePull() ?? (host.currentPull() ? threads.stateFor(host.currentPull()!) : undefined));
    if (chosen && !chosen.headSha) {
      const pr = await host.getPull(chosen.pull);
      if (pr?.head?.sha) chosen.headSha = pr.head.sha;
    }
    return chosen;
  };

  /** From the palette (no argument) with no pull request in view: asks which one, as the other pull request commands do. */
  const pullOrAsk = async (arg: unknown, title: (owner: string, repo: string) => string): Promise<PullState | undefined> => {
    const state = await pullFor(arg);
    if (state || arg !== undefined) return state;
    const picked = await askPullRequest(services, title);
    return picked ? pullFor(picked) : undefined;
  };

  /** What was written where: a comment widget's reply, or `{ uri, line, text }` (1-based line), the tests' way to write in one. */
  const writtenIn = (arg: unknown): { thread?: vscode.CommentThread; text: string; place: ReturnType<ReviewThreads['threadPlace']> } | undefined => {
    if (isReply(arg)) return { thread: arg.thread, text: arg.text, place: threads.threadPlace(arg.thread) };
    const a = (arg ?? {}) as { uri?: unknown; line?: unknown; text?: unknown };
    const uri = typeof a.uri === 'string' ? vscode.Uri.parse(a.uri) : a.uri instanceof vscode.Uri ? a.uri : undefined;
    if (!uri || typeof a.line !== 'number' || typeof a.text !== 'string') return undefined;
    return { text: a.text, place: threads.threadPlace({ uri, range: new vscode.Range(a.line - 1, 0, a.line - 1, 0) } as vscode.CommentThread) };
  };

  const addComment = async (arg: unknown): Promise<void> => {
    const written = writtenIn(arg);
    if (!written) return;
    const { thread, text, place } = written;
    if (!place) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Comment on a line of a changed file opened from the Changed Files view.'));
      return;
    }
    if (!text.trim()) return;
    await store.add(place.state.key, { path: place.path, side: place.side, line: place.line }, text);
    if (thread) threads.adopt(thread, place.state, threadKey(place.path, place.side, place.line));
    threads.render(place.state);
  };

  /**
   * Reply: sent at once through Gitea 1.27's reply endpoint (the reply joins the conversation's review); on servers
   * without it (Gitea 1.26, Forgejo), or to a conversation not on the server yet, it joins the pending review as
   * Add Review Comment does. A reply the server did not take is kept in the pending review too.
   */
  const reply = async (arg: unknown): Promise<unknown> => {
    const written = writtenIn(arg);
    const place = written?.place;
    const parent = place?.model?.rootCommentId;
    if (!written || !place || parent === undefined || !written.text.trim()) return addComment(arg);
    const target = await targetOrSignIn(services, place.state.pull.repo);
    if (!target) return undefined;
    const kept = async (why: string) => {
      await addComment(arg);
      void vscode.window.showInformationMessage(why);
    };
    if (!giteaAtLeast(target.account, 1, 27)) return kept(vscode.l10n.t('This server takes replies with a review: your reply joins your pending review.'));
    const { owner, repo } = place.state.pull.repo;
    try {
      const sent = await target.client.repoCreatePullReviewCommentReply({ owner, repo, index: place.state.pull.index, id: parent, body: { body: written.text } });
      await threads.ensureLoaded(place.state, true);
      threads.render(place.state);
      services.views.refresh('issuePages');
      return sent;
    } catch (e) {
      if (isGiteaError(e) && e.status === 405) return kept(vscode.l10n.t('This server takes replies with a review: your reply joins your pending review.'));
      showFailure(services, vscode.l10n.t('Could not send the reply (it is kept in your pending review)'), e);
      await addComment(arg);
      return undefined;
    }
  };

  const deleteDraft = async (comment: unknown): Promise<void> => {
    if (!(comment instanceof ReviewComment) || !comment.model.draft) return;
    await store.remove(comment.pull.key, String(comment.model.id));
    threads.render(comment.pull);
  };

  // A pending comment is edited in place (it is only kept here until the review is submitted).
  const isDraftComment = (comment: unknown): comment is ReviewComment => comment instanceof ReviewComment && comment.model.draft;
  const editDraft = (comment: unknown): void => {
    if (isDraftComment(comment)) threads.setMode(comment, vscode.CommentMode.Editing);
  };
  const saveDraft = async (comment: unknown): Promise<void> => {
    if (!isDraftComment(comment)) return;
    const text = comment.text;
    if (!text.trim()) {
      // The editor stays open with what was there: nothing typed is lost.
      void vscode.window.showWarningMessage(vscode.l10n.t('A comment needs some text. Delete Pending Comment removes it.'));
      return;
    }
    await store.edit(comment.pull.key, String(comment.model.id), text);
    threads.render(comment.pull);
    // An unchanged text redraws nothing: the comment is shown read again by hand.
    if (threads.threadsOf(comment).length) threads.setMode(comment, vscode.CommentMode.Preview);
  };
  const cancelDraftEdit = (comment: unknown): void => {
    if (isDraftComment(comment)) threads.setMode(comment, vscode.CommentMode.Preview);
  };

  const resolve = (resolved: boolean) => async (thread: unknown): Promise<void> => {
    const place = isThread(thread) ? threads.threadPlace(thread) : undefined;
    const id = place?.model?.rootCommentId;
    if (!place || id === undefined) return;
    const target = await targetOrSignIn(services, place.state.pull.repo);
    if (!target) return;
    const params = { owner: place.state.pull.repo.owner, repo: place.state.pull.repo.repo, id };
    try {
      if (resolved) await target.client.repoResolvePullReviewComment(params);
      else await target.client.repoUnresolvePullReviewComment(params);
    } catch (e) {
      showFailure(services, resolved ? vscode.l10n.t('Could not resolve the conversation') : vscode.l10n.t('Could not unresolve the conversation'), e);
      return;
    }
    await threads.ensureLoaded(place.state, true);
    threads.render(place.state);
  };

  const submit = async (arg?: unknown): Promise<unknown> => {
    // From a comment widget's button: what was typed there joins the review first.
    if (isReply(arg) && arg.text.trim()) await addComment(arg);
    const state = await pullOrAsk(arg, (owner, repo) => vscode.l10n.t('Submit a Review: Pull Request of {0}/{1}', owner, repo));
    if (!state) return undefined;
    const target = await targetOrSignIn(services, state.pull.repo);
    if (!target) return undefined;
    await threads.ensureLoaded(state);
    const pending = store.get(state.key);
    const serverPendingId = state.serverPendingReviewId;
    const serverPendingCount = serverPendingId !== undefined ? (state.data?.commentsByReview.get(serverPendingId)?.length ?? 0) : 0;
    const count = pending.drafts.length + serverPendingCount;
    // Gitea decides "a body or a comment" on the comments of the request only (not those already pending there).
    const sent = pending.drafts.length;
    const given = (typeof arg === 'object' && arg !== null ? arg : {}) as { event?: unknown; body?: unknown };
    let event = isEvent(given.event) ? given.event : undefined;
    if (!event) {
      const picked = await vscode.window.showQuickPick(
        EVENTS.map((e) => ({ label: e.label(), detail: e.detail(), event: e.event })),
        { title: vscode.l10n.t('Submit Review — #{0} ({1} pending comments)', state.pull.index, count), placeHolder: vscode.l10n.t('How do you review these changes?') },
      );
      event = picked?.event;
    }
    if (!event) return undefined;
    const chosenEvent = event;
    let summary = typeof given.body === 'string' ? given.body : undefined;
    if (summary === undefined) {
      summary = await vscode.window.showInputBox({
        title: vscode.l10n.t('Submit Review — {0}', EVENTS.find((e) => e.event === chosenEvent)!.label()),
        prompt: chosenEvent === 'REQUEST_CHANGES' ? vscode.l10n.t('Say what has to change (required).') : vscode.l10n.t('A summary of your review (optional).'),
        value: pending.summary ?? '',
        ignoreFocusOut: true,
        validateInput: (v) => (submitProblem(chosenEvent, v, sent) === 'summaryRequired' ? vscode.l10n.t('Gitea needs a summary to request changes.') : undefined),
      });
    }
    if (summary === undefined) return undefined;
    // Kept before sending: a failed submit leaves the summary for the next try.
    await store.setSummary(state.key, summary);
    const problem = submitProblem(chosenEvent, summary, sent);
    if (problem) {
      void vscode.window.showErrorMessage(
        problem === 'summaryRequired' ? vscode.l10n.t('Gitea needs a summary to request changes.') : vscode.l10n.t('Write a summary or add a comment to submit a comment review.'),
      );
      return undefined;
    }
    const { owner, repo } = state.pull.repo;
    try {
      const review = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Submitting the review of #{0}…', state.pull.index) }, () =>
        // Without new comments, the pending review on the server is submitted as it is (creating a review
        // without comments would need a body); else the comments join it and it is submitted in one request.
        pending.drafts.length === 0 && serverPendingId !== undefined
          ? target.client.repoSubmitPullReview({ owner, repo, index: state.pull.index, id: serverPendingId, body: { event: chosenEvent, body: summary } })
          : target.client.repoCreatePullReview({ owner, repo, index: state.pull.index, body: reviewRequestBody(chosenEvent, summary!, pending.drafts, state.headSha || undefined) }),
      );
      await store.clear(state.key);
      await threads.ensureLoaded(state, true);
      threads.render(state);
      services.views.refresh('pullRequests', 'issuePages');
      void vscode.window.showInformationMessage(vscode.l10n.t('Review of #{0} submitted.', state.pull.index));
      return review;
    } catch (e) {
      showFailure(services, vscode.l10n.t('Could not submit the review of #{0} (your comments and summary are kept)', state.pull.index), e);
      await dropAccepted(state);
      return undefined;
    }
  };

  /** After a failed submit: drafts the server did take into the pending review (Gitea adds comments first) go. */
  const dropAccepted = async (state: PullState): Promise<void> => {
    await threads.ensureLoaded(state, true);
    const id = state.serverPendingReviewId;
    const onServer = id !== undefined ? (state.data?.commentsByReview.get(id) ?? []) : [];
    for (const d of store.get(state.key).drafts) {
      const taken = onServer.some((c) => c.path === d.path && c.body === d.body && (d.side === 'new' ? c.position : c.original_position) === d.line);
      if (taken) await store.remove(state.key, d.id);
    }
    threads.render(state);
  };

  const discard = async (arg?: unknown): Promise<boolean> => {
    const state = await pullOrAsk(arg, (owner, repo) => vscode.l10n.t('Discard the Pending Review: Pull Request of {0}/{1}', owner, repo));
    if (!state) return false;
    await threads.ensureLoaded(state);
    const drafts = store.get(state.key).drafts.length;
    const serverPendingId = state.serverPendingReviewId;
    const confirm = vscode.l10n.t('Discard');
    const answer = (arg as { confirm?: unknown } | undefined)?.confirm === false
      ? confirm
      : await vscode.window.showWarningMessage(vscode.l10n.t('Discard the pending review of #{0} ({1} comments)?', state.pull.index, drafts), { modal: true }, confirm);
    if (answer !== confirm) return false;
    if (serverPendingId !== undefined) {
      const target = await targetOrSignIn(services, state.pull.repo);
      if (!target) return false;
      try {
        await target.client.repoDeletePullReview({ owner: state.pull.repo.owner, repo: state.pull.repo.repo, index: state.pull.index, id: serverPendingId });
      } catch (e) {
        showFailure(services, vscode.l10n.t('Could not delete the pending review on the server'), e);
        return false;
      }
    }
    await store.clear(state.key);
    await threads.ensureLoaded(state, true);
    threads.render(state);
    return true;
  };

  /** The Changed Files of the pull request, and the diff of its first file with a conversation (else its first file). */
  const openReview = async (arg: unknown): Promise<void> => {
    const named = pullRequestArg(arg, services.repos.active) ?? (arg === undefined ? await askPullRequest(services, (owner, repo) => vscode.l10n.t('Open the Review of a Pull Request of {0}/{1}', owner, repo)) : undefined);
    if (!named) return;
    const loaded = await vscode.commands.executeCommand<{ files: readonly { filename: string }[] } | undefined>(COMMAND.showChangedFiles, { repo: named.repo, index: named.index });
    if (!loaded?.files.length) return;
    const state = threads.stateFor(named);
    await threads.ensureLoaded(state);
    const commented = new Set<string>();
    for (const list of state.data?.commentsByReview.values() ?? []) for (const c of list) if (c.path) commented.add(c.path);
    for (const d of store.get(state.key).drafts) commented.add(d.path);
    const sorted = [...loaded.files].sort((a, b) => a.filename.localeCompare(b.filename));
    const file = sorted.find((f) => commented.has(f.filename)) ?? sorted[0]!;
    await vscode.commands.executeCommand(COMMAND.openChangedFile, named.repo, named.index, file);
  };

  const snapshot = async (options?: { markdown?: boolean; commentLines?: string; wait?: boolean }) => {
    if (options?.commentLines) return threads.commentLines(vscode.Uri.parse(options.commentLines, true));
    // Threads are drawn after their loads: wait for any in flight (`wait: false`: what is drawn now).
    for (let i = 0; i < 50 && options?.wait !== false; i++) {
      const busy = threads.busy();
      if (!busy) break;
      await busy;
    }
    return options?.markdown ? threads.bodies().map((b) => ({ isTrusted: b.isTrusted, supportHtml: b.supportHtml })) : threads.snapshot();
  };

  return vscode.Disposable.from(
    vscode.commands.registerCommand(REVIEW_COMMANDS.addComment, addComment),
    vscode.commands.registerCommand(REVIEW_COMMANDS.reply, reply),
    vscode.commands.registerCommand(REVIEW_COMMANDS.deleteDraft, deleteDraft),
    vscode.commands.registerCommand(REVIEW_COMMANDS.editDraft, editDraft),
    vscode.commands.registerCommand(REVIEW_COMMANDS.saveDraft, saveDraft),
    vscode.commands.registerCommand(REVIEW_COMMANDS.cancelDraftEdit, cancelDraftEdit),
    vscode.commands.registerCommand(REVIEW_COMMANDS.resolve, resolve(true)),
    vscode.commands.registerCommand(REVIEW_COMMANDS.unresolve, resolve(false)),
    vscode.commands.registerCommand(COMMAND.submitReview, submit),
    vscode.commands.registerCommand(COMMAND.discardReview, discard),
    vscode.commands.registerCommand(COMMAND.openReview, (arg: unknown) =>
      openReview(arg).catch((e: unknown) => showFailure(services, vscode.l10n.t('Could not open the review'), e)),
    ),
    vscode.commands.registerCommand(REVIEW_COMMANDS.threadsHook, snapshot),
    vscode.commands.registerCommand(REVIEW_COMMANDS.resetHook, (options?: { restore?: boolean }) => {
      threads.reset();
      // `{ restore: true }`: then what a reload does next, the open documents placed again from their URIs.
      if (options?.restore) threads.showOpenDocuments();
    }),
  );
}
