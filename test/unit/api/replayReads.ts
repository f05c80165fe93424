// The fields the product (src/ outside src/api) reads from each operation's result, found by scanning the
// editor code for property reads on the client's result types and the structural subsets it declares
// (RepoSettingsSource, ActivitySource, HookSource, LabelSource, LabelLike, ChangedFileLike). The replay test
// checks that parsing a recorded answer keeps each of them with the value the server sent.
// Paths: `a.b` nests, `a[].b` is field b of every item of the list a.
import assert from 'node:assert/strict';
import type { OperationName } from './replay';

/** Checked for every result object where the recording has them, used by the product or not. */
export const KEY_FIELDS = ['id', 'number', 'name', 'title', 'state', 'html_url'] as const;

const USER = ['login', 'full_name'];
const LABELS = ['labels[].name', 'labels[].color', 'labels[].description'];
const REPOSITORY = [
  'full_name', 'owner.login', 'description', 'website', 'clone_url', 'ssh_url', 'default_branch', 'empty', 'archived', 'fork',
  'mirror', 'private', 'template', 'language', 'stars_count', 'forks_count', 'updated_at', 'permissions.admin',
  'permissions.push', 'has_code', 'has_issues', 'has_wiki', 'has_pull_requests', 'has_projects', 'has_releases',
  'has_packages', 'has_actions', 'projects_mode', 'allow_merge_commits', 'allow_rebase', 'allow_rebase_explicit',
  'allow_squash_merge', 'allow_fast_forward_only_merge', 'allow_manual_merge', 'autodetect_manual_merge',
  'allow_rebase_update', 'allow_merge_update', 'ignore_whitespace_conflicts', 'default_delete_branch_after_merge',
  'default_allow_maintainer_edit', 'default_merge_style', 'default_update_style', 'mirror_interval',
  'internal_tracker.enable_time_tracker', 'internal_tracker.allow_only_contributors_to_track_time',
  'internal_tracker.enable_issue_dependencies', 'external_tracker.external_tracker_url',
  'external_tracker.external_tracker_format', 'external_tracker.external_tracker_style',
  'external_tracker.external_tracker_regexp_pattern', 'external_wiki.external_wiki_url',
];
const BRANCH = [
  'commit.id', 'commit.message', 'commit.timestamp', 'commit.author.name', 'commit.author.username', 'protected',
  'required_approvals', 'user_can_push', 'user_can_merge', 'effective_branch_protection_name',
];
const ISSUE = [
  'user.login', 'original_author', 'comments', 'created_at', 'updated_at', ...LABELS, 'milestone.title',
  'assignees[].login', 'pull_request.merged', 'pull_request.draft', 'repository.full_name', 'repository.name',
  'repository.owner',
];
const PULL = [
  'user.login', ...LABELS, 'milestone.title', 'requested_reviewers[].login', 'draft', 'mergeable', 'merged',
  'merged_at', 'merge_commit_sha', 'merged_by.login', 'base.label', 'base.ref', 'base.sha', 'head.label', 'head.ref',
  'head.sha', 'merge_base', 'created_at', 'updated_at', 'closed_at',
];
const CHANGED_FILE = ['filename', 'previous_filename', 'status', 'additions', 'deletions', 'changes'];
const RELEASE = [
  'tag_name', 'body', 'draft', 'prerelease', 'created_at', 'published_at', 'target_commitish', 'tarball_url',
  'zipball_url', 'author.login', 'assets[].id', 'assets[].name', 'assets[].size', 'assets[].download_count',
  'assets[].created_at', 'assets[].browser_download_url',
];
/** The tag object's id (annotated tags) and the commit it points at; the product reads `name` (a key field). */
const TAG = ['id', 'commit.sha'];
const DEPLOY_KEY = ['key_id', 'fingerprint', 'read_only', 'created_at'];
const HOOK = ['type', 'active', 'events', 'branch_filter', 'config', 'created_at', 'updated_at'];
const LABEL = ['color', 'description', 'exclusive', 'is_archived'];
const MILESTONE = ['due_on'];
const TEAM = ['description', 'organization.name'];
const ORGANIZATION = ['full_name', 'description'];
const ACTIVITY = [
  'op_type', 'created', 'is_private', 'act_user.login', 'act_user.full_name', 'repo.full_name', 'repo.name',
  'repo.html_url', 'repo.owner.login', 'ref_name', 'content', 'comment.html_url', 'comment.body',
];
const JOB = [
  'status', 'conclusion', 'run_id', 'head_branch', 'head_sha', 'labels', 'runner_name', 'started_at', 'completed_at',
  'created_at', 'steps[].name', 'steps[].number', 'steps[].status', 'steps[].conclusion', 'steps[].started_at',
  'steps[].completed_at',
];
const RUNNER = ['status', 'busy', 'disabled', 'ephemeral', 'labels[].name'];
/** Not read by the product yet: the identity and what a runs view would show. */
const RUN = ['run_number', 'display_title', 'event', 'status', 'conclusion', 'head_branch', 'head_sha'];
/** Not read by the product yet: what identifies the file and its content. */
const CONTENTS = ['path', 'type', 'sha', 'size', 'encoding', 'content'];

