// Notification subjects (src/shared/notificationSubject.ts) carry the server's API and web URLs: a subject opens a
// page in the editor only for a plain issue URL of the instance with valid names and number, and otherwise the web
// URL the server gave, unchanged (openServerUrl then asks before leaving the instance).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { isRepoName } from '../../../src/shared/markdownRefs';
import { subjectTarget } from '../../../src/shared/notificationSubject';
import { checkHostile, hostileText, repeatTo } from './hostile';
import { FUZZ_TARGETS, INSTANCE } from './targets';

const TOKENS = FUZZ_TARGETS.find((t) => t.name === 'notification subjects')!.tokens;
type Thread = Parameters<typeof subjectTarget>[0];

test('fuzz: a subject opens an instance page only with valid names and number, else its web URL as given', () => {
  checkHostile((size) => fc.tuple(hostileText(TOKENS, size), hostileText(TOKENS, 64), fc.constantFrom('Issue', 'Pull', 'Commit', 'x')), ([url, html, type]) => {
    for (const subject of [{ type, url, html_url: html }, { type, url: `${INSTANCE}api/v1/repos/${url}`, html_url: url }]) {
      const target = subjectTarget({ subject } as Thread, INSTANCE);
      if (target.kind === 'page') {
        assert.ok(isRepoName(target.owner) && isRepoName(target.repo), JSON.stringify(target));
        assert.ok(Number.isInteger(target.number) && target.number >= 1 && target.number <= 999_999_999);
        assert.equal(new URL(subject.url).origin, new URL(INSTANCE).origin);
      } else if (target.kind === 'browser') assert.equal(target.url, subject.html_url);
      else assert.equal(subject.html_url, '');
    }
  });
});

test('fuzz: the API URL of an issue of the instance opens its page, whatever its valid names', () => {
  const name = fc.tuple(fc.stringMatching(/^[\w.-]{1,8}$/), fc.integer({ min: 1, max: 12 })).map(([u, n]) => repeatTo(u, Math.min(100, u.length * n))).filter(isRepoName);
  checkHostile(() => fc.tuple(name, name, fc.integer({ min: 1, max: 999_999_999 })), ([owner, repo, number]) => {
    const url = `${INSTANCE}api/v1/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/issues/${number}`;
    assert.deepEqual(subjectTarget({ subject: { type: 'Pull', url, html_url: 'x' } } as Thread, INSTANCE), { kind: 'page', owner, repo, number, isPull: true });
  });
});
