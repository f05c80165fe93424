// The signed-in user's repositories as Git: Clone and Publish need them: the ones they own or reach through a team
// or as a collaborator, the instance's search, creating one (for the user or an organization) and whether an
// organization lets the user create there.
import { OrganizationPermissions, Repository } from '../schemas';
import { PAGING, json, list, op, type PageParams } from './op';

/** POST /user/repos and /orgs/{org}/repos (without `auto_init`: an empty repository, which a first push fills). */
export interface CreateRepoOption {
  /** Gitea's binding: required, letters, digits, `-`, `_`, `.`, at most 100; not `.`/`..`/`-`, not ending `.git`/`.wiki`/`.rss`/`.atom`. */
  name: string;
  description?: string;
  private?: boolean;
  /** A first commit with the README (and the .gitignore, license) below. */
  auto_init?: boolean;
  default_branch?: string;
  gitignores?: string;
  issue_labels?: string;
  license?: string;
  readme?: string;
  template?: boolean;
  /** sha1 or sha256. */
  object_format_name?: string;
  /** default, collaborator, committer or collaboratorcommitter. */
  trust_model?: string;
}
const CREATE_REPO_FIELDS = [
  'name', 'description', 'private', 'auto_init', 'default_branch', 'gitignores', 'issue_labels', 'license', 'readme', 'template',
  'object_format_name', 'trust_model',
] as const satisfies readonly (keyof CreateRepoOption)[];

export const userRepoOperations = {
  /** Owned, collaborating and team repositories of the caller. */
  userCurrentListRepos: op<PageParams>()({ id: 'userCurrentListRepos', method: 'GET', path: '/user/repos', query: PAGING, result: list(Repository) }),
  /** `{ ok, data }`; private repositories the caller may read are included. `q` matches names (and descriptions with `includeDesc`). */
  repoSearch: op<{ q?: string; includeDesc?: boolean; sort?: string; order?: string } & PageParams>()({
    id: 'repoSearch',
    method: 'GET',
    path: '/repos/search',
    query: ['q', 'includeDesc', 'sort', 'order', ...PAGING],
    result: list(Repository, { itemsKey: 'data' }),
  }),
  /** 409 "The repository with the same name already exists."; 422 for a reserved name or pattern. */
  createCurrentUserRepo: op<{ body: CreateRepoOption }>()({
    id: 'createCurrentUserRepo',
    method: 'POST',
    path: '/user/repos',
    body: CREATE_REPO_FIELDS,
    result: json(Repository),
  }),
  /** 403 "Given user is not allowed to create repository in organization."; 409 as for the user's. */
  createOrgRepo: op<{ org: string; body: CreateRepoOption }>()({
    id: 'createOrgRepo',
    method: 'POST',
    path: '/orgs/{org}/repos',
    body: CREATE_REPO_FIELDS,
    result: json(Repository),
  }),
  orgGetUserPermissions: op<{ username: string; org: string }>()({
    id: 'orgGetUserPermissions',
    method: 'GET',
    path: '/users/{username}/orgs/{org}/permissions',
    result: json(OrganizationPermissions),
  }),
};
