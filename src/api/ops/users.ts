// Users: the signed-in user, other users, stars, activity feeds, teams, access tokens; server information.
import { AccessToken, Activity, ApiSettings, Repository, ServerVersion, Team, User } from '../schemas';
import { PAGING, json, list, op, type PageParams } from './op';

export interface CreateAccessTokenOption {
  name: string;
  /** all, public-only, read:X / write:X for X in activitypub, admin, misc, notification, organization,
   * package, issue, repository, user. */
  scopes?: string[];
}

export const userOperations = {
  getVersion: op()({ id: 'getVersion', method: 'GET', path: '/version', result: json(ServerVersion) }),
  /** Default and maximum page sizes; the client reads it once for paging. */
  getGeneralAPISettings: op()({ id: 'getGeneralAPISettings', method: 'GET', path: '/settings/api', result: json(ApiSettings) }),
  userGetCurrent: op()({ id: 'userGetCurrent', method: 'GET', path: '/user', result: json(User) }),
  userGet: op<{ username: string }>()({ id: 'userGet', method: 'GET', path: '/users/{username}', result: json(User) }),
  /** Needs authentication; forbidden when stars are disabled on the instance. */
  userListStarred: op<{ username: string } & PageParams>()({
    id: 'userListStarred',
    method: 'GET',
    path: '/users/{username}/starred',
    query: PAGING,
    result: list(Repository),
  }),
  userListActivityFeeds: op<
    { username: string; /** Only what the user did. */ 'only-performed-by'?: boolean; /** YYYY-MM-DD */ date?: string } & PageParams
  >()({
    id: 'userListActivityFeeds',
    method: 'GET',
    path: '/users/{username}/activities/feeds',
    query: ['only-performed-by', 'date', ...PAGING],
    result: list(Activity),
  }),
  /** The signed-in user's teams. */
  userListTeams: op<PageParams>()({ id: 'userListTeams', method: 'GET', path: '/user/teams', query: PAGING, result: list(Team) }),
  /** Needs Basic auth with the password (plus the `otp` request option for two-factor accounts). */
  userCreateToken: op<{ username: string; body: CreateAccessTokenOption }>()({
    id: 'userCreateToken',
    method: 'POST',
    path: '/users/{username}/tokens',
    body: ['name', 'scopes'],
    result: json(AccessToken),
  }),
};
