// The migration body (POST /repos/migrate): services, the credentials each needs, and what each can import.
// Platform neutral (no `vscode`) so the rules are unit-tested. Credentials only ever live in the one body.

import { checkHttpUrl, plainText, type Translate } from '../../shared/validation';
import { checkCloneUrl, checkMirrorInterval, checkRepoName } from './validation';

/** The nine services of the API, in the server's order. */
export const MIGRATION_SERVICES = [
  'git',
  'github',
  'gitea',
  'gitlab',
  'gogs',
  'onedev',
  'gitbucket',
  'codebase',
  'codecommit',
] as const;
export type MigrationService = (typeof MIGRATION_SERVICES)[number];

export type CredentialField = 'auth_username' | 'auth_password' | 'auth_token' | 'aws_access_key_id' | 'aws_secret_access_key';
export type ImportItem = 'issues' | 'labels' | 'milestones' | 'pull_requests' | 'releases' | 'wiki' | 'lfs';

const ALL_ITEMS: readonly ImportItem[] = ['issues', 'labels', 'milestones', 'pull_requests', 'releases', 'wiki', 'lfs'];

/** What each service asks for on Gitea's migration page. */
export const SERVICE_INFO: Readonly<
  Record<MigrationService, { credentials: readonly CredentialField[]; requiredCredentials: readonly CredentialField[]; items: readonly ImportItem[] }>
> = {
  git: { credentials: ['auth_username', 'auth_password'], requiredCredentials: [], items: ['wiki', 'lfs'] },
  github: { credentials: ['auth_token'], requiredCredentials: [], items: ALL_ITEMS },
  gitea: { credentials: ['auth_token'], requiredCredentials: [], items: ALL_ITEMS },
  gitlab: { credentials: ['auth_token'], requiredCredentials: [], items: ALL_ITEMS },
  gogs: { credentials: ['auth_token'], requiredCredentials: [], items: ALL_ITEMS },
  onedev: { credentials: ['auth_username', 'auth_password'], requiredCredentials: [], items: ALL_ITEMS },
  gitbucket: { credentials: ['auth_username', 'auth_password'], requiredCredentials: [], items: ALL_ITEMS },
  codebase: { credentials: ['auth_username', 'auth_password'], requiredCredentials: [], items: ALL_ITEMS },
  codecommit: {
    credentials: ['aws_access_key_id', 'aws_secret_access_key'],
    requiredCredentials: ['aws_access_key_id', 'aws_secret_access_key'],
    items: ['pull_requests', 'wiki', 'lfs'],
  },
};

/** A mirror copies git data only (the server drops issues, labels, … for mirrors). */
export const MIRROR_ITEMS: readonly ImportItem[] = ['wiki', 'lfs'];

export function importableItems(service: MigrationService, mirror: boolean): ImportItem[] {
  return SERVICE_INFO[service].items.filter((i) => !mirror || MIRROR_ITEMS.includes(i));
}

/** A first guess of the service from the source URL's host; the user can change it. */
export function guessService(cloneAddr: string): MigrationService {
  let host: string;
  try {
    host = new URL(cloneAddr.trim()).hostname.toLowerCase();
  } catch {
    // expected: not a URL yet (still being typed): a plain git source.
    return 'git';
  }
  if (host === 'github.com') return 'github';
  if (host === 'gitlab.com') return 'gitlab';
  if (host === 'gitea.com' || host === 'codeberg.org') return 'gitea';
  if (host.endsWith('.codebasehq.com')) return 'codebase';
  if (/^git-codecommit\.[a-z0-9-]+\.amazonaws\.com$/.test(host)) return 'codecommit';
  return 'git';
}

/** The repository name suggested by the source URL (`…/owner/name.git` → `name`). */
export function suggestRepoName(cloneAddr: string): string {
  try {
    const parts = new URL(cloneAddr.trim()).pathname.split('/').filter(Boolean);
    return (parts.at(-1) ?? '').replace(/\.git$/i, '');
  } catch {
    // expected: not a URL yet: no name to suggest.
    return '';
  }
}

