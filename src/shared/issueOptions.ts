// What an issue's pickers offer, for every editor of issues (the Create Issue form, the issue page): the
// repository's labels and its organization's, open milestones, assignable users. Ids are what is sent. Editor-
// neutral (no vscode): each family builds its own picker from these.
import type { GiteaClient, Label, Milestone, User } from '../api';
import { isGiteaError } from '../api/errorKind';
import { readAllPages, type PageLike } from '../api/paging';
import { messageOf } from './errors';

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

interface RepoCoordinates {
  readonly owner: string;
  readonly repo: string;
}

/** Every item of a list, up to `maxPages` pages (20 for labels and milestones: 1,000 of either is plenty). */
export async function allPages<T>(fetch: (page: number) => Promise<PageLike<T>>, maxPages = 20): Promise<T[]> {
  return (await readAllPages(fetch, { maxPages })).items;
}

export function labelOption(l: Label, org: boolean): LabelOption {
  const color = l.color && /^#?[0-9a-f]{6}$/i.test(l.color) ? l.color.replace(/^#/, '').toLowerCase() : undefined;
  return { id: l.id, name: l.name, color, description: l.description ?? undefined, org, exclusive: l.exclusive === true };
}

/** The labels that can be put on an issue: the repository's, then its organization's; archived ones left out. */
export function labelOptions(repoLabels: readonly Label[], orgLabels: readonly Label[]): LabelOption[] {
  return [...repoLabels.filter((l) => l.is_archived !== true).map((l) => labelOption(l, false)), ...orgLabels.filter((l) => l.is_archived !== true).map((l) => labelOption(l, true))];
}

/** The repository's labels (all pages). */
export function loadRepoLabels(client: GiteaClient, at: RepoCoordinates, signal?: AbortSignal): Promise<Label[]> {
  return allPages((page) => client.issueListLabels({ owner: at.owner, repo: at.repo, page, limit: 50 }, { signal }));
}

/**
 * The labels of the owner when it is an organization. A user-owned repository answers 404 (and some servers 403):
 * no labels, no problem; any other failure is reported through `problem`.
 */
export async function loadOrgLabels(client: GiteaClient, owner: string, signal: AbortSignal | undefined, problem: (text: string) => void): Promise<Label[]> {
  try {
    return await allPages((page) => client.orgListLabels({ org: owner, page, limit: 50 }, { signal }));
  } catch (e) {
    if (signal?.aborted) throw e;
    if (!(isGiteaError(e) && (e.kind === 'notFound' || e.kind === 'forbidden'))) problem(`organization labels: ${messageOf(e)}`);
    return [];
  }
}

/** Open milestones (all pages). */
export async function loadMilestoneOptions(client: GiteaClient, at: RepoCoordinates, signal?: AbortSignal): Promise<MilestoneOption[]> {
  const milestones: Milestone[] = await allPages((page) => client.issueGetMilestonesList({ owner: at.owner, repo: at.repo, state: 'open', page, limit: 50 }, { signal }));
  return milestones.map((m) => ({ id: m.id, title: m.title, dueOn: m.due_on ?? undefined }));
}

/** The users an issue of the repository can be assigned to. */
export async function loadAssigneeOptions(client: GiteaClient, at: RepoCoordinates, signal?: AbortSignal): Promise<AssigneeOption[]> {
  const users: User[] = (await client.repoGetAssignees({ owner: at.owner, repo: at.repo }, { signal })).items;
  return users.map((u) => ({ login: u.login, fullName: u.full_name || undefined }));
}
