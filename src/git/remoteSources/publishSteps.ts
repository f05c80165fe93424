// The questions of Publish to Gitea: which account (when several), which owner (the user, or an organisation where
// they may create repositories), private or public, and the name, whose Enter creates the repository while the box
// stays open: a name taken (409), an owner that refuses (403) or a name the server refuses (422) is said under what
// was typed, which stays.
import * as vscode from 'vscode';
import type { GiteaClient, Repository } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { readAllPages } from '../../api/paging';
import { askPick, askVerified, type PickItem, type StepResult } from '../../core/quickInput';
import type { Services } from '../../core/services';
import { accountLabel, type Account } from '../../shared/account';
import { messageOf } from '../../shared/errors';
import { checkRepoName } from '../../shared/validation';
import { inertText } from '../../shared/untrustedText';

const t = vscode.l10n.t;

/** Organisations read at most, and whose permission is asked at once. */
const ORG_PAGES = 2;
const PERMISSION_REQUESTS = 4;

export interface Owner {
  readonly name: string;
  /** The signed-in user (POST /user/repos) or an organisation (POST /orgs/{org}/repos). */
  readonly kind: 'user' | 'org';
}

export interface StepFrame {
  readonly title: string;
  readonly step: number;
  readonly totalSteps: number;
  readonly back: boolean;
}

export function askAccount(accounts: readonly Account[], frame: StepFrame): Promise<StepResult<Account>> {
  return askPick({
    ...frame,
    placeholder: t('The instance to publish to'),
    items: accounts.map((a) => ({ label: accountLabel(a), iconPath: new vscode.ThemeIcon('account'), value: a })),
  });
}

/** The organisations of the user where GET …/permissions says they may create (or could not say: the server decides). */
export async function creatableOrganisations(services: Services, client: GiteaClient, account: Account, signal: AbortSignal): Promise<string[]> {
  const orgs = await readAllPages((page) => client.orgListCurrentUserOrgs({ page }, { signal }), {
    signal,
    maxPages: ORG_PAGES,
    onCapped: (pages) => services.log.info(`Publish to Gitea: the organisations of ${account.username} were read up to page ${pages}.`),
  });
  const names = orgs.items.map((o) => o.name);
  const allowed: string[] = [];
  for (let i = 0; i < names.length; i += PERMISSION_REQUESTS) {
    const batch = names.slice(i, i + PERMISSION_REQUESTS);
    const answers = await Promise.all(
      batch.map((org) =>
        client.orgGetUserPermissions({ username: account.username, org }, { signal }).then(
          (p) => p.can_create_repository !== false,
          (e: unknown) => {
            if (isGiteaError(e) && e.kind === 'cancelled') throw e;
            services.log.info(`Publish to Gitea: whether ${account.username} may create in ${org} is unknown (${messageOf(e)}); it is offered.`);
            return true;
          },
        ),
      ),
    );
    batch.forEach((org, j) => answers[j] && allowed.push(org));
  }
  return allowed;
}

export function askOwner(account: Account, organisations: readonly string[], frame: StepFrame, active?: Owner): Promise<StepResult<Owner>> {
  const user: PickItem<Owner> = { label: inertText(account.username), description: t('your account'), iconPath: new vscode.ThemeIcon('account'), value: { name: account.username, kind: 'user' } };
  const orgs = organisations.map((name): PickItem<Owner> => ({ label: inertText(name), description: t('organization'), iconPath: new vscode.ThemeIcon('organization'), value: { name, kind: 'org' } }));
  const items = [user, ...orgs];
  return askPick({ ...frame, placeholder: t('The owner of the new repository'), items, active: items.find((i) => i.value.name === active?.name)?.value });
}

export function askVisibility(frame: StepFrame, active: boolean | undefined): Promise<StepResult<boolean>> {
  const items: PickItem<boolean>[] = [
    { label: t('Private'), description: t('only you and those you give access see it'), iconPath: new vscode.ThemeIcon('lock'), value: true },
    { label: t('Public'), description: t('everyone who can see the instance sees it'), iconPath: new vscode.ThemeIcon('repo'), value: false },
  ];
  return askPick({ ...frame, placeholder: t('Private or public'), items, active: active ?? true });
}

/** The sentence for a refused creation, said under the name (which stays). */
export function creationRefusal(e: unknown, owner: Owner, name: string): string {
  if (isGiteaError(e) && e.kind === 'conflict') return t('{0} already has a repository named "{1}". Enter another name.', owner.name, name);
  if (isGiteaError(e) && e.kind === 'forbidden' && owner.kind === 'org') {
    return t('You may not create repositories in {0}. Go back to choose another owner.', owner.name);
  }
  return t('Gitea did not create "{0}": {1}', name, messageOf(e));
}

/** The name step: Enter creates the repository (undefined outcome: dismissed; BACK: back). */
export async function askNameAndCreate(
  client: GiteaClient,
  owner: Owner,
  isPrivate: boolean,
  frame: StepFrame,
  typed: { value: string },
): Promise<StepResult<Repository>> {
  return askVerified<Repository>(
    {
      ...frame,
      prompt: isPrivate ? t('The name of the new private repository of {0}', owner.name) : t('The name of the new public repository of {0}', owner.name),
      value: typed.value,
      validate: (v) => checkRepoName(v, t),
    },
    async (name, signal) => {
      typed.value = name;
      const body = { name, private: isPrivate };
      try {
        const repo = owner.kind === 'org' ? await client.createOrgRepo({ org: owner.name, body }, { signal }) : await client.createCurrentUserRepo({ body }, { signal });
        return { outcome: repo };
      } catch (e) {
        if (isGiteaError(e) && e.kind === 'cancelled') throw e;
        return { stay: creationRefusal(e, owner, name) };
      }
    },
  );
}
