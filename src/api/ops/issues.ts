// Issues: list, search, get, create, dependencies and blocks, repository labels and milestones.
import { Issue, Label, Milestone } from '../schemas';
import { PAGING, json, list, op, type PageParams, type RepoParams } from './op';

export interface IssueListFilters {
  /** open (default), closed or all. */
  state?: 'open' | 'closed' | 'all';
  /** Comma-separated label names. */
  labels?: string;
  q?: string;
  type?: 'issues' | 'pulls';
  /** Comma-separated milestone names or ids. */
  milestones?: string;
  /** RFC 3339: only issues updated after. */
  since?: string;
  /** RFC 3339: only issues updated before. */
  before?: string;
  created_by?: string;
  assigned_by?: string;
  mentioned_by?: string;
}

export interface IssueSearchFilters {
  state?: 'open' | 'closed' | 'all';
  labels?: string;
  milestones?: string;
  q?: string;
  type?: 'issues' | 'pulls';
  since?: string;
  before?: string;
  /** The following five refer to the signed-in user. */
  assigned?: boolean;
  created?: boolean;
  mentioned?: boolean;
  review_requested?: boolean;
  reviewed?: boolean;
  owner?: string;
  /** Needs `owner` (an organization). */
  team?: string;
  created_by?: string;
}

export interface CreateIssueOption {
  title: string;
  body?: string;
  ref?: string;
  /** Deprecated: use assignees. */
  assignee?: string;
  assignees?: string[];
  /** RFC 3339; only the date is used. */
  due_date?: string;
  milestone?: number;
  labels?: number[];
  projects?: number[];
  closed?: boolean;
}
const CREATE_ISSUE_FIELDS = [
  'title', 'body', 'ref', 'assignee', 'assignees', 'due_date', 'milestone', 'labels', 'projects', 'closed',
] as const satisfies readonly (keyof CreateIssueOption)[];

/** Identifies the other issue of a dependency. Always give owner and repo (the server needs them). */
export interface IssueMeta {
  owner: string;
  repo: string;
  index: number;
}
const ISSUE_META_FIELDS = ['owner', 'repo', 'index'] as const satisfies readonly (keyof IssueMeta)[];

export interface IssueParams extends RepoParams {
  index: number;
}

export const issueOperations = {
  issueListIssues: op<RepoParams & PageParams & IssueListFilters>()({
    id: 'issueListIssues',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues',
    query: ['state', 'labels', 'q', 'type', 'milestones', 'since', 'before', 'created_by', 'assigned_by', 'mentioned_by', ...PAGING],
    result: list(Issue),
  }),
  issueSearchIssues: op<PageParams & IssueSearchFilters>()({
    id: 'issueSearchIssues',
    method: 'GET',
    path: '/repos/issues/search',
    query: [
      'state', 'labels', 'milestones', 'q', 'type', 'since', 'before', 'assigned', 'created', 'mentioned',
      'review_requested', 'reviewed', 'owner', 'team', 'created_by', ...PAGING,
    ],
    result: list(Issue),
  }),
  issueGetIssue: op<IssueParams>()({ id: 'issueGetIssue', method: 'GET', path: '/repos/{owner}/{repo}/issues/{index}', result: json(Issue) }),
  /** 423 archived → 422 → 403; 412 when `closed` and open dependencies exist; 400 for unknown milestone/labels. */
  issueCreateIssue: op<RepoParams & { body: CreateIssueOption }>()({
    id: 'issueCreateIssue',
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues',
    body: CREATE_ISSUE_FIELDS,
    result: json(Issue),
  }),
  /** The issues that `index` depends on. */
  issueListIssueDependencies: op<IssueParams & PageParams>()({
    id: 'issueListIssueDependencies',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues/{index}/dependencies',
    query: PAGING,
    result: list(Issue),
  }),
  /** Makes `index` depend on `body`. Answers 201 with the issue `index`. */
  issueCreateIssueDependencies: op<IssueParams & { body: IssueMeta }>()({
    id: 'issueCreateIssueDependencies',
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues/{index}/dependencies',
    body: ISSUE_META_FIELDS,
    result: json(Issue),
  }),
  /** Answers 201 (not 200) with the issue `index`; 423 when archived; 500 when there is no such dependency. */
  issueRemoveIssueDependencies: op<IssueParams & { body: IssueMeta }>()({
    id: 'issueRemoveIssueDependencies',
    method: 'DELETE',
    path: '/repos/{owner}/{repo}/issues/{index}/dependencies',
    body: ISSUE_META_FIELDS,
    result: json(Issue),
  }),
  /** The issues blocked by `index`. The server sends no paging headers. */
  issueListBlocks: op<IssueParams & PageParams>()({
    id: 'issueListBlocks',
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues/{index}/blocks',
    query: PAGING,
    result: list(Issue),
  }),
  issueListLabels: op<RepoParams & PageParams>()({
    id: 'issueListLabels',
    method: 'GET',
    path: '/repos/{owner}/{repo}/labels',
    query: PAGING,
    result: list(Label),
  }),
  issueGetMilestonesList: op<RepoParams & PageParams & { state?: 'open' | 'closed' | 'all'; name?: string }>()({
    id: 'issueGetMilestonesList',
    method: 'GET',
    path: '/repos/{owner}/{repo}/milestones',
    query: ['state', 'name', ...PAGING],
    result: list(Milestone),
  }),
};
