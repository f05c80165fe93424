// What the Create Pull Request form offers for a base repository, all read in parallel: the repository (default and
// target branch, permissions, archived), its branches, labels (its own and its organization's), open milestones,
// assignable users, reviewers (assignable users and collaborators, not the poster) and teams, and the pull request
// template of its default branch. A list that cannot be read is reported, not fatal.
import type { Branch, GiteaClient, Repository, Team, User } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { readAllPages } from '../../api/paging';
import { messageOf } from '../../shared/errors';
import { folderNames } from '../../shared/repoFolders';
import {
  allPages, labelOptions, loadAssigneeOptions, loadMilestoneOptions, loadOrgLabels, loadRepoLabels,
  type AssigneeOption, type LabelOption, type MilestoneOption,
} from '../../shared/issueOptions';
import { parsePullTemplate, presentCandidates, TEMPLATE_CANDIDATES, type PullTemplate } from './pullTemplate';

export interface ReviewerOption {
  readonly login: string;
  readonly fullName?: string;
}

export interface TeamOption {
  readonly name: string;
  readonly description?: string;
}

export interface PullFormOptions {
  /** `owner/repo` of the repository the options are for. */
  readonly repo: string;
  readonly defaultBranch?: string;
  /** Where pull requests go by default: the repository's default target branch, else its default branch. */
  readonly defaultBase?: string;
  readonly branches: readonly string[];
  readonly labels: readonly LabelOption[];
  readonly milestones: readonly MilestoneOption[];
  readonly assignees: readonly AssigneeOption[];
  readonly reviewers: readonly ReviewerOption[];
  readonly teams: readonly TeamOption[];
  readonly template?: PullTemplate;
  readonly canWrite: boolean;
  readonly archived: boolean;
  /** Pull requests are turned off in the repository. */
  readonly pullsOff: boolean;
  readonly problems: readonly string[];
}

/** Pages of branches that fill the base picker; any other branch can still be typed. */
const MAX_BRANCH_PAGES = 2;

/** A list the caller may not read, or that does not exist here (a user's repository has no teams): nothing. */
function noneWhenRefused<T>(e: unknown): T[] {
  if (isGiteaError(e) && (e.kind === 'notFound' || e.kind === 'forbidden')) return [];
  throw e;
}

/** What of a template is read: Gitea reads at most 1 MiB of one; the rest is never parsed. */
export const MAX_TEMPLATE_BYTES = 1024 * 1024;

/** A file's text, or undefined when there is none (404). */
async function rawText(client: GiteaClient, owner: string, repo: string, filepath: string, ref: string | undefined, signal?: AbortSignal): Promise<string | undefined> {
  try {
    const bytes = await client.repoGetRawFile({ owner, repo, filepath, ref }, { signal });
    return new TextDecoder().decode(bytes.subarray(0, MAX_TEMPLATE_BYTES));
  } catch (e) {
    if (isGiteaError(e) && e.kind === 'notFound') return undefined;
    throw e;
  }
}

/**
 * The template by Gitea's rule, read from `ref` (the default branch): the first candidate that is valid. The root's
 * six candidates are asked for directly (listing a big repository's root is slow: Gitea finds each entry's last
 * commit), the `.gitea` and `.github` folders are listed, all at once.
 */
export async function loadPullTemplate(client: GiteaClient, owner: string, repo: string, ref: string | undefined, signal?: AbortSignal): Promise<PullTemplate | undefined> {
  const rootCandidates = TEMPLATE_CANDIDATES.filter((c) => !c.includes('/'));
  const [rootTexts, gitea, github] = await Promise.all([
    Promise.all(rootCandidates.map((c) => rawText(client, owner, repo, c, ref, signal))),
    folderNames(client, owner, repo, '.gitea', ref, signal),
    folderNames(client, owner, repo, '.github', ref, signal),
  ]);
  const known = new Map(rootCandidates.map((c, i) => [c, rootTexts[i]]));
  const root = rootCandidates.filter((c) => known.get(c) !== undefined);
  for (const path of presentCandidates({ root, gitea, github })) {
    const text = known.get(path) ?? (await rawText(client, owner, repo, path, ref, signal));
    const template = text === undefined ? undefined : parsePullTemplate(path, text);
    if (template) return template;
  }
  return undefined;
}

