// GET /repos/{o}/{r}/raw/{filepath}?ref= (bytes) and /contents/{filepath}?ref= (ContentsResponse or a list),
// read from git at a branch, tag or commit (default: the default branch). The commit message is not part of the
// answer (Gitea fills last_commit_message only for /contents-ext with includes=commit_message).
import type { Ctx } from '../context';
import { iso } from '../convert/users';
import { notFound } from '../errors';
import type { TreeEntry } from '../git';
import type { Router } from '../router';
import type { RepoRec } from '../state';

interface ResolvedRef {
  commit: string;
  /** How the HTML URLs name the ref: branch/…, tag/… or commit/…. */
  kind: 'branch' | 'tag' | 'commit';
  name: string;
}

async function resolveRef(ctx: Ctx, repo: RepoRec, ref: string): Promise<ResolvedRef> {
  const name = ref || repo.defaultBranch;
  const branch = (await ctx.git.branches(repo.gitPath)).find((b) => b.name === name);
  if (branch) return { commit: branch.commit.sha, kind: 'branch', name };
  const tag = (await ctx.git.tags(repo.gitPath)).find((t) => t.name === name);
  if (tag) return { commit: tag.commitSha, kind: 'tag', name };
  if (/^[0-9a-f]{4,40}$/i.test(name)) {
    const commit = await ctx.git.resolveCommit(repo.gitPath, name);
    if (commit) return { commit, kind: 'commit', name: commit };
  }
  return notFound();
}

const escapePath = (p: string) => p.split('/').map(encodeURIComponent).join('/');

function contentType(name: string, data: Buffer): string {
  const lower = name.toLowerCase();
  if (lower.endsWith('.png')) return 'image/png';
  if (lower.endsWith('.jpg') || lower.endsWith('.jpeg')) return 'image/jpeg';
  if (lower.endsWith('.gif')) return 'image/gif';
  if (data.subarray(0, 8000).includes(0)) return 'application/octet-stream';
  return 'text/plain; charset=utf-8';
}

async function raw(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const ref = await resolveRef(ctx, repo, (ctx.query.get('ref') ?? '').trim());
  const path = (ctx.params.filepath ?? '').replace(/^\/+|(?<!\/)\/+$/g, '');
  const entry = path ? await ctx.git.entry(repo.gitPath, ref.commit, path) : undefined;
  if (!entry || entry.type !== 'blob') return notFound();
  const data = await ctx.git.blob(repo.gitPath, entry.sha);
  const last = await ctx.git.lastCommitFor(repo.gitPath, ref.commit, path);
  ctx.send(200, data, contentType(entry.name, data), {
    'Content-Disposition': `inline; filename="${entry.name.replace(/"/g, '')}"`,
    ...(last ? { 'Last-Modified': new Date(last.committer.when * 1000).toUTCString() } : {}),
    'Cache-Control': 'private, max-age=300',
    'Access-Control-Expose-Headers': 'Content-Disposition',
  });
}

async function contentsEntry(ctx: Ctx, repo: RepoRec, ref: ResolvedRef, e: TreeEntry, withContent: boolean): Promise<Record<string, unknown>> {
  const api = ctx.repoApiUrl(repo);
  const html = ctx.repoHtmlUrl(repo);
  const refQuery = encodeURIComponent(ref.kind === 'commit' ? ref.commit : ref.name);
  const type = e.type === 'tree' ? 'dir' : e.type === 'commit' ? 'submodule' : e.mode === '120000' ? 'symlink' : 'file';
  const last = await ctx.git.lastCommitFor(repo.gitPath, ref.commit, e.path);
  const data = type === 'file' && withContent ? await ctx.git.blob(repo.gitPath, e.sha) : undefined;
  const target = type === 'symlink' && withContent ? (await ctx.git.blob(repo.gitPath, e.sha)).toString('utf8') : null;
  const self = `${api}/contents/${escapePath(e.path)}?ref=${refQuery}`;
  const gitUrl = `${api}/git/${type === 'dir' ? 'trees' : 'blobs'}/${e.sha}`;
  const htmlUrl = `${html}/src/${ref.kind}/${escapePath(ref.kind === 'commit' ? ref.commit : ref.name)}/${escapePath(e.path)}`;
  return {
    name: e.name,
    path: e.path,
    sha: e.sha,
    last_commit_sha: last?.sha ?? '',
    last_committer_date: last ? iso(new Date(last.committer.when * 1000)) : null,
    last_author_date: last ? iso(new Date(last.author.when * 1000)) : null,
    type,
    size: e.size,
    encoding: data ? 'base64' : null,
    content: data ? data.toString('base64') : null,
    target,
    url: self,
    html_url: htmlUrl,
    git_url: gitUrl,
    download_url: type === 'file' ? `${html}/raw/${ref.kind}/${escapePath(ref.kind === 'commit' ? ref.commit : ref.name)}/${escapePath(e.path)}` : null,
    submodule_git_url: null,
    _links: { self, git: gitUrl, html: htmlUrl },
  };
}

async function contents(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  if (!(await ctx.git.hasBranches(repo.gitPath))) return notFound();
  const ref = await resolveRef(ctx, repo, (ctx.query.get('ref') ?? '').trim());
  const path = (ctx.params.filepath ?? '').replace(/^\/+|(?<!\/)\/+$/g, '');
  const entry = await ctx.git.entry(repo.gitPath, ref.commit, path);
  if (!entry) return notFound();
  if (entry.type === 'tree') {
    const entries = await ctx.git.listDir(repo.gitPath, ref.commit, path);
    return ctx.json(200, await Promise.all(entries.map((e) => contentsEntry(ctx, repo, ref, e, false))));
  }
  ctx.json(200, await contentsEntry(ctx, repo, ref, entry, true));
}

export function registerContentRoutes(r: Router): void {
  r.get('/repos/{owner}/{repo}/raw/{filepath...}', ['repository'], raw);
  r.get('/repos/{owner}/{repo}/contents', ['repository'], contents);
  r.get('/repos/{owner}/{repo}/contents/{filepath...}', ['repository'], contents);
}
