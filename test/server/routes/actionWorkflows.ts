// The repository's workflows (Gitea 1.25+): the .yml/.yaml files of .gitea/workflows (else .github/workflows) on
// the default branch, enabling and disabling them, and workflow_dispatch. As routers/api/v1/repo/action.go and
// services/actions/workflow.go: the list is whole (`{workflows, total_count}`), `state` is `active` or
// `disabled_manually`; a dispatch checks the ref (refs/heads/…, refs/tags/… or a bare branch name), the file at that
// ref and its workflow_dispatch trigger, but not the inputs: a missing input takes its default, any value passes.
// The new run waits for a runner (none here). `return_run_details` (1.26+) answers 200 with the run's id, else 204.
import type { Ctx } from '../context';
import { bind } from '../binding';
import { iso } from '../convert/users';
import { forbidden, notFound, unprocessable } from '../errors';
import type { TreeEntry } from '../git';
import type { Router } from '../router';
import type { JobRec, RepoRec, RunRec } from '../state';
import { atLeast, hasRunAttempts } from './actionReruns';

const WORKFLOW_DIRS = ['.gitea/workflows', '.github/workflows'];

async function workflowEntries(ctx: Ctx, repo: RepoRec, commit: string): Promise<{ dir: string; entries: TreeEntry[] }> {
  for (const dir of WORKFLOW_DIRS) {
    const tree = await ctx.git.entry(repo.gitPath, commit, dir);
    if (tree?.type !== 'tree') continue;
    const entries = (await ctx.git.listDir(repo.gitPath, commit, dir)).filter((e) => e.type === 'blob' && /\.ya?ml$/.test(e.name));
    return { dir, entries };
  }
  return { dir: '', entries: [] };
}

