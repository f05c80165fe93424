// "Gitea: Edit Repository Settings" (repoEdit): every field of the edit body, grouped as on Gitea's settings
// page, edited in a QuickPick form; only what changed is sent (see repoSettingsModel.ts for the server's rules).
// Tests and other commands pass `{ owner?, repo?, changes }` and skip the form.
import * as vscode from 'vscode';
import type { GiteaClient, Repository } from '../../api';
import type { Services } from '../../core/services';
import { readAllPages } from '../../api/paging';
import { argObject, fullName, repoTarget, showAdminFailure } from './adminContext';
import { runForm, type ChoiceOption, type FormField } from './quickForm';
import {
  MERGE_STYLES,
  TRACKER_STYLES,
  UPDATE_STYLES,
  applyChanges,
  buildRepoEditBody,
  describeBody,
  settingsFromRepository,
  validateSettings,
  type RepoSettingsValues,
} from './repoSettingsModel';
import { checkHttpUrl } from '../../shared/validation';
import { checkMirrorInterval, checkRepoName } from './validation';
import { COMMAND } from '../../core/commandIds';
import { inertText } from '../../shared/untrustedText';

export const EDIT_REPOSITORY_SETTINGS = COMMAND.editRepositorySettings;

type V = RepoSettingsValues;
const t = vscode.l10n.t;
const choices = (values: readonly string[]): ChoiceOption[] => values.map((v) => ({ value: v, label: v }));

async function branchOptions(client: GiteaClient, owner: string, repo: string): Promise<ChoiceOption[]> {
  const { items, truncated } = await readAllPages((page) => client.repoListBranches({ owner, repo, page }), { maxPages: 10 });
  const options: ChoiceOption[] = items.map((b) => ({ value: b.name, label: b.name }));
  if (truncated) options.push({ value: '', label: t('Another branch…'), description: t('only the first {0} are listed', items.length), custom: true });
  return options;
}

