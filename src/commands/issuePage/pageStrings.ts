// The issue page's words: the sentence of each timeline event and the strings page.js shows (the webview has no
// vscode.l10n). Event sentences leave out the actor (page.js shows it first, in bold).
import * as vscode from 'vscode';
import type { EventEntry } from './pageModel';

/** The note after a body too long to render whole (renderMarkdown's cut); the renderer adds the link to the web page. */
export function bodyCutNote(): string {
  return vscode.l10n.t('This text is too long to show here whole: only its beginning is shown. The whole text is on the web page:');
}

/** The note above a body shown as plain text: formatted, it would make too much HTML (renderMarkdown's htmlBudget). */
export function bodyPlainNote(): string {
  return vscode.l10n.t('This text would make too much HTML to show formatted (it holds too many references or too much markup): it is shown as plain text, whole.');
}

export function eventText(e: EventEntry): string {
  const ref = e.refIssue ? `${e.refIssue.repo ?? ''}#${e.refIssue.number} ${e.refIssue.title}` : '';
  switch (e.type) {
    case 'close':
      return vscode.l10n.t('closed this');
    case 'reopen':
      return vscode.l10n.t('reopened this');
    case 'merge_pull':
      return vscode.l10n.t('merged this');
    case 'label':
      return e.added ? vscode.l10n.t('added the label') : vscode.l10n.t('removed the label');
    case 'assignees':
      if (e.assignee && e.assignee === e.actor) return e.added ? vscode.l10n.t('self-assigned this') : vscode.l10n.t('removed their assignment');
      return e.added ? vscode.l10n.t('assigned {0}', e.assignee ?? '') : vscode.l10n.t('unassigned {0}', e.assignee ?? '');
    case 'change_title':
      return vscode.l10n.t('changed the title from "{0}" to "{1}"', e.oldTitle ?? '', e.newTitle ?? '');
    case 'milestone':
      return e.added ? vscode.l10n.t('added this to the {0} milestone', e.milestone ?? '') : vscode.l10n.t('removed this from the {0} milestone', e.milestone ?? '');
    case 'review_request':
      return e.added ? vscode.l10n.t('requested a review from {0}', e.assignee ?? '') : vscode.l10n.t('removed the review request for {0}', e.assignee ?? '');
    case 'review':
      return vscode.l10n.t('reviewed');
    case 'issue_ref':
    case 'pull_ref':
    case 'comment_ref':
      return vscode.l10n.t('referenced this in {0}', ref);
    case 'commit_ref':
      return vscode.l10n.t('referenced this in commit {0}', (e.commitSha ?? '').slice(0, 10));
    case 'pull_push':
      return e.forcePush
        ? vscode.l10n.t('force-pushed')
        : e.commits === undefined
          ? vscode.l10n.t('pushed commits')
          : e.commits === 1
            ? vscode.l10n.t('pushed 1 commit')
            : vscode.l10n.t('pushed {0} commits', e.commits);
    case 'add_dependency':
      return vscode.l10n.t('added a dependency: #{0} {1}', e.dependency?.number ?? '', e.dependency?.title ?? '');
    case 'remove_dependency':
      return vscode.l10n.t('removed a dependency: #{0} {1}', e.dependency?.number ?? '', e.dependency?.title ?? '');
    case 'added_deadline':
    case 'modified_deadline':
      return vscode.l10n.t('set the due date to {0}', e.deadline?.split('|')[0] ?? '');
    case 'removed_deadline':
      return vscode.l10n.t('removed the due date');
    case 'delete_branch':
      return vscode.l10n.t('deleted the branch');
    case 'lock':
      return vscode.l10n.t('locked the conversation');
    case 'unlock':
      return vscode.l10n.t('unlocked the conversation');
    case 'start_tracking':
      return vscode.l10n.t('started working');
    case 'stop_tracking':
      return vscode.l10n.t('stopped working, spent {0}', e.duration ?? '');
    case 'cancel_tracking':
      return vscode.l10n.t('cancelled time tracking');
    case 'add_time_manual':
      return vscode.l10n.t('added spent time {0}', e.duration ?? '');
    case 'delete_time_manual':
      return vscode.l10n.t('deleted spent time {0}', e.duration ?? '');
    default:
      return vscode.l10n.t('recorded "{0}"', e.type);
  }
}

