// POST /repos/migrate. The remote is not really cloned (tests run offline): the URL and owner checks are
// Gitea's, then a repository with one commit recording the source is created. Hosts ending in ".invalid"
// fail like an unreachable remote, and FIXTURES.migration.rejectedPassword like bad remote credentials.
import { isIP } from 'node:net';
import { recordActivity } from '../activity';
import { bind } from '../binding';
import type { Ctx } from '../context';
import { toRepo } from '../convert/repo';
import { conflict, forbidden, unprocessable } from '../errors';
import { FIXTURES } from '../fixtures';
import { isOrgOwner } from '../permissions';
import type { Router } from '../router';
import { newRepoRecord } from '../seed/accounts';
import { PEOPLE, simpleHistory } from '../seed/demoHistory';
import { repoNameProblem } from './repos';

interface MigrateRepoOptions {
  clone_addr: string;
  uid?: number;
  repo_owner?: string;
  repo_name: string;
  service?: string;
  auth_username?: string;
  auth_password?: string;
  auth_token?: string;
  mirror?: boolean;
  private?: boolean;
  description?: string;
  mirror_interval?: string;
}

/** Loopback, private, link-local and unspecified addresses (Gitea's default block list for migrations). */
function isPrivateAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) {
    const [a, b] = h.split('.').map(Number);
    return a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  if (isIP(h) === 6) return h === '::1' || h === '::' || h.startsWith('fc') || h.startsWith('fd') || h.startsWith('fe80') || h.startsWith('::ffff:127.');
  return false;
}

/** ParseRemoteAddr + IsMigrateURLAllowed: returns the 422 message, or undefined when the URL is acceptable. */
function remoteProblem(ctx: Ctx, addr: string): string | undefined {
  const trimmed = addr.trim();
  if (/^(?:https?|git):\/\//i.test(trimmed)) {
    let u: URL;
    try {
      u = new URL(trimmed);
    } catch {
      return 'The provided URL is invalid.';
    }
    if (!u.hostname) return 'The provided URL is invalid.';
    if (isPrivateAddress(u.hostname)) return 'You can not import from disallowed hosts.';
    return undefined;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return 'The provided URL is invalid.';
  // No scheme: a local path, which only administrators may import.
  if (!ctx.isSiteAdmin) return 'You are not allowed to import local repositories.';
  return 'Invalid local path, it does not exist or not a directory.';
}

async function migrate(ctx: Ctx): Promise<void> {
  const doer = ctx.requireSigned();
  const form = bind<MigrateRepoOptions>(ctx, 'MigrateRepoOptions', [
    { go: 'CloneAddr', json: 'clone_addr', type: 'string', rules: ['Required'] },
    { go: 'RepoOwnerID', json: 'uid', type: 'int' },
    { go: 'RepoOwner', json: 'repo_owner', type: 'string' },
    { go: 'RepoName', json: 'repo_name', type: 'string', rules: ['Required', 'AlphaDashDot', 'MaxSize(100)'] },
    { go: 'Service', json: 'service', type: 'string' },
    { go: 'AuthUsername', json: 'auth_username', type: 'string' },
    { go: 'AuthPassword', json: 'auth_password', type: 'string' },
    { go: 'AuthToken', json: 'auth_token', type: 'string' },
    { go: 'Mirror', json: 'mirror', type: 'bool' },
    { go: 'Private', json: 'private', type: 'bool' },
    { go: 'Description', json: 'description', type: 'string', rules: ['MaxSize(2048)'] },
    { go: 'MirrorInterval', json: 'mirror_interval', type: 'string' },
  ]);
  const state = ctx.state;
  let owner = doer as ReturnType<typeof state.accountByName>;
  if (form.repo_owner) owner = state.accountByName(form.repo_owner);
  else if (form.uid) owner = state.account(form.uid);
  if (!owner) return unprocessable(`user does not exist [uid: ${form.uid ?? 0}, name: ${form.repo_owner ?? ''}]`);
  if (!doer.isAdmin) {
    if (owner.kind === 'user' && owner.id !== doer.id) forbidden('Given user is not an organization.');
    if (owner.kind === 'org' && !isOrgOwner(state, doer.id, owner.id)) forbidden('Given user is not owner of organization.');
  }
  const problem = remoteProblem(ctx, form.clone_addr);
  if (problem) unprocessable(problem);
  if (state.settings.disableMigrations) forbidden('the site administrator has disabled migrations');
  const nameProblem = repoNameProblem(form.repo_name);
  if (nameProblem?.kind === 'reserved') unprocessable(`The username '${form.repo_name}' is reserved.`);
  if (nameProblem?.kind === 'pattern') unprocessable(`The pattern '${nameProblem.value}' is not allowed in a username.`);
  if (state.repoByName(owner.login, form.repo_name)) conflict('The repository with the same name already exists.');

  const url = new URL(form.clone_addr.trim());
  const safeUrl = `${url.protocol}//${url.host}${url.pathname}${url.search}`;
  if (url.hostname.endsWith(FIXTURES.migration.unreachableHostSuffix)) {
    unprocessable(`Migration failed: Clone: exit status 128 - fatal: unable to access '${safeUrl}': Could not resolve host: ${url.hostname}.`);
  }
  const secret = form.auth_password || form.auth_token;
  if (secret === FIXTURES.migration.rejectedPassword) {
    unprocessable(`Authentication failed: Clone: exit status 128 - fatal: Authentication failed for '${safeUrl}'.`);
  }

  const repo = newRepoRecord(state, {
    id: state.nextId('repository'),
    ownerId: owner.id,
    name: form.repo_name,
    description: form.description ?? '',
    private: form.private ?? false,
    mirror: form.mirror ?? false,
    mirrorInterval: form.mirror ? form.mirror_interval || '8h0m0s' : '',
    originalUrl: safeUrl,
    created: new Date(),
    updated: new Date(),
    watcherIds: [doer.id],
  });
  await ctx.git.initBare(repo.gitPath, 'main');
  await ctx.git.fastImport(repo.gitPath, simpleHistory(`${form.repo_name}\n\nMigrated from ${safeUrl}`, PEOPLE.alice, 200));
  ctx.git.invalidate(repo.gitPath);
  recordActivity(state, { opType: 'create_repo', actorId: doer.id, repo });
  ctx.json(201, await toRepo(ctx, repo));
}

export function registerMigrateRoutes(r: Router): void {
  r.post('/repos/migrate', ['repository'], migrate);
}
