import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MIGRATION_SERVICES,
  buildMigrateBody,
  guessService,
  importableItems,
  migrationSecrets,
  suggestRepoName,
  validateMigration,
} from '../../../src/commands/admin/migrateModel';

test('nine services in the server order', () => {
  assert.deepEqual([...MIGRATION_SERVICES], ['git', 'github', 'gitea', 'gitlab', 'gogs', 'onedev', 'gitbucket', 'codebase', 'codecommit']);
});

test('service guess and name suggestion from the URL', () => {
  assert.equal(guessService('https://github.com/go-gitea/gitea.git'), 'github');
  assert.equal(guessService('https://gitlab.com/a/b'), 'gitlab');
  assert.equal(guessService('https://codeberg.org/a/b'), 'gitea');
  assert.equal(guessService('https://git-codecommit.eu-west-1.amazonaws.com/v1/repos/x'), 'codecommit');
  assert.equal(guessService('https://example.com/a/b.git'), 'git');
  assert.equal(guessService('not a url'), 'git');
  assert.equal(suggestRepoName('https://github.com/go-gitea/gitea.git'), 'gitea');
  assert.equal(suggestRepoName('https://example.com/a/b/'), 'b');
});

test('github with token: every import flag explicit, token only', () => {
  const body = buildMigrateBody({
    clone_addr: 'https://github.com/a/b',
    service: 'github',
    repo_name: 'b',
    repo_owner: 'acme',
    private: true,
    items: ['issues', 'labels', 'releases'],
    credentials: { auth_token: 'ghp_x', auth_username: 'ignored', auth_password: 'ignored' },
  });
  assert.deepEqual(body, {
    clone_addr: 'https://github.com/a/b',
    service: 'github',
    repo_name: 'b',
    repo_owner: 'acme',
    private: true,
    mirror: false,
    issues: true,
    labels: true,
    milestones: false,
    pull_requests: false,
    releases: true,
    wiki: false,
    lfs: false,
    auth_token: 'ghp_x',
  });
});

test('a mirror imports git data, wiki and LFS only; interval and LFS endpoint sent', () => {
  const body = buildMigrateBody({
    clone_addr: 'https://example.com/x.git',
    service: 'git',
    repo_name: 'x',
    repo_owner: 'alice',
    mirror: true,
    mirror_interval: '8h0m0s',
    items: ['issues', 'wiki', 'lfs'],
    lfs_endpoint: 'https://example.com/x.git/info/lfs',
    credentials: { auth_username: 'bob', auth_password: 'pw' },
  });
  assert.equal(body.mirror, true);
  assert.equal(body.issues, false);
  assert.equal(body.wiki, true);
  assert.equal(body.lfs, true);
  assert.equal(body.mirror_interval, '8h0m0s');
  assert.equal(body.lfs_endpoint, 'https://example.com/x.git/info/lfs');
  assert.equal(body.auth_username, 'bob');
  assert.equal(body.auth_password, 'pw');
  assert.deepEqual(importableItems('github', true), ['wiki', 'lfs']);
});

test('codecommit needs both AWS keys; they are the only credentials sent', () => {
  const input = { clone_addr: 'https://git-codecommit.us-east-1.amazonaws.com/v1/repos/r', service: 'codecommit' as const, repo_name: 'r', repo_owner: 'alice' };
  assert.deepEqual(Object.keys(validateMigration(input)).sort(), ['aws_access_key_id', 'aws_secret_access_key']);
  const body = buildMigrateBody({ ...input, credentials: { aws_access_key_id: 'AKIA', aws_secret_access_key: 'SECRET', auth_token: 'no' } });
  assert.equal(body.aws_access_key_id, 'AKIA');
  assert.equal(body.aws_secret_access_key, 'SECRET');
  assert.equal(body.auth_token, undefined);
});

test('validation: URL, name, owner, interval', () => {
  const problems = validateMigration({ clone_addr: 'file:///etc', service: 'git', repo_name: 'bad name', repo_owner: '', mirror: true, mirror_interval: 'daily' });
  assert.deepEqual(Object.keys(problems).sort(), ['clone_addr', 'mirror_interval', 'repo_name', 'repo_owner']);
});

test('secrets for redaction exclude the user name', () => {
  assert.deepEqual(migrationSecrets({ clone_addr: '', service: 'git', repo_name: '', repo_owner: '', credentials: { auth_username: 'bob', auth_password: 'pw!' } }), ['pw!']);
});
