// The records of the in-memory model. They mirror Gitea's tables (user, repository, issue, pull_request,
// label, webhook, deploy_key, release, action_run/_job, action (activity), ...); the JSON the API answers is
// produced from these by convert/*.ts.

export type Visibility = 'public' | 'limited' | 'private';
/** Gitea's perm.AccessMode. */
export const enum Access {
  None = 0,
  Read = 1,
  Write = 2,
  Admin = 3,
  Owner = 4,
}

export interface UserRec {
  kind: 'user';
  id: number;
  login: string;
  fullName: string;
  email: string;
  password: string;
  isAdmin: boolean;
  totpSecret?: string;
  /** TOTP counters already used (each code works once). */
  usedOtpCounters: Set<number>;
  /** A security key (WebAuthn) is registered: Gitea then refuses Basic auth with the password altogether,
   * even with a one-time code (only tokens work). Set it on `server.state` to simulate such an account. */
  webAuthnEnrolled?: boolean;
  visibility: Visibility;
  description: string;
  website: string;
  location: string;
  language: string;
  keepEmailPrivate: boolean;
  created: Date;
  lastLogin: Date;
  starredRepoIds: number[];
}

export interface OrgRec {
  kind: 'org';
  id: number;
  login: string;
  fullName: string;
  email: string;
  description: string;
  website: string;
  location: string;
  visibility: Visibility;
  repoAdminChangeTeamAccess: boolean;
  /** Only owners may change `private` of the org's repositories. */
  visibilityChangeOwnersOnly: boolean;
  created: Date;
}

export type Account = UserRec | OrgRec;

export type TeamPermission = 'none' | 'read' | 'write' | 'admin' | 'owner';
export interface TeamRec {
  id: number;
  orgId: number;
  name: string;
  description: string;
  permission: TeamPermission;
  visibility: Visibility;
  includesAllRepositories: boolean;
  canCreateOrgRepo: boolean;
  units: string[];
  /**
   * Per-unit access of a team created with unit permissions (Gitea then answers `permission: "none"` and the
   * units' modes in `units_map`); absent: every unit has the team's permission.
   */
  unitPermissions?: Record<string, TeamPermission>;
  memberIds: number[];
  repoIds: number[];
}

export interface TokenRec {
  id: number;
  userId: number;
  name: string;
  token: string;
  scopes: string[];
  created: Date;
}

export interface BranchProtection {
  ruleName: string;
  requiredApprovals: number;
  enableStatusCheck: boolean;
  statusCheckContexts: string[];
  /** Users allowed to push (a push whitelist); the pre-receive hook enforces it for git pushes. */
  pushWhitelistUserIds: number[];
}

export interface RepoSettings {
  hasIssues: boolean;
  hasWiki: boolean;
  hasPullRequests: boolean;
  hasProjects: boolean;
  hasReleases: boolean;
  hasPackages: boolean;
  hasActions: boolean;
  hasCode: boolean;
  ignoreWhitespaceConflicts: boolean;
  allowMergeCommits: boolean;
  allowRebase: boolean;
  allowRebaseExplicit: boolean;
  allowSquashMerge: boolean;
  allowFastForwardOnlyMerge: boolean;
  /** Pull request branches may be updated by merging the base in. */
  allowMergeUpdate: boolean;
  allowRebaseUpdate: boolean;
  allowManualMerge: boolean;
  autodetectManualMerge: boolean;
  defaultDeleteBranchAfterMerge: boolean;
  defaultMergeStyle: string;
  defaultUpdateStyle: string;
  defaultAllowMaintainerEdit: boolean;
  projectsMode: string;
  enableIssueDependencies: boolean;
  enableTimeTracker: boolean;
  allowOnlyContributorsToTrackTime: boolean;
  externalTracker?: Record<string, string>;
  externalWiki?: Record<string, string>;
}

export interface RepoRec {
  id: number;
  ownerId: number;
  name: string;
  description: string;
  website: string;
  private: boolean;
  archived: boolean;
  archivedAt?: Date;
  mirror: boolean;
  mirrorInterval: string;
  originalUrl: string;
  template: boolean;
  fork: boolean;
  /** The repository this one was forked from (Gitea's fork_id); set with `fork`. */
  forkId?: number;
  defaultBranch: string;
  created: Date;
  updated: Date;
  topics: string[];
  settings: RepoSettings;
  collaborators: Map<number, Access>;
  protections: BranchProtection[];
  /** Watchers receive the repository's activities in their feed. */
  watcherIds: number[];
  nextIssueIndex: number;
  /** Directory of the bare repository, relative to the git root (`owner/name.git`). */
  gitPath: string;
}

export interface LabelRec {
  id: number;
  repoId?: number;
  orgId?: number;
  name: string;
  /** Stored like Gitea: lowercase with a leading '#'. */
  color: string;
  description: string;
  exclusive: boolean;
  archivedAt?: Date;
}

