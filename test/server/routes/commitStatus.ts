// A pull request's commits (GetPullRequestCommits: mergeBase..head, newest first, paged with X-Total-Count,
// X-Page, X-PerPage, X-PageCount, X-HasMore), the combined status of a ref (state "pending" without statuses),
// creating a commit status (which lets a scheduled merge of that head happen), and resolving review comments
// (the pull request's poster or a writer, Gitea's CanMarkConversation).
import { bind, formBool } from '../binding';
import { combineStates, latestStatuses } from '../commitStatus';
import type { Ctx } from '../context';
import { toCommit, toCommitStatus } from '../convert/commits';
import { pullShas } from '../convert/pulls';
import { toRepo } from '../convert/repo';
import { archived, badRequest, forbidden, notFound } from '../errors';
import type { CommitInfo } from '../git';
import { formInt, listOptions, pageOf, setLinkHeader, setTotalCount } from '../paging';
import type { Router } from '../router';
import { Access } from '../state';
import { runScheduledMerge } from './merge';

async function pullCommits(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const issue = ctx.state.issueByIndex(repo.id, formInt(ctx.params.index));
  if (!issue?.pull) return notFound();
  const shas = await pullShas(ctx, issue);
  const range = shas.mergeBase ? [`${shas.mergeBase}..${shas.headSha}`] : [shas.headSha];
  const list = shas.headSha ? await ctx.git.must(repo.gitPath, ['log', '--format=%H', ...range]) : Buffer.alloc(0);
  const all = list.toString('utf8').split('\n').filter(Boolean);
  const opts = listOptions(ctx);
  const pageCount = Math.ceil(all.length / opts.limit);
  const flag = (name: string) => ctx.query.get(name) === null || ctx.query.get(name) === '' || formBool(ctx.query.get(name));
  const commits = (await Promise.all(pageOf(all, opts).map((sha) => ctx.git.commit(repo.gitPath, sha)))).filter((c): c is CommitInfo => !!c);
  const out = await Promise.all(commits.map((c) => toCommit(ctx, repo, c, { verification: flag('verification'), files: flag('files') })));
  setLinkHeader(ctx, all.length, opts.limit);
  setTotalCount(ctx, all.length);
  ctx.setHeader('X-Page', String(opts.page));
  ctx.setHeader('X-PerPage', String(opts.limit));
  ctx.setHeader('X-PageCount', String(pageCount));
  ctx.setHeader('X-HasMore', String(opts.page < pageCount));
  ctx.exposeHeaders('X-Page', 'X-PerPage', 'X-PageCount', 'X-HasMore');
  ctx.json(200, out);
}

async function combinedStatus(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const sha = (await ctx.git.resolveCommit(repo.gitPath, ctx.params.ref ?? '')) ?? notFound();
  const statuses = latestStatuses(ctx.state, repo.id, sha);
  const api = ctx.repoApiUrl(repo);
  setTotalCount(ctx, statuses.length);
  ctx.json(200, {
    state: combineStates(statuses.map((s) => s.state)),
    sha,
    total_count: statuses.length,
    statuses: pageOf(statuses, listOptions(ctx)).map((s) => toCommitStatus(ctx, repo, s)),
    repository: await toRepo(ctx, repo),
    commit_url: `${api}/commits/${sha}`,
    url: `${api}/commits/${sha}/status`,
  });
}

async function createStatus(ctx: Ctx): Promise<void> {
  const a = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  ctx.requireRepoWriter(a);
  const form = bind<{ state?: string; target_url?: string; description?: string; context?: string }>(ctx, 'CreateStatusOption', [
    { go: 'State', json: 'state', type: 'string' },
    { go: 'TargetURL', json: 'target_url', type: 'string' },
    { go: 'Description', json: 'description', type: 'string' },
    { go: 'Context', json: 'context', type: 'string' },
  ]);
  const sha = ctx.params.sha ?? '';
  if (!sha) return badRequest('sha not given');
  const state = ctx.state;
  const repo = a.repo;
  const full = (await ctx.git.resolveCommit(repo.gitPath, sha)) ?? sha;
  const rec = { id: state.nextId('commit_status'), repoId: repo.id, sha: full,
    index: state.commitStatuses.filter((s) => s.repoId === repo.id && s.sha === full).length + 1,
    state: form.state ?? '', context: form.context || 'default', description: form.description ?? '', targetUrl: form.target_url ?? '',
    creatorId: doer.id, created: new Date() };
  state.commitStatuses.push(rec);
  // Gitea's automerge notifier: a new status of a pull request's head re-evaluates its scheduled merge.
  for (const issue of state.issues.filter((i) => i.repoId === repo.id && i.pull && !i.pull.merged && i.state === 'open')) {
    if ((await pullShas(ctx, issue)).headSha === full) await runScheduledMerge(ctx, repo, issue);
  }
  ctx.json(201, toCommitStatus(ctx, repo, rec));
}

function resolveComment(resolve: boolean) {
  return (ctx: Ctx): void => {
    const { repo } = ctx.repoAssignment();
    const doer = ctx.requireSigned();
    if (repo.archived) archived();
    const comment = ctx.state.comment(formInt(ctx.params.id));
    const issue = comment ? ctx.state.issue(comment.issueId) : undefined;
    if (!comment || !issue || issue.repoId !== repo.id || !issue.pull || comment.type !== 'code') return notFound();
    if (issue.posterId !== doer.id && ctx.repoAssignment().mode < Access.Write) forbidden('user should have permission to resolve comment');
    if (resolve && !comment.resolverId) comment.resolverId = doer.id;
    if (!resolve) comment.resolverId = undefined;
    ctx.noContent(204);
  };
}

export function registerCommitStatusRoutes(r: Router): void {
  r.get('/repos/{owner}/{repo}/pulls/{index}/commits', ['repository'], pullCommits);
  r.get('/repos/{owner}/{repo}/commits/{ref}/status', ['repository'], combinedStatus);
  r.post('/repos/{owner}/{repo}/statuses/{sha}', ['repository'], createStatus);
  r.post('/repos/{owner}/{repo}/pulls/comments/{id}/resolve', ['repository'], resolveComment(true));
  r.post('/repos/{owner}/{repo}/pulls/comments/{id}/unresolve', ['repository'], resolveComment(false));
}
