// GET …/forks (routers/api/v1/repo/fork.go ListForks: the forks the doer may read, Link and X-Total-Count),
// GET …/branch_protections (ListBranchProtections, behind reqAdmin(): 403 for anyone but the repository's admins)
// and GET …/git/commits/{sha} (GetSingleCommit: 422 for what is no ref or SHA, 404 "commit doesn't exist").
import type { Ctx } from '../context';
import { toCommit } from '../convert/commits';
import { toRepo } from '../convert/repo';
import { notFound, unprocessable } from '../errors';
import { formBool } from '../binding';
import { listOptions, pageOf, setLinkHeader, setTotalCount } from '../paging';
import { accessMode } from '../permissions';
import type { Router } from '../router';
import type { BranchProtection } from '../records';
import { Access, type RepoRec } from '../state';

async function listForks(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const forks = ctx.state.repos.filter((r) => r.forkId === repo.id && accessMode(ctx.state, ctx.doer, r) >= Access.Read);
  const opts = listOptions(ctx);
  setLinkHeader(ctx, forks.length, opts.limit);
  setTotalCount(ctx, forks.length);
  ctx.json(200, await Promise.all(pageOf(forks, opts).map((r) => toRepo(ctx, r))));
}

/** services/convert ToBranchProtection: the fields of a rule this server models, the others at Gitea's defaults. */
function toBranchProtection(ctx: Ctx, repo: RepoRec, p: BranchProtection, priority: number): Record<string, unknown> {
  const names = (ids: number[]) => ids.map((id) => ctx.state.user(id)?.login).filter((n): n is string => !!n);
  return {
    branch_name: p.ruleName,
    rule_name: p.ruleName,
    priority,
    enable_push: p.pushWhitelistUserIds.length > 0,
    enable_push_whitelist: p.pushWhitelistUserIds.length > 0,
    push_whitelist_usernames: names(p.pushWhitelistUserIds),
    push_whitelist_teams: [],
    push_whitelist_deploy_keys: false,
    enable_force_push: false,
    enable_force_push_allowlist: false,
    force_push_allowlist_usernames: [],
    force_push_allowlist_teams: [],
    force_push_allowlist_deploy_keys: false,
    enable_merge_whitelist: false,
    merge_whitelist_usernames: [],
    merge_whitelist_teams: [],
    enable_status_check: p.enableStatusCheck,
    status_check_contexts: p.statusCheckContexts,
    required_approvals: p.requiredApprovals,
    enable_approvals_whitelist: false,
    approvals_whitelist_username: [],
    approvals_whitelist_teams: [],
    block_on_rejected_reviews: false,
    block_on_official_review_requests: false,
    block_on_outdated_branch: false,
    dismiss_stale_approvals: false,
    ignore_stale_approvals: false,
    require_signed_commits: false,
    protected_file_patterns: '',
    unprotected_file_patterns: '',
    block_admin_merge_override: false,
    created_at: repo.created.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    updated_at: repo.updated.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

function listBranchProtections(ctx: Ctx): void {
  const assigned = ctx.repoAssignment();
  ctx.requireRepoAdmin(assigned);
  ctx.json(200, assigned.repo.protections.map((p, i) => toBranchProtection(ctx, assigned.repo, p, i + 1)));
}

/** git.IsValidRefPattern, as far as a SHA or branch in a URL goes: no `..`, no control characters or spaces. */
// eslint-disable-next-line no-control-regex -- control characters are what the check refuses
const INVALID_REF = /\.\.|[\x00-\x20~^:?*[\\\x7f]|^[/.]|[/.]$|@\{|\/\/|\.lock$/;

async function getSingleCommit(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const sha = ctx.params.sha ?? '';
  if (INVALID_REF.test(sha)) unprocessable(`no valid ref or sha: ${sha}`);
  const resolved = await ctx.git.resolveCommit(repo.gitPath, sha);
  const commit = resolved ? await ctx.git.commit(repo.gitPath, resolved) : undefined;
  if (!commit) return notFound(`commit doesn't exist: ${sha}`);
  const flag = (name: string) => ctx.query.get(name) === null || ctx.query.get(name) === '' || formBool(ctx.query.get(name));
  ctx.json(200, await toCommit(ctx, repo, commit, { verification: flag('verification'), files: flag('files') }));
}

export function registerForkAndProtectionRoutes(r: Router): void {
  r.get('/repos/{owner}/{repo}/forks', ['repository'], listForks);
  r.get('/repos/{owner}/{repo}/branch_protections', ['repository'], listBranchProtections);
  r.get('/repos/{owner}/{repo}/git/commits/{sha}', ['repository'], getSingleCommit);
}
