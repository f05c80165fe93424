// What the Create Issue form's pickers offer: the repository's real labels (its own and its organization's),
// open milestones, assignable users, branches and tags, plus what the caller may do (write, admin) and whether
// the repository is archived. Ids and refs picked here are what is sent.
import type { Branch, Label, Repository, Tag } from '../../api';
import type { RecentRepositories } from '../../core/recentRepositories';
import type { Target } from '../../core/target';
import { giteaAtLeast, type Account } from '../../shared/account';
import { messageOf } from '../../shared/errors';
import {
  allPages,
  labelOptions,
  loadAssigneeOptions,
  loadMilestoneOptions,
  loadOrgLabels,
  loadRepoLabels,
  type AssigneeOption,
  type LabelOption,
  type MilestoneOption,
} from '../../shared/issueOptions';

export type { AssigneeOption, LabelOption, MilestoneOption };

/** A tag for the ref picker: `ref` is what the issue stores (`refs/tags/<name>`, as Gitea's web UI does). */
export interface TagOption {
  readonly name: string;
  readonly ref: string;
}

export interface FormOptions {
  readonly labels: readonly LabelOption[];
  readonly milestones: readonly MilestoneOption[];
  readonly assignees: readonly AssigneeOption[];
  /** Branch names, sent as they are (plain names, as the form always did). */
  readonly branches: readonly string[];
  /** Newest first, after the branches in the picker. */
  readonly tags: readonly TagOption[];
  readonly defaultBranch?: string;
  /**
   * The Projects field. Gitea's API has no endpoint that lists projects, so ids are typed (`ids`); servers before
   * Gitea 1.27 (and Forgejo) silently drop the ids of a new issue (`ignored`: shown disabled, with why); `off`: the
   * repository has projects turned off (hidden).
   */
  readonly projects: ProjectsField;
  readonly canWrite: boolean;
  readonly isAdmin: boolean;
  readonly archived: boolean;
  /** Lists that could not be loaded, by name, with the reason. */
  readonly problems: readonly string[];
}

export type ProjectsField = 'ids' | 'ignored' | 'off';

/** Whether the server files a new issue into the projects it is given: Gitea 1.27 added `projects` to
 * CreateIssueOption; 1.26 answers 201 and drops the ids, unknown ones included. */
export function serverTakesProjectIds(account: Account): boolean {
  return giteaAtLeast(account, 1, 27);
}

/** Pages of branches, and of tags, that fill the ref picker; any other branch or tag can still be typed. */
const MAX_REF_PAGES = 4;

/**
 * The ref an issue stores for a tag, as Gitea's web UI stores it (`refs/tags/…`; branches there are `refs/heads/…`,
 * here plain names as before). The full ref keeps a tag apart from a branch of the same name.
 */
export function tagRef(name: string): string {
  return `refs/tags/${name}`;
}

/** `recent`: where the repository read here is kept for other readers (the Create Pull Request form). */
export async function loadFormOptions(target: Target, signal?: AbortSignal, recent?: RecentRepositories): Promise<FormOptions> {
  const { client, repo } = target;
  const params = { owner: repo.owner, repo: repo.repo };
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
  const [repository, repoLabels, orgLabels, milestones, assignees, branches, tags] = await Promise.all([
    settle<Repository | undefined>('repository', recent ? recent.read(target, params, signal) : client.repoGet(params, opts), undefined),
    settle<Label[]>('labels', loadRepoLabels(client, params, signal), []),
    // Organization labels apply too; a user-owned repository answers 404 here, which is not a problem.
    loadOrgLabels(client, repo.owner, signal, (text) => problems.push(text)),
    settle<MilestoneOption[]>('milestones', loadMilestoneOptions(client, params, signal), []),
    settle<AssigneeOption[]>('assignees', loadAssigneeOptions(client, params, signal), []),
    settle<Branch[]>('branches', allPages((page) => client.repoListBranches({ ...params, page, limit: 50 }, opts), MAX_REF_PAGES), []),
    settle<Tag[]>('tags', allPages((page) => client.repoListTags({ ...params, page, limit: 50 }, opts), MAX_REF_PAGES), []),
  ]);
  const permissions = repository?.permissions;
  return {
    labels: labelOptions(repoLabels, orgLabels),
    milestones,
    assignees,
    branches: branches.map((b) => b.name).filter((n): n is string => typeof n === 'string'),
    tags: tags.map((t) => ({ name: t.name, ref: tagRef(t.name) })),
    defaultBranch: repository?.default_branch ?? undefined,
    projects: repository?.has_projects === false ? 'off' : serverTakesProjectIds(target.account) ? 'ids' : 'ignored',
    // Without write access the server silently drops labels, milestone, assignees and due date.
    canWrite: permissions ? permissions.push === true || permissions.admin === true : true,
    isAdmin: permissions?.admin === true,
    archived: repository?.archived === true,
    problems,
  };
}