/** Not read by the product yet: what the issue and pull request pages will show. */
const COMMENT = ['body', 'user.login', 'created_at', 'updated_at'];
const TIMELINE = [
  'type', 'body', 'user.login', 'created_at', 'label.name', 'assignee.login', 'removed_assignee', 'old_title', 'new_title',
  'old_milestone.title', 'milestone.title', 'ref_issue.number', 'ref_commit_sha', 'review_id',
];
const REVIEW = ['user.login', 'body', 'commit_id', 'stale', 'official', 'dismissed', 'comments_count', 'submitted_at'];
const REVIEW_COMMENT = [
  'body', 'user.login', 'path', 'position', 'original_position', 'diff_hunk', 'commit_id', 'original_commit_id',
  'pull_request_review_id', 'resolver.login',
];
const COMMIT = ['sha', 'commit.message', 'commit.author.name', 'commit.author.date', 'parents[].sha'];
const NOTIFICATION = [
  'unread', 'pinned', 'updated_at', 'repository.full_name', 'repository.html_url', 'subject.title', 'subject.url', 'subject.html_url',
  'subject.type', 'subject.state', 'subject.latest_comment_html_url',
];
const COMBINED_STATUS = ['sha', 'total_count', 'statuses[].status', 'statuses[].context', 'statuses[].target_url'];

