// Pull requests: list, get, diff, changed files, and the pull request that merged a commit.
import { ChangedFile, PullRequest } from '../schemas';
import { PAGING, json, list, op, text, type PageParams, type RepoParams } from './op';

interface PullParams extends RepoParams {
  index: number;
}

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
