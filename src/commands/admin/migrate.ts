// "Gitea: Migrate Repository" (repoMigrate). The request is synchronous on the server and can take minutes: it
// runs without a timeout behind a cancellable progress notification. Credentials of the source are secret
// inputs that live in the form's values and the one request body only. Success offers Clone / Open in Browser.
// Tests and other commands pass a MigrationInput (`{ clone_addr, service, repo_name, repo_owner, … }`).
import * as vscode from 'vscode';
import type { GiteaClient, Repository } from '../../api';
import type { Services } from '../../core/services';
import { isCancellation, signalOf } from '../../core/errors';
import { accountTarget, argObject, listMyOrgs, showAdminFailure } from './adminContext';
import {
  MIGRATION_SERVICES,
  SERVICE_INFO,
  buildMigrateBody,
  guessService,
  importableItems,
  migrationSecrets,
  suggestRepoName,
  validateMigration,
  type CredentialField,
  type ImportItem,
  type MigrationInput,
  type MigrationService,
} from './migrateModel';
import { runForm, type FormField } from './quickForm';
import { checkCloneUrl, checkMirrorInterval, checkRepoName } from './validation';
import { COMMAND } from '../../core/commandIds';
import { inertText } from '../../shared/untrustedText';
import { openServerUrl } from '../../core/openExternal';

export const MIGRATE_REPOSITORY = COMMAND.migrateRepository;

const t = vscode.l10n.t;

type MigrateForm = {
  clone_addr: string;
  service: MigrationService;
  repo_owner: string;
  repo_name: string;
  description: string;
  private: boolean;
  mirror: boolean;
  mirror_interval: string;
  lfs_endpoint: string;
} & Record<ImportItem, boolean> &
  Record<CredentialField, string | undefined>;

const SERVICE_NAMES: Record<MigrationService, string> = {
  git: 'Git',
  github: 'GitHub',
  gitea: 'Gitea',
  gitlab: 'GitLab',
  gogs: 'Gogs',
  onedev: 'OneDev',
  gitbucket: 'GitBucket',
  codebase: 'Codebase',
  codecommit: 'AWS CodeCommit',
};

function toInput(v: MigrateForm): MigrationInput {
  const items = (['issues', 'labels', 'milestones', 'pull_requests', 'releases', 'wiki', 'lfs'] as const).filter((i) => v[i]);
  const credentials: Partial<Record<CredentialField, string>> = {};
  for (const c of SERVICE_INFO[v.service].credentials) if (v[c]) credentials[c] = v[c];
  return {
    clone_addr: v.clone_addr,
    service: v.service,
    repo_name: v.repo_name,
    repo_owner: v.repo_owner,
    description: v.description,
    private: v.private,
    mirror: v.mirror,
    mirror_interval: v.mirror_interval,
    items,
    lfs_endpoint: v.lfs_endpoint,
    credentials,
  };
}

function migrateFields(client: GiteaClient, username: string): FormField<MigrateForm>[] {
  const source = t('Source');
  const target = t('New repository');
  const what = t('What to import');
  const uses = (c: CredentialField) => (v: MigrateForm) => SERVICE_INFO[v.service].credentials.includes(c);
  const item = (key: ImportItem, label: string): FormField<MigrateForm> => ({
    key,
    group: what,
    label,
    kind: 'boolean',
    visible: (v) => importableItems(v.service, v.mirror).includes(key),
  });
  const secretDetail = t('Sent once with the migration; never stored.');
  return [
    { key: 'clone_addr', group: source, label: t('Source URL'), kind: 'text', placeholder: 'https://', validate: (s) => checkCloneUrl(s, t) },
    {
      key: 'service',
      group: source,
      label: t('Service'),
      kind: 'choice',
      options: () => MIGRATION_SERVICES.map((s) => ({ value: s, label: s, description: SERVICE_NAMES[s] })),
    },
    { key: 'auth_username', group: source, label: t('User name'), kind: 'text', visible: uses('auth_username') },
    { key: 'auth_password', group: source, label: t('Password'), kind: 'secret', visible: uses('auth_password'), detail: secretDetail },
    { key: 'auth_token', group: source, label: t('Access token'), kind: 'secret', visible: uses('auth_token'), detail: secretDetail },
    { key: 'aws_access_key_id', group: source, label: t('AWS access key ID'), kind: 'secret', visible: uses('aws_access_key_id'), detail: secretDetail },
    { key: 'aws_secret_access_key', group: source, label: t('AWS secret access key'), kind: 'secret', visible: uses('aws_secret_access_key'), detail: secretDetail },
    {
      key: 'repo_owner',
      group: target,
      label: t('Owner'),
      kind: 'choice',
      options: async () => [
        { value: username, label: username, description: t('you') },
        ...(await listMyOrgs(client)).map((o) => ({ value: o.name, label: o.name, description: o.full_name || t('organization') })),
      ],
    },
    { key: 'repo_name', group: target, label: t('Name'), kind: 'text', validate: (s) => checkRepoName(s, t) },
    { key: 'description', group: target, label: t('Description'), kind: 'text' },
    { key: 'private', group: target, label: t('Private'), kind: 'boolean' },
    { key: 'mirror', group: target, label: t('Mirror (keep syncing from the source)'), kind: 'boolean', detail: t('A mirror copies git data, wiki and LFS only.') },
    {
      key: 'mirror_interval',
      group: target,
      label: t('Mirror interval'),
      kind: 'text',
      placeholder: '8h0m0s',
      visible: (v) => v.mirror,
      validate: (s) => (s.trim() ? checkMirrorInterval(s, t) : undefined),
    },
    item('issues', t('Issues')),
    item('labels', t('Labels')),
    item('milestones', t('Milestones')),
    item('pull_requests', t('Pull requests')),
    item('releases', t('Releases')),
    item('wiki', t('Wiki')),
    item('lfs', t('LFS files')),
    { key: 'lfs_endpoint', group: what, label: t('LFS endpoint (optional)'), kind: 'text', placeholder: 'https://', visible: (v) => v.lfs && importableItems(v.service, v.mirror).includes('lfs') },
  ];
}

