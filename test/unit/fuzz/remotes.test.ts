// Remote URLs (src/git/remoteParser.ts) come from the clone's config, often pasted from a server's page, and fork
// URLs (src/commands/checkout/contributorBranch.ts) from the server itself: any text parses to a host and an owner
// and repository or to nothing, the instance's own remotes resolve to the names in them, and a fork URL git is given
// is never an option, another transport or another web origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { isForkUrl } from '../../../src/commands/checkout/contributorBranch';
import { parseRemoteUrl, resolveRemote } from '../../../src/git/remoteParser';
import { checkHostile, hostileText, repeatTo } from './hostile';
import { FUZZ_TARGETS, INSTANCE, KNOWN_INSTANCES } from './targets';

const TOKENS = FUZZ_TARGETS.find((t) => t.name === 'remote and fork URLs')!.tokens;

test('fuzz: any remote text parses to nothing or to a host and at least owner and repository', () => {
  checkHostile((size) => hostileText(TOKENS, size), (text) => {
    const r = parseRemoteUrl(text);
    if (!r) return;
    assert.ok(r.host === r.host.toLowerCase() && !/[[\]]/.test(r.host), JSON.stringify(r.host.slice(0, 80)));
    assert.ok(r.pathSegments.length >= 2 && r.owner !== '' && r.repo !== '');
    assert.equal(r.owner, r.pathSegments.at(-2));
    assert.ok(r.port === undefined || (Number.isInteger(r.port) && r.port >= 0 && r.port <= 65535));
  });
});

/** Gitea's owner and repository names: letters, digits, `-`, `_`, `.`, never `.` or `..` nor ending in .git/.wiki. */
const name = (size: fc.Arbitrary<number> | number) =>
  fc.tuple(fc.stringMatching(/^\w[\w.-]{0,20}$/), typeof size === 'number' ? fc.constant(size) : size)
    .map(([unit, n]) => repeatTo(unit, Math.max(1, Math.min(n, 4096))))
    .filter((s) => !/\.(?:git|wiki)$/i.test(s) && !s.endsWith('.'));

test("fuzz: the instance's remotes in each form resolve to the owner and repository they name", () => {
  checkHostile((size) => fc.tuple(name(size), name(64)), ([owner, repo]) => {
    for (const url of [`${INSTANCE}${owner}/${repo}.git`, `git@git.example.com:${owner}/${repo}.git`, `ssh://git@ssh.example.com:2222/${owner}/${repo}`]) {
      assert.deepEqual(resolveRemote(url, KNOWN_INSTANCES), { instanceUrl: INSTANCE, owner, repo }, url.slice(0, 120));
    }
  });
});

test('fuzz: a fork URL accepted for git is no option, no other transport and no other web origin', () => {
  checkHostile((size) => hostileText(TOKENS, size), (url) => {
    if (!isForkUrl(url, INSTANCE)) return;
    // eslint-disable-next-line no-control-regex -- control characters are what must not reach git
    assert.ok(!/[\s\u0000-\u001f\u007f]/.test(url) && !url.startsWith('-') && !url.includes('::'), JSON.stringify(url.slice(0, 120)));
    if (/^https?:/i.test(url)) assert.equal(new URL(url).origin, new URL(INSTANCE).origin);
    else assert.ok(/^ssh:\/\//i.test(url) || /^\w[\w.-]*@[A-Z0-9]/i.test(url), JSON.stringify(url.slice(0, 120)));
  });
});
