// Releases: GET /repos/{o}/{r}/releases (drafts only for writers; filters draft, pre-release), GET one,
// POST (201; 422 "repo is empty"; 409 when the tag already has a release; 404 for an unknown target).
// Archived repositories still accept releases (no 423 here, as in Gitea).
import { EMPTY_SHA, pushCommitsContent, recordActivity } from '../activity';
import { bind, formOptionalBool } from '../binding';
import type { Ctx } from '../context';
import { toRelease } from '../convert/misc';
import { conflict, notFound, unprocessable } from '../errors';
import { formInt, paged } from '../paging';
import type { Router } from '../router';
import { Access, type ReleaseRec } from '../state';

interface CreateReleaseOption {
  tag_name: string;
  target_commitish?: string;
  name?: string;
  body?: string;
  draft?: boolean;
  prerelease?: boolean;
  tag_message?: string;
}

function visibleReleases(ctx: Ctx, repoId: number, mode: Access): ReleaseRec[] {
  return ctx.state.releases
    .filter((r) => r.repoId === repoId && (mode >= Access.Write || !r.draft))
    .sort((a, b) => b.created.getTime() - a.created.getTime() || b.id - a.id);
}

async function createRelease(ctx: Ctx): Promise<void> {
  const a = ctx.repoAssignment();
  const doer = ctx.requireSigned();
  ctx.requireRepoWriter(a);
  const form = bind<CreateReleaseOption>(ctx, 'CreateReleaseOption', [
    { go: 'TagName', json: 'tag_name', type: 'string', rules: ['Required'] },
    { go: 'Target', json: 'target_commitish', type: 'string' },
    { go: 'Title', json: 'name', type: 'string' },
    { go: 'Note', json: 'body', type: 'string' },
    { go: 'IsDraft', json: 'draft', type: 'bool' },
    { go: 'IsPrerelease', json: 'prerelease', type: 'bool' },
    { go: 'TagMessage', json: 'tag_message', type: 'string' },
  ]);
  const repo = a.repo;
  const git = ctx.git;
  if (!(await git.hasBranches(repo.gitPath))) unprocessable('repo is empty');
  if (ctx.state.releases.some((r) => r.repoId === repo.id && r.tagName === form.tag_name)) conflict('Release is has no Tag');
  const target = form.target_commitish || repo.defaultBranch;
  const existingTag = (await git.tags(repo.gitPath)).find((t) => t.name === form.tag_name);
  let commit = existingTag?.commitSha;
  if (!commit) {
    commit = await git.resolveCommit(repo.gitPath, target);
    if (!commit) return notFound(`target "${target}" not found`);
  }
  const draft = form.draft ?? false;
  if (!existingTag && !draft) {
    if (form.tag_message) {
      await git.must(repo.gitPath, ['-c', `user.name=${doer.fullName || doer.login}`, '-c', `user.email=${doer.email}`,
        'tag', '-a', '-m', form.tag_message, '--', form.tag_name, commit]);
    } else {
      const check = await git.run(repo.gitPath, ['check-ref-format', `refs/tags/${form.tag_name}`]);
      if (check.code !== 0) unprocessable(`tag name is not valid [name: ${form.tag_name}]`);
      await git.updateRefs(repo.gitPath, [`create refs/tags/${form.tag_name} ${commit}`]);
    }
  }
  const now = new Date();
  const rel: ReleaseRec = {
    id: ctx.state.nextId('release'),
    repoId: repo.id,
    tagName: form.tag_name,
    target,
    name: form.name ?? '',
    body: form.body ?? '',
    draft,
    prerelease: form.prerelease ?? false,
    authorId: doer.id,
    created: now,
    publishedAt: draft ? undefined : now,
    assets: [],
  };
  ctx.state.releases.push(rel);
  if (!draft) {
    // As the recorded Gitea: the new tag's push_tag carries the tagged commit; both name the full ref.
    const tagged = existingTag ? undefined : await git.commit(repo.gitPath, commit);
    if (tagged) {
      recordActivity(ctx.state, { opType: 'push_tag', actorId: doer.id, repo, refName: `refs/tags/${rel.tagName}`,
        content: pushCommitsContent(ctx.state.fullName(repo), EMPTY_SHA, [], { head: tagged, tag: true }) });
    }
    recordActivity(ctx.state, { opType: 'publish_release', actorId: doer.id, repo, refName: `refs/tags/${rel.tagName}`, content: rel.name });
  }
  ctx.json(201, toRelease(ctx, repo, rel));
}

export function registerReleaseRoutes(r: Router): void {
  r.get('/repos/{owner}/{repo}/releases', ['repository'], (ctx) => {
    const a = ctx.repoAssignment();
    const draft = formOptionalBool(ctx.query.get('draft'));
    const pre = formOptionalBool(ctx.query.get('pre-release'));
    const list = visibleReleases(ctx, a.repo.id, a.mode).filter(
      (rel) => (draft === undefined || rel.draft === draft) && (pre === undefined || rel.prerelease === pre),
    );
    ctx.json(200, paged(ctx, list).map((rel) => toRelease(ctx, a.repo, rel)));
  });
  r.get('/repos/{owner}/{repo}/releases/tags/{tag...}', ['repository'], (ctx) => {
    const a = ctx.repoAssignment();
    const rel = visibleReleases(ctx, a.repo.id, a.mode).find((x) => x.tagName === ctx.params.tag && !x.draft);
    if (!rel) return notFound();
    ctx.json(200, toRelease(ctx, a.repo, rel));
  });
  r.get('/repos/{owner}/{repo}/releases/{id}', ['repository'], (ctx) => {
    const a = ctx.repoAssignment();
    const rel = visibleReleases(ctx, a.repo.id, a.mode).find((x) => x.id === formInt(ctx.params.id));
    if (!rel) return notFound();
    ctx.json(200, toRelease(ctx, a.repo, rel));
  });
  r.post('/repos/{owner}/{repo}/releases', ['repository'], createRelease);
}
