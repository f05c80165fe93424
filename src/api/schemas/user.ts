// Accounts: users, organizations, teams, access tokens.
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { bool, list, num, str, stringMap } from './common';

export const User = z.object({
  id: z.number(),
  login: z.string(),
  login_name: str(),
  source_id: num(),
  full_name: str(),
  email: str(),
  avatar_url: str(),
  html_url: str(),
  language: str(),
  is_admin: bool(),
  last_login: str(),
  created: str(),
  restricted: bool(),
  active: bool(),
  prohibit_login: bool(),
  location: str(),
  website: str(),
  description: str(),
  visibility: str(),
  followers_count: num(),
  following_count: num(),
  starred_repos_count: num(),
});
export type User = z.infer<typeof User>;

export const Organization = z.object({
  id: z.number(),
  name: z.string(),
  /** Deprecated alias of `name`. */
  username: str(),
  full_name: str(),
  email: str(),
  avatar_url: str(),
  description: str(),
  website: str(),
  location: str(),
  visibility: str(),
  repo_admin_change_team_access: bool(),
});
export type Organization = z.infer<typeof Organization>;

export const Team = z.object({
  id: z.number(),
  name: z.string(),
  description: str(),
  organization: z.optional(Organization),
  includes_all_repositories: bool(),
  permission: str(),
  units: list(z.string()),
  units_map: stringMap(),
  can_create_org_repo: bool(),
  visibility: str(),
});
export type Team = z.infer<typeof Team>;

export const AccessToken = z.object({
  id: z.number(),
  name: z.string(),
  /** The token itself; only in the answer to its creation. */
  sha1: z.string(),
  token_last_eight: str(),
  scopes: list(z.string()),
  created_at: str(),
  last_used_at: str(),
});
export type AccessToken = z.infer<typeof AccessToken>;

/** GET /users/{username}/orgs/{org}/permissions: what the user may do in the organization. */
export const OrganizationPermissions = z.object({
  can_create_repository: bool(),
  can_read: bool(),
  can_write: bool(),
  is_admin: bool(),
  is_owner: bool(),
});
export type OrganizationPermissions = z.infer<typeof OrganizationPermissions>;
