// What the Create Issue form's pickers offer: the repository's real labels (its own and its organization's),
// open milestones, assignable users, branches and tags, plus what the caller may do (write, admin) and whether
// the repository is archived. Ids and refs picked here are what is sent.
import type { Branch, Label, Milestone, Repository, Tag, User } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { readAllPages, type PageLike } from '../../api/paging';
import type { Target } from '../../core/target';
import { giteaAtLeast, type Account } from '../../shared/account';
import { messageOf } from '../../shared/errors';

export interface LabelOption {
  readonly id: number;
  readonly name: string;
  /** Six hex digits without `#` (checked before it reaches the webview). */
  readonly color?: string;
  readonly description?: string;
  /** An organization label, shared by the organization's repositories. */
  readonly org: boolean;
  readonly exclusive: boolean;
}

export interface MilestoneOption {
  readonly id: number;
  readonly title: string;
  readonly dueOn?: string;
}

export interface AssigneeOption {
  readonly login: string;
  readonly fullName?: string;
}

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

/** Every item of a list, up to `maxPages` pages (20 for labels and milestones: 1,000 of either is plenty). */
async function allPages<T>(fetch: (page: number) => Promise<PageLike<T>>, maxPages = 20): Promise<T[]> {
  return (await readAllPages(fetch, { maxPages })).items;
}

function labelOption(l: Label, org: boolean): LabelOption {
  const color = l.color && /^#?[0-9a-fA-F]{6}$/.test(l.color) ? l.color.replace(/^#/, '').toLowerCase() : undefined;
  return { id: l.id, name: l.name, color, description: l.description ?? undefined, org, exclusive: l.exclusive === true };
}

export async function loadFormOptions(target: Target, signal?: AbortSignal): Promise<FormOptions> {
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
    settle<Repository | undefined>('repository', client.repoGet(params, opts), undefined),
    settle<Label[]>('labels', allPages((page) => client.issueListLabels({ ...params, page, limit: 50 }, opts)), []),
    // Organization labels apply too; a user-owned repository answers 404 here, which is not a problem.
    allPages((page) => client.orgListLabels({ org: repo.owner, page, limit: 50 }, opts)).catch((e: unknown) => {
      if (signal?.aborted) throw e;
      if (!(isGiteaError(e) && (e.kind === 'notFound' || e.kind === 'forbidden'))) problems.push(`organization labels: ${messageOf(e)}`);
      return [] as Label[];
    }),
    settle<Milestone[]>('milestones', allPages((page) => client.issueGetMilestonesList({ ...params, state: 'open', page, limit: 50 }, opts)), []),
    settle<User[]>('assignees', client.repoGetAssignees(params, opts).then((p) => p.items), []),
    settle<Branch[]>('branches', allPages((page) => client.repoListBranches({ ...params, page, limit: 50 }, opts), MAX_REF_PAGES), []),
    settle<Tag[]>('tags', allPages((page) => client.repoListTags({ ...params, page, limit: 50 }, opts), MAX_REF_PAGES), []),
  ]);
  const permissions = repository?.permissions;
  return {
    labels: [...repoLabels.map((l) => labelOption(l, false)), ...orgLabels.map((l) => labelOption(l, true))].filter((l) => !isArchivedLabel(l, repoLabels, orgLabels)),
    milestones: milestones.map((m) => ({ id: m.id, title: m.title, dueOn: m.due_on ?? undefined })),
    assignees: assignees.map((u) => ({ login: u.login, fullName: u.full_name || undefined })),
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

/** Archived labels cannot be added to new issues. */
function isArchivedLabel(option: LabelOption, repoLabels: readonly Label[], orgLabels: readonly Label[]): boolean {
  const source = (option.org ? orgLabels : repoLabels).find((l) => l.id === option.id);
  return source?.is_archived === true;
}