async function askForm(client: GiteaClient, username: string, preset: Record<string, unknown> | undefined): Promise<MigrationInput | undefined> {
  const url =
    typeof preset?.clone_addr === 'string'
      ? preset.clone_addr
      : await vscode.window.showInputBox({
          title: t('Migrate Repository'),
          prompt: t('The clone URL of the repository to import'),
          placeHolder: 'https://github.com/owner/name.git',
          ignoreFocusOut: true,
          validateInput: (s) => checkCloneUrl(s, t),
        });
  if (!url) return undefined;
  const service = guessService(url);
  const initial: MigrateForm = {
    clone_addr: url.trim(),
    service,
    repo_owner: username,
    repo_name: suggestRepoName(url),
    description: '',
    private: false,
    mirror: false,
    mirror_interval: '',
    lfs_endpoint: '',
    issues: service !== 'git',
    labels: service !== 'git',
    milestones: service !== 'git',
    pull_requests: service !== 'git',
    releases: service !== 'git',
    wiki: false,
    lfs: false,
    auth_username: undefined,
    auth_password: undefined,
    auth_token: undefined,
    aws_access_key_id: undefined,
    aws_secret_access_key: undefined,
  };
  const values = await runForm<MigrateForm>(
    {
      title: t('Migrate Repository'),
      submitLabel: (v) => t('Migrate into {0}/{1}', v.repo_owner, v.repo_name || '…'),
      fields: migrateFields(client, username),
      problems: (v) => validateMigration(toInput(v), t),
      dirty: () => true,
      allowUnchanged: true,
    },
    initial,
  );
  return values && toInput(values);
}

function elapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  return s < 60 ? t('{0} s', s) : t('{0} min {1} s', Math.floor(s / 60), s % 60);
}

const CREDENTIAL_FIELDS: readonly CredentialField[] = ['auth_username', 'auth_password', 'auth_token', 'aws_access_key_id', 'aws_secret_access_key'];

/** Migrates a repository; resolves with the new repository, or undefined. */
export async function migrateRepository(services: Services, arg?: unknown): Promise<Repository | undefined> {
  const args = argObject(arg);
  const programmatic = typeof args?.clone_addr === 'string' && typeof args?.repo_name === 'string';
  const account = await accountTarget(services, args);
  if (!account) return undefined;
  let input: MigrationInput | undefined;
  if (programmatic) {
    // Credentials may come as `credentials: {…}` or, as in the API body, as top-level auth_* / aws_* fields.
    const flat: Partial<Record<CredentialField, string>> = {};
    for (const field of CREDENTIAL_FIELDS) if (typeof args?.[field] === 'string') flat[field] = args[field] as string;
    const given = args as Partial<MigrationInput>;
    input = { service: 'git', repo_owner: account.account.username, ...given, credentials: { ...flat, ...given.credentials } } as MigrationInput;
    const problems = Object.values(validateMigration(input, t));
    if (problems.length > 0) throw new Error(problems.join(' '));
  } else {
    input = await askForm(account.client, account.account.username, args);
  }
  if (!input) return undefined;
  const body = buildMigrateBody(input);
  const target = `${input.repo_owner}/${input.repo_name}`;
  const secrets = migrationSecrets(input);
  let repo: Repository;
  try {
    repo = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: t('Migrating into {0}', inertText(target)), cancellable: true },
      async (progress, token) => {
        const started = Date.now();
        progress.report({ message: t('this can take minutes…') });
        const timer = setInterval(() => progress.report({ message: t('{0} — the server is still importing', elapsed(Date.now() - started)) }), 5000);
        try {
          // repoMigrate is a long-running operation: the client sets no timeout; only the user cancels.
          return await account.client.repoMigrate({ body }, { signal: signalOf(token) });
        } finally {
          clearInterval(timer);
        }
      },
    );
  } catch (e) {
    if (isCancellation(e)) {
      void vscode.window.showInformationMessage(t('Stopped waiting for the migration into {0}; the server may still finish it.', inertText(target)));
      return undefined;
    }
    return showAdminFailure(services, 'repoMigrate', t('Could not migrate into {0}', target), e, { target, secrets }, programmatic);
  }
  services.log.info(`Migrated ${input.service} source into ${repo.full_name}${input.mirror ? ' (mirror)' : ''}`);
  if (!programmatic) void offerNextSteps(repo, account.account.instanceUrl);
  return repo;
}

async function offerNextSteps(repo: Repository, instanceUrl: string): Promise<void> {
  const clone = t('Clone');
  const open = t('Open in Browser');
  const choice = await vscode.window.showInformationMessage(t('Migrated {0}.', inertText(repo.full_name)), clone, open);
  if (choice === clone && repo.clone_url) await vscode.commands.executeCommand('git.clone', repo.clone_url);
  if (choice === open && repo.html_url) await openServerUrl(repo.html_url, instanceUrl);
}