/** The workflow's top-level `name:` (the file name when it has none). */
function workflowName(text: string, file: string): string {
  const m = /^name:[ \t]*(\S(?:.*\S)?)[ \t]*$/m.exec(text);
  return m ? m[1]!.replace(/^(['"])(.*)\1$/, '$2') : file;
}

/** Whether `on:` names workflow_dispatch (as a list item, a key or the single event). */
function hasDispatchTrigger(text: string): boolean {
  return /(?:^|[\s[,])workflow_dispatch\s*(?:[:,\]]|$)/m.test(text);
}

/** The ids of the jobs (the keys under `jobs:`) and their `name:`. */
function jobsOf(text: string): { id: string; name: string }[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^jobs:\s*$/.test(l));
  if (start < 0) return [];
  const jobs: { id: string; name: string }[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const id = /^ {2}([\w-]+):\s*$/.exec(line);
    if (id) jobs.push({ id: id[1]!, name: id[1]! });
    const name = /^ {4}name:\s*(\S(?:.*\S)?)\s*$/.exec(line);
    if (name && jobs.length) jobs[jobs.length - 1]!.name = name[1]!;
  }
  return jobs;
}

async function defaultBranchCommit(ctx: Ctx, repo: RepoRec): Promise<{ sha: string; when: Date }> {
  const branch = (await ctx.git.branches(repo.gitPath)).find((b) => b.name === repo.defaultBranch) ?? notFound();
  return { sha: branch.commit.sha, when: new Date(branch.commit.author.when * 1000) };
}

function toWorkflow(ctx: Ctx, repo: RepoRec, dir: string, e: TreeEntry, name: string, when: Date): Record<string, unknown> {
  const html = ctx.repoHtmlUrl(repo);
  return {
    id: e.name,
    name,
    path: `${dir}/${e.name}`,
    state: ctx.state.disabledWorkflows.get(repo.id)?.has(e.name) ? 'disabled_manually' : 'active',
    created_at: iso(when),
    updated_at: iso(when),
    url: `${ctx.repoApiUrl(repo)}/actions/workflows/${encodeURIComponent(e.name)}`,
    html_url: `${html}/src/branch/${repo.defaultBranch}/${dir}/${encodeURIComponent(e.name)}`,
    badge_url: `${html}/actions/workflows/${encodeURIComponent(e.name)}/badge.svg?branch=${encodeURIComponent(repo.defaultBranch)}`,
    deleted_at: '0001-01-01T00:00:00Z',
  };
}

async function listWorkflows(ctx: Ctx, repo: RepoRec): Promise<Record<string, unknown>[]> {
  const head = await defaultBranchCommit(ctx, repo);
  const { dir, entries } = await workflowEntries(ctx, repo, head.sha);
  return Promise.all(
    entries.map(async (e) => toWorkflow(ctx, repo, dir, e, workflowName((await ctx.git.blob(repo.gitPath, e.sha)).toString('utf8'), e.name), head.when)),
  );
}

async function setEnabled(ctx: Ctx, enabled: boolean): Promise<void> {
  ctx.requireSigned();
  const a = ctx.repoAssignment();
  ctx.requireRepoWriter(a);
  const id = ctx.params.workflow_id ?? '';
  if (!(await listWorkflows(ctx, a.repo)).some((w) => w.id === id)) return notFound(`workflow "${id}" not found`);
  const disabled = ctx.state.disabledWorkflows.get(a.repo.id) ?? new Set<string>();
  if (enabled) disabled.delete(id);
  else disabled.add(id);
  ctx.state.disabledWorkflows.set(a.repo.id, disabled);
  ctx.noContent(204);
}

/** The commit and full ref name a dispatch's `ref` names (Gitea: refs/tags/…, refs/heads/…, else a branch name). */
async function dispatchTarget(ctx: Ctx, repo: RepoRec, ref: string): Promise<{ sha: string; title: string; ref: string }> {
  const tag = ref.startsWith('refs/tags/') ? ref.slice('refs/tags/'.length) : undefined;
  const branch = tag === undefined ? (ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref) : undefined;
  let sha: string | undefined;
  if (tag !== undefined) sha = (await ctx.git.tags(repo.gitPath)).find((t) => t.name === tag)?.commitSha;
  else sha = (await ctx.git.branches(repo.gitPath)).find((b) => b.name === branch)?.commit.sha;
  if (!sha) return notFound(`ref "${ref}" doesn't exist`);
  const commit = await ctx.git.commit(repo.gitPath, sha);
  return { sha, title: (commit?.message ?? '').split('\n')[0]!, ref: tag !== undefined ? ref : `refs/heads/${branch}` };
}

async function dispatch(ctx: Ctx): Promise<void> {
  const doer = ctx.requireSigned();
  const a = ctx.repoAssignment();
  ctx.requireRepoWriter(a);
  const repo = a.repo;
  const form = bind<{ ref?: string; inputs?: Record<string, string> }>(ctx, 'CreateActionWorkflowDispatch', [
    { go: 'Ref', json: 'ref', type: 'string', rules: ['Required'] },
    { go: 'Inputs', json: 'inputs', type: 'object' },
  ]);
  const id = ctx.params.workflow_id ?? '';
  if (!id) return notFound('workflowID is empty');
  if (ctx.state.disabledWorkflows.get(repo.id)?.has(id)) return forbidden('workflow is disabled');
  const target = await dispatchTarget(ctx, repo, form.ref ?? '');
  const { entries } = await workflowEntries(ctx, repo, target.sha);
  const entry = entries.find((e) => e.name === id) ?? notFound(`workflow "${id}" doesn't exist`);
  const text = (await ctx.git.blob(repo.gitPath, entry.sha)).toString('utf8');
  if (!hasDispatchTrigger(text)) return unprocessable(`workflow "${id}" has no workflow_dispatch event trigger`);
  const now = new Date();
  const runNumber = Math.max(0, ...ctx.state.runs.filter((x) => x.repoId === repo.id).map((x) => x.runNumber)) + 1;
  const run: RunRec = {
    id: ctx.state.nextId('action_run'), repoId: repo.id, runNumber, title: target.title, workflowId: id, event: 'workflow_dispatch',
    ref: target.ref, commitSha: target.sha, status: 'waiting', triggerUserId: doer.id, attempt: hasRunAttempts(ctx) ? 1 : 0, created: now,
  };
  ctx.state.runs.push(run);
  for (const job of jobsOf(text)) {
    const rec: JobRec = {
      id: ctx.state.nextId('action_run_job'), runId: run.id, repoId: repo.id, name: job.name, labels: ['ubuntu-latest'], status: 'waiting',
      attempt: run.attempt, taskId: 0, runnerId: 0, runnerName: '', created: now, steps: [], log: '',
    };
    ctx.state.jobs.push(rec);
  }
  ctx.state.dispatchInputs.set(run.id, { ...(form.inputs ?? {}) });
  if (!atLeast(ctx, 26) || !['1', 'true', 't', 'TRUE', 'True', 'T'].includes(ctx.query.get('return_run_details') ?? '')) return ctx.noContent(204);
  ctx.json(200, { workflow_run_id: run.id, html_url: `${ctx.repoHtmlUrl(repo)}/actions/runs/${run.id}`, run_url: `${ctx.repoApiUrl(repo)}/actions/runs/${run.id}` });
}

export function registerWorkflowRoutes(r: Router): void {
  const base = '/repos/{owner}/{repo}/actions/workflows';
  r.get(base, ['repository'], async (ctx) => {
    ctx.requireSigned();
    const { repo } = ctx.repoAssignment();
    const workflows = await listWorkflows(ctx, repo);
    ctx.json(200, { workflows, total_count: workflows.length });
  });
  r.put(`${base}/{workflow_id}/disable`, ['repository'], (ctx) => setEnabled(ctx, false));
  r.put(`${base}/{workflow_id}/enable`, ['repository'], (ctx) => setEnabled(ctx, true));
  r.post(`${base}/{workflow_id}/dispatches`, ['repository'], dispatch);
}
