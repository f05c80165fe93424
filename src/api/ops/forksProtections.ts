// Forks (list, create), a repository's branch protection rules and one commit: what Share a Line, a refused push
// and the branch protections given to VS Code's git ask.
import { BranchProtection, Commit, Repository } from '../schemas';
import { PAGING, json, list, op, unpagedList, type PageParams, type RepoParams } from './op';

export interface CreateForkOption {
  /** The fork's name; the repository's when omitted. */
  name?: string;
  /** An organization the doer belongs to; the doer's own fork when omitted. */
  organization?: string;
}

export const forkAndProtectionOperations = {
  listForks: op<RepoParams & PageParams>()({
    id: 'listForks',
    method: 'GET',
    path: '/repos/{owner}/{repo}/forks',
    query: PAGING,
    result: list(Repository),
  }),
  /** 202 with the fork; 409 when the owner has a repository of that name or a fork of this one already. */
  createFork: op<RepoParams & { body: CreateForkOption }>()({
    id: 'createFork',
    method: 'POST',
    path: '/repos/{owner}/{repo}/forks',
    body: ['name', 'organization'],
    result: json(Repository),
  }),
  /** Repository admins only (403 for others): every rule, glob patterns included. */
  repoListBranchProtection: op<RepoParams>()({
    id: 'repoListBranchProtection',
    method: 'GET',
    path: '/repos/{owner}/{repo}/branch_protections',
    result: unpagedList(BranchProtection),
  }),
  /** notFound when the repository has no such commit. `stat`, `verification` and `files` false keep the answer small. */
  repoGetSingleCommit: op<RepoParams & { sha: string; stat?: boolean; verification?: boolean; files?: boolean }>()({
    id: 'repoGetSingleCommit',
    method: 'GET',
    path: '/repos/{owner}/{repo}/git/commits/{sha}',
    query: ['stat', 'verification', 'files'],
    result: json(Commit),
  }),
};