function fields(client: GiteaClient, owner: string, repo: string, isMirror: boolean): FormField<V>[] {
  const basic = t('Repository');
  const mirror = t('Mirror');
  const features = t('Features');
  const pulls = t('Pull requests');
  const branches = t('Branches');
  const issues = (v: V): boolean => v.has_issues;
  const pullsOn = (v: V): boolean => v.has_pull_requests;
  const isMirrorRepo = (): boolean => isMirror;
  const bool = (key: Extract<keyof V, string>, group: string, label: string, visible?: (v: V) => boolean, detail?: string): FormField<V> => ({
    key,
    group,
    label,
    kind: 'boolean',
    visible,
    detail,
  });
  return [
    { key: 'name', group: basic, label: t('Name'), kind: 'text', validate: (s) => checkRepoName(s, t), detail: t('Renaming keeps a redirect from the old name.') },
    { key: 'description', group: basic, label: t('Description'), kind: 'text' },
    { key: 'website', group: basic, label: t('Website'), kind: 'text', placeholder: 'https://', validate: (s) => (s.trim() ? checkHttpUrl(s, t) : undefined) },
    bool('private', basic, t('Private (visible only to members)'), undefined, t('Organizations can reserve this change to their owners.')),
    bool('template', basic, t('Template repository')),

    { key: 'mirror_interval', group: mirror, label: t('Mirror interval'), kind: 'text', visible: isMirrorRepo, placeholder: '8h0m0s', validate: (s) => checkMirrorInterval(s, t) },
    bool('enable_prune', mirror, t('Prune obsolete remote-tracking references'), isMirrorRepo),
    { key: 'mirror_username', group: mirror, label: t('Remote user name'), kind: 'secret', visible: isMirrorRepo, detail: t('Write-only: the server never shows it.') },
    { key: 'mirror_password', group: mirror, label: t('Remote password'), kind: 'secret', visible: isMirrorRepo, detail: t('Sent once with this change; never stored.') },
    { key: 'mirror_token', group: mirror, label: t('Remote access token'), kind: 'secret', visible: isMirrorRepo, detail: t('Sent once with this change; never stored.') },

    bool('has_code', features, t('Code')),
    bool('has_wiki', features, t('Wiki')),
    {
      key: 'wiki_kind',
      group: features,
      label: t('Wiki kind'),
      kind: 'choice',
      visible: (v) => v.has_wiki,
      options: () => [
        { value: 'internal', label: 'internal', description: t('the built-in wiki') },
        { value: 'external', label: 'external', description: t('a link to another wiki') },
      ],
    },
    { key: 'external_wiki_url', group: features, label: t('External wiki URL'), kind: 'text', visible: (v) => v.has_wiki && v.wiki_kind === 'external', placeholder: 'https://' },
    bool('has_issues', features, t('Issues')),
    {
      key: 'issue_tracker',
      group: features,
      label: t('Issue tracker'),
      kind: 'choice',
      visible: issues,
      options: () => [
        { value: 'internal', label: 'internal', description: t('the built-in tracker') },
        { value: 'external', label: 'external', description: t('links issue references to another tracker') },
      ],
    },
    bool('enable_time_tracker', features, t('Time tracking'), (v) => issues(v) && v.issue_tracker === 'internal'),
    bool('allow_only_contributors_to_track_time', features, t('Only contributors track time'), (v) => issues(v) && v.issue_tracker === 'internal'),
    bool('enable_issue_dependencies', features, t('Issue dependencies'), (v) => issues(v) && v.issue_tracker === 'internal'),
    { key: 'external_tracker_url', group: features, label: t('External tracker URL'), kind: 'text', visible: (v) => issues(v) && v.issue_tracker === 'external', placeholder: 'https://' },
    {
      key: 'external_tracker_format',
      group: features,
      label: t('External tracker URL format'),
      kind: 'text',
      visible: (v) => issues(v) && v.issue_tracker === 'external',
      placeholder: 'https://tracker.example.com/{user}/{repo}/issues/{index}',
      detail: t('Placeholders: {user}, {repo}, {index}.'),
    },
    {
      key: 'external_tracker_style',
      group: features,
      label: t('External issue number format'),
      kind: 'choice',
      visible: (v) => issues(v) && v.issue_tracker === 'external',
      options: () => choices(TRACKER_STYLES),
    },
    {
      key: 'external_tracker_regexp_pattern',
      group: features,
      label: t('External issue pattern (regular expression)'),
      kind: 'text',
      visible: (v) => issues(v) && v.issue_tracker === 'external' && v.external_tracker_style === 'regexp',
    },
    bool('has_projects', features, t('Projects')),
    {
      key: 'projects_mode',
      group: features,
      label: t('Projects mode'),
      kind: 'choice',
      visible: (v) => v.has_projects,
      options: () => [
        { value: 'repo', label: 'repo', description: t('repository projects only') },
        { value: 'owner', label: 'owner', description: t('owner projects only') },
        { value: 'all', label: 'all', description: t('both') },
      ],
    },
    bool('has_releases', features, t('Releases')),
    bool('has_packages', features, t('Packages')),
    bool('has_actions', features, t('Actions')),
    bool('has_pull_requests', features, t('Pull requests')),

    bool('allow_merge_commits', pulls, t('Allow merge commits'), pullsOn),
    bool('allow_rebase', pulls, t('Allow rebase'), pullsOn),
    bool('allow_rebase_explicit', pulls, t('Allow rebase with merge commit (--no-ff)'), pullsOn),
    bool('allow_squash_merge', pulls, t('Allow squash'), pullsOn),
    bool('allow_fast_forward_only_merge', pulls, t('Allow fast-forward only'), pullsOn),
    bool('allow_manual_merge', pulls, t('Allow marking as manually merged'), pullsOn),
    bool('autodetect_manual_merge', pulls, t('Detect manual merges'), pullsOn),
    bool('ignore_whitespace_conflicts', pulls, t('Ignore whitespace in conflicts'), pullsOn),
    { key: 'default_merge_style', group: pulls, label: t('Default merge style'), kind: 'choice', visible: pullsOn, options: () => choices(MERGE_STYLES) },
    bool('allow_merge_update', pulls, t('Allow updating a branch by merge'), pullsOn),
    bool('allow_rebase_update', pulls, t('Allow updating a branch by rebase'), pullsOn),
    { key: 'default_update_style', group: pulls, label: t('Default update style'), kind: 'choice', visible: pullsOn, options: () => choices(UPDATE_STYLES) },
    bool('default_delete_branch_after_merge', pulls, t('Delete the branch after merge by default'), pullsOn),
    bool('default_allow_maintainer_edit', pulls, t('Allow edits from maintainers by default'), pullsOn),

    {
      key: 'default_branch',
      group: branches,
      label: t('Default branch'),
      kind: 'choice',
      placeholder: t('Choose the default branch'),
      options: () => branchOptions(client, owner, repo),
    },
  ];
}