/** Per operation (the compiler makes every client operation list its reads; text/bytes/no-body answers: []). */
export const READS: { readonly [K in OperationName]: readonly string[] } = {
  getVersion: ['version'],
  getGeneralAPISettings: ['max_response_items', 'default_paging_num'],
  userGetCurrent: USER,
  userGet: USER,
  userListStarred: REPOSITORY,
  userListActivityFeeds: ACTIVITY,
  userListTeams: TEAM,
  userCreateToken: ['sha1', 'scopes'],
  notifyGetList: NOTIFICATION,
  notifyGetRepoList: NOTIFICATION,
  notifyGetThread: NOTIFICATION,
  notifyReadThread: [],
  issueStartStopWatch: [],
  issueStopStopWatch: [],
  issueDeleteStopWatch: [],
  issueDeleteTime: [],
  issueTrackedTimes: ['id', 'time', 'user_name', 'created'],
  issueAddTime: ['id', 'time', 'user_name', 'created'],
  userGetStopWatches: ['seconds', 'issue_index', 'issue_title', 'repo_owner_name', 'repo_name'],
  notifyReadList: [],
  notifyReadRepoList: [],
  notifyNewAvailable: ['new'],
  repoGet: REPOSITORY,
  repoEdit: REPOSITORY,
  repoMigrate: REPOSITORY,
  repoListBranches: BRANCH,
  repoGetBranch: BRANCH,
  listForks: REPOSITORY,
  createFork: REPOSITORY,
  repoListBranchProtection: ['rule_name', 'branch_name'],
  repoGetSingleCommit: ['sha'],
  repoListTags: TAG,
  repoGetTag: TAG,
  // Read item by item by createIssue/templates/issueTemplate.ts (the schema keeps the answer as it came).
  repoGetIssueTemplates: ['file_name', 'about', 'labels', 'assignees', 'ref', 'content', 'body'],
  repoGetIssueConfig: ['blank_issues_enabled', 'contact_links'],
  repoListCollaborators: USER,
  repoGetAssignees: USER,
  repoGetRawFile: [],
  repoGetContents: CONTENTS,
  repoGetContentsList: CONTENTS,
  issueListIssues: ISSUE,
  issueSearchIssues: ISSUE,
  issueGetIssue: ISSUE,
  issueCreateIssue: ISSUE,
  issueListIssueDependencies: ISSUE,
  issueCreateIssueDependencies: ISSUE,
  issueRemoveIssueDependencies: ISSUE,
  issueListBlocks: ISSUE,
  issueListLabels: LABEL,
  issueGetMilestonesList: MILESTONE,
  repoListPullRequests: PULL,
  repoGetPullRequest: PULL,
  repoDownloadPullDiffOrPatch: [],
  repoGetPullRequestFiles: CHANGED_FILE,
  repoGetCommitPullRequest: PULL,
  repoCreatePullRequest: [...PULL, 'requested_reviewers_teams[].name', 'assignees[].login'],
  repoGetPullRequestByBaseHead: PULL,
  repoUpdatePullRequest: [],
  repoCompareDiff: ['total_commits', ...COMMIT.map((f) => `commits[].${f}`)],
  repoListReleases: RELEASE,
  repoGetRelease: RELEASE,
  repoCreateRelease: RELEASE,
  repoListKeys: DEPLOY_KEY,
  repoGetKey: DEPLOY_KEY,
  repoCreateKey: DEPLOY_KEY,
  repoDeleteKey: [],
  listWorkflowJobs: JOB,
  getWorkflowRuns: RUN,
  listWorkflowRunJobs: JOB,
  getWorkflowJob: JOB,
  downloadActionsRunJobLogs: [],
  rerunWorkflowRun: [...RUN, 'run_attempt'],
  rerunFailedWorkflowRun: [],
  rerunWorkflowJob: JOB,
  ActionsListRepositoryWorkflows: ['id', 'name', 'path', 'state'],
  ActionsEnableWorkflow: [],
  ActionsDisableWorkflow: [],
  ActionsDispatchWorkflow: ['workflow_run_id'],
  getArtifactsOfRun: ['id', 'name', 'size_in_bytes', 'expired', 'expires_at', 'created_at'],
  downloadArtifact: [],
  repoListActionsSecrets: ['name', 'description', 'created_at'],
  updateRepoSecret: [],
  deleteRepoSecret: [],
  getRepoVariablesList: ['name', 'data', 'description'],
  getRepoVariable: ['name', 'data', 'description'],
  createRepoVariable: [],
  updateRepoVariable: [],
  deleteRepoVariable: [],
  getRepoRunners: RUNNER,
  repoCreateRunnerRegistrationToken: ['token'],
  deleteRepoRunner: [],
  deleteActionRun: [],
  deleteArtifact: [],
  orgListActionsSecrets: ['name', 'description', 'created_at'],
  updateOrgSecret: [],
  deleteOrgSecret: [],
  getOrgVariablesList: ['name', 'data', 'description'],
  createOrgVariable: [],
  updateOrgVariable: [],
  deleteOrgVariable: [],
  getOrgRunners: RUNNER,
  orgCreateRunnerRegistrationToken: ['token'],
  deleteOrgRunner: [],
  getAdminRunners: RUNNER,
  getUserRunners: RUNNER,
  orgCreateHook: HOOK,
  orgListHooks: HOOK,
  orgGetHook: HOOK,
  repoListHooks: HOOK,
  repoGetHook: HOOK,
  userListHooks: HOOK,
  userGetHook: HOOK,
  userEditHook: HOOK,
  orgGet: ORGANIZATION,
  orgListLabels: LABEL,
  orgGetLabel: LABEL,
  orgCreateLabel: LABEL,
  orgEditLabel: LABEL,
  orgListTeams: TEAM,
  orgGetTeam: TEAM,
  orgListTeamActivityFeeds: ACTIVITY,
  orgListCurrentUserOrgs: ORGANIZATION,
  issueGetComments: COMMENT,
  issueGetCommentsAndTimeline: TIMELINE,
  issueCreateComment: COMMENT,
  issueEditComment: COMMENT,
  issueDeleteComment: [],
  getGeneralUISettings: ['allowed_reactions'],
  issueGetIssueReactions: ['content', 'user.login'],
  issuePostIssueReaction: ['content', 'user.login'],
  issueDeleteIssueReaction: [],
  issueGetCommentReactions: ['content', 'user.login'],
  issuePostCommentReaction: ['content', 'user.login'],
  issueDeleteCommentReaction: [],
  issueEditIssue: ISSUE,
  issueAddLabel: LABEL,
  issueReplaceLabels: LABEL,
  issueRemoveLabel: [],
  repoGetPullRequestCommits: COMMIT,
  repoListPullReviews: REVIEW,
  repoGetPullReview: REVIEW,
  repoGetPullReviewComments: REVIEW_COMMENT,
  repoCreatePullReview: REVIEW,
  repoSubmitPullReview: REVIEW,
  repoDeletePullReview: [],
  repoCreatePullReviewRequests: REVIEW,
  repoDeletePullReviewRequests: [],
  repoMergePullRequest: [],
  repoCancelScheduledAutoMerge: [],
  repoPullRequestIsMerged: [],
  repoResolvePullReviewComment: [],
  repoUnresolvePullReviewComment: [],
  repoCreatePullReviewCommentReply: [],
  repoGetCombinedStatusByRef: COMBINED_STATUS,
  userCurrentListRepos: REPOSITORY,
  repoSearch: REPOSITORY,
  createCurrentUserRepo: REPOSITORY,
  createOrgRepo: REPOSITORY,
  orgGetUserPermissions: ['can_create_repository'],
};

