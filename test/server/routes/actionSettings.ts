// Gitea Actions settings as routers/api/v1/{repo,org}/action.go and shared/runners.go answer them (Gitea 1.27):
// - repository: repoAssignment (404 for an unreadable repository), then reqToken and reqOwner: its owner, an owner
//   of its organization or a site admin; everyone else 403 "user should be the owner of the repo" (admin
//   collaborators included);
// - organization: 404 for an unknown one, then reqOrgOwnership: 403 "Must be an organization owner";
// - secrets: `[{name, description, created_at}]` (never the value), PUT 201 created / 204 replaced, DELETE 204;
// - variables: `[{owner_id, repo_id, name, data, description}]`, POST 201 (409 "variable name already exists"),
//   PUT 204 (404 for an unknown one), DELETE 204; names are validated (400 "invalid variable or secret name") and
//   stored upper case;
// - runners: `{runners: [{id, name, status: online|offline, busy, disabled, ephemeral, labels: [{id, name,
//   type: "custom"}]}], total_count}` of the scope only; POST registration-token `{token}` (the same until used);
//   DELETE 204, 404 "No permission to access this runner" for another scope's;
// Recorded from a real 1.27.0: test/fixtures/gitea-api/recordings/actions-settings-1.27.0.jsonl.
// - DELETE a run (write access to Actions; 400 "this workflow run is not done") or an artifact (204).
// Older servers have no such route (404; 405 for DELETE of a run, whose GET exists): secrets and variables since
// Gitea 1.22, runners and deleting an artifact since 1.24, deleting a run since 1.25.
import { randomBytes } from 'node:crypto';
import { bind } from '../binding';
import type { Ctx } from '../context';
import { iso } from '../convert/users';
import { badRequest, conflict, forbidden, notFound, RawResponseError } from '../errors';
import { formInt, listOptions, pageOf, paged } from '../paging';
import { formOptionalBool } from '../binding';
import { isOrgOwner } from '../permissions';
import type { Router } from '../router';
import { Access, type RunnerRec } from '../state';
import { atLeast } from './actionReruns';

/** Whose settings a request is about: a repository (ownerId 0) or a user/organization (repoId 0); 0/0 is the instance. */
interface SettingsScope {
  ownerId: number;
  repoId: number;
}

function repoOwnerScope(ctx: Ctx): SettingsScope {
  const a = ctx.repoAssignment();
  ctx.requireSigned();
  if (a.mode < Access.Owner && !ctx.isSiteAdmin) forbidden('user should be the owner of the repo');
  return { ownerId: 0, repoId: a.repo.id };
}

function orgOwnerScope(ctx: Ctx): SettingsScope {
  const org = ctx.state.orgByName(ctx.params.org ?? '') ?? notFound();
  const doer = ctx.requireSigned();
  if (!doer.isAdmin && !isOrgOwner(ctx.state, doer.id, org.id)) forbidden('Must be an organization owner');
  return { ownerId: org.id, repoId: 0 };
}

const inScope = (s: SettingsScope) => (x: { ownerId: number; repoId: number }) => x.ownerId === s.ownerId && x.repoId === s.repoId;

/** services/secrets/validation.go ValidateName. */
function validName(name: string): string {
  if (!/^[A-Z_]\w*$/i.test(name) || /^GIT(?:EA|HUB)_/i.test(name) || name.toUpperCase() === 'CI') badRequest('invalid variable or secret name');
  return name.toUpperCase();
}

function toRunner(r: RunnerRec): Record<string, unknown> {
  return {
    id: r.id, name: r.name, status: r.online ? 'online' : 'offline', busy: r.online && r.busy, disabled: r.disabled, ephemeral: r.ephemeral,
    labels: r.labels.map((name, i) => ({ id: i, name, type: 'custom' })),
  };
}

/** The route exists from Gitea 1.`minor` on (Forgejo: as Gitea 1.22, secrets and variables only). */
function since(minor: number, scopeOf: (ctx: Ctx) => SettingsScope): (ctx: Ctx) => SettingsScope {
  return (ctx) => {
    if (!atLeast(ctx, minor) && !(ctx.forgejo && minor <= 22)) notFound();
    return scopeOf(ctx);
  };
}

