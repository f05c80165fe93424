// Instance URL normalisation: what users paste into "Gitea: Sign In" → the canonical instance root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { instanceLabel, isLoopbackUrl, normalizeInstanceUrl } from '../../../src/shared/instanceUrl';

const ACCEPTED: [string, string][] = [
  ['https://gitea.com', 'https://gitea.com/'],
  ['https://gitea.com/', 'https://gitea.com/'],
  ['gitea.com', 'https://gitea.com/'], // no scheme → https
  ['  https://Gitea.COM  ', 'https://gitea.com/'],
  ['localhost:3000', 'https://localhost:3000/'],
  ['http://localhost:3000', 'http://localhost:3000/'],
  ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000/'],
  ['https://example.org/git', 'https://example.org/git/'], // sub-path
  ['https://example.org/git/', 'https://example.org/git/'],
  ['https://example.org//git//', 'https://example.org/git/'],
  ['https://example.org:443/git', 'https://example.org/git/'], // default port dropped
  ['https://example.org:8443/git', 'https://example.org:8443/git/'],
  ['http://[::1]:3000', 'http://[::1]:3000/'],
  ['https://gitea.com/api/v1', 'https://gitea.com/'], // the API URL
  ['https://example.org/git/api/v1/', 'https://example.org/git/'],
  ['https://example.org/git/user/login?redirect_to=%2f', 'https://example.org/git/'], // a page of the instance
  ['https://example.org/git/explore/repos', 'https://example.org/git/'],
  ['https://gitea.com/#readme', 'https://gitea.com/'],
];

for (const [input, expected] of ACCEPTED) {
  test(`instance URL ${JSON.stringify(input)} → ${expected}`, () => {
    assert.deepEqual(normalizeInstanceUrl(input), { ok: true, url: expected });
  });
}

const REFUSED: [string, string][] = [
  ['', 'empty'],
  ['   ', 'empty'],
  ['ftp://gitea.com', 'scheme'],
  ['ssh://git@gitea.com', 'scheme'],
  ['https://alice:secret@gitea.com/', 'credentials'],
  ['https://', 'invalid'],
  ['http://exa mple.com', 'invalid'],
];

for (const [input, problem] of REFUSED) {
  test(`instance URL ${JSON.stringify(input)} is refused (${problem})`, () => {
    assert.deepEqual(normalizeInstanceUrl(input), { ok: false, problem });
  });
}

test('labels are host + sub-path', () => {
  assert.equal(instanceLabel('https://example.org/git/'), 'example.org/git');
  assert.equal(instanceLabel('http://localhost:3000/'), 'localhost:3000');
});

test('loopback detection', () => {
  assert.equal(isLoopbackUrl('http://127.0.0.1:3000/'), true);
  assert.equal(isLoopbackUrl('http://localhost:3000/'), true);
  assert.equal(isLoopbackUrl('http://[::1]:3000/'), true);
  assert.equal(isLoopbackUrl('http://gitea.local/'), false);
  assert.equal(isLoopbackUrl('http://127.example.com/'), false);
});