function child(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * Asserts that `parsed` has, at `path`, what `recorded` has there. Absent and null in the recording (Go's
 * "unset") are not checked; a list the recording has must come back with as many items.
 */
function checkPath(parsed: unknown, recorded: unknown, segments: readonly string[], where: string): void {
  if (recorded === undefined || recorded === null) return;
  if (segments.length === 0) {
    assert.deepEqual(parsed, recorded, `${where}: the parsed value differs from the recorded one`);
    return;
  }
  const [head, ...rest] = segments as [string, ...string[]];
  if (head.endsWith('[]')) {
    const key = head.slice(0, -2);
    const rec = child(recorded, key);
    if (!Array.isArray(rec)) return;
    const got = child(parsed, key);
    assert.ok(Array.isArray(got) && got.length === rec.length, `${where}.${key}: ${rec.length} items recorded, parsed ${JSON.stringify(got)}`);
    rec.forEach((item, i) => checkPath((got as unknown[])[i], item, rest, `${where}.${key}[${i}]`));
    return;
  }
  checkPath(child(parsed, head), child(recorded, head), rest, `${where}.${head}`);
}

/** Checks one parsed result object against its recorded JSON: the key fields and the operation's reads. */
export function checkReads(operation: OperationName, parsed: unknown, recorded: unknown, where: string): void {
  for (const path of new Set<string>([...KEY_FIELDS, ...READS[operation]])) checkPath(parsed, recorded, path.split('.'), where);
}
