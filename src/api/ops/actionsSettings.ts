// Gitea Actions settings (routers/api/v1/repo/action.go, org/action.go, shared/runners.go): secrets, variables and
// runners of a repository (its owner, an owner of its organization or a site admin only: 403 "user should be the
// owner of the repo" otherwise) or of an organization (its owners: 403 "Must be an organization owner"); deleting a
// finished run or an artifact (write access to Actions). Names of secrets and variables are stored upper case;
// a name Gitea refuses (not `[A-Z_][A-Z0-9_]*`, a `GITEA_`/`GITHUB_` prefix, `CI`) is a 400.
import { ActionRunner, ActionSecret, ActionVariable, RegistrationToken } from '../schemas';
import { PAGING, json, list, none, op, type PageParams, type RepoParams } from './op';

interface OrgParams {
  org: string;
}
export interface SecretOption {
  /** The value, sent once; never returned. */
  data: string;
  description?: string;
}
export interface CreateVariableOption {
  value: string;
  description?: string;
}
export interface UpdateVariableOption {
  value: string;
  /** A new name (empty: unchanged). */
  name?: string;
  description?: string;
}
const SECRET_FIELDS = ['data', 'description'] as const satisfies readonly (keyof SecretOption)[];
const CREATE_VARIABLE_FIELDS = ['value', 'description'] as const satisfies readonly (keyof CreateVariableOption)[];
const UPDATE_VARIABLE_FIELDS = ['value', 'name', 'description'] as const satisfies readonly (keyof UpdateVariableOption)[];

/** `{ runners, total_count }`; Gitea reads page/limit but its swagger declares only `disabled`. */
const runnerList = list(ActionRunner, { itemsKey: 'runners', totalKey: 'total_count' });