function registerScopeRoutes(r: Router, base: string, ownerScope: (ctx: Ctx) => SettingsScope, token: 'repository' | 'organization'): void {
  const scopeOf = since(22, ownerScope);
  const runnerScope = since(24, ownerScope);
  r.get(`${base}/secrets`, [token], (ctx) => {
    const s = scopeOf(ctx);
    const all = ctx.state.secrets.filter(inScope(s)).sort((a, b) => a.id - b.id);
    ctx.json(200, paged(ctx, all).map((x) => ({ name: x.name, description: x.description, created_at: iso(x.created) })));
  });
  r.put(`${base}/secrets/{name}`, [token], (ctx) => {
    const s = scopeOf(ctx);
    const body = bind<{ data: string; description?: string }>(ctx, 'CreateOrUpdateSecretOption', [
      { go: 'Data', json: 'data', type: 'string', rules: ['Required'] },
      { go: 'Description', json: 'description', type: 'string' },
    ]);
    const name = validName(ctx.params.name ?? '');
    const existing = ctx.state.secrets.find((x) => inScope(s)(x) && x.name === name);
    if (existing) {
      existing.data = body.data;
      existing.description = body.description ?? '';
      return ctx.noContent(204);
    }
    ctx.state.secrets.push({ id: ctx.state.nextId('secret'), ...s, name, data: body.data, description: body.description ?? '', created: new Date() });
    ctx.noContent(201);
  });
  r.delete(`${base}/secrets/{name}`, [token], (ctx) => {
    const s = scopeOf(ctx);
    const name = validName(ctx.params.name ?? '');
    const i = ctx.state.secrets.findIndex((x) => inScope(s)(x) && x.name === name);
    // Gitea 1.27's text leaves the name out (recorded).
    if (i < 0) notFound('secret was not found [name: ]');
    ctx.state.secrets.splice(i, 1);
    ctx.noContent(204);
  });

  const toVariable = (v: { ownerId: number; repoId: number; name: string; data: string; description: string }) => ({
    owner_id: v.ownerId, repo_id: v.repoId, name: v.name, data: v.data, description: v.description,
  });
  const variableOf = (ctx: Ctx, s: SettingsScope) =>
    ctx.state.variables.find((x) => inScope(s)(x) && x.name === (ctx.params.name ?? '').toUpperCase()) ?? notFound('variable not found');
  r.get(`${base}/variables`, [token], (ctx) => {
    const s = scopeOf(ctx);
    ctx.json(200, paged(ctx, ctx.state.variables.filter(inScope(s)).sort((a, b) => a.id - b.id)).map(toVariable));
  });
  r.get(`${base}/variables/{name}`, [token], (ctx) => ctx.json(200, toVariable(variableOf(ctx, scopeOf(ctx)))));
  r.post(`${base}/variables/{name}`, [token], (ctx) => {
    const s = scopeOf(ctx);
    const body = bind<{ value: string; description?: string }>(ctx, 'CreateVariableOption', [
      { go: 'Value', json: 'value', type: 'string', rules: ['Required'] },
      { go: 'Description', json: 'description', type: 'string' },
    ]);
    if (ctx.state.variables.some((x) => inScope(s)(x) && x.name === (ctx.params.name ?? '').toUpperCase())) conflict('variable name already exists');
    const name = validName(ctx.params.name ?? '');
    ctx.state.variables.push({ id: ctx.state.nextId('action_variable'), ...s, name, data: body.value.replace(/\r\n?/g, '\n'), description: body.description ?? '' });
    ctx.noContent(201);
  });
  r.put(`${base}/variables/{name}`, [token], (ctx) => {
    const s = scopeOf(ctx);
    const body = bind<{ value: string; name?: string; description?: string }>(ctx, 'UpdateVariableOption', [
      { go: 'Name', json: 'name', type: 'string' },
      { go: 'Value', json: 'value', type: 'string', rules: ['Required'] },
      { go: 'Description', json: 'description', type: 'string' },
    ]);
    const v = variableOf(ctx, s);
    const name = validName(body.name || ctx.params.name || '');
    v.name = name;
    v.data = body.value.replace(/\r\n?/g, '\n');
    v.description = body.description ?? '';
    ctx.noContent(204);
  });
  r.delete(`${base}/variables/{name}`, [token], (ctx) => {
    const v = variableOf(ctx, scopeOf(ctx));
    ctx.state.variables.splice(ctx.state.variables.indexOf(v), 1);
    ctx.noContent(204);
  });

  r.get(`${base}/runners`, [token], (ctx) => listRunners(ctx, runnerScope(ctx)));
  r.post(`${base}/runners/registration-token`, [token], (ctx) => registrationToken(ctx, runnerScope(ctx)));
  r.delete(`${base}/runners/{id}`, [token], (ctx) => deleteRunner(ctx, runnerScope(ctx)));
}

