import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explainAdminError } from '../../../src/commands/admin/explainError';

const err = (kind: string, status: number, serverMessage: string) => ({ kind, status, serverMessage, message: `Server said: ${serverMessage}` });

test('repoEdit 422 with private in the body explains the organization restriction', () => {
  const text = explainAdminError('repoEdit', err('validation', 422, 'cannot change visibility'), { target: 'acme/site', bodyFields: ['private'] });
  assert.match(text, /visibility of acme\/site/);
  assert.match(text, /owners/);
});

test('repoEdit 422 without private keeps the server reason', () => {
  const text = explainAdminError('repoEdit', err('validation', 422, 'repo name is invalid'), { bodyFields: ['name'] });
  assert.match(text, /repo name is invalid/);
});

test('archiving a mirror', () => {
  assert.match(explainAdminError('archive', err('validation', 422, 'repo is a mirror'), {}), /mirror cannot be archived/);
});

test('migration: 409, disallowed host, auth failed, 403, bad URL', () => {
  assert.match(explainAdminError('repoMigrate', err('conflict', 409, 'The repository with the same name already exists.'), { target: 'alice/x' }), /alice\/x already exists/);
  assert.match(explainAdminError('repoMigrate', err('validation', 422, 'You can not import from disallowed hosts.'), {}), /ALLOW_LOCALNETWORKS/);
  assert.match(explainAdminError('repoMigrate', err('validation', 422, 'Authentication failed: bad token'), {}), /credentials/);
  assert.match(explainAdminError('repoMigrate', err('validation', 422, 'The provided URL is invalid.'), {}), /source URL/);
  assert.match(explainAdminError('repoMigrate', err('forbidden', 403, 'Must be an organization owner'), {}), /owner/);
});

test('secrets never reach the shown text', () => {
  const text = explainAdminError('repoMigrate', err('validation', 422, 'Authentication failed: token hunter22 rejected'), { secrets: ['hunter22'] });
  assert.doesNotMatch(text, /hunter22/);
});

test('hook and label errors', () => {
  assert.match(explainAdminError('orgCreateHook', err('forbidden', 403, 'Must be an organization owner'), { target: 'acme' }), /owners of the organization acme/);
  assert.match(explainAdminError('orgCreateLabel', err('validation', 422, 'invalid color'), {}), /#RRGGBB/);
  assert.match(explainAdminError('teamActivityFeed', err('forbidden', 403, 'Must be a team member'), {}), /members of the team/);
  assert.match(explainAdminError('starred', err('forbidden', 403, ''), {}), /Stars are turned off/);
});

test('unexplained errors fall back to the client message', () => {
  assert.equal(explainAdminError('orgEditLabel', err('server', 500, ''), {}), 'Server said: ');
});
