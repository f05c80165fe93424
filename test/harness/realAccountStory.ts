// Real-server mode: the account's world beyond the repository, through the API only — an archived repository,
// stars, a user webhook, an organisation with a team, a team repository and labels (one archived) and, when the
// account is a site administrator, a second user in that team and as a collaborator, whose push and comment reach
// the feed.
// Everything created is written into the run's ledger (test/harness/realCleanup.ts).
import { randomBytes } from 'node:crypto';
import { OTP_ENV_VARS, type RealApi, type RealServerEnv } from './realApi';
import type { Ledger } from './realCleanup';
import { ContentsApi, type RepoStory } from './realRepoStory';
import type { ScenarioAccount, ScenarioLabel, TargetInfo } from './targetInfo';

export interface AccountStoryContext {
  api: RealApi;
  server: RealServerEnv;
  me: string;
  isAdmin: boolean;
  runId: string;
  /** The run's pid/host marker, written into descriptions (see realCleanup.ts). */
  marker: string;
  repo: RepoStory;
  ledger: Ledger;
  unsupported: TargetInfo['unsupported'];
}

export interface AccountStory {
  account: ScenarioAccount;
  collaborator?: string;
}

export async function tellAccountStory(ctx: AccountStoryContext): Promise<AccountStory> {
  const { api, me, repo } = ctx;
  const archivedRepo = await createArchivedRepository(ctx);
  for (const r of [repo, archivedRepo]) await api.call('PUT', `/user/starred/${r.owner}/${r.name}`);
  const userHook = await createUserHook(ctx);
  const org = await createOrganization(ctx);
  const collaborator = org ? await addSecondUser(ctx, org.team.id) : undefined;
  if (collaborator) org!.team.members.push(collaborator);
  if (!ctx.server.twoFactor) {
    ctx.unsupported.twoFactor = `two-factor sign-in needs an account with TOTP enrolled: set ${OTP_ENV_VARS.join(', ')}`;
  }
  return {
    account: {
      starred: [`${repo.owner}/${repo.name}`, `${me}/${archivedRepo.name}`],
      archivedRepo,
      userHook,
      org,
      twoFactor: ctx.server.twoFactor,
    },
    collaborator,
  };
}

async function createArchivedRepository(ctx: AccountStoryContext): Promise<ScenarioAccount['archivedRepo']> {
  const { api, me } = ctx;
  const name = `${ctx.runId}-archived`;
  await api.call('POST', '/user/repos', {
    name,
    description: `Gitea Workbench test run ${ctx.marker}: archived; deleted when the run ends.`,
    private: true,
    auto_init: true,
    default_branch: 'main',
  });
  ctx.ledger.add(`repository ${me}/${name}`, () => api.call('DELETE', `/repos/${me}/${name}`, undefined, [404]));
  await api.call('PATCH', `/repos/${me}/${name}`, { archived: true });
  return { owner: me, name };
}

async function createUserHook(ctx: AccountStoryContext): Promise<ScenarioAccount['userHook']> {
  const { api } = ctx;
  const events = ['push', 'issues', 'create'];
  const hook = (
    await api.call<{ id: number; events: string[]; branch_filter: string }>('POST', '/user/hooks', {
      type: 'gitea',
      // The run id in the URL lets a later run find the hook if this one is killed.
      config: { url: `https://ci.example.com/hooks/${ctx.runId}`, content_type: 'json' },
      events,
      branch_filter: 'main',
      active: true,
    })
  ).data;
  ctx.ledger.add(`user webhook #${hook.id}`, () => api.call('DELETE', `/user/hooks/${hook.id}`, undefined, [404]));
  return { id: hook.id, branchFilter: hook.branch_filter, events: hook.events };
}

async function createOrganization(ctx: AccountStoryContext): Promise<ScenarioAccount['org']> {
  const { api, me } = ctx;
  const name = `${ctx.runId}-org`;
  const created = await api.call('POST', '/orgs', {
    username: name,
    description: `Gitea Workbench test run ${ctx.marker}; deleted when the run ends.`,
    visibility: 'private',
  }, [403, 422]);
  if (created.status >= 400) {
    ctx.unsupported.organization = `${me} may not create organisations here (HTTP ${created.status} for POST /orgs)`;
    return undefined;
  }
  ctx.ledger.add(`organisation ${name}`, () => api.call('DELETE', `/orgs/${name}`, undefined, [404]));
  const team = (
    await api.call<{ id: number; name: string }>('POST', `/orgs/${name}/teams`, {
      name: 'Developers',
      description: 'Test data.',
      permission: 'write',
      units: ['repo.code', 'repo.issues', 'repo.pulls', 'repo.releases'],
      includes_all_repositories: false,
    })
  ).data;
  await api.call('PUT', `/teams/${team.id}/members/${me}`);
  // A repository of the team, so that the team's activity feed has entries.
  const site = 'site';
  await api.call('POST', `/orgs/${name}/repos`, { name: site, description: 'Test data.', private: true, auto_init: true, default_branch: 'main' });
  ctx.ledger.add(`repository ${name}/${site}`, () => api.call('DELETE', `/repos/${name}/${site}`, undefined, [404]));
  await api.call('PUT', `/teams/${team.id}/repos/${name}/${site}`);
  const label = async (option: { name: string; color: string; exclusive?: boolean }): Promise<ScenarioLabel> => {
    const l = (await api.call<ScenarioLabel>('POST', `/orgs/${name}/labels`, { description: 'Test data.', ...option })).data;
    return { id: l.id, name: l.name, color: l.color };
  };
  const plain = await label({ name: 'kind/bug', color: '#ee0701' });
  await label({ name: 'priority/high', color: '#e11d21', exclusive: true });
  const archived = await label({ name: 'legacy', color: '#cccccc' });
  // Gitea ignores is_archived on create: archive it with an edit.
  await api.call('PATCH', `/orgs/${name}/labels/${archived.id}`, { is_archived: true });
  return { name, team: { id: team.id, name: team.name, members: [me] }, labels: { plain, archived } };
}

/** A second user (site administrators only): team member, collaborator with write access, and active. */
async function addSecondUser(ctx: AccountStoryContext, teamId: number): Promise<string | undefined> {
  const { api, me, repo } = ctx;
  if (!ctx.isAdmin) {
    ctx.unsupported.collaborator = `${me} is not a site administrator here: no second user can be created for the team and as a collaborator`;
    return undefined;
  }
  const login = `${ctx.runId}-m`;
  await api.call('POST', '/admin/users', {
    username: login,
    email: `${login}@example.com`,
    full_name: 'Second member (test data)',
    password: randomBytes(18).toString('base64url'),
    must_change_password: false,
    send_notify: false,
  });
  ctx.ledger.add(`user ${login}`, () => api.call('DELETE', `/admin/users/${login}?purge=true`, undefined, [404]));
  await api.call('PUT', `/teams/${teamId}/members/${login}`);
  await api.call('PUT', `/repos/${repo.owner}/${repo.name}/collaborators/${login}`, { permission: 'write' });
  // Their actions come last, so the newest entries of the user's feed are someone else's (like on the test server).
  const asMember = api.as(login);
  await asMember.call('POST', `/repos/${repo.owner}/${repo.name}/issues/${repo.issues.blocker}/comments`, { body: 'I can reproduce it.' });
  await new ContentsApi(asMember, `/repos/${repo.owner}/${repo.name}`).commit('develop', 'WIP: refactoring', [
    { operation: 'create', path: 'src/refactoring.ts', content: 'export const refactoring = true;\n' },
  ]);
  return login;
}
