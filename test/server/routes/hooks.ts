// Webhooks of repositories (admins), organizations (owners: 403 "Must be an organization owner") and the
// signed-in user. Lists send only X-Total-Count. Create validates like Gitea's checkCreateHookOption; every
// PATCH rewrites `events` (empty → push) and `branch_filter` (omitted → "").
import { bind } from '../binding';
import type { Ctx } from '../context';
import { toHook } from '../convert/misc';
import { forbidden, notFound, unprocessable } from '../errors';
import { HOOK_TYPES, normalizeHookEvents } from '../hookEvents';
import { formInt, pagedTotalOnly } from '../paging';
import { isOrgOwner } from '../permissions';
import type { Router } from '../router';
import type { HookOwner, HookRec, OrgRec } from '../state';

interface CreateHookOption {
  type: string;
  config: Record<string, string>;
  events?: string[];
  branch_filter?: string;
  authorization_header?: string;
  active?: boolean;
  name?: string;
}
type EditHookOption = Partial<Omit<CreateHookOption, 'type'>>;

const HOOK_FIELDS = [
  { go: 'Config', json: 'config', type: 'object' as const },
  { go: 'Events', json: 'events', type: 'strings' as const },
  { go: 'BranchFilter', json: 'branch_filter', type: 'string' as const, rules: ['GlobPattern'] },
  { go: 'AuthorizationHeader', json: 'authorization_header', type: 'string' as const },
  { go: 'Active', json: 'active', type: 'bool' as const },
  { go: 'Name', json: 'name', type: 'string' as const },
];

function validUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

async function createHook(ctx: Ctx, owner: HookOwner): Promise<void> {
  const form = bind<CreateHookOption>(ctx, 'CreateHookOption', [
    { go: 'Type', json: 'type', type: 'string', rules: ['Required'] },
    { go: 'Config', json: 'config', type: 'object', rules: ['Required'] },
    ...HOOK_FIELDS.slice(1),
  ]);
  const types = ctx.forgejo ? [...HOOK_TYPES, 'forgejo'] : HOOK_TYPES;
  if (!types.includes(form.type)) unprocessable(`Invalid hook type: ${form.type}`);
  for (const name of ['url', 'content_type']) if (!(name in form.config)) unprocessable(`Missing config option: ${name}`);
  const contentType = form.config.content_type;
  if (contentType !== 'json' && contentType !== 'form') unprocessable('Invalid content type');
  if (!validUrl(form.config.url)) unprocessable('Invalid url');
  const meta: Record<string, string> = {};
  if (form.type === 'slack') {
    if (!('channel' in form.config)) unprocessable('Missing config option: channel');
    const channel = form.config.channel.trim();
    if (!/^#?[\w.-]+$/.test(channel)) unprocessable('Invalid slack channel name');
    Object.assign(meta, { channel, username: form.config.username ?? '', icon_url: form.config.icon_url ?? '', color: form.config.color ?? '' });
  }
  const now = new Date();
  const hook: HookRec = {
    id: ctx.state.nextId('webhook'),
    owner,
    type: form.type,
    name: form.name ?? '',
    url: form.config.url,
    contentType: contentType as HookRec['contentType'],
    httpMethod: (form.config.http_method ?? 'POST').toUpperCase(),
    meta,
    events: normalizeHookEvents(form.events),
    branchFilter: form.branch_filter ?? '',
    authorizationHeader: form.authorization_header ?? '',
    active: form.active ?? false,
    created: now,
    updated: now,
  };
  ctx.state.hooks.push(hook);
  ctx.json(201, toHook(ctx, hook));
}

function editHook(ctx: Ctx, hook: HookRec): void {
  const form = bind<EditHookOption>(ctx, 'EditHookOption', HOOK_FIELDS);
  if (form.config) {
    if (typeof form.config.url === 'string') hook.url = form.config.url;
    if ('content_type' in form.config) {
      const ct = form.config.content_type;
      if (ct !== 'json' && ct !== 'form') unprocessable('Invalid content type');
      hook.contentType = ct as HookRec['contentType'];
    }
    if (hook.type === 'slack' && typeof form.config.channel === 'string') hook.meta.channel = form.config.channel;
  }
  hook.events = normalizeHookEvents(form.events ?? undefined);
  hook.branchFilter = form.branch_filter ?? '';
  hook.authorizationHeader = form.authorization_header ?? '';
  if (typeof form.active === 'boolean') hook.active = form.active;
  if (typeof form.name === 'string') hook.name = form.name;
  hook.updated = new Date();
  ctx.json(200, toHook(ctx, hook));
}

function ownedHooks(ctx: Ctx, owner: HookOwner): HookRec[] {
  return ctx.state.hooks.filter((h) => h.owner.kind === owner.kind && h.owner.id === owner.id).sort((a, b) => a.id - b.id);
}

function hookById(ctx: Ctx, owner: HookOwner): HookRec {
  return ownedHooks(ctx, owner).find((h) => h.id === formInt(ctx.params.id)) ?? notFound();
}

function deleteHook(ctx: Ctx, owner: HookOwner): void {
  const hook = hookById(ctx, owner);
  ctx.state.hooks.splice(ctx.state.hooks.indexOf(hook), 1);
  ctx.noContent();
}

/** reqToken + reqAdmin on /repos/{owner}/{repo}/hooks. */
function repoHookOwner(ctx: Ctx): HookOwner {
  const a = ctx.repoAssignment();
  ctx.requireSigned();
  ctx.requireRepoAdmin(a);
  return { kind: 'repo', id: a.repo.id };
}

/** Organization assignment + reqToken + reqOrgOwnership. */
export function orgOwnerContext(ctx: Ctx): OrgRec {
  const org = ctx.state.orgByName(ctx.params.org ?? '') ?? notFound();
  const doer = ctx.requireSigned();
  if (!doer.isAdmin && !isOrgOwner(ctx.state, doer.id, org.id)) forbidden('Must be an organization owner');
  return org;
}
const orgHookOwner = (ctx: Ctx): HookOwner => ({ kind: 'org', id: orgOwnerContext(ctx).id });
const userHookOwner = (ctx: Ctx): HookOwner => ({ kind: 'user', id: ctx.requireSigned().id });

export function registerHookRoutes(r: Router): void {
  const owners: Array<[string, (ctx: Ctx) => HookOwner, 'repository' | 'organization' | 'user']> = [
    ['/repos/{owner}/{repo}/hooks', repoHookOwner, 'repository'],
    ['/orgs/{org}/hooks', orgHookOwner, 'organization'],
    ['/user/hooks', userHookOwner, 'user'],
  ];
  for (const [base, ownerOf, scope] of owners) {
    r.get(base, [scope], (ctx) => ctx.json(200, pagedTotalOnly(ctx, ownedHooks(ctx, ownerOf(ctx))).map((h) => toHook(ctx, h))));
    r.post(base, [scope], (ctx) => createHook(ctx, ownerOf(ctx)));
    r.get(`${base}/{id}`, [scope], (ctx) => ctx.json(200, toHook(ctx, hookById(ctx, ownerOf(ctx)))));
    r.patch(`${base}/{id}`, [scope], (ctx) => editHook(ctx, hookById(ctx, ownerOf(ctx))));
    r.delete(`${base}/{id}`, [scope], (ctx) => deleteHook(ctx, ownerOf(ctx)));
  }
}
