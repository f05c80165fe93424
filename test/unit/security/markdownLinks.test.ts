// The shortcut of markdownLinks.ts returns what markdown-it's own link normalisation returns, on generated URLs made
// of the characters where mdurl, punycode and the encoder differ (hosts with invalid or long labels, `xn--`, `%`,
// spaces, quotes, ports, IPv6, other schemes, upper case), and takes the shortcut on the plain ones it is for.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { installPlainLinks } from '../../../src/shared/markdownLinks';

const original = new MarkdownIt();
const shortcut = new MarkdownIt();
installPlainLinks(shortcut);

const piece = fc.constantFrom('http://', 'https://', 'HTTP://', 'mailto:', 'ftp://', '//', 'a', 'Z', '0', '_', '-', '.', '..', '@', ':', ':80', '/', '?', '#',
  '%', '%41', '%zz', ' ', "'", '"', '<', '`', '\\', '[::1]', 'xn--', 'XN--', 'xn--80ak6aa92e', 'é', 'ü', '\u3002', '+', '~', '!', '$', '&', '(', ')', '*', ',', ';', '=',
  'a'.repeat(63), 'b'.repeat(64), `${'c'.repeat(60)}.`);
const url = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''));
const plain = fc.tuple(fc.constantFrom('http://', 'https://', 'mailto:a.b+c@'), fc.array(fc.constantFrom('a', 'b-c', 'd_1', 'e'.repeat(63)), { minLength: 1, maxLength: 4 }),
  fc.constantFrom('', '/', '/p/q?x=1&y=(2)#f', '?a=b;c', '#x:y@z', '/~u/!$*+,'));

describe('plain link normalisation', () => {
  it('gives what markdown-it gives, for link targets and link texts', () => {
    fc.assert(fc.property(fc.oneof(url, plain.map(([scheme, labels, rest]) => `${scheme}${labels.join('.')}${rest}`)), (u) => {
      assert.equal(shortcut.normalizeLink(u), original.normalizeLink(u), u);
      assert.equal(shortcut.normalizeLinkText(u), original.normalizeLinkText(u), u);
    }), { seed: 31_2026, numRuns: 20000 });
  });

  it('returns a plain URL as it is, and leaves the others to markdown-it (percent-encoding, punycode, a long host)', () => {
    assert.equal(shortcut.normalizeLink('mailto:a@b.c'), 'mailto:a@b.c');
    assert.equal(shortcut.normalizeLink('https://a.example/p?q=1#f'), 'https://a.example/p?q=1#f');
    assert.equal(shortcut.normalizeLink('https://a.example/a b'), 'https://a.example/a%20b');
    assert.equal(shortcut.normalizeLinkText('https://xn--80ak6aa92e.com/'), 'https://\u0430\u0440\u0440\u04cf\u0435.com/');
    assert.equal(shortcut.normalizeLink(`https://${'a.'.repeat(130)}b/`), original.normalizeLink(`https://${'a.'.repeat(130)}b/`));
  });
});
