// Every operation of the client, by operationId.
import { actionOperations } from './actions';
import { actionSettingsOperations } from './actionsSettings';
import { forkAndProtectionOperations } from './forksProtections';
import { hookOperations } from './hooks';
import { issueCommentOperations } from './issueComments';
import { issueOperations } from './issues';
import { notificationOperations } from './notifications';
import { orgOperations } from './orgs';
import { pullOperations } from './pulls';
import { reactionOperations } from './reactions';
import { releaseAndKeyOperations } from './releasesKeys';
import { repoOperations } from './repos';
import { reviewOperations } from './reviews';
import { timeTrackingOperations } from './timeTracking';
import { userOperations } from './users';
import { userRepoOperations } from './userRepos';

export const operations = {
  ...userOperations,
  ...repoOperations,
  ...issueOperations,
  ...issueCommentOperations,
  ...reactionOperations,
  ...pullOperations,
  ...reviewOperations,
  ...releaseAndKeyOperations,
  ...actionOperations,
  ...actionSettingsOperations,
  ...hookOperations,
  ...orgOperations,
  ...notificationOperations,
  ...timeTrackingOperations,
  ...userRepoOperations,
  ...forkAndProtectionOperations,
};
export type Operations = typeof operations;

export type { Operation, PageParams, RepoParams, ResponseStream } from './op';
export type { EditIssueOption, IssueLabelsOption } from './issueComments';
export type {
  CreatePullReviewComment, CreatePullReviewOptions, MergePullRequestOption, PullReviewRequestOptions, ReviewEvent,
} from './reviews';
export type { CreateIssueOption, IssueListFilters, IssueMeta, IssueParams, IssueSearchFilters } from './issues';
export type { CreatePullRequestOption } from './pulls';
export type { AddTimeOption } from './timeTracking';
export type { EditRepoOption, ExternalTrackerOption, MigrateRepoOptions, RepoFileParams } from './repos';
export type { CreateHookOption, EditHookOption, HookType } from './hooks';
export type { CreateKeyOption, CreateReleaseOption } from './releasesKeys';
export type { CreateLabelOption, EditLabelOption } from './orgs';
export type { CreateAccessTokenOption } from './users';
export type { WorkflowStatus } from './actions';
export type { CreateVariableOption, SecretOption, UpdateVariableOption } from './actionsSettings';
export type { NotificationFilters, NotificationStatus, NotificationSubjectType, ReadNotificationsParams } from './notifications';
export type { CreateRepoOption } from './userRepos';
