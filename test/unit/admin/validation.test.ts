import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkCloneUrl, checkMirrorInterval, checkRepoName, parseMirrorInterval } from '../../../src/commands/admin/validation';
import { checkHttpUrl, checkIsoDate, isoDay, plainText, redactSecrets } from '../../../src/shared/validation';

test('mirror interval: Go durations in h/m/s order', () => {
  assert.equal(parseMirrorInterval('8h30m0s'), 8 * 3600 + 30 * 60);
  assert.equal(parseMirrorInterval('10m'), 600);
  assert.equal(parseMirrorInterval('1h'), 3600);
  assert.equal(parseMirrorInterval('45s'), 45);
  assert.equal(parseMirrorInterval('0'), 0);
  for (const bad of ['', 'h', '8h 30m', '30m8h', '1.5h', '-1h', '10 minutes', '10min', '1d']) {
    assert.equal(parseMirrorInterval(bad), undefined, bad);
    assert.match(checkMirrorInterval(bad) ?? '', /8h30m0s/, bad);
  }
  assert.equal(checkMirrorInterval('8h30m0s'), undefined);
});

test('repository names: letters, digits, - _ ., at most 100, reserved names refused', () => {
  assert.equal(checkRepoName('my-repo_1.0'), undefined);
  assert.equal(checkRepoName('a'.repeat(100)), undefined);
  assert.match(checkRepoName('a'.repeat(101)) ?? '', /100/);
  assert.match(checkRepoName('') ?? '', /Enter/);
  assert.match(checkRepoName('with space') ?? '', /letters/);
  assert.match(checkRepoName('ünïcode') ?? '', /letters/);
  assert.match(checkRepoName('..') ?? '', /reserved/);
  assert.match(checkRepoName('x.git') ?? '', /\.git/);
  assert.match(checkRepoName('x.wiki') ?? '', /\.wiki/);
});

test('http(s) URLs only', () => {
  assert.equal(checkHttpUrl('https://example.com/hook'), undefined);
  assert.equal(checkHttpUrl('http://127.0.0.1:3000/x'), undefined);
  assert.ok(checkHttpUrl('ftp://example.com'));
  assert.ok(checkHttpUrl('example.com'));
  assert.ok(checkHttpUrl(''));
  assert.equal(checkHttpUrl('', plainText, false), undefined);
});

test('redaction removes every secret occurrence', () => {
  assert.equal(redactSecrets('token abc123 and abc123', ['abc123', undefined, '']), 'token ••• and •••');
});

test('plain translator fills {n} placeholders', () => {
  assert.equal(plainText('{0} has {1} items', 'x', 3), 'x has 3 items');
});

test('feed dates: real YYYY-MM-DD days only', () => {
  assert.equal(checkIsoDate('2026-01-31'), undefined);
  assert.equal(checkIsoDate('2024-02-29'), undefined);
  for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026/01/01', 'today', '']) assert.ok(checkIsoDate(bad), bad);
  assert.equal(isoDay(0, new Date(2026, 0, 1, 12)), '2026-01-01');
  assert.equal(isoDay(1, new Date(2026, 0, 1, 12)), '2025-12-31');
});

test('clone URLs: http(s) and git://', () => {
  assert.equal(checkCloneUrl('git://example.com/x.git'), undefined);
  assert.equal(checkCloneUrl('https://example.com/x.git'), undefined);
  assert.ok(checkCloneUrl('ssh://git@example.com/x.git'));
  assert.ok(checkCloneUrl('/srv/git/x.git'));
});
