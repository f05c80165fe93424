// Issue dependencies. GET …/dependencies lists what blocks the issue (X-Total-Count only); GET …/blocks what it
// blocks (no paging headers, no upper clamp on limit, [] when none). POST/DELETE …/dependencies take an
// IssueMeta whose owner and repo must be sent (Gitea compares them with the current repository); duplicates,
// cycles and removing a missing dependency are 500s; POST and DELETE both answer 201 with the issue of the
// URL (the recordings of Gitea 1.27.0 show it for DELETE). Archived → 423.
import { bind } from '../binding';
import type { Ctx } from '../context';
import { toIssue } from '../convert/issues';
import { archived, fail, notFound } from '../errors';
import { DEFAULT_PAGING_NUM, formInt, MAX_RESPONSE_ITEMS, setTotalCount } from '../paging';
import { accessMode } from '../permissions';
import type { Router } from '../router';
import { Access, type IssueRec, type RepoRec } from '../state';
import { issueFromParams } from './issues';

/** Gitea's getFormIssue. */
function formIssue(ctx: Ctx, current: RepoRec): IssueRec {
  const body = bind<{ index?: number; owner?: string; repo?: string }>(ctx, 'IssueMeta', [
    { go: 'Index', json: 'index', type: 'int' },
    { go: 'Owner', json: 'owner', type: 'string' },
    { go: 'Name', json: 'repo', type: 'string' },
  ]);
  const owner = body.owner ?? '';
  const name = body.repo ?? '';
  const currentOwner = ctx.state.ownerOf(current).login;
  let repo: RepoRec | undefined = current;
  if (owner !== currentOwner || name !== current.name) {
    if (!ctx.state.settings.allowCrossRepositoryDependencies) fail(400, 'CrossRepositoryDependencies not enabled');
    repo = ctx.state.repoByName(owner, name);
    if (!repo) return notFound();
  }
  const index = body.index ?? 0;
  return ctx.state.issueByIndex(repo.id, index) ?? notFound();
}

/** 500 whose text only site admins see. */
const serverError = (message: string): never => fail(500, message);

function checkDependencyPermissions(ctx: Ctx, target: IssueRec, dependency: IssueRec): void {
  const targetRepo = ctx.state.repo(target.repoId)!;
  if (targetRepo.archived || !targetRepo.settings.enableIssueDependencies) notFound();
  if (accessMode(ctx.state, ctx.doer, targetRepo) < Access.Write) notFound();
  if (accessMode(ctx.state, ctx.doer, ctx.state.repo(dependency.repoId)!) < Access.Read) notFound();
}

function addDependency(ctx: Ctx, target: IssueRec, dependency: IssueRec): void {
  checkDependencyPermissions(ctx, target, dependency);
  const deps = ctx.state.dependencies;
  if (deps.some((d) => d.issueId === target.id && d.dependsOnId === dependency.id)) {
    serverError(`issue dependency does already exist [issue id: ${target.id}, dependency id: ${dependency.id}]`);
  }
  if (target.id === dependency.id || deps.some((d) => d.issueId === dependency.id && d.dependsOnId === target.id)) {
    serverError(`circular dependencies exists (two issues blocking each other) [issue id: ${target.id}, dependency id: ${dependency.id}]`);
  }
  deps.push({ issueId: target.id, dependsOnId: dependency.id, created: new Date() });
}

function removeDependency(ctx: Ctx, target: IssueRec, dependency: IssueRec): void {
  checkDependencyPermissions(ctx, target, dependency);
  const idx = ctx.state.dependencies.findIndex((d) => d.issueId === target.id && d.dependsOnId === dependency.id);
  if (idx < 0) serverError(`issue dependency does not exist [issue id: ${target.id}, dependency id: ${dependency.id}]`);
  ctx.state.dependencies.splice(idx, 1);
}

function readable(ctx: Ctx, issues: IssueRec[]): IssueRec[] {
  return issues.filter((i) => accessMode(ctx.state, ctx.doer, ctx.state.repo(i.repoId)!) >= Access.Read);
}

function listDependencies(ctx: Ctx): void {
  const { repo } = ctx.repoAssignment();
  if (!repo.settings.enableIssueDependencies) notFound();
  const issue = issueFromParams(ctx, repo);
  const page = Math.max(1, formInt(ctx.query.get('page')));
  let limit = formInt(ctx.query.get('limit'));
  if (limit <= 0) limit = DEFAULT_PAGING_NUM;
  else if (limit > MAX_RESPONSE_ITEMS) limit = MAX_RESPONSE_ITEMS;
  const blockers = ctx.state.dependencies.filter((d) => d.issueId === issue.id).map((d) => ctx.state.issue(d.dependsOnId)!);
  // Like Gitea: the total counts every blocker; the page is cut first, then unreadable ones are dropped.
  setTotalCount(ctx, blockers.length);
  ctx.json(200, readable(ctx, blockers.slice((page - 1) * limit, page * limit)).map((i) => toIssue(ctx, i)));
}

function listBlocks(ctx: Ctx): void {
  const { repo } = ctx.repoAssignment();
  const issue = issueFromParams(ctx, repo);
  const page = Math.max(1, formInt(ctx.query.get('page')));
  let limit = formInt(ctx.query.get('limit'));
  if (limit <= 1) limit = DEFAULT_PAGING_NUM;
  const blocked = ctx.state.dependencies
    .filter((d) => d.dependsOnId === issue.id)
    .map((d) => ctx.state.issue(d.issueId)!)
    .slice((page - 1) * limit, page * limit);
  ctx.json(200, readable(ctx, blocked).map((i) => toIssue(ctx, i)));
}

/** Route-level checks of the write routes: reqToken, then mustNotBeArchived. */
function writeContext(ctx: Ctx): RepoRec {
  const { repo } = ctx.repoAssignment();
  ctx.requireSigned();
  if (repo.archived) archived();
  return repo;
}

export function registerDependencyRoutes(r: Router): void {
  const base = '/repos/{owner}/{repo}/issues/{index}';
  r.get(`${base}/dependencies`, ['issue'], listDependencies);
  r.post(`${base}/dependencies`, ['issue'], (ctx) => {
    const repo = writeContext(ctx);
    const target = issueFromParams(ctx, repo);
    addDependency(ctx, target, formIssue(ctx, repo));
    ctx.json(201, toIssue(ctx, target));
  });
  r.delete(`${base}/dependencies`, ['issue'], (ctx) => {
    const repo = writeContext(ctx);
    const target = issueFromParams(ctx, repo);
    const dependency = formIssue(ctx, repo);
    removeDependency(ctx, target, dependency);
    // 201 (not 200) with the issue of the URL, as the recorded Gitea 1.27.0 answers (like POST).
    ctx.json(201, toIssue(ctx, target));
  });
  r.get(`${base}/blocks`, ['issue'], listBlocks);
  r.post(`${base}/blocks`, ['issue'], (ctx) => {
    const repo = writeContext(ctx);
    const dependency = issueFromParams(ctx, repo);
    addDependency(ctx, formIssue(ctx, repo), dependency);
    ctx.json(201, toIssue(ctx, dependency));
  });
  r.delete(`${base}/blocks`, ['issue'], (ctx) => {
    const repo = writeContext(ctx);
    const dependency = issueFromParams(ctx, repo);
    removeDependency(ctx, formIssue(ctx, repo), dependency);
    ctx.json(201, toIssue(ctx, dependency));
  });
}
