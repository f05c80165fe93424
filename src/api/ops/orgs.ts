// Organizations: labels, teams, the team activity feed.
import { Activity, Label, Organization, Team } from '../schemas';
import { PAGING, json, list, op, type PageParams } from './op';

export interface CreateLabelOption {
  name: string;
  /** 3 or 6 hex digits, with or without `#`. */
  color: string;
  description?: string;
  exclusive?: boolean;
  /** Ignored by the server on create. */
  is_archived?: boolean;
}
const CREATE_LABEL_FIELDS = ['name', 'color', 'description', 'exclusive', 'is_archived'] as const satisfies readonly (keyof CreateLabelOption)[];

/** Omitting `is_archived` un-archives the label on the server, so it is required: send the current value. */
export interface EditLabelOption {
  is_archived: boolean;
  name?: string;
  color?: string;
  description?: string;
  exclusive?: boolean;
}
const EDIT_LABEL_FIELDS = ['is_archived', 'name', 'color', 'description', 'exclusive'] as const satisfies readonly (keyof EditLabelOption)[];

export const orgOperations = {
  orgGet: op<{ org: string }>()({ id: 'orgGet', method: 'GET', path: '/orgs/{org}', result: json(Organization) }),
  orgListLabels: op<{ org: string } & PageParams>()({
    id: 'orgListLabels',
    method: 'GET',
    path: '/orgs/{org}/labels',
    query: PAGING,
    result: list(Label),
  }),
  orgGetLabel: op<{ org: string; id: number }>()({ id: 'orgGetLabel', method: 'GET', path: '/orgs/{org}/labels/{id}', result: json(Label) }),
  /** validation "invalid color". The answer's color is lowercase without `#`. */
  orgCreateLabel: op<{ org: string; body: CreateLabelOption }>()({
    id: 'orgCreateLabel',
    method: 'POST',
    path: '/orgs/{org}/labels',
    body: CREATE_LABEL_FIELDS,
    result: json(Label),
  }),
  orgEditLabel: op<{ org: string; id: number; body: EditLabelOption }>()({
    id: 'orgEditLabel',
    method: 'PATCH',
    path: '/orgs/{org}/labels/{id}',
    body: EDIT_LABEL_FIELDS,
    result: json(Label),
  }),
  orgListTeams: op<{ org: string } & PageParams>()({
    id: 'orgListTeams',
    method: 'GET',
    path: '/orgs/{org}/teams',
    query: PAGING,
    result: list(Team),
  }),
  orgGetTeam: op<{ id: number }>()({ id: 'orgGetTeam', method: 'GET', path: '/teams/{id}', result: json(Team) }),
  /** forbidden "Must be a team member" for org members who cannot see the team; notFound for others. */
  orgListTeamActivityFeeds: op<{ id: number; /** YYYY-MM-DD */ date?: string } & PageParams>()({
    id: 'orgListTeamActivityFeeds',
    method: 'GET',
    path: '/teams/{id}/activities/feeds',
    query: ['date', ...PAGING],
    result: list(Activity),
  }),
  /** The signed-in user's organizations. */
  orgListCurrentUserOrgs: op<PageParams>()({
    id: 'orgListCurrentUserOrgs',
    method: 'GET',
    path: '/user/orgs',
    query: PAGING,
    result: list(Organization),
  }),
};