/** Runs the command; resolves with the repository as the server answered, or undefined. */
export async function editRepositorySettings(services: Services, arg?: unknown): Promise<Repository | undefined> {
  const args = argObject(arg);
  const changes = args?.changes as Partial<V> | undefined;
  const programmatic = changes !== undefined;
  const target = await repoTarget(services, args);
  if (!target) return undefined;
  const name = fullName(target);
  const what = t('Could not edit the settings of {0}', name);
  let repo: Repository;
  try {
    repo = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: t('Loading {0}…', name) }, () =>
      target.client.repoGet({ owner: target.repo.owner, repo: target.repo.repo }),
    );
  } catch (e) {
    return showAdminFailure(services, 'repoEdit', what, e, { target: name }, programmatic);
  }
  if (repo.permissions && repo.permissions.admin === false) {
    void vscode.window.showWarningMessage(t('Only administrators of {0} can change its settings.', name));
    if (programmatic) throw new Error(t('Only administrators of {0} can change its settings.', name));
    return undefined;
  }
  const original = settingsFromRepository(repo);
  const isMirror = repo.mirror === true;
  let edited: V | undefined;
  if (programmatic) {
    edited = applyChanges(original, changes);
    const problems = Object.values(validateSettings(edited, isMirror, t));
    if (problems.length > 0) throw new Error(problems.join(' '));
  } else {
    edited = await runForm<V>(
      {
        title: t('Settings of {0}', name),
        submitLabel: (v) => {
          const n = Object.keys(buildRepoEditBody(original, v)).length;
          return n === 0 ? t('Save (nothing changed yet)') : t('Save {0} change(s)', n);
        },
        fields: fields(target.client, target.repo.owner, target.repo.repo, isMirror),
        problems: (v) => validateSettings(v, isMirror, t),
        dirty: (v) => Object.keys(buildRepoEditBody(original, v)).length > 0,
      },
      original,
    );
    if (!edited) return undefined;
  }
  const body = buildRepoEditBody(original, edited);
  const fieldsSent = describeBody(body);
  if (fieldsSent.length === 0) {
    if (!programmatic) void vscode.window.showInformationMessage(t('Nothing was changed.'));
    return repo;
  }
  try {
    const updated = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: t('Saving the settings of {0}…', name) }, () =>
      target.client.repoEdit({ owner: target.repo.owner, repo: target.repo.repo, body }),
    );
    // Field names only: the body may hold mirror credentials.
    services.log.info(`Edited ${name}: ${fieldsSent.join(', ')}`);
    if (typeof body.default_branch === 'string' && updated.default_branch !== body.default_branch) {
      // The server ignores a default branch that does not exist instead of refusing it.
      void vscode.window.showWarningMessage(
        inertText(t('The default branch stays {0}: there is no branch {1}.', updated.default_branch ?? '', body.default_branch)),
      );
    }
    void vscode.window.showInformationMessage(t('Saved {0} setting(s) of {1}.', fieldsSent.length, inertText(updated.full_name)));
    return updated;
  } catch (e) {
    return showAdminFailure(
      services,
      'repoEdit',
      what,
      e,
      { target: name, bodyFields: fieldsSent, secrets: [edited.mirror_password, edited.mirror_token] },
      programmatic,
    );
  }
}
