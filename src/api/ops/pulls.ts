// Pull requests: list, get, create, the open one of a head and base, update from the base, diff, changed files, the
// pull request that merged a commit, and the comparison of two branches.
import { ChangedFile, Compare, PullRequest } from '../schemas';
import { PAGING, json, list, none, op, text, type PageParams, type RepoParams } from './op';

interface PullParams extends RepoParams {
  index: number;
}

/** CreatePullRequestOption. `head` is a branch of the repository, or `<owner>:<branch>` of that owner's fork. */
export interface CreatePullRequestOption {
  head: string;
  base: string;
  title: string;
  body?: string;
  assignee?: string;
  assignees?: string[];
  /** Label ids (the repository's and its organization's). */
  labels?: number[];
  milestone?: number;
  due_date?: string;
  /** User names; the poster cannot be one (Gitea creates the pull request, then answers 500). */
  reviewers?: string[];
  /** Team names (organization repositories). */
  team_reviewers?: string[];
  /** Default: the repository's default_allow_maintainer_edit. */
  allow_maintainer_edit?: boolean;
}
const CREATE_PULL_FIELDS = [
  'head', 'base', 'title', 'body', 'assignee', 'assignees', 'labels', 'milestone', 'due_date', 'reviewers', 'team_reviewers',
  'allow_maintainer_edit',
] as const satisfies readonly (keyof CreatePullRequestOption)[];

export const pullOperations = {
  repoListPullRequests: op<
    RepoParams &
      PageParams & {
        state?: 'open' | 'closed' | 'all';
        /** oldest, recentupdate, leastupdate, mostcomment, leastcomment, priority. */
        sort?: string;
        milestone?: number;
        /** Label ids. */
        labels?: number[];
        poster?: string;
        base_branch?: string;
      }
  >()({
    id: 'repoListPullRequests',
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls',
    query: ['state', 'sort', 'milestone', 'labels', 'poster', 'base_branch', ...PAGING],
    result: list(PullRequest),
  }),
  /**
   * 201 with the pull request. Refusals: 409 for an open one with the same head and base (Gitea's
   * ErrPullRequestAlreadyExists text), 422 for head = base, tags, unknown or unassignable assignees, 404 for an
   * unknown branch, milestone, reviewer or team, 403 when the poster may not (not a collaborator), 423 archived.
   * Gitea creates a pull request with nothing to compare (no check): look first (repoCompareDiff).
   */
  repoCreatePullRequest: op<RepoParams & { body: CreatePullRequestOption }>()({
    id: 'repoCreatePullRequest',
    method: 'POST',
    path: '/repos/{owner}/{repo}/pulls',
    body: CREATE_PULL_FIELDS,
    result: json(PullRequest),
  }),
  /**
   * The pull request of a base branch and a head (`branch` or `<owner>:<branch>` / `<owner>/<repo>:<branch>` of a
   * fork), whatever its state: check `state` and `merged`. notFound when there is none.
   */
  repoGetPullRequestByBaseHead: op<RepoParams & { base: string; head: string }>()({
    id: 'repoGetPullRequestByBaseHead',
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{base}/{head}',
    slashParams: ['head'],
    result: json(PullRequest),
  }),
  /**
   * Brings the base branch into the head branch: `merge` (a merge commit, the default) or `rebase`, each only when
   * the repository allows it (403 otherwise). 409 on conflicts, 422 when the pull request is merged or closed.
   */
  repoUpdatePullRequest: op<PullParams & { style?: 'merge' | 'rebase' }>()({
    id: 'repoUpdatePullRequest',
    method: 'POST',
    path: '/repos/{owner}/{repo}/pulls/{index}/update',
    query: ['style'],
    result: none,
  }),
  /**
   * `basehead` = `<base>...<head>` (head may be `<owner>:<branch>` of a fork): the commits of head not in base
   * (`total_commits`). 404 for an unknown branch.
   */
  repoCompareDiff: op<RepoParams & { basehead: string }>()({
    id: 'repoCompareDiff',
    method: 'GET',
    path: '/repos/{owner}/{repo}/compare/{basehead}',
    slashParams: ['basehead'],
    result: json(Compare),
  }),
  repoGetPullRequest: op<PullParams>()({
    id: 'repoGetPullRequest',
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{index}',
    result: json(PullRequest),
  }),
  /** The unified diff (`diff`) or mail patch (`patch`) as text. */
  repoDownloadPullDiffOrPatch: op<PullParams & { diffType: 'diff' | 'patch'; binary?: boolean }>()({
    id: 'repoDownloadPullDiffOrPatch',
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{index}.{diffType}',
    query: ['binary'],
    result: text,
  }),
  /** Pages carry X-Page, X-PerPage, X-PageCount, X-HasMore and X-Total. */
  repoGetPullRequestFiles: op<
    PullParams &
      PageParams & {
        /** Start the list at this file. */
        'skip-to'?: string;
        whitespace?: 'ignore-all' | 'ignore-change' | 'ignore-eol' | 'show-all';
      }
  >()({
    id: 'repoGetPullRequestFiles',
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{index}/files',
    query: ['skip-to', 'whitespace', ...PAGING],
    result: list(ChangedFile),
  }),
  /** Needs the full SHA of the commit a merge produced; anything else is notFound. */
  repoGetCommitPullRequest: op<RepoParams & { sha: string }>()({
    id: 'repoGetCommitPullRequest',
    method: 'GET',
    path: '/repos/{owner}/{repo}/commits/{sha}/pull',
    result: json(PullRequest),
  }),
};