/**
 * The options of `at`, every list asked for at once. `repository`: the server's answer for it when the caller asks
 * already (else it is asked here, in parallel). The template is read from the default branch, which only that answer
 * names: `knownDefaultBranch` (as the repository was last read) lets it start at once, and it is read again from the
 * branch the server names if that is another. What the options say of the repository is always the server's answer.
 */
export async function loadPullFormOptions(
  client: GiteaClient,
  at: { owner: string; repo: string },
  poster: string,
  repository: Promise<Repository> | undefined,
  signal?: AbortSignal,
  knownDefaultBranch?: string,
): Promise<PullFormOptions> {
  const params = { owner: at.owner, repo: at.repo };
  const opts = { signal };
  const problems: string[] = [];
  const settle = async <T>(what: string, p: Promise<T>, fallback: T): Promise<T> => {
    try {
      return await p;
    } catch (e) {
      if (signal?.aborted) throw e;
      problems.push(`${what}: ${messageOf(e)}`);
      return fallback;
    }
  };
  const repoLoad = settle<Repository | undefined>('repository', repository ?? client.repoGet(params, opts), undefined);
  const early = knownDefaultBranch ? loadPullTemplate(client, at.owner, at.repo, knownDefaultBranch, signal) : undefined;
  // expected: a failure of the early read is settled below when it is used, and dropped when it was the wrong branch.
  early?.catch(() => undefined);
  const templateLoad = repoLoad.then((r) => {
    const ref = r?.default_branch || undefined;
    return settle('template', early && ref === knownDefaultBranch ? early : loadPullTemplate(client, at.owner, at.repo, ref, signal), undefined);
  });
  const [repo, branches, repoLabels, orgLabels, milestones, assignees, collaborators, teams, template] = await Promise.all([
    repoLoad,
    settle<Branch[]>('branches', allPages((page) => client.repoListBranches({ ...params, page, limit: 50 }, opts), MAX_BRANCH_PAGES), []),
    settle('labels', loadRepoLabels(client, params, signal), []),
    loadOrgLabels(client, at.owner, signal, (text) => problems.push(text)),
    settle<MilestoneOption[]>('milestones', loadMilestoneOptions(client, params, signal), []),
    settle<AssigneeOption[]>('assignees', loadAssigneeOptions(client, params, signal), []),
    settle<User[]>('collaborators', readAllPages((page) => client.repoListCollaborators({ ...params, page }, opts)).then((all) => all.items, noneWhenRefused<User>), []),
    settle<Team[]>('teams', readAllPages((page) => client.orgListTeams({ org: at.owner, page }, opts)).then((all) => all.items, noneWhenRefused<Team>), []),
    templateLoad,
  ]);
  // Gitea refuses the poster as a reviewer of their own pull request (and then answers 500 after creating it).
  const reviewers = new Map<string, ReviewerOption>();
  for (const u of [...assignees.map((a) => ({ login: a.login, full_name: a.fullName })), ...collaborators]) {
    if (u.login.toLowerCase() !== poster.toLowerCase()) reviewers.set(u.login.toLowerCase(), { login: u.login, fullName: u.full_name || undefined });
  }
  const permissions = repo?.permissions;
  return {
    repo: `${at.owner}/${at.repo}`,
    defaultBranch: repo?.default_branch || undefined,
    defaultBase: repo?.default_target_branch || repo?.default_branch || undefined,
    branches: branches.map((b) => b.name).filter((n): n is string => typeof n === 'string'),
    labels: labelOptions(repoLabels, orgLabels),
    milestones,
    assignees,
    reviewers: [...reviewers.values()].sort((a, b) => a.login.localeCompare(b.login)),
    teams: teams.map((t) => ({ name: t.name, description: t.description || undefined })),
    template,
    canWrite: permissions ? permissions.push === true || permissions.admin === true : true,
    archived: repo?.archived === true,
    pullsOff: repo?.has_pull_requests === false,
    problems,
  };
}
