// Who may do what: Gitea's access modes computed from ownership, organization teams, collaborators and
// repository visibility. A repository the caller may not read is answered with 404, never 403.
import { Access, type Account, type OrgRec, type RepoRec, type ServerState, type TeamPermission, type TeamRec, type UserRec } from './state';

const TEAM_ACCESS: Record<TeamPermission, Access> = {
  none: Access.None,
  read: Access.Read,
  write: Access.Write,
  admin: Access.Admin,
  owner: Access.Owner,
};

/** A team's access to its repositories: its permission, or the strongest of its per-unit permissions. */
function teamAccess(team: TeamRec): Access {
  if (!team.unitPermissions) return TEAM_ACCESS[team.permission];
  return Math.max(TEAM_ACCESS[team.permission], ...Object.values(team.unitPermissions).map((p) => TEAM_ACCESS[p]));
}

export function isOrgOwner(state: ServerState, userId: number | undefined, orgId: number): boolean {
  if (userId === undefined) return false;
  return state.teams.some((t) => t.orgId === orgId && t.permission === 'owner' && t.memberIds.includes(userId));
}

export function isOrgMember(state: ServerState, userId: number | undefined, orgId: number): boolean {
  if (userId === undefined) return false;
  return state.teams.some((t) => t.orgId === orgId && t.memberIds.includes(userId));
}

/** Whether `viewer` may see the account (user or organization visibility). */
export function canSeeAccount(state: ServerState, viewer: UserRec | undefined, account: Account): boolean {
  if (account.visibility === 'public') return true;
  if (!viewer) return false;
  if (viewer.isAdmin || viewer.id === account.id) return true;
  if (account.visibility === 'limited') return true;
  return account.kind === 'org' && isOrgMember(state, viewer.id, account.id);
}

export function accessMode(state: ServerState, user: UserRec | undefined, repo: RepoRec): Access {
  const owner = state.account(repo.ownerId);
  const publicRead = !repo.private && owner !== undefined && canSeeAccount(state, user, owner) ? Access.Read : Access.None;
  if (!user) return publicRead;
  if (user.isAdmin || user.id === repo.ownerId) return Access.Owner;
  let mode: Access = publicRead;
  if (owner?.kind === 'org') {
    for (const team of state.teams) {
      if (team.orgId !== owner.id || !team.memberIds.includes(user.id)) continue;
      if (team.permission === 'owner') return Access.Owner;
      if (team.includesAllRepositories || team.repoIds.includes(repo.id)) mode = Math.max(mode, teamAccess(team));
    }
  }
  const collab = repo.collaborators.get(user.id);
  if (collab !== undefined) mode = Math.max(mode, collab);
  return mode;
}

export function permissionJson(mode: Access): { admin: boolean; push: boolean; pull: boolean } {
  return { admin: mode >= Access.Admin, push: mode >= Access.Write, pull: mode >= Access.Read };
}

/** Repositories the user can read, in id order. */
export function readableRepos(state: ServerState, user: UserRec | undefined): RepoRec[] {
  return state.repos.filter((r) => accessMode(state, user, r) >= Access.Read);
}

/** Users who may be assigned to issues: everyone with write access. */
export function assignableUsers(state: ServerState, repo: RepoRec): UserRec[] {
  return state.users.filter((u) => {
    // Site admins may write everywhere but are only listed where they own or collaborate.
    if (u.isAdmin && u.id !== repo.ownerId && !repo.collaborators.has(u.id)) return false;
    return accessMode(state, u, repo) >= Access.Write;
  });
}

export function orgOf(state: ServerState, repo: RepoRec): OrgRec | undefined {
  const owner = state.account(repo.ownerId);
  return owner?.kind === 'org' ? owner : undefined;
}
