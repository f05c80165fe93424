// Organizations: the org, its teams (team visibility: private → members and owners, limited → org members,
// public → any signed-in user), team feeds (403 "Must be a team member" for org members, 404 for others),
// and organization labels (colour 3/6 hex with or without '#', answered lowercase without '#'; PATCH without
// is_archived un-archives).
import { bind } from '../binding';
import type { Ctx } from '../context';
import { toLabel } from '../convert/issues';
import { toOrganization, toTeam } from '../convert/users';
import { forbidden, notFound, unprocessable } from '../errors';
import { formInt, paged, pagedTotalOnly } from '../paging';
import { canSeeAccount, isOrgMember, isOrgOwner } from '../permissions';
import type { Router } from '../router';
import type { LabelRec, OrgRec, TeamRec } from '../state';
import { feedResponse } from './feeds';
import { orgOwnerContext } from './hooks';

/** Gitea's label.NormalizeColor; undefined when invalid. */
export function normalizeColor(color: string): string | undefined {
  const c = color.trim();
  if (!/^#?(?:[0-9a-f]{6}|[0-9a-f]{3})$/i.test(c)) return undefined;
  let hex = c.replace(/^#/, '');
  if (hex.length === 3) hex = hex.split('').map((ch) => ch + ch).join('');
  return `#${hex.toLowerCase()}`;
}

function orgFromParams(ctx: Ctx): OrgRec {
  const org = ctx.state.orgByName(ctx.params.org ?? '');
  if (!org || !canSeeAccount(ctx.state, ctx.doer, org)) return notFound();
  return org;
}

function canListTeam(ctx: Ctx, team: TeamRec): boolean {
  const doer = ctx.doer;
  if (!doer) return false;
  if (doer.isAdmin || isOrgOwner(ctx.state, doer.id, team.orgId) || team.memberIds.includes(doer.id)) return true;
  if (team.visibility === 'public') return true;
  return team.visibility === 'limited' && isOrgMember(ctx.state, doer.id, team.orgId);
}

/** Gitea's reqTeamMembership. */
function teamForMember(ctx: Ctx): TeamRec {
  const team = ctx.state.team(formInt(ctx.params.id)) ?? notFound();
  const doer = ctx.requireSigned();
  if (doer.isAdmin || isOrgOwner(ctx.state, doer.id, team.orgId) || team.memberIds.includes(doer.id)) return team;
  if (isOrgMember(ctx.state, doer.id, team.orgId)) forbidden('Must be a team member');
  return notFound();
}

function orgLabel(ctx: Ctx, org: OrgRec): LabelRec {
  const id = ctx.params.id ?? '';
  const label = ctx.state.labels.find((l) => l.orgId === org.id && (String(l.id) === id || l.name === id));
  return label ?? notFound();
}

const LABEL_FIELDS = [
  { go: 'Name', json: 'name', type: 'string' as const, rules: ['Required'] },
  { go: 'Exclusive', json: 'exclusive', type: 'bool' as const },
  { go: 'IsArchived', json: 'is_archived', type: 'bool' as const },
  { go: 'Color', json: 'color', type: 'string' as const, rules: ['Required'] },
  { go: 'Description', json: 'description', type: 'string' as const },
];

export function registerOrgRoutes(r: Router): void {
  r.get('/orgs/{org}', ['organization'], (ctx) => ctx.json(200, toOrganization(ctx, orgFromParams(ctx))));
  r.get('/orgs/{org}/teams', ['organization'], (ctx) => {
    const org = orgFromParams(ctx);
    ctx.requireSigned();
    const teams = ctx.state.teams.filter((t) => t.orgId === org.id && canListTeam(ctx, t));
    ctx.json(200, paged(ctx, teams).map((t) => toTeam(ctx, t, { withOrganization: false })));
  });
  r.get('/teams/{id}', ['organization'], (ctx) => ctx.json(200, toTeam(ctx, teamForMember(ctx))));
  r.get('/teams/{id}/activities/feeds', ['organization'], async (ctx) => {
    const team = teamForMember(ctx);
    const inTeam = (repoId: number) => {
      const repo = ctx.state.repo(repoId);
      return !!repo && repo.ownerId === team.orgId && (team.includesAllRepositories || team.repoIds.includes(repoId));
    };
    await feedResponse(ctx, (a) => a.userId === team.orgId && inTeam(a.repoId), true);
  });
  r.get('/orgs/{org}/activities/feeds', ['organization'], async (ctx) => {
    const org = orgFromParams(ctx);
    const member = ctx.doer !== undefined && (ctx.doer.isAdmin || isOrgMember(ctx.state, ctx.doer.id, org.id));
    await feedResponse(ctx, (a) => a.userId === org.id, member);
  });

  r.get('/orgs/{org}/labels', ['organization'], (ctx) => {
    const org = orgFromParams(ctx);
    const labels = ctx.state.labels.filter((l) => l.orgId === org.id).sort((a, b) => a.name.localeCompare(b.name));
    ctx.json(200, pagedTotalOnly(ctx, labels).map((l) => toLabel(ctx, l)));
  });
  r.get('/orgs/{org}/labels/{id}', ['organization'], (ctx) => ctx.json(200, toLabel(ctx, orgLabel(ctx, orgFromParams(ctx)))));
  r.post('/orgs/{org}/labels', ['organization'], (ctx) => {
    const org = orgOwnerContext(ctx);
    const form = bind<{ name: string; color: string; description?: string; exclusive?: boolean }>(ctx, 'CreateLabelOption', LABEL_FIELDS);
    const color = normalizeColor(form.color) ?? unprocessable('invalid color');
    const label: LabelRec = { id: ctx.state.nextId('label'), orgId: org.id, name: form.name, color, description: form.description ?? '',
      exclusive: form.exclusive ?? false };
    ctx.state.labels.push(label);
    ctx.json(201, toLabel(ctx, label));
  });
  r.patch('/orgs/{org}/labels/{id}', ['organization'], (ctx) => {
    const org = orgOwnerContext(ctx);
    const label = orgLabel(ctx, org);
    const form = bind<{ name?: string; color?: string; description?: string; exclusive?: boolean; is_archived?: boolean }>(
      ctx, 'EditLabelOption', LABEL_FIELDS.map((f) => ({ ...f, rules: [] })));
    if (typeof form.name === 'string') label.name = form.name;
    if (typeof form.exclusive === 'boolean') label.exclusive = form.exclusive;
    if (typeof form.color === 'string') label.color = normalizeColor(form.color) ?? unprocessable('invalid color');
    if (typeof form.description === 'string') label.description = form.description;
    const archive = form.is_archived === true;
    if (archive && !label.archivedAt) label.archivedAt = new Date();
    if (!archive) label.archivedAt = undefined;
    ctx.json(200, toLabel(ctx, label));
  });
  r.delete('/orgs/{org}/labels/{id}', ['organization'], (ctx) => {
    const org = orgOwnerContext(ctx);
    const label = orgLabel(ctx, org);
    ctx.state.labels.splice(ctx.state.labels.indexOf(label), 1);
    for (const i of ctx.state.issues) i.labelIds = i.labelIds.filter((id) => id !== label.id);
    ctx.noContent();
  });
}
