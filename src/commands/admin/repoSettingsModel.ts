// The repository settings as one flat set of values, and the PATCH /repos/{o}/{r} body built from what changed.
// Platform neutral (no `vscode`) so that the diff rules are unit-tested.
//
// Traps of the real server (Gitea's updateRepoUnits) that decide the shape of the body:
// - merge-style and pull request defaults are applied only when `has_pull_requests: true` is in the same body;
// - `projects_mode` only with `has_projects: true`;
// - `internal_tracker` / `external_tracker` only with `has_issues: true`, and `has_issues: true` without
//   `external_tracker` switches the repository back to the built-in tracker;
// - `external_wiki` only with `has_wiki: true`; `has_wiki: true` alone switches back to the built-in wiki.
// So a change inside one of these groups also sends the switch of its group (and the whole tracker/wiki object).

import { checkHttpUrl, plainText, type Translate } from '../../shared/validation';
import { checkMirrorInterval, checkRepoName } from './validation';

/** The fields of a Repository that the settings read (a structural subset of the client's Repository). */
export interface RepoSettingsSource {
  name: string;
  description?: string | null;
  website?: string | null;
  private?: boolean | null;
  template?: boolean | null;
  mirror?: boolean | null;
  archived?: boolean | null;
  default_branch?: string | null;
  has_code?: boolean | null;
  has_issues?: boolean | null;
  has_wiki?: boolean | null;
  has_pull_requests?: boolean | null;
  has_projects?: boolean | null;
  has_releases?: boolean | null;
  has_packages?: boolean | null;
  has_actions?: boolean | null;
  projects_mode?: string | null;
  allow_merge_commits?: boolean | null;
  allow_rebase?: boolean | null;
  allow_rebase_explicit?: boolean | null;
  allow_squash_merge?: boolean | null;
  allow_fast_forward_only_merge?: boolean | null;
  allow_manual_merge?: boolean | null;
  autodetect_manual_merge?: boolean | null;
  allow_rebase_update?: boolean | null;
  allow_merge_update?: boolean | null;
  ignore_whitespace_conflicts?: boolean | null;
  default_delete_branch_after_merge?: boolean | null;
  default_allow_maintainer_edit?: boolean | null;
  default_merge_style?: string | null;
  default_update_style?: string | null;
  mirror_interval?: string | null;
  internal_tracker?: {
    enable_time_tracker?: boolean | null;
    allow_only_contributors_to_track_time?: boolean | null;
    enable_issue_dependencies?: boolean | null;
  } | null;
  external_tracker?: {
    external_tracker_url?: string | null;
    external_tracker_format?: string | null;
    external_tracker_style?: string | null;
    external_tracker_regexp_pattern?: string | null;
  } | null;
  external_wiki?: { external_wiki_url?: string | null } | null;
}

export const MERGE_STYLES = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only'] as const;
export const UPDATE_STYLES = ['merge', 'rebase'] as const;
export const PROJECTS_MODES = ['repo', 'owner', 'all'] as const;
export const TRACKER_STYLES = ['numeric', 'alphanumeric', 'regexp'] as const;

/** Every editable value. Write-only fields (the server never returns them) are `undefined` until entered. */
export interface RepoSettingsValues {
  name: string;
  description: string;
  website: string;
  private: boolean;
  template: boolean;
  default_branch: string;
  has_code: boolean;
  has_releases: boolean;
  has_packages: boolean;
  has_actions: boolean;
  has_issues: boolean;
  issue_tracker: 'internal' | 'external';
  enable_time_tracker: boolean;
  allow_only_contributors_to_track_time: boolean;
  enable_issue_dependencies: boolean;
  external_tracker_url: string;
  external_tracker_format: string;
  external_tracker_style: string;
  external_tracker_regexp_pattern: string;
  has_wiki: boolean;
  wiki_kind: 'internal' | 'external';
  external_wiki_url: string;
  has_projects: boolean;
  projects_mode: string;
  has_pull_requests: boolean;
  allow_merge_commits: boolean;
  allow_rebase: boolean;
  allow_rebase_explicit: boolean;
  allow_squash_merge: boolean;
  allow_fast_forward_only_merge: boolean;
  allow_manual_merge: boolean;
  autodetect_manual_merge: boolean;
  allow_rebase_update: boolean;
  allow_merge_update: boolean;
  ignore_whitespace_conflicts: boolean;
  default_delete_branch_after_merge: boolean;
  default_allow_maintainer_edit: boolean;
  default_merge_style: string;
  default_update_style: string;
  mirror_interval: string;
  enable_prune: boolean | undefined;
  mirror_username: string | undefined;
  mirror_password: string | undefined;
  mirror_token: string | undefined;
}

/** The PATCH body (EditRepoOption). */
export interface RepoEditBody {
  [key: string]: unknown;
  internal_tracker?: {
    enable_time_tracker: boolean;
    allow_only_contributors_to_track_time: boolean;
    enable_issue_dependencies: boolean;
  };
  external_tracker?: {
    external_tracker_url: string;
    external_tracker_format: string;
    external_tracker_style: string;
    external_tracker_regexp_pattern: string;
  };
  external_wiki?: { external_wiki_url: string };
}