export interface MilestoneRec {
  id: number;
  repoId: number;
  title: string;
  description: string;
  state: 'open' | 'closed';
  dueOn?: Date;
  created: Date;
  updated: Date;
  closedAt?: Date;
}

export interface ProjectRec {
  id: number;
  repoId: number;
  title: string;
  description: string;
  creatorId: number;
  isClosed: boolean;
  created: Date;
  updated: Date;
}

export interface PullRec {
  headBranch: string;
  baseBranch: string;
  headRepoId: number;
  /** Frozen head/merge-base for merged or closed pull requests; open ones read the branch. */
  headSha?: string;
  mergeBase?: string;
  merged: boolean;
  mergedAt?: Date;
  mergedById?: number;
  mergeCommitSha?: string;
  mergeStyle?: 'merge' | 'rebase' | 'rebase-merge' | 'squash' | 'fast-forward-only' | 'manually-merged';
  draft: boolean;
  allowMaintainerEdit: boolean;
  reviewComments: number;
  requestedReviewerIds: number[];
}

export interface IssueRec {
  id: number;
  repoId: number;
  index: number;
  title: string;
  body: string;
  posterId: number;
  state: 'open' | 'closed';
  labelIds: number[];
  milestoneId?: number;
  assigneeIds: number[];
  projectIds: number[];
  dueDate?: Date;
  created: Date;
  updated: Date;
  closedAt?: Date;
  comments: number;
  isLocked: boolean;
  contentVersion: number;
  timeEstimate: number;
  pinOrder: number;
  ref: string;
  /** User ids mentioned in the body (issue search `mentioned`). */
  mentionIds: number[];
  pull?: PullRec;
}

/** Gitea's `stopwatch` table: a user's running stopwatch on an issue (at most one per user). */
export interface StopwatchRec {
  id: number;
  userId: number;
  issueId: number;
  created: Date;
}

/** Gitea's `tracked_time` table; a deleted row stays, marked (`deleted`), and is never listed. */
export interface TrackedTimeRec {
  id: number;
  userId: number;
  issueId: number;
  /** Seconds. */
  time: number;
  created: Date;
  deleted: boolean;
}

/** `issueId` depends on (is blocked by) `dependsOnId`. */
export interface DependencyRec {
  issueId: number;
  dependsOnId: number;
  created: Date;
}

/** Gitea's CommentType names (as the timeline answers them) of the events the test server records. */
export type CommentType =
  | 'comment' | 'reopen' | 'close' | 'label' | 'milestone' | 'assignees' | 'change_title' | 'delete_branch'
  | 'added_deadline' | 'modified_deadline' | 'removed_deadline' | 'code' | 'review' | 'review_request' | 'merge_pull'
  | 'pull_scheduled_merge' | 'pull_cancel_scheduled_merge'
  | 'start_tracking' | 'stop_tracking' | 'add_time_manual' | 'cancel_tracking' | 'delete_time_manual';

/** One row of Gitea's `reaction` table: a user's reaction to an issue (`commentId` 0) or to one of its comments. */
export interface ReactionRec {
  id: number;
  type: string;
  issueId: number;
  commentId: number;
  userId: number;
  created: Date;
}

/**
 * One row of Gitea's `comment` table: a plain comment (`type` absent) or a timeline event; ids are shared.
 * Event fields are set only for the types that use them, like Gitea's columns.
 */
export interface CommentRec {
  id: number;
  issueId: number;
  posterId: number;
  body: string;
  created: Date;
  updated: Date;
  type?: CommentType;
  labelId?: number;
  assigneeId?: number;
  /** review_request events of a team (Gitea's AssigneeTeamID). */
  assigneeTeamId?: number;
  removedAssignee?: boolean;
  oldTitle?: string;
  newTitle?: string;
  milestoneId?: number;
  oldMilestoneId?: number;
  reviewId?: number;
  /** Code comments: the file, the line (negative: a line of the old file), the commit and the diff hunk. */
  treePath?: string;
  line?: number;
  commitSha?: string;
  /** Code comments: the commit the comment was first made on (Gitea's OldRef column). */
  oldRef?: string;
  diffHunk?: string;
  resolverId?: number;
}

/** Gitea's ReviewType. A pending review is seen only by its author (and site admins) until submitted. */
export type ReviewType = 'pending' | 'approve' | 'comment' | 'reject' | 'request';

export interface ReviewRec {
  id: number;
  issueId: number;
  /** 0 for a team's review request (Gitea's ReviewerID). */
  reviewerId: number;
  /** The team asked to review (Gitea's ReviewerTeamID); only REQUEST_REVIEW reviews have one. */
  reviewerTeamId?: number;
  type: ReviewType;
  body: string;
  commitId: string;
  official: boolean;
  stale: boolean;
  dismissed: boolean;
  created: Date;
  updated: Date;
}