function listRunners(ctx: Ctx, s: SettingsScope | undefined): void {
  const disabled = formOptionalBool(ctx.query.get('disabled'));
  const all = ctx.state.runners.filter((x) => (!s || inScope(s)(x)) && (disabled === undefined || x.disabled === disabled)).sort((a, b) => a.id - b.id);
  ctx.json(200, { runners: pageOf(all, listOptions(ctx)).map(toRunner), total_count: all.length });
}

function registrationToken(ctx: Ctx, s: SettingsScope): void {
  const key = `${s.ownerId}/${s.repoId}`;
  let token = ctx.state.runnerTokens.get(key);
  if (!token) {
    token = randomBytes(20).toString('hex');
    ctx.state.runnerTokens.set(key, token);
  }
  ctx.json(200, { token });
}

function deleteRunner(ctx: Ctx, s: SettingsScope): void {
  const runner = ctx.state.runners.find((x) => x.id === formInt(ctx.params.id)) ?? notFound(`runner with id ${formInt(ctx.params.id)}: resource does not exist`);
  // EditableInContext: a repository's runners in its context, a user's/org's in theirs.
  if (!inScope(s)(runner)) notFound('No permission to access this runner');
  ctx.state.runners.splice(ctx.state.runners.indexOf(runner), 1);
  ctx.noContent(204);
}

export function registerActionSettingsRoutes(r: Router): void {
  registerScopeRoutes(r, '/repos/{owner}/{repo}/actions', repoOwnerScope, 'repository');
  registerScopeRoutes(r, '/orgs/{org}/actions', orgOwnerScope, 'organization');
  const userScope = (ctx: Ctx): SettingsScope => ({ ownerId: ctx.requireSigned().id, repoId: 0 });
  r.get('/user/actions/runners', ['user'], (ctx) => listRunners(ctx, since(24, userScope)(ctx)));
  r.get('/admin/actions/runners', ['admin'], (ctx) => {
    if (!atLeast(ctx, 24)) notFound();
    if (!ctx.requireSigned().isAdmin) forbidden('user should be the site admin');
    listRunners(ctx, undefined);
  });
}

/** Registered on the router of the Actions unit (reqRepoReader(unit.TypeActions) first). */
export function registerActionDeleteRoutes(r: Router): void {
  const base = '/repos/{owner}/{repo}/actions';
  r.delete(`${base}/runs/{run}`, ['repository'], (ctx) => {
    if (!atLeast(ctx, 25)) throw new RawResponseError(405, '');
    ctx.requireSigned();
    const a = ctx.repoAssignment();
    ctx.requireRepoWriter(a);
    const run = ctx.state.runs.find((x) => x.repoId === a.repo.id && x.id === formInt(ctx.params.run)) ?? notFound();
    if (['running', 'waiting', 'blocked'].includes(run.status)) badRequest('this workflow run is not done');
    ctx.state.runs.splice(ctx.state.runs.indexOf(run), 1);
    for (const list of [ctx.state.jobs, ctx.state.artifacts]) {
      for (let i = list.length - 1; i >= 0; i--) if (list[i]!.runId === run.id) list.splice(i, 1);
    }
    ctx.noContent(204);
  });
  r.delete(`${base}/artifacts/{artifact}`, ['repository'], (ctx) => {
    if (!atLeast(ctx, 24)) notFound();
    ctx.requireSigned();
    const a = ctx.repoAssignment();
    ctx.requireRepoWriter(a);
    const artifact = ctx.state.artifacts.find((x) => x.repoId === a.repo.id && x.id === formInt(ctx.params.artifact)) ?? notFound('artifact not found');
    // Marked for deletion (ArtifactStatusPendingDeletion): no longer listed with the run's artifacts.
    ctx.state.artifacts.splice(ctx.state.artifacts.indexOf(artifact), 1);
    ctx.noContent(204);
  });
}
