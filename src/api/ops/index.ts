// Every operation of the client, by operationId.
import { actionOperations } from './actions';
import { hookOperations } from './hooks';
import { issueOperations } from './issues';
import { orgOperations } from './orgs';
import { pullOperations } from './pulls';
import { releaseAndKeyOperations } from './releasesKeys';
import { repoOperations } from './repos';
import { userOperations } from './users';

export const operations = {
  ...userOperations,
  ...repoOperations,
  ...issueOperations,
  ...pullOperations,
  ...releaseAndKeyOperations,
  ...actionOperations,
  ...hookOperations,
  ...orgOperations,
};
export type Operations = typeof operations;

export type { Operation, PageParams, RepoParams } from './op';
export type { CreateIssueOption, IssueListFilters, IssueMeta, IssueParams, IssueSearchFilters } from './issues';
export type { EditRepoOption, ExternalTrackerOption, MigrateRepoOptions, RepoFileParams } from './repos';
export type { CreateHookOption, EditHookOption, HookType } from './hooks';
export type { CreateKeyOption, CreateReleaseOption } from './releasesKeys';
export type { CreateLabelOption, EditLabelOption } from './orgs';
export type { CreateAccessTokenOption } from './users';
export type { WorkflowStatus } from './actions';