/** Gitea's commit_status row: one state a context reported for a commit (`index` counts per commit). */
export interface CommitStatusRec {
  id: number;
  repoId: number;
  sha: string;
  index: number;
  /** pending, success, error, failure or warning. */
  state: string;
  context: string;
  description: string;
  targetUrl: string;
  creatorId: number;
  created: Date;
}

/** Gitea's pull_auto_merge row: a merge scheduled for when the head's checks succeed. */
export interface AutoMergeRec {
  issueId: number;
  doerId: number;
  style: string;
  message: string;
  deleteBranchAfterMerge: boolean;
  created: Date;
}

export type HookOwner = { kind: 'repo' | 'org' | 'user'; id: number };
export interface HookRec {
  id: number;
  owner: HookOwner;
  type: string;
  name: string;
  url: string;
  contentType: 'json' | 'form';
  httpMethod: string;
  /** Extra config of typed hooks (slack channel, username, color, icon_url). */
  meta: Record<string, string>;
  events: string[];
  branchFilter: string;
  authorizationHeader: string;
  active: boolean;
  created: Date;
  updated: Date;
}

export interface DeployKeyRec {
  id: number;
  keyId: number;
  repoId: number;
  title: string;
  content: string;
  fingerprint: string;
  readOnly: boolean;
  created: Date;
}

export interface AttachmentRec {
  id: number;
  uuid: string;
  name: string;
  size: number;
  downloadCount: number;
  created: Date;
  content: Buffer;
}

export interface ReleaseRec {
  id: number;
  repoId: number;
  tagName: string;
  target: string;
  name: string;
  body: string;
  draft: boolean;
  prerelease: boolean;
  authorId: number;
  created: Date;
  publishedAt?: Date;
  assets: AttachmentRec[];
}

/** Gitea's internal actions status. */
export type RunStatus = 'success' | 'failure' | 'cancelled' | 'skipped' | 'waiting' | 'running' | 'blocked';

export interface RunRec {
  id: number;
  repoId: number;
  runNumber: number;
  title: string;
  workflowId: string;
  event: string;
  ref: string;
  commitSha: string;
  status: RunStatus;
  triggerUserId: number;
  attempt: number;
  created: Date;
  started?: Date;
  stopped?: Date;
}

export interface StepRec {
  name: string;
  number: number;
  status: RunStatus;
  started?: Date;
  stopped?: Date;
}

export interface JobRec {
  id: number;
  runId: number;
  repoId: number;
  name: string;
  labels: string[];
  status: RunStatus;
  attempt: number;
  /** 0 until a runner picked the job up (logs → 404 "job not started"). */
  taskId: number;
  runnerId: number;
  runnerName: string;
  created: Date;
  started?: Date;
  stopped?: Date;
  steps: StepRec[];
  log: string;
}

/** An Actions artifact (v4: one zip per artifact, as upload-artifact@v4 makes). */
export interface ArtifactRec {
  id: number;
  runId: number;
  repoId: number;
  name: string;
  /** The zip; when absent, `size` deterministic bytes are generated as it is served (the bench's large one). */
  zip?: Buffer;
  size: number;
  commitSha: string;
  created: Date;
  expires: Date;
  /** Gitea's ArtifactStatusExpired: still listed (`expired: true`), its download answers 404. */
  expired: boolean;
}

export interface ActionRec {
  id: number;
  /** The user (or org) whose feed holds this copy. */
  userId: number;
  opType: string;
  actUserId: number;
  repoId: number;
  commentId: number;
  refName: string;
  isPrivate: boolean;
  content: string;
  created: Date;
}


/** An Actions secret of a repository (`ownerId` 0) or of a user/organization (`repoId` 0); `data` is never answered. */
export interface SecretRec {
  id: number;
  ownerId: number;
  repoId: number;
  /** Upper case, as Gitea stores it. */
  name: string;
  data: string;
  description: string;
  created: Date;
}

/** An Actions variable, scoped like a secret. */
export interface VariableRec {
  id: number;
  ownerId: number;
  repoId: number;
  name: string;
  data: string;
  description: string;
}

/** An Actions runner of a repository, a user/organization (`repoId` 0) or the instance (both 0). */
export interface RunnerRec {
  id: number;
  ownerId: number;
  repoId: number;
  name: string;
  /** Its agent labels (`runs-on` names). */
  labels: string[];
  /** Seen in the last minute (Gitea's RunnerOfflineTime). */
  online: boolean;
  /** Running a task (Gitea's RUNNER_STATUS_ACTIVE). */
  busy: boolean;
  disabled: boolean;
  ephemeral: boolean;
  version: string;
}
