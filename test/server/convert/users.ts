// JSON of users, organizations and teams (Gitea's services/convert for api.User, api.Organization, api.Team).
import { createHash } from 'node:crypto';
import type { Ctx } from '../context';
import type { Account, OrgRec, TeamRec, UserRec } from '../state';

/** Go's time.Time JSON for a UTC time, without fractional seconds. */
export function iso(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
export function isoOrNull(d: Date | undefined): string | null {
  return d ? iso(d) : null;
}
export const GO_ZERO_TIME = '0001-01-01T00:00:00Z';
export const UNIX_EPOCH = '1970-01-01T00:00:00Z';

export function avatarUrl(ctx: Ctx, account: Account): string {
  const seed = account.kind === 'user' ? account.email : `org-${account.id}`;
  return `${ctx.server.rootUrl}avatars/${createHash('md5').update(seed.toLowerCase()).digest('hex')}`;
}

/**
 * api.User; private details (admin flag, last login, language, email of hidden accounts) only for admins and
 * oneself. Gitea 1.27 repeats the login as `username` (also for an organization in the user shape).
 */
export function toUser(ctx: Ctx, account: Account): Record<string, unknown> {
  const out = userFields(ctx, account);
  if (!ctx.forgejo) out.username = account.login;
  return out;
}

function userFields(ctx: Ctx, account: Account): Record<string, unknown> {
  const doer = ctx.doer;
  const privileged = doer !== undefined && (doer.isAdmin || doer.id === account.id);
  if (account.kind === 'org') {
    return {
      id: account.id,
      login: account.login,
      login_name: '',
      source_id: 0,
      full_name: account.fullName,
      email: account.email,
      avatar_url: avatarUrl(ctx, account),
      html_url: `${ctx.server.rootUrl}${account.login}`,
      language: '',
      is_admin: false,
      last_login: GO_ZERO_TIME,
      created: iso(account.created),
      restricted: false,
      active: false,
      prohibit_login: false,
      location: account.location,
      website: account.website,
      description: account.description,
      visibility: account.visibility,
      followers_count: 0,
      following_count: 0,
      starred_repos_count: 0,
    };
  }
  const user: UserRec = account;
  const showEmail = doer !== undefined && (!user.keepEmailPrivate || doer.isAdmin || doer.id === user.id);
  return {
    id: user.id,
    login: user.login,
    login_name: '',
    source_id: 0,
    full_name: user.fullName,
    email: showEmail ? user.email : `${user.login}@noreply.localhost`,
    avatar_url: avatarUrl(ctx, user),
    html_url: `${ctx.server.rootUrl}${user.login}`,
    language: privileged ? user.language : '',
    is_admin: privileged ? user.isAdmin : false,
    last_login: privileged ? iso(user.lastLogin) : GO_ZERO_TIME,
    created: iso(user.created),
    restricted: false,
    active: privileged,
    prohibit_login: false,
    location: user.location,
    website: user.website,
    description: user.description,
    visibility: user.visibility,
    followers_count: 0,
    following_count: 0,
    starred_repos_count: user.starredRepoIds.length,
  };
}

export function toUserOrNull(ctx: Ctx, id: number | undefined): Record<string, unknown> | null {
  if (id === undefined) return null;
  const acc = ctx.state.account(id);
  return acc ? toUser(ctx, acc) : null;
}

export function toOrganization(ctx: Ctx, org: OrgRec): Record<string, unknown> {
  return {
    id: org.id,
    name: org.login,
    full_name: org.fullName,
    email: org.email,
    avatar_url: avatarUrl(ctx, org),
    description: org.description,
    website: org.website,
    location: org.location,
    visibility: org.visibility,
    repo_admin_change_team_access: org.repoAdminChangeTeamAccess,
    username: org.login,
  };
}

/** api.Team; `organization` is null where Gitea does not load it (the organization's own team list). */
export function toTeam(ctx: Ctx, team: TeamRec, opts: { withOrganization?: boolean } = {}): Record<string, unknown> {
  const org = opts.withOrganization === false ? undefined : ctx.state.orgs.find((o) => o.id === team.orgId);
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    organization: org ? toOrganization(ctx, org) : null,
    includes_all_repositories: team.includesAllRepositories,
    permission: team.permission,
    units: team.units,
    units_map: team.unitPermissions ?? Object.fromEntries(team.units.map((u) => [u, team.permission])),
    can_create_org_repo: team.canCreateOrgRepo,
    visibility: team.visibility,
  };
}
