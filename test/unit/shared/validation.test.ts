// The shared checks at their edges (the basic cases are in test/unit/admin/validation.test.ts): only http(s) links
// with a host pass, secrets of three characters and more are removed wherever they occur, dates are real days.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkHttpUrl, checkIsoDate, isoDay, plainText, redactSecrets } from '../../../src/shared/validation';

test('links: script, data, file and other schemes are refused; the message names what was typed, trimmed', () => {
  for (const bad of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'vscode://settings', 'mailto:a@b.c']) {
    assert.equal(checkHttpUrl(bad), 'Only http:// and https:// URLs are accepted.', bad);
  }
  assert.equal(checkHttpUrl('  example.com/hook '), '"example.com/hook" is not a URL; enter one starting with http:// or https://.');
  assert.equal(checkHttpUrl('   '), 'Enter a URL starting with http:// or https://.');
  assert.equal(checkHttpUrl('   ', plainText, false), undefined, 'blank is fine when the URL is optional');
  assert.equal(checkHttpUrl(' https://example.com/x ', plainText, false), undefined);
  assert.equal(checkHttpUrl('ftp://example.com', plainText, false), 'Only http:// and https:// URLs are accepted.', 'optional, but checked when typed');
});

test('link messages go through the translator with their arguments', () => {
  const seen: string[] = [];
  const t = (message: string, ...args: Array<string | number | boolean>) => {
    seen.push([message, ...args].join('|'));
    return `T:${message}`;
  };
  assert.equal(checkHttpUrl('nope', t), 'T:"{0}" is not a URL; enter one starting with http:// or https://.');
  assert.deepEqual(seen, ['"{0}" is not a URL; enter one starting with http:// or https://.|nope']);
});

test('redaction: every occurrence of every secret of three characters or more; shorter ones would mangle the text', () => {
  assert.equal(redactSecrets('pin 123 and 1234', ['123']), 'pin ••• and •••4');
  assert.equal(redactSecrets('a token: abcdef, again abcdef; password hunter2', [undefined, 'abcdef', 'hunter2']), 'a token: •••, again •••; password •••');
  assert.equal(redactSecrets('to be or not to be', ['be', 'o', '']), 'to be or not to be');
  assert.equal(redactSecrets('nothing secret', []), 'nothing secret');
});

test('the plain translator fills every numbered placeholder and leaves unknown ones', () => {
  assert.equal(plainText('{0}{1}{2}{3}{4}{5}{6}{7}{8}{9}{10}', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'), 'abcdefghijk');
  assert.equal(plainText('{0} of {2} {x}', 'one', 'two'), 'one of {2} {x}');
  assert.equal(plainText('{0} {1}', false, 0), 'false 0');
});

test('feed dates: surrounding blanks are fine; anything around the date, or an impossible day, is not', () => {
  assert.equal(checkIsoDate(' 2026-01-31 '), undefined);
  assert.equal(checkIsoDate('2026-12-31'), undefined);
  assert.equal(checkIsoDate('2024-02-29'), undefined);
  for (const bad of ['x2026-01-31', '2026-01-31x', '2026-1-31', '2026-01-3', '2026-04-31', '2026-00-10', '2026-13-15', '2026-02-30', '2026-03-00', '2026-01-99']) {
    assert.equal(checkIsoDate(bad), 'Enter a date as YYYY-MM-DD, for example 2026-01-31.', bad);
  }
});

test('isoDay counts back across months and years in local time, two digits for month and day', () => {
  assert.equal(isoDay(0, new Date(2026, 8, 5, 23, 59)), '2026-09-05');
  assert.equal(isoDay(5, new Date(2026, 2, 3, 0, 1)), '2026-02-26');
  assert.equal(isoDay(365, new Date(2026, 0, 1, 12)), '2025-01-01');
  assert.match(isoDay(), /^\d{4}-\d{2}-\d{2}$/);
});
