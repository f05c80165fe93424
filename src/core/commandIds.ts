// The ids of the commands that more than one file names: the file that registers a command and the ones that run
// it or point a tree item, a message button or the status bar at it. test/unit/architecture checks every id against
// package.json (contributes.commands).
export const COMMAND = {
  signIn: 'gitea.signIn',
  signOut: 'gitea.signOut',
  /** Sign In Again… (an account id, `{ accountId }`, or none: the account whose token was refused). */
  signInAgain: 'gitea.signInAgain',
  addCaCertificate: 'gitea.addCaCertificate',
  selectRepository: 'gitea.selectRepository',
  createIssue: 'gitea.createIssue',
  /** Create Pull Request… for the checked-out branch of a clone (`{ repo?, branch?, draft?, submit? }`). */
  createPullRequest: 'gitea.createPullRequest',
  /** Push Branch to Your Fork… (`{ rootUri?, remote?, branch?, refused? }`): fork, push there, Create Pull Request. */
  pushToFork: 'gitea.pushToFork',
  /** Start Working on Issue… (`{ repo, number }`, an Issues row): a branch for the issue in its clone. */
  startWorkingOnIssue: 'gitea.startWorkingOnIssue',
  /** Opens the page of an issue or pull request (a click on its tree row). */
  openIssue: 'gitea.openIssue',
  notificationsOpen: 'gitea.notifications.open',
  showChangedFiles: 'gitea.showChangedFiles',
  /** Checks out a pull request (`{ repo, index }`, a Pull Requests row) into a local branch. */
  checkoutPullRequest: 'gitea.checkoutPullRequest',
  /** Merge Pull Request… (`{ repo, index }`, a Pull Requests row): the allowed styles, then POST …/merge. */
  mergePullRequest: 'gitea.mergePullRequest',
  /** Request Review… (`{ repo, index }`, a Pull Requests row): users and teams to request a review from. */
  requestReview: 'gitea.requestReview',
  /** The branch status item's menu (`BranchActionsArg` of git/pullRequestStatus.ts). */
  branchActions: 'gitea.branchActions',
  /** Update Branch… (`{ repo, index, style? }`): the base brought into the pull request's head on the server. */
  updatePullRequestBranch: 'gitea.updatePullRequestBranch',
  /** Leaves a checked-out pull request's branch for the repository's default branch. */
  backToDefaultBranch: 'gitea.backToDefaultBranch',
  /** Opens a changed file's diff from a Changed Files item (data, diff mode, whitespace). */
  openChangedFile: 'gitea.openChangedFile',
  /** Opens a changed file's diff from a Pull Requests item's data. */
  openChangedFileDiff: 'gitea.changedFiles.openDiff',
  openChangedFileFromPullRequest: 'gitea.pullRequests.openChangedFile',
  /** Submit Review… of the pending review in the diff editor (Comment / Approve / Request Changes). */
  submitReview: 'gitea.submitReview',
  discardReview: 'gitea.discardReview',
  /** Opens the review of a pull request `{ repo, index }`: its Changed Files and its first commented file. */
  openReview: 'gitea.openReview',
  viewsLoadMore: 'gitea.views.loadMore',
  viewsRetry: 'gitea.views.retry',
  editRepositorySettings: 'gitea.editRepositorySettings',
  archiveRepository: 'gitea.archiveRepository',
  unarchiveRepository: 'gitea.unarchiveRepository',
  createOrgWebhook: 'gitea.createOrgWebhook',
  editUserWebhook: 'gitea.editUserWebhook',
  createOrgLabel: 'gitea.createOrgLabel',
  editOrgLabel: 'gitea.editOrgLabel',
  migrateRepository: 'gitea.migrateRepository',
  /** Start / Stop / Cancel Stopwatch and Add Time… (`{ repo, number }`: an Issues row, the issue page; none: asks). */
  startStopwatch: 'gitea.startStopwatch',
  stopStopwatch: 'gitea.stopStopwatch',
  cancelStopwatch: 'gitea.cancelStopwatch',
  addTime: 'gitea.addTime',
  /** The stopwatch status item's menu (a `RunningStopwatch` of timeTracking/stopwatchStatus.ts). */
  stopwatchMenu: 'gitea.stopwatchMenu',
} as const;

export type CommandId = (typeof COMMAND)[keyof typeof COMMAND];

/** Context key: the active repository is archived (set when the Branches view reads it and after (un)archiving), so the
 * palette offers only the one of Archive / Unarchive Repository that applies. */
export const REPOSITORY_ARCHIVED_CONTEXT = 'gitea.repositoryArchived';

/** Context key: a stopwatch of a signed-in account runs (the status item shows it): Stop and Cancel in the palette. */
export const STOPWATCH_RUNNING_CONTEXT = 'gitea.stopwatchRunning';

/** Context key: the active repository tracks time (its `internal_tracker.enable_time_tracker`, read when it changes). */
export const TIME_TRACKING_CONTEXT = 'gitea.timeTracking';