export const actionSettingsOperations = {
  repoListActionsSecrets: op<RepoParams & PageParams>()({
    id: 'repoListActionsSecrets', method: 'GET', path: '/repos/{owner}/{repo}/actions/secrets', query: PAGING, result: list(ActionSecret),
  }),
  /** 201 created, 204 replaced. */
  updateRepoSecret: op<RepoParams & { secretname: string; body: SecretOption }>()({
    id: 'updateRepoSecret', method: 'PUT', path: '/repos/{owner}/{repo}/actions/secrets/{secretname}', body: SECRET_FIELDS, result: none,
  }),
  deleteRepoSecret: op<RepoParams & { secretname: string }>()({
    id: 'deleteRepoSecret', method: 'DELETE', path: '/repos/{owner}/{repo}/actions/secrets/{secretname}', result: none,
  }),
  getRepoVariablesList: op<RepoParams & PageParams>()({
    id: 'getRepoVariablesList', method: 'GET', path: '/repos/{owner}/{repo}/actions/variables', query: PAGING, result: list(ActionVariable),
  }),
  getRepoVariable: op<RepoParams & { variablename: string }>()({
    id: 'getRepoVariable', method: 'GET', path: '/repos/{owner}/{repo}/actions/variables/{variablename}', result: json(ActionVariable),
  }),
  /** 201; 409 "variable name already exists". */
  createRepoVariable: op<RepoParams & { variablename: string; body: CreateVariableOption }>()({
    id: 'createRepoVariable', method: 'POST', path: '/repos/{owner}/{repo}/actions/variables/{variablename}', body: CREATE_VARIABLE_FIELDS, result: none,
  }),
  /** 204; 404 for a variable that is not there. */
  updateRepoVariable: op<RepoParams & { variablename: string; body: UpdateVariableOption }>()({
    id: 'updateRepoVariable', method: 'PUT', path: '/repos/{owner}/{repo}/actions/variables/{variablename}', body: UPDATE_VARIABLE_FIELDS, result: none,
  }),
  deleteRepoVariable: op<RepoParams & { variablename: string }>()({
    id: 'deleteRepoVariable', method: 'DELETE', path: '/repos/{owner}/{repo}/actions/variables/{variablename}', result: none,
  }),
  /** The repository's own runners (not its owner's nor the instance's). */
  getRepoRunners: op<RepoParams & { disabled?: boolean }>()({
    id: 'getRepoRunners', method: 'GET', path: '/repos/{owner}/{repo}/actions/runners', query: ['disabled'], result: runnerList,
  }),
  /** The current registration token (a new one when there is none): anyone holding it can register a runner. */
  repoCreateRunnerRegistrationToken: op<RepoParams>()({
    id: 'repoCreateRunnerRegistrationToken', method: 'POST', path: '/repos/{owner}/{repo}/actions/runners/registration-token', result: json(RegistrationToken),
  }),
  deleteRepoRunner: op<RepoParams & { runner_id: number }>()({
    id: 'deleteRepoRunner', method: 'DELETE', path: '/repos/{owner}/{repo}/actions/runners/{runner_id}', result: none,
  }),
  /** 204; 400 "this workflow run is not done" while it runs. */
  deleteActionRun: op<RepoParams & { run: number }>()({
    id: 'deleteActionRun', method: 'DELETE', path: '/repos/{owner}/{repo}/actions/runs/{run}', result: none,
  }),
  /** 204 (the artifact is marked for deletion); 404 "Artifact not found" for a v3 artifact. */
  deleteArtifact: op<RepoParams & { artifact_id: number }>()({
    id: 'deleteArtifact', method: 'DELETE', path: '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}', result: none,
  }),

  orgListActionsSecrets: op<OrgParams & PageParams>()({
    id: 'orgListActionsSecrets', method: 'GET', path: '/orgs/{org}/actions/secrets', query: PAGING, result: list(ActionSecret),
  }),
  updateOrgSecret: op<OrgParams & { secretname: string; body: SecretOption }>()({
    id: 'updateOrgSecret', method: 'PUT', path: '/orgs/{org}/actions/secrets/{secretname}', body: SECRET_FIELDS, result: none,
  }),
  deleteOrgSecret: op<OrgParams & { secretname: string }>()({
    id: 'deleteOrgSecret', method: 'DELETE', path: '/orgs/{org}/actions/secrets/{secretname}', result: none,
  }),
  getOrgVariablesList: op<OrgParams & PageParams>()({
    id: 'getOrgVariablesList', method: 'GET', path: '/orgs/{org}/actions/variables', query: PAGING, result: list(ActionVariable),
  }),
  createOrgVariable: op<OrgParams & { variablename: string; body: CreateVariableOption }>()({
    id: 'createOrgVariable', method: 'POST', path: '/orgs/{org}/actions/variables/{variablename}', body: CREATE_VARIABLE_FIELDS, result: none,
  }),
  updateOrgVariable: op<OrgParams & { variablename: string; body: UpdateVariableOption }>()({
    id: 'updateOrgVariable', method: 'PUT', path: '/orgs/{org}/actions/variables/{variablename}', body: UPDATE_VARIABLE_FIELDS, result: none,
  }),
  deleteOrgVariable: op<OrgParams & { variablename: string }>()({
    id: 'deleteOrgVariable', method: 'DELETE', path: '/orgs/{org}/actions/variables/{variablename}', result: none,
  }),
  getOrgRunners: op<OrgParams & { disabled?: boolean }>()({
    id: 'getOrgRunners', method: 'GET', path: '/orgs/{org}/actions/runners', query: ['disabled'], result: runnerList,
  }),
  orgCreateRunnerRegistrationToken: op<OrgParams>()({
    id: 'orgCreateRunnerRegistrationToken', method: 'POST', path: '/orgs/{org}/actions/runners/registration-token', result: json(RegistrationToken),
  }),
  deleteOrgRunner: op<OrgParams & { runner_id: number }>()({
    id: 'deleteOrgRunner', method: 'DELETE', path: '/orgs/{org}/actions/runners/{runner_id}', result: none,
  }),
  /** Every runner of the instance, global ones included (site admins only). */
  getAdminRunners: op<{ disabled?: boolean }>()({
    id: 'getAdminRunners', method: 'GET', path: '/admin/actions/runners', query: ['disabled'], result: runnerList,
  }),
  /** The signed-in user's own runners (they serve the user's repositories). */
  getUserRunners: op<{ disabled?: boolean }>()({
    id: 'getUserRunners', method: 'GET', path: '/user/actions/runners', query: ['disabled'], result: runnerList,
  }),
};
