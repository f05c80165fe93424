// Bringing a pull request's base into its head (Gitea 1.27's UpdatePullRequest and services/pull/update.go), and
// forking a repository (CreateFork: a copy of its branches, `fork_id` pointing at it).
import { bind } from '../binding';
import type { Ctx } from '../context';
import { pullShas } from '../convert/pulls';
import { toRepo } from '../convert/repo';
import { conflict, fail, forbidden, internal, notFound, unprocessable } from '../errors';
import { formInt } from '../paging';
import { accessMode, isOrgMember } from '../permissions';
import { MergeConflictError, mergeCommits, type Person } from '../pullMerge';
import { syncPullHeadRefs } from '../pullRefs';
import { recordPush } from '../pushEvents';
import type { Router } from '../router';
import { newRepoRecord } from '../seed/accounts';
import { Access, type IssueRec, type RepoRec, type UserRec } from '../state';

const sig = (u: UserRec): Person => ({ name: u.fullName || u.login, email: u.email });

/** isUserAllowedToPushOrForcePushInRepoBranch: write access to the code, unless a protection rule names the branch
 * (then its push whitelist decides; force pushes are refused by the rules this server models). */
function pushRights(ctx: Ctx, user: UserRec, repo: RepoRec, branch: string): { push: boolean; force: boolean } {
  const write = accessMode(ctx.state, user, repo) >= Access.Write;
  const rule = repo.protections.find((p) => p.ruleName === branch);
  if (!rule) return { push: write, force: write };
  return { push: write && rule.pushWhitelistUserIds.includes(user.id), force: false };
}

/** CheckUserAllowedToUpdate: the doer's push rights on the head branch, a maintainer's inherited from the poster when
 * the pull request allows maintainer edits, then the base repository's allow_merge_update / allow_rebase_update. */
function allowedUpdates(ctx: Ctx, base: RepoRec, headRepo: RepoRec, issue: IssueRec, doer: UserRec): { merge: boolean; rebase: boolean } {
  const pr = issue.pull!;
  let { push, force } = pushRights(ctx, doer, headRepo, pr.headBranch);
  if (pr.allowMaintainerEdit && (!push || !force) && accessMode(ctx.state, doer, base) >= Access.Write) {
    const poster = ctx.state.user(issue.posterId);
    const inherited = poster ? pushRights(ctx, poster, headRepo, pr.headBranch) : { push: false, force: false };
    push ||= inherited.push;
    force ||= inherited.force;
  }
  return { merge: push && base.settings.allowMergeUpdate, rebase: force && base.settings.allowRebaseUpdate };
}

/**
 * POST …/pulls/{index}/update?style=merge|rebase: 404 unknown, 422 merged or closed, 403 a style the doer may not
 * use, 500 "HeadBranch of PR n is up to date" when the head has the base already, 409 on conflicts; 200 once the
 * head branch moved (a merge commit "Merge branch '<base>' into <head>" by the doer, or the head rebased).
 */
