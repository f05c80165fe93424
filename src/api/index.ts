// The platform-neutral Gitea/Forgejo client (no `vscode` here). Editor code loads it lazily through
// src/apiLoader.ts and imports only types from this module.
export { createClient, type GiteaClient, type JobLogRead, type OperationMethods, type PagedOperationName } from './client';
export type { ClientAuth, ClientLog, ClientOptions, HttpMethod, RequestOptions } from './http';
export { GiteaError, isGiteaError, type GiteaErrorKind } from './errorKind';
export { mayNeedOtp } from './errors';
export { normalizeBaseUrl, type InstanceUrls } from './baseUrl';
export { parseLinkHeader, type Page, type PageParams, type PagingLimits } from './paging';
export { parseServerVersion, compareVersions, type ServerVersionInfo } from './version';
export { createDispatcher, readCaFiles, type DispatcherOptions } from './agent';
export { operations, type Operations } from './ops';
export type * from './ops';
export type {
  AccessToken,
  StopWatch,
  TrackedTime,
  ActionWorkflow,
  ActionArtifact,
  ActionRunner,
  ActionSecret,
  ActionVariable,
  ActionWorkflowJob,
  ActionWorkflowRun,
  ActionWorkflowStep,
  Activity,
  ApiSettings,
  Attachment,
  Branch,
  ChangedFile,
  CombinedStatus,
  Comment,
  CommitMeta,
  ContentsResponse,
  DeployKey,
  Hook,
  Issue,
  Label,
  Milestone,
  NotificationCount,
  NotificationSubject,
  NotificationThread,
  Organization,
  PayloadCommit,
  PRBranchInfo,
  Project,
  PullRequest,
  PullReview,
  Reaction,
  Release,
  Repository,
  ServerVersion,
  Tag,
  Team,
  TimelineComment,
  UiSettings,
  User,
} from './schemas';