/** Fields sent as they are when they differ from the repository. */
const PLAIN_FIELDS = [
  'name',
  'description',
  'website',
  'private',
  'template',
  'default_branch',
  'has_code',
  'has_releases',
  'has_packages',
  'has_actions',
  'mirror_interval',
  'enable_prune',
] as const satisfies ReadonlyArray<keyof RepoSettingsValues>;

/** Pull request settings: applied by the server only together with `has_pull_requests: true`. */
export const PULL_REQUEST_FIELDS = [
  'allow_merge_commits',
  'allow_rebase',
  'allow_rebase_explicit',
  'allow_squash_merge',
  'allow_fast_forward_only_merge',
  'allow_manual_merge',
  'autodetect_manual_merge',
  'allow_rebase_update',
  'allow_merge_update',
  'ignore_whitespace_conflicts',
  'default_delete_branch_after_merge',
  'default_allow_maintainer_edit',
  'default_merge_style',
  'default_update_style',
] as const satisfies ReadonlyArray<keyof RepoSettingsValues>;

const INTERNAL_TRACKER_FIELDS = ['enable_time_tracker', 'allow_only_contributors_to_track_time', 'enable_issue_dependencies'] as const;
const EXTERNAL_TRACKER_FIELDS = [
  'external_tracker_url',
  'external_tracker_format',
  'external_tracker_style',
  'external_tracker_regexp_pattern',
] as const;

/** Write-only credentials of a mirror: sent when entered, never compared, never kept. */
const SECRET_FIELDS = ['mirror_username', 'mirror_password', 'mirror_token'] as const;

export function settingsFromRepository(repo: RepoSettingsSource): RepoSettingsValues {
  const it = repo.internal_tracker ?? undefined;
  const et = repo.external_tracker ?? undefined;
  return {
    name: repo.name,
    description: repo.description ?? '',
    website: repo.website ?? '',
    private: repo.private ?? false,
    template: repo.template ?? false,
    default_branch: repo.default_branch ?? '',
    has_code: repo.has_code ?? true,
    has_releases: repo.has_releases ?? false,
    has_packages: repo.has_packages ?? false,
    has_actions: repo.has_actions ?? false,
    has_issues: repo.has_issues ?? false,
    issue_tracker: et ? 'external' : 'internal',
    // Gitea's defaults for a tracker that does not exist yet.
    enable_time_tracker: it?.enable_time_tracker ?? true,
    allow_only_contributors_to_track_time: it?.allow_only_contributors_to_track_time ?? true,
    enable_issue_dependencies: it?.enable_issue_dependencies ?? true,
    external_tracker_url: et?.external_tracker_url ?? '',
    external_tracker_format: et?.external_tracker_format ?? '',
    external_tracker_style: et?.external_tracker_style || 'numeric',
    external_tracker_regexp_pattern: et?.external_tracker_regexp_pattern ?? '',
    has_wiki: repo.has_wiki ?? false,
    wiki_kind: repo.external_wiki ? 'external' : 'internal',
    external_wiki_url: repo.external_wiki?.external_wiki_url ?? '',
    has_projects: repo.has_projects ?? false,
    projects_mode: repo.projects_mode || 'all',
    has_pull_requests: repo.has_pull_requests ?? false,
    allow_merge_commits: repo.allow_merge_commits ?? true,
    allow_rebase: repo.allow_rebase ?? true,
    allow_rebase_explicit: repo.allow_rebase_explicit ?? true,
    allow_squash_merge: repo.allow_squash_merge ?? true,
    allow_fast_forward_only_merge: repo.allow_fast_forward_only_merge ?? true,
    allow_manual_merge: repo.allow_manual_merge ?? false,
    autodetect_manual_merge: repo.autodetect_manual_merge ?? false,
    allow_rebase_update: repo.allow_rebase_update ?? true,
    allow_merge_update: repo.allow_merge_update ?? true,
    ignore_whitespace_conflicts: repo.ignore_whitespace_conflicts ?? false,
    default_delete_branch_after_merge: repo.default_delete_branch_after_merge ?? false,
    default_allow_maintainer_edit: repo.default_allow_maintainer_edit ?? false,
    default_merge_style: repo.default_merge_style || 'merge',
    default_update_style: repo.default_update_style || 'merge',
    mirror_interval: repo.mirror_interval ?? '',
    enable_prune: undefined,
    mirror_username: undefined,
    mirror_password: undefined,
    mirror_token: undefined,
  };
}

/** Edited values: the repository's values with the given changes on top (used for `{ changes }` arguments). */
export function applyChanges(original: RepoSettingsValues, changes: Partial<RepoSettingsValues>): RepoSettingsValues {
  const out: RepoSettingsValues = { ...original };
  for (const [key, value] of Object.entries(changes) as Array<[keyof RepoSettingsValues, unknown]>) {
    if (value !== undefined && key in original) (out as unknown as Record<string, unknown>)[key] = value;
  }
  return out;
}