export function pageStrings(): Record<string, string> {
  return {
    open: vscode.l10n.t('Open'),
    closed: vscode.l10n.t('Closed'),
    merged: vscode.l10n.t('Merged'),
    draft: vscode.l10n.t('Draft'),
    locked: vscode.l10n.t('Locked'),
    openedBy: vscode.l10n.t('opened by {0}'),
    created: vscode.l10n.t('created {0}'),
    updated: vscode.l10n.t('updated {0}'),
    labels: vscode.l10n.t('Labels'),
    assignees: vscode.l10n.t('Assignees'),
    milestone: vscode.l10n.t('Milestone'),
    dueDate: vscode.l10n.t('Due date'),
    dependencies: vscode.l10n.t('Depends on'),
    blocks: vscode.l10n.t('Blocks'),
    signInAgain: vscode.l10n.t('Sign In Again…'),
    none: vscode.l10n.t('None'),
    loading: vscode.l10n.t('Loading…'),
    edited: vscode.l10n.t('edited'),
    noDescription: vscode.l10n.t('No description provided.'),
    commentPlaceholder: vscode.l10n.t('Leave a comment (Markdown; Ctrl+Enter sends)'),
    comment: vscode.l10n.t('Comment'),
    close: vscode.l10n.t('Close'),
    reopen: vscode.l10n.t('Reopen'),
    edit: vscode.l10n.t('Edit'),
    delete: vscode.l10n.t('Delete'),
    save: vscode.l10n.t('Save'),
    cancel: vscode.l10n.t('Cancel'),
    refresh: vscode.l10n.t('Refresh'),
    loadEarlier: vscode.l10n.t('Load earlier'),
    openInBrowser: vscode.l10n.t('Open in Browser'),
    draftKept: vscode.l10n.t('Your comment is kept as a draft until the server accepts it.'),
    editTitle: vscode.l10n.t('Edit title'),
    title: vscode.l10n.t('Title'),
    change: vscode.l10n.t('Change…'),
    changeLabels: vscode.l10n.t('Change labels'),
    changeAssignees: vscode.l10n.t('Change assignees'),
    changeMilestone: vscode.l10n.t('Change milestone'),
    changeDueDate: vscode.l10n.t('Change due date'),
    editKept: vscode.l10n.t('Your text stays here until the server accepts it.'),
    pullRequest: vscode.l10n.t('Pull request'),
    mergeable: vscode.l10n.t('Can be merged'),
    conflicting: vscode.l10n.t('Has conflicts'),
    mergedBy: vscode.l10n.t('Merged by {0} {1}'),
    commits: vscode.l10n.t('{0} commits'),
    commitsOne: vscode.l10n.t('1 commit'),
    changedFiles: vscode.l10n.t('{0} changed files'),
    changedFilesOne: vscode.l10n.t('1 changed file'),
    showChangedFiles: vscode.l10n.t('Changed Files'),
    reviews: vscode.l10n.t('Reviews'),
    approved: vscode.l10n.t('approved'),
    changesRequested: vscode.l10n.t('requested changes'),
    commented: vscode.l10n.t('commented'),
    reviewRequested: vscode.l10n.t('review requested'),
    ci: vscode.l10n.t('CI'),
    ciState: vscode.l10n.t('{0} · {1} checks'),
    ciStateOne: vscode.l10n.t('{0} · 1 check'),
    ciPending: vscode.l10n.t('pending'),
    ciSuccess: vscode.l10n.t('success'),
    ciFailure: vscode.l10n.t('failure'),
    ciError: vscode.l10n.t('error'),
    ciWarning: vscode.l10n.t('warning'),
    noChecks: vscode.l10n.t('No checks'),
    showCiJobs: vscode.l10n.t('CI Jobs'),
    checkout: vscode.l10n.t('Check Out'),
    startWorking: vscode.l10n.t('Start Working…'),
    review: vscode.l10n.t('Review'),
    requestReview: vscode.l10n.t('Request Review…'),
    merge: vscode.l10n.t('Merge…'),
    addReaction: vscode.l10n.t('Add a reaction'),
    reactionLabel: vscode.l10n.t('{0}: {1} ({2})'),
    reactedBy: vscode.l10n.t('{0} reacted with {1}'),
    reactionsOf: vscode.l10n.t('Reactions'),
    timeTracking: vscode.l10n.t('Time tracking'),
    startStopwatch: vscode.l10n.t('Start Stopwatch'),
    stopStopwatch: vscode.l10n.t('Stop Stopwatch'),
    cancelStopwatch: vscode.l10n.t('Cancel Stopwatch'),
    stopwatchRunning: vscode.l10n.t('Your stopwatch is running on this issue.'),
    cannotTrack: vscode.l10n.t('Only contributors, the author and the assignees track time on this issue.'),
    addTime: vscode.l10n.t('Add Time…'),
    totalTime: vscode.l10n.t('Total time spent: {0}'),
    trackedBy: vscode.l10n.t('{0}: {1}'),
    deleteTime: vscode.l10n.t('Delete'),
    deleteTimeOf: vscode.l10n.t('Delete the tracked time {0} of {1}'),
    noTimes: vscode.l10n.t('No time tracked yet'),
  };
}
