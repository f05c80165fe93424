// Whose CI settings a node shows: the repository's, or its organization's (for the organization's owners). One
// interface over the two sets of operations, and the sentence for a refusal (403: not an owner; 404/405: a server
// without the endpoint).
import * as vscode from 'vscode';
import type { ActionRunner, ActionSecret, ActionVariable, GiteaClient, Page } from '../../api';
import { isGiteaError } from '../../api/errorKind';

export type SettingsOwner =
  | { readonly kind: 'repo'; readonly owner: string; readonly repo: string }
  | { readonly kind: 'org'; readonly org: string };

export type SettingsPart = 'secrets' | 'variables' | 'runners';

export function ownerLabel(o: SettingsOwner): string {
  return o.kind === 'repo' ? `${o.owner}/${o.repo}` : o.org;
}

export function ownerKey(o: SettingsOwner): string {
  return o.kind === 'repo' ? 'repo' : `org:${o.org}`;
}

type Signal = { signal?: AbortSignal };

/** The operations on one owner's settings. */
export function settingsApi(client: GiteaClient, o: SettingsOwner) {
  const repo = o.kind === 'repo' ? { owner: o.owner, repo: o.repo } : undefined;
  const org = o.kind === 'org' ? { org: o.org } : undefined;
  return {
    listSecrets: (page: number, opts: Signal): Promise<Page<ActionSecret>> =>
      repo ? client.repoListActionsSecrets({ ...repo, page }, opts) : client.orgListActionsSecrets({ ...org!, page }, opts),
    putSecret: (secretname: string, data: string, opts: Signal): Promise<void> =>
      repo ? client.updateRepoSecret({ ...repo, secretname, body: { data } }, opts) : client.updateOrgSecret({ ...org!, secretname, body: { data } }, opts),
    deleteSecret: (secretname: string, opts: Signal): Promise<void> =>
      repo ? client.deleteRepoSecret({ ...repo, secretname }, opts) : client.deleteOrgSecret({ ...org!, secretname }, opts),
    listVariables: (page: number, opts: Signal): Promise<Page<ActionVariable>> =>
      repo ? client.getRepoVariablesList({ ...repo, page }, opts) : client.getOrgVariablesList({ ...org!, page }, opts),
    createVariable: (variablename: string, value: string, opts: Signal): Promise<void> =>
      repo
        ? client.createRepoVariable({ ...repo, variablename, body: { value } }, opts)
        : client.createOrgVariable({ ...org!, variablename, body: { value } }, opts),
    updateVariable: (variablename: string, value: string, opts: Signal): Promise<void> =>
      repo
        ? client.updateRepoVariable({ ...repo, variablename, body: { value } }, opts)
        : client.updateOrgVariable({ ...org!, variablename, body: { value } }, opts),
    deleteVariable: (variablename: string, opts: Signal): Promise<void> =>
      repo ? client.deleteRepoVariable({ ...repo, variablename }, opts) : client.deleteOrgVariable({ ...org!, variablename }, opts),
    /** One page of the server's size: the swagger declares no paging for runners (Gitea reads it all the same). */
    listRunners: async (opts: Signal): Promise<Page<ActionRunner>> => ({
      ...(repo ? await client.getRepoRunners(repo, opts) : await client.getOrgRunners(org!, opts)),
      hasMore: false,
    }),
    registrationToken: async (opts: Signal): Promise<string> =>
      (repo ? await client.repoCreateRunnerRegistrationToken(repo, opts) : await client.orgCreateRunnerRegistrationToken(org!, opts)).token,
    deleteRunner: (runner_id: number, opts: Signal): Promise<void> =>
      repo ? client.deleteRepoRunner({ ...repo, runner_id }, opts) : client.deleteOrgRunner({ ...org!, runner_id }, opts),
  };
}

/** Since which Gitea the API has each part (older servers answer 404). */
const SINCE: Record<SettingsPart, string> = { secrets: '1.22', variables: '1.22', runners: '1.24' };

/** Whether a failure is the server saying it has no such endpoint (404, or 405 where a GET of the path exists). */
export function isMissingEndpoint(e: unknown): boolean {
  return isGiteaError(e) && (e.kind === 'notFound' || e.status === 405);
}

export function isRefusal(e: unknown): boolean {
  return isGiteaError(e) && (e.kind === 'forbidden' || e.status === 403);
}

/** The sentence for a refused or unknown settings request, or undefined when the client's own message says it. */
export function refusalSentence(e: unknown, o: SettingsOwner, part: SettingsPart): string | undefined {
  if (isRefusal(e)) {
    return o.kind === 'repo'
      ? vscode.l10n.t('Only the owner of {0} (or an owner of its organization, or a site administrator) may manage its CI settings.', ownerLabel(o))
      : vscode.l10n.t('Only the owners of the organization {0} may manage its CI settings.', ownerLabel(o));
  }
  if (isMissingEndpoint(e)) {
    const what = { secrets: vscode.l10n.t('secrets'), variables: vscode.l10n.t('variables'), runners: vscode.l10n.t('runners') }[part];
    return vscode.l10n.t('This server has no API for Actions {0} (Gitea {1} or newer has).', what, SINCE[part]);
  }
  return undefined;
}