const differs = <K extends keyof RepoSettingsValues>(a: RepoSettingsValues, b: RepoSettingsValues, k: K): boolean =>
  b[k] !== undefined && a[k] !== b[k];

/** The edit body: only what changed, plus the group switches the server needs to apply a change (see top). */
export function buildRepoEditBody(original: RepoSettingsValues, edited: RepoSettingsValues): RepoEditBody {
  const body: RepoEditBody = {};
  for (const k of PLAIN_FIELDS) if (differs(original, edited, k)) body[k] = edited[k];
  for (const k of SECRET_FIELDS) if (edited[k]) body[k] = edited[k];

  const prChanged = PULL_REQUEST_FIELDS.filter((k) => differs(original, edited, k));
  if (differs(original, edited, 'has_pull_requests') || (edited.has_pull_requests && prChanged.length > 0)) {
    body.has_pull_requests = edited.has_pull_requests;
    if (edited.has_pull_requests) for (const k of prChanged) body[k] = edited[k];
  }

  if (differs(original, edited, 'has_projects') || (edited.has_projects && differs(original, edited, 'projects_mode'))) {
    body.has_projects = edited.has_projects;
    if (edited.has_projects && differs(original, edited, 'projects_mode')) body.projects_mode = edited.projects_mode;
  }

  const trackerFields = edited.issue_tracker === 'external' ? EXTERNAL_TRACKER_FIELDS : INTERNAL_TRACKER_FIELDS;
  const issuesChanged =
    differs(original, edited, 'has_issues') ||
    (edited.has_issues &&
      (differs(original, edited, 'issue_tracker') || trackerFields.some((k) => differs(original, edited, k))));
  if (issuesChanged) {
    body.has_issues = edited.has_issues;
    if (edited.has_issues && edited.issue_tracker === 'external') {
      body.external_tracker = {
        external_tracker_url: edited.external_tracker_url.trim(),
        external_tracker_format: edited.external_tracker_format.trim(),
        external_tracker_style: edited.external_tracker_style,
        external_tracker_regexp_pattern: edited.external_tracker_regexp_pattern,
      };
    } else if (edited.has_issues) {
      body.internal_tracker = {
        enable_time_tracker: edited.enable_time_tracker,
        allow_only_contributors_to_track_time: edited.allow_only_contributors_to_track_time,
        enable_issue_dependencies: edited.enable_issue_dependencies,
      };
    }
  }

  const wikiChanged =
    differs(original, edited, 'has_wiki') ||
    (edited.has_wiki &&
      (differs(original, edited, 'wiki_kind') ||
        (edited.wiki_kind === 'external' && differs(original, edited, 'external_wiki_url'))));
  if (wikiChanged) {
    body.has_wiki = edited.has_wiki;
    if (edited.has_wiki && edited.wiki_kind === 'external') {
      body.external_wiki = { external_wiki_url: edited.external_wiki_url.trim() };
    }
  }
  return body;
}

/** Names of the body's top-level fields, for the confirmation and the log (never the secret values). */
export function describeBody(body: RepoEditBody): string[] {
  return Object.keys(body).sort();
}

/** Local checks of the edited values; one message per offending field. */
export function validateSettings(
  edited: RepoSettingsValues,
  isMirror: boolean,
  t: Translate = plainText,
): Partial<Record<keyof RepoSettingsValues, string>> {
  const problems: Partial<Record<keyof RepoSettingsValues, string>> = {};
  const nameProblem = checkRepoName(edited.name, t);
  if (nameProblem) problems.name = nameProblem;
  if (edited.website.trim() !== '') {
    const p = checkHttpUrl(edited.website, t);
    if (p) problems.website = p;
  }
  if (isMirror && edited.mirror_interval.trim() !== '') {
    const p = checkMirrorInterval(edited.mirror_interval, t);
    if (p) problems.mirror_interval = p;
  }
  if (edited.has_issues && edited.issue_tracker === 'external') {
    const p = checkHttpUrl(edited.external_tracker_url, t);
    if (p) problems.external_tracker_url = p;
    if (edited.external_tracker_format.trim() !== '') {
      const f = checkHttpUrl(edited.external_tracker_format.replace(/\{(?:user|repo|index)\}/g, 'x'), t);
      if (f) problems.external_tracker_format = t('Use a URL with the placeholders {user}, {repo} and {index}.');
    }
    if (edited.external_tracker_style === 'regexp') {
      if (edited.external_tracker_regexp_pattern.trim() === '') {
        problems.external_tracker_regexp_pattern = t('Enter the regular expression that finds issue references.');
      } else {
        try {
          new RegExp(edited.external_tracker_regexp_pattern);
        } catch {
          // expected: the pattern does not compile, which is what this check reports.
          problems.external_tracker_regexp_pattern = t('This is not a valid regular expression.');
        }
      }
    }
  }
  if (edited.has_wiki && edited.wiki_kind === 'external') {
    const p = checkHttpUrl(edited.external_wiki_url, t);
    if (p) problems.external_wiki_url = p;
  }
  return problems;
}
