// Pull requests (creating one: pullCreate.ts): list, get, files (with X-Page/X-PerPage/X-PageCount/X-HasMore), .diff/.patch, and the
// merged pull request of a commit (only the full SHA of the commit the merge produced).
import type { Ctx } from '../context';
import { pullShas, toPull } from '../convert/pulls';
import { notFound } from '../errors';
import { mustAllowPulls } from './pullCreate';
import { formInt, listOptions, paged, setLinkHeader, setTotalCount } from '../paging';
import type { Router } from '../router';
import type { IssueRec, RepoRec } from '../state';
import { newestFirst } from './issues';

const WHITESPACE_FLAGS: Record<string, string[]> = {
  'ignore-all': ['-w'],
  'ignore-change': ['-b'],
  'ignore-eol': ['--ignore-space-at-eol'],
  'show-all': [],
};

function pullFromParams(ctx: Ctx, repo: RepoRec): IssueRec {
  const issue = ctx.state.issueByIndex(repo.id, formInt(ctx.params.index));
  return issue?.pull ? issue : notFound();
}

async function listPulls(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  await mustAllowPulls(ctx, repo);
  const st = ctx.query.get('state') ?? 'open';
  const milestone = formInt(ctx.query.get('milestone'));
  const labels = ctx.query.getAll('labels').map(formInt).filter(Boolean);
  const poster = ctx.query.get('poster');
  const posterId = poster ? ctx.state.userByName(poster)?.id ?? -1 : undefined;
  const base = ctx.query.get('base_branch');
  const sort = ctx.query.get('sort') ?? '';
  const items = ctx.state.issues
    .filter((i) => i.repoId === repo.id && i.pull)
    .filter((i) => st === 'all' || i.state === (st === 'closed' ? 'closed' : 'open'))
    .filter((i) => !milestone || i.milestoneId === milestone)
    .filter((i) => labels.every((l) => i.labelIds.includes(l)))
    .filter((i) => posterId === undefined || i.posterId === posterId)
    .filter((i) => !base || i.pull!.baseBranch === base)
    .sort((a, b) => {
      switch (sort) {
        case 'oldest':
          return -newestFirst(a, b);
        case 'recentupdate':
          return b.updated.getTime() - a.updated.getTime();
        case 'leastupdate':
          return a.updated.getTime() - b.updated.getTime();
        case 'mostcomment':
          return b.comments - a.comments;
        case 'leastcomment':
          return a.comments - b.comments;
        case 'recentclose':
          return (b.closedAt?.getTime() ?? 0) - (a.closedAt?.getTime() ?? 0);
        default:
          return newestFirst(a, b);
      }
    });
  const page = paged(ctx, items);
  ctx.json(200, await Promise.all(page.map((i) => toPull(ctx, i, { list: true }))));
}

async function pullFiles(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const issue = pullFromParams(ctx, repo);
  const shas = await pullShas(ctx, issue);
  const flags = WHITESPACE_FLAGS[ctx.query.get('whitespace') ?? ''] ?? [];
  let files = shas.mergeBase && shas.headSha ? (await ctx.git.diff(repo.gitPath, shas.mergeBase, shas.headSha, flags)).files : [];
  const skipTo = ctx.query.get('skip-to');
  if (skipTo) {
    const idx = files.findIndex((f) => f.name === skipTo);
    files = idx >= 0 ? files.slice(idx) : [];
  }
  const opts = listOptions(ctx);
  const total = files.length;
  const pageCount = Math.ceil(total / opts.limit);
  const start = (opts.page - 1) * opts.limit;
  const html = ctx.repoHtmlUrl(repo);
  const api = ctx.repoApiUrl(repo);
  const escape = (p: string) => p.split('/').map(encodeURIComponent).join('/');
  const head = encodeURIComponent(shas.headSha);
  const out = files.slice(start, start + opts.limit).map((f) => {
    const status =
      f.kind === 'deleted' ? 'deleted' : f.kind === 'added' ? 'added' : f.kind === 'copied' ? 'copied'
        : f.kind === 'renamed' ? 'renamed' : f.additions === 0 && f.deletions === 0 ? 'unchanged' : 'changed';
    const file: Record<string, unknown> = {
      filename: f.name,
      status,
      additions: f.additions,
      deletions: f.deletions,
      changes: f.additions + f.deletions,
      html_url: `${html}/src/commit/${head}/${escape(f.name)}`,
      contents_url: `${api}/contents/${escape(f.name)}?ref=${head}`,
      raw_url: `${html}/raw/commit/${head}/${escape(f.name)}`,
    };
    if (status === 'renamed') file.previous_filename = f.oldName;
    return file;
  });
  setLinkHeader(ctx, total, opts.limit);
  setTotalCount(ctx, total);
  ctx.setHeader('X-Page', String(opts.page));
  ctx.setHeader('X-PerPage', String(opts.limit));
  ctx.setHeader('X-PageCount', String(pageCount));
  ctx.setHeader('X-HasMore', String(opts.page < pageCount));
  ctx.exposeHeaders('X-Page', 'X-PerPage', 'X-PageCount', 'X-HasMore');
  ctx.json(200, out);
}

async function pullDiff(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const type = ctx.params.diffType;
  if (type !== 'diff' && type !== 'patch') return notFound();
  const issue = pullFromParams(ctx, repo);
  const shas = await pullShas(ctx, issue);
  if (!shas.mergeBase || !shas.headSha) return ctx.send(200, '', 'text/plain; charset=utf-8');
  let body: Buffer;
  if (type === 'patch') body = await ctx.git.formatPatch(repo.gitPath, shas.mergeBase, shas.headSha);
  else if (ctx.query.get('binary') === 'true') body = await ctx.git.binaryDiff(repo.gitPath, shas.mergeBase, shas.headSha);
  else body = Buffer.from((await ctx.git.diff(repo.gitPath, shas.mergeBase, shas.headSha)).text, 'utf8');
  ctx.send(200, body, 'text/plain; charset=utf-8');
}

export function registerPullRoutes(r: Router): void {
  r.get('/repos/{owner}/{repo}/pulls', ['repository'], listPulls);
  r.get('/repos/{owner}/{repo}/pulls/{index}.{diffType}', ['repository'], pullDiff);
  r.get('/repos/{owner}/{repo}/pulls/{index}', ['repository'], async (ctx) => {
    const { repo } = ctx.repoAssignment();
    ctx.json(200, await toPull(ctx, pullFromParams(ctx, repo), { list: false }));
  });
  r.get('/repos/{owner}/{repo}/pulls/{index}/files', ['repository'], pullFiles);
  r.get('/repos/{owner}/{repo}/commits/{sha}/pull', ['repository'], async (ctx) => {
    const { repo } = ctx.repoAssignment();
    const issue = ctx.state.issues.find((i) => i.repoId === repo.id && i.pull?.merged && i.pull.mergeCommitSha === ctx.params.sha);
    if (!issue) return notFound();
    ctx.json(200, await toPull(ctx, issue, { list: false }));
  });
}
