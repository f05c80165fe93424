// Users: GET /user, /users/{u}, access tokens (Basic auth with the password only), the user's organizations
// and teams, activity feeds (`only-performed-by`, `date`), starred repositories (authentication required).
import { createHash, randomBytes } from 'node:crypto';
import { normalizeScopes } from '../auth';
import { bind, formBool } from '../binding';
import type { Ctx } from '../context';
import { toRepo } from '../convert/repo';
import { GO_ZERO_TIME, iso, toOrganization, toTeam, toUser } from '../convert/users';
import { badRequest, fail, forbidden, notFound } from '../errors';
import { paged } from '../paging';
import { accessMode, canSeeAccount, isOrgMember } from '../permissions';
import type { Router } from '../router';
import { Access, type UserRec } from '../state';
import { feedResponse } from './feeds';

function userFromParams(ctx: Ctx): UserRec {
  const user = ctx.state.userByName(ctx.params.username ?? '');
  if (!user || !canSeeAccount(ctx.state, ctx.doer, user)) return notFound();
  return user;
}

/** reqBasicOrRevProxyAuth + reqSelfOrAdmin of the token routes. */
function tokenOwner(ctx: Ctx): UserRec {
  if (!ctx.auth.basicPassword) fail(401, 'auth required');
  const user = ctx.state.userByName(ctx.params.username ?? '') ?? notFound();
  const doer = ctx.doer!;
  if (!doer.isAdmin && doer.id !== user.id) forbidden('doer should be the site admin or be same as the contextUser');
  return user;
}

function createToken(ctx: Ctx): void {
  const user = tokenOwner(ctx);
  const form = bind<{ name: string; scopes?: string[] }>(ctx, 'CreateAccessTokenOption', [
    { go: 'Name', json: 'name', type: 'string', rules: ['Required'] },
    { go: 'Scopes', json: 'scopes', type: 'strings' },
  ]);
  const scopes = normalizeScopes(form.scopes ?? []);
  if (!scopes) return badRequest(`invalid access token scope provided: access token scope '${(form.scopes ?? []).join(',')}' is invalid`);
  if (scopes.length === 0 || (scopes.length === 1 && scopes[0] === 'public-only')) return badRequest('access token must have a scope');
  if (ctx.state.tokens.some((t) => t.userId === user.id && t.name === form.name)) return badRequest('access token name has been used already');
  const value = createHash('sha1').update(randomBytes(32)).digest('hex');
  const token = { id: ctx.state.nextId('token'), userId: user.id, name: form.name, token: value, scopes, created: new Date() };
  ctx.state.tokens.push(token);
  // Gitea answers the new token with zero created/last-used times (it does not read the row back).
  ctx.json(201, { id: token.id, name: token.name, sha1: value, token_last_eight: value.slice(-8), scopes, created_at: GO_ZERO_TIME,
    last_used_at: GO_ZERO_TIME });
}

/** Gitea's DeleteAccessToken: `{token}` is the id, else the name (several of that name: 422); 204. */
function deleteToken(ctx: Ctx): void {
  const user = tokenOwner(ctx);
  const param = ctx.params.token ?? '';
  const id = /^\d+$/.test(param) ? Number(param) : 0;
  let index: number;
  if (id) index = ctx.state.tokens.findIndex((t) => t.userId === user.id && t.id === id);
  else {
    const named = ctx.state.tokens.filter((t) => t.userId === user.id && t.name === param);
    if (named.length > 1) fail(422, `multiple matches for token name '${param}'`);
    index = named[0] ? ctx.state.tokens.indexOf(named[0]) : -1;
  }
  if (index < 0) return notFound();
  ctx.state.tokens.splice(index, 1);
  ctx.noContent();
}

async function starred(ctx: Ctx, user: UserRec): Promise<void> {
  if (ctx.state.settings.disableStars) forbidden('stars are disabled');
  const repos = user.starredRepoIds
    .map((id) => ctx.state.repo(id))
    .filter((r) => r !== undefined && accessMode(ctx.state, ctx.doer, r) >= Access.Read);
  ctx.json(200, await Promise.all(paged(ctx, repos).map((r) => toRepo(ctx, r!))));
}

export function registerUserRoutes(r: Router): void {
  r.get('/user', ['user'], (ctx) => ctx.json(200, toUser(ctx, ctx.requireSigned())));
  r.get('/users/{username}', ['user'], (ctx) => {
    const acc = ctx.state.accountByName(ctx.params.username ?? '');
    if (!acc || !canSeeAccount(ctx.state, ctx.doer, acc)) return notFound();
    ctx.json(200, toUser(ctx, acc));
  });
  r.post('/users/{username}/tokens', ['user'], createToken);
  r.delete('/users/{username}/tokens/{token}', ['user'], deleteToken);
  r.get('/users/{username}/tokens', ['user'], (ctx) => {
    const user = tokenOwner(ctx);
    const tokens = ctx.state.tokens.filter((t) => t.userId === user.id);
    ctx.json(200, paged(ctx, tokens).map((t) => ({ id: t.id, name: t.name, sha1: '', token_last_eight: t.token.slice(-8),
      scopes: t.scopes, created_at: iso(t.created), last_used_at: iso(t.created) })));
  });
  r.get('/user/orgs', ['organization'], (ctx) => {
    const doer = ctx.requireSigned();
    const orgs = ctx.state.orgs.filter((o) => isOrgMember(ctx.state, doer.id, o.id));
    ctx.json(200, paged(ctx, orgs).map((o) => toOrganization(ctx, o)));
  });
  r.get('/user/teams', ['organization'], (ctx) => {
    const doer = ctx.requireSigned();
    ctx.json(200, paged(ctx, ctx.state.teams.filter((t) => t.memberIds.includes(doer.id))).map((t) => toTeam(ctx, t)));
  });
  r.get('/users/{username}/activities/feeds', ['user'], async (ctx) => {
    const user = userFromParams(ctx);
    const doer = ctx.doer;
    const includePrivate = doer !== undefined && (doer.isAdmin || doer.id === user.id);
    const onlyPerformedBy = formBool(ctx.query.get('only-performed-by'));
    await feedResponse(ctx, (a) => a.userId === user.id && (!onlyPerformedBy || a.actUserId === user.id), includePrivate);
  });
  r.get('/users/{username}/starred', ['user', 'repository'], async (ctx) => {
    ctx.requireSigned();
    await starred(ctx, userFromParams(ctx));
  });
  r.get('/user/starred', ['user', 'repository'], async (ctx) => starred(ctx, ctx.requireSigned()));
  const starTarget = (ctx: Ctx) => {
    const doer = ctx.requireSigned();
    if (ctx.state.settings.disableStars) forbidden('stars are disabled');
    return { doer, repo: ctx.repoAssignment().repo };
  };
  r.get('/user/starred/{owner}/{repo}', ['user', 'repository'], (ctx) => {
    const { doer, repo } = starTarget(ctx);
    if (!doer.starredRepoIds.includes(repo.id)) return notFound();
    ctx.noContent();
  });
  r.put('/user/starred/{owner}/{repo}', ['user', 'repository'], (ctx) => {
    const { doer, repo } = starTarget(ctx);
    if (!doer.starredRepoIds.includes(repo.id)) doer.starredRepoIds.push(repo.id);
    ctx.noContent();
  });
  r.delete('/user/starred/{owner}/{repo}', ['user', 'repository'], (ctx) => {
    const { doer, repo } = starTarget(ctx);
    doer.starredRepoIds = doer.starredRepoIds.filter((id) => id !== repo.id);
    ctx.noContent();
  });
}