async function updatePull(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  const issue = ctx.state.issueByIndex(repo.id, formInt(ctx.params.index));
  if (!issue?.pull) return notFound();
  const pr = issue.pull;
  if (pr.merged) unprocessable('pull request is already merged');
  if (issue.state === 'closed') unprocessable('pull request is already closed');
  const headRepo = ctx.state.repo(pr.headRepoId) ?? notFound();
  const rebase = (ctx.query.get('style') || 'merge') === 'rebase';
  const allowed = allowedUpdates(ctx, repo, headRepo, issue, doer);
  if (rebase ? !allowed.rebase : !allowed.merge) return ctx.noContent(403);
  const shas = await pullShas(ctx, issue);
  if ((await ctx.git.run(repo.gitPath, ['merge-base', '--is-ancestor', shas.baseSha, shas.headSha])).code === 0) {
    internal(`HeadBranch of PR ${issue.index} is up to date`);
  }
  // The base's commits are needed where the head lives (a fork), as Gitea's temporary repository has both.
  if (headRepo.id !== repo.id) {
    await ctx.git.must(headRepo.gitPath, ['fetch', '--quiet', '--no-tags', ctx.git.dir(repo.gitPath), `+${shas.baseSha}:refs/gitea-test/update-base`]);
  }
  let newHead: string;
  try {
    newHead = await mergeCommits(ctx.git, {
      gitPath: headRepo.gitPath,
      // The reverse merge: the head is the "base" that receives the base's commits.
      baseSha: rebase ? shas.baseSha : shas.headSha,
      headSha: rebase ? shas.headSha : shas.baseSha,
      style: rebase ? 'rebase' : 'merge',
      message: `Merge branch '${pr.baseBranch}' into ${pr.headBranch}`,
      merger: sig(doer),
      poster: sig(doer),
      when: Math.floor(Date.now() / 1000),
    });
  } catch (err) {
    if (err instanceof MergeConflictError) conflict(rebase ? 'rebase failed because of conflict' : 'merge failed because of conflict');
    throw err;
  }
  const before = await ctx.git.branches(headRepo.gitPath);
  const moved = await ctx.git.run(headRepo.gitPath, ['update-ref', `refs/heads/${pr.headBranch}`, newHead, shas.headSha]);
  ctx.git.invalidate(headRepo.gitPath);
  if (moved.code !== 0) fail(500, 'the head branch moved during the update');
  await recordPush(ctx.state, ctx.git, headRepo, doer, before);
  await syncPullHeadRefs(ctx.state, ctx.git, [repo, headRepo]);
  issue.updated = new Date();
  ctx.noContent(200);
}

/**
 * POST …/forks: the doer's (or an organization's, `organization`, when the doer is a member) copy named `name` (default:
 * the repository's), 202 with it; 409 when the owner has a repository of that name or a fork of this one already.
 */
async function createFork(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  const form = bind<{ organization?: string; name?: string }>(ctx, 'CreateForkOption', [
    { go: 'Organization', json: 'organization', type: 'string' },
    { go: 'Name', json: 'name', type: 'string' },
  ]);
  const state = ctx.state;
  let owner: { id: number; login: string } = doer;
  if (form.organization) {
    const org = state.orgByName(form.organization) ?? notFound();
    if (!isOrgMember(state, doer.id, org.id)) forbidden('User is no Member of Organisation');
    owner = org;
  }
  const name = form.name || repo.name;
  const already = state.repos.find((r) => r.ownerId === owner.id && r.forkId === repo.id);
  if (already) conflict(`repository is already forked by user [uname: ${owner.login}, repo path: ${state.fullName(repo)}, fork path: ${state.fullName(already)}]`);
  if (state.repoByName(owner.login, name)) conflict(`repository already exists [uname: ${owner.login}, name: ${name}]`);
  const now = new Date();
  const fork = newRepoRecord(state, { id: state.nextId('repository'), ownerId: owner.id, name, description: repo.description, fork: true,
    forkId: repo.id, defaultBranch: repo.defaultBranch, private: repo.private, created: now, updated: now });
  await ctx.git.initBare(fork.gitPath, repo.defaultBranch);
  await ctx.git.must(fork.gitPath, ['fetch', '--quiet', ctx.git.dir(repo.gitPath), '+refs/heads/*:refs/heads/*', '+refs/tags/*:refs/tags/*']);
  ctx.git.invalidate(fork.gitPath);
  if (!(await ctx.git.branches(fork.gitPath)).length) internal('the fork has no branches');
  ctx.json(202, await toRepo(ctx, fork));
}

export function registerPullUpdateRoutes(r: Router): void {
  r.post('/repos/{owner}/{repo}/pulls/{index}/update', ['repository'], updatePull);
  r.post('/repos/{owner}/{repo}/forks', ['repository'], createFork);
}
