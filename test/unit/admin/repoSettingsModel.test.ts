import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyChanges,
  buildRepoEditBody,
  settingsFromRepository,
  validateSettings,
  type RepoSettingsSource,
} from '../../../src/commands/admin/repoSettingsModel';

const repo: RepoSettingsSource = {
  name: 'demo',
  description: 'A demo',
  website: '',
  private: false,
  template: false,
  default_branch: 'main',
  has_code: true,
  has_issues: true,
  has_wiki: true,
  has_pull_requests: true,
  has_projects: true,
  has_releases: true,
  has_packages: true,
  has_actions: false,
  projects_mode: 'all',
  allow_merge_commits: true,
  allow_rebase: true,
  allow_squash_merge: true,
  default_merge_style: 'merge',
  internal_tracker: { enable_time_tracker: true, allow_only_contributors_to_track_time: true, enable_issue_dependencies: true },
};

const original = settingsFromRepository(repo);

test('nothing changed → empty body', () => {
  assert.deepEqual(buildRepoEditBody(original, applyChanges(original, {})), {});
});

test('a changed description is sent alone; unchanged values passed as changes are not sent', () => {
  const edited = applyChanges(original, { description: 'New text', name: 'demo', private: false });
  assert.deepEqual(buildRepoEditBody(original, edited), { description: 'New text' });
});

test('a merge-style change also sends has_pull_requests: true (server applies it only then)', () => {
  const edited = applyChanges(original, { allow_rebase: false, default_merge_style: 'squash' });
  assert.deepEqual(buildRepoEditBody(original, edited), { has_pull_requests: true, allow_rebase: false, default_merge_style: 'squash' });
});

test('turning pull requests off drops merge-style edits', () => {
  const edited = applyChanges(original, { has_pull_requests: false, allow_rebase: false });
  assert.deepEqual(buildRepoEditBody(original, edited), { has_pull_requests: false });
});

test('projects_mode travels with has_projects: true', () => {
  const edited = applyChanges(original, { projects_mode: 'repo' });
  assert.deepEqual(buildRepoEditBody(original, edited), { has_projects: true, projects_mode: 'repo' });
});

test('an internal tracker change sends has_issues and the whole internal_tracker', () => {
  const edited = applyChanges(original, { enable_time_tracker: false });
  assert.deepEqual(buildRepoEditBody(original, edited), {
    has_issues: true,
    internal_tracker: { enable_time_tracker: false, allow_only_contributors_to_track_time: true, enable_issue_dependencies: true },
  });
});

test('switching to an external tracker sends has_issues and the whole external_tracker', () => {
  const edited = applyChanges(original, {
    issue_tracker: 'external',
    external_tracker_url: 'https://tracker.example.com/',
    external_tracker_format: 'https://tracker.example.com/{user}/{repo}/{index}',
  });
  assert.deepEqual(buildRepoEditBody(original, edited), {
    has_issues: true,
    external_tracker: {
      external_tracker_url: 'https://tracker.example.com/',
      external_tracker_format: 'https://tracker.example.com/{user}/{repo}/{index}',
      external_tracker_style: 'numeric',
      external_tracker_regexp_pattern: '',
    },
  });
});

test('an existing external tracker is read back as the external kind', () => {
  const s = settingsFromRepository({ ...repo, internal_tracker: undefined, external_tracker: { external_tracker_url: 'https://x.example/', external_tracker_style: 'alphanumeric' } });
  assert.equal(s.issue_tracker, 'external');
  assert.equal(s.external_tracker_style, 'alphanumeric');
  assert.deepEqual(buildRepoEditBody(s, applyChanges(s, { description: 'x' })), { description: 'x' });
});

test('external wiki sends has_wiki and external_wiki; disabling the wiki sends has_wiki: false only', () => {
  const ext = applyChanges(original, { wiki_kind: 'external', external_wiki_url: 'https://wiki.example.com' });
  assert.deepEqual(buildRepoEditBody(original, ext), { has_wiki: true, external_wiki: { external_wiki_url: 'https://wiki.example.com' } });
  assert.deepEqual(buildRepoEditBody(original, applyChanges(original, { has_wiki: false })), { has_wiki: false });
});

test('mirror credentials are sent when entered and never compared', () => {
  const edited = applyChanges(original, { mirror_password: 's3cret', mirror_interval: '8h30m0s' });
  assert.deepEqual(buildRepoEditBody(original, edited), { mirror_interval: '8h30m0s', mirror_password: 's3cret' });
});

test('feature switches, default branch, visibility and template are plain fields', () => {
  const edited = applyChanges(original, { has_actions: true, has_code: false, default_branch: 'dev', private: true, template: true });
  assert.deepEqual(buildRepoEditBody(original, edited), { has_actions: true, has_code: false, default_branch: 'dev', private: true, template: true });
});

test('validation: name, website, mirror interval, tracker fields', () => {
  const bad = applyChanges(original, {
    name: 'bad name',
    website: 'ftp://x',
    mirror_interval: '30 minutes',
    issue_tracker: 'external',
    external_tracker_url: 'nope',
    external_tracker_style: 'regexp',
    external_tracker_regexp_pattern: '(',
  });
  const problems = validateSettings(bad, true);
  assert.deepEqual(Object.keys(problems).sort(), ['external_tracker_regexp_pattern', 'external_tracker_url', 'mirror_interval', 'name', 'website']);
  assert.deepEqual(validateSettings(original, true), {});
  // The interval is not checked for a repository that is not a mirror (the field is not offered).
  assert.equal(validateSettings(applyChanges(original, { mirror_interval: 'x' }), false).mirror_interval, undefined);
});
