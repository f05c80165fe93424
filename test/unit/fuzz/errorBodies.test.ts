// Error bodies (src/api/errors.ts) are what any server or reverse proxy answers on a failure, read up to megabytes:
// whatever they hold, the message is short, an HTML page's title is found, and no secret or URL password survives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { errorFromResponse, parseErrorBody } from '../../../src/api/errors';
import { checkHostile, hostileText } from './hostile';
import { ERROR_CONTEXT, FUZZ_TARGETS, SECRET } from './targets';

const TOKENS = FUZZ_TARGETS.find((t) => t.name === 'error bodies')!.tokens;
const STATUSES = [400, 401, 403, 404, 409, 422, 429, 500, 502];
const MAX_MESSAGE = 301; // 300 characters and the ellipsis

test('fuzz: an error body of any shape gives a message of at most 300 characters, or none', () => {
  checkHostile((size) => hostileText(TOKENS, size), (body) => {
    for (const type of ['text/html', 'application/json', undefined]) {
      const parsed = parseErrorBody(body, type, []);
      assert.ok(parsed.message === undefined || parsed.message.length <= MAX_MESSAGE, `message of ${parsed.message?.length} characters`);
    }
    for (const status of STATUSES) {
      const e = errorFromResponse(status, body, undefined, ERROR_CONTEXT);
      assert.ok((e.details.serverMessage?.length ?? 0) <= MAX_MESSAGE);
      assert.ok(e.message.length <= 1000, `a sentence of ${e.message.length} characters for ${status}`);
      for (const scope of e.details.requiredScopes ?? []) assert.ok(scope.length > 0 && !/[\s,]/.test(scope));
    }
  });
});

const titleText = fc.string({ minLength: 1, maxLength: 400 }).filter((s) => !s.includes('<') && s.trim() !== '');

test("fuzz: an HTML error page's title is its message, whatever follows it", () => {
  checkHostile((size) => fc.tuple(titleText, hostileText(TOKENS, size)), ([title, rest]) => {
    const parsed = parseErrorBody(`<!DOCTYPE html><html><head><title>${title}</title></head>${rest}`, 'text/html', []);
    const words = title.replace(/\s+/g, ' ').trim();
    assert.equal(parsed.html, true);
    assert.equal(parsed.message, words.length > 300 ? `${words.slice(0, 300)}…` : words);
  });
});

// fast-check's stringMatching takes no `i` flag: the letters' two cases are spelled out.
// eslint-disable-next-line regexp/use-ignore-case -- see above
const password = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/).map((s) => `Pw${s}`);
const scheme = fc.stringMatching(/^[a-z][a-z0-9+.-]{0,8}$/);

test('fuzz: no error message holds a known secret or a URL password, not even cut short, wherever the body puts them', () => {
  // A position just before the 300-character cut is where a message clipped first and redacted after leaks a part.
  const noSecret = TOKENS.filter((t) => t !== SECRET); // a prefix of it in the noise would be no leak
  const before = (size: fc.Arbitrary<number> | number) => fc.oneof(hostileText(noSecret, size), fc.integer({ min: 240, max: 300 }).map((n) => 'x'.repeat(n)));
  checkHostile(
    (size) => fc.tuple(before(size), scheme, password, fc.boolean(), hostileText(noSecret, 64)),
    ([head, s, pw, json, tail]) => {
      const said = `${head} ${SECRET} ${s}://user:${pw}@host/x ${tail}`;
      const body = json ? JSON.stringify({ message: said }) : said;
      for (const status of STATUSES) {
        const e = errorFromResponse(status, body, json ? 'application/json' : 'text/plain', ERROR_CONTEXT);
        for (const text of [e.message, e.details.serverMessage ?? '']) {
          assert.ok(!text.includes(SECRET.slice(0, 8)), `the token (or its start) in ${JSON.stringify(text.slice(-80))}`);
          assert.ok(!text.includes(pw.slice(0, 8)), `the password (or its start) in ${JSON.stringify(text.slice(-80))}`);
        }
      }
    },
  );
});
