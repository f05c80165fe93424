// The views' providers, as registerViews returns them (the hidden command gitea.views.registry hands them on,
// so that other features and the in-host tests can reach a view's items).
import type { BranchesProvider } from './branchesView';
import type { CiJobsProvider } from './ciJobsView';
import type { DeployKeysProvider } from './deployKeysView';
import type { IssuesProvider } from './issuesView';
import type { JobLogProvider } from './jobLog';
import type { PagedTreeProvider } from './pagedTree';
import type { PullRequestsProvider } from './pullRequestsView';
import type { ReleasesProvider } from './releasesView';

export interface ViewsRegistry {
  readonly branches: BranchesProvider;
  readonly issues: IssuesProvider;
  readonly pullRequests: PullRequestsProvider;
  readonly releases: ReleasesProvider;
  readonly ciJobs: CiJobsProvider;
  readonly deployKeys: DeployKeysProvider;
  readonly jobLogs: JobLogProvider;
  /** The six repository views' providers by view id, e.g. `byId.get('gitea.branches')` (Webhooks, Activity and Starred
   * register themselves and have their own accessors). */
  readonly byId: ReadonlyMap<string, PagedTreeProvider>;
}
