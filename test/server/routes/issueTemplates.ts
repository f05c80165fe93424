// GET /repos/{o}/{r}/issue_templates and /issue_config (routers/api/v1/repo/repo.go GetIssueTemplates,
// GetIssueConfig): the default branch's templates by Gitea's rules (../issueTemplates.ts), the invalid ones left out
// and counted in X-Gitea-Warning; config.yaml, or the default config. An empty repository has neither.
import type { Ctx } from '../context';
import { CONFIG_CANDIDATES, TEMPLATE_DIRS, couldBe, defaultIssueConfig, readIssueConfigFile, readTemplateFile, type GiteaIssueTemplate } from '../issueTemplates';
import type { Router } from '../router';
import type { RepoRec } from '../state';

async function defaultCommit(ctx: Ctx, repo: RepoRec): Promise<string | undefined> {
  return (await ctx.git.branches(repo.gitPath)).find((b) => b.name === repo.defaultBranch)?.commit.sha;
}

async function templates(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const commit = await defaultCommit(ctx, repo);
  // ParseTemplatesFromDefaultBranch returns a nil slice when there is none: Go writes null.
  let found: GiteaIssueTemplate[] | null = null;
  let errors = 0;
  for (const dir of commit ? TEMPLATE_DIRS : []) {
    const entry = await ctx.git.entry(repo.gitPath, commit!, dir);
    if (entry?.type !== 'tree') continue;
    for (const e of await ctx.git.listDir(repo.gitPath, commit!, dir)) {
      if (!couldBe(e.name)) continue;
      const it = e.type === 'blob' ? readTemplateFile(e.path, await ctx.git.blob(repo.gitPath, e.sha)) : new Error('not a file');
      if (it instanceof Error) errors++;
      else (found ??= []).push(it);
    }
  }
  if (errors) ctx.setHeader('X-Gitea-Warning', `error occurs when parsing issue template: count=${errors}`);
  ctx.json(200, found);
}

async function config(ctx: Ctx): Promise<void> {
  const { repo } = ctx.repoAssignment();
  const commit = await defaultCommit(ctx, repo);
  for (const name of commit ? CONFIG_CANDIDATES.flatMap((c) => [`${c}.yaml`, `${c}.yml`]) : []) {
    const entry = await ctx.git.entry(repo.gitPath, commit!, name);
    if (entry?.type === 'blob') return ctx.json(200, readIssueConfigFile(await ctx.git.blob(repo.gitPath, entry.sha)));
  }
  ctx.json(200, defaultIssueConfig());
}

export function registerIssueTemplateRoutes(r: Router): void {
  r.get('/repos/{owner}/{repo}/issue_templates', ['repository'], templates);
  r.get('/repos/{owner}/{repo}/issue_config', ['repository'], config);
}