export interface MigrationInput {
  clone_addr: string;
  service: MigrationService;
  repo_name: string;
  repo_owner: string;
  description?: string;
  private?: boolean;
  mirror?: boolean;
  mirror_interval?: string;
  items?: readonly ImportItem[];
  lfs_endpoint?: string;
  credentials?: Partial<Record<CredentialField, string>>;
}

export interface MigrateBody {
  clone_addr: string;
  service: MigrationService;
  repo_name: string;
  repo_owner: string;
  private: boolean;
  mirror: boolean;
  issues: boolean;
  labels: boolean;
  milestones: boolean;
  pull_requests: boolean;
  releases: boolean;
  wiki: boolean;
  lfs: boolean;
  description?: string;
  mirror_interval?: string;
  lfs_endpoint?: string;
  auth_username?: string;
  auth_password?: string;
  auth_token?: string;
  aws_access_key_id?: string;
  aws_secret_access_key?: string;
}

export function validateMigration(input: MigrationInput, t: Translate = plainText): Record<string, string> {
  const problems: Record<string, string> = {};
  const url = checkCloneUrl(input.clone_addr, t);
  if (url) problems.clone_addr = url;
  if (!(MIGRATION_SERVICES as readonly string[]).includes(input.service)) {
    problems.service = t('Choose one of the services: {0}.', MIGRATION_SERVICES.join(', '));
  }
  const name = checkRepoName(input.repo_name, t);
  if (name) problems.repo_name = name;
  if (!input.repo_owner) problems.repo_owner = t('Choose the owner of the new repository.');
  if (input.mirror && input.mirror_interval) {
    const p = checkMirrorInterval(input.mirror_interval, t);
    if (p) problems.mirror_interval = p;
  }
  if (input.items?.includes('lfs') && input.lfs_endpoint) {
    const p = checkHttpUrl(input.lfs_endpoint, t);
    if (p) problems.lfs_endpoint = p;
  }
  const info = SERVICE_INFO[input.service] ?? SERVICE_INFO.git;
  for (const field of info.requiredCredentials) {
    if (!input.credentials?.[field]) problems[field] = t('{0} needs this credential.', input.service);
  }
  return problems;
}

/** The POST body: every import flag explicit, and only the credentials the chosen service uses. */
export function buildMigrateBody(input: MigrationInput): MigrateBody {
  const mirror = input.mirror ?? false;
  const allowed = importableItems(input.service, mirror);
  const wants = (item: ImportItem): boolean => allowed.includes(item) && (input.items ?? []).includes(item);
  const body: MigrateBody = {
    clone_addr: input.clone_addr.trim(),
    service: input.service,
    repo_name: input.repo_name,
    repo_owner: input.repo_owner,
    private: input.private ?? false,
    mirror,
    issues: wants('issues'),
    labels: wants('labels'),
    milestones: wants('milestones'),
    pull_requests: wants('pull_requests'),
    releases: wants('releases'),
    wiki: wants('wiki'),
    lfs: wants('lfs'),
  };
  if (input.description?.trim()) body.description = input.description.trim();
  if (mirror && input.mirror_interval?.trim()) body.mirror_interval = input.mirror_interval.trim();
  if (body.lfs && input.lfs_endpoint?.trim()) body.lfs_endpoint = input.lfs_endpoint.trim();
  for (const field of SERVICE_INFO[input.service].credentials) {
    const value = input.credentials?.[field];
    if (value) body[field] = value;
  }
  return body;
}

/** The secret values of an input (not the user name), for redaction of anything shown or logged. */
export function migrationSecrets(input: MigrationInput): string[] {
  const { auth_username: _name, ...secrets } = input.credentials ?? {};
  return Object.values(secrets).filter((v): v is string => !!v);
}
