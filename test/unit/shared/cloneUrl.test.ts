// The clone URL Git: Clone, Starred: Clone and Publish to Gitea hand to git (src/shared/cloneUrl.ts): the server's
// https or ssh URL as the setting says, the other when that one is missing or unusable, and never a text git could
// read as an option, a second argument or a transport other than http(s) and ssh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneUrlOf, isCloneUrl } from '../../../src/shared/cloneUrl';
import { checkHostile, hostileText } from '../fuzz/hostile';
import { FUZZ_TARGETS } from '../fuzz/targets';

const REPO = { clone_url: 'https://git.example.com:8443/gitea/alice/demo.git', ssh_url: 'ssh://git@git.example.com:2222/alice/demo.git' };

test('the protocol the setting names, with the sub-path and ports the server gave', () => {
  assert.equal(cloneUrlOf(REPO, 'https'), 'https://git.example.com:8443/gitea/alice/demo.git');
  assert.equal(cloneUrlOf(REPO, 'ssh'), 'ssh://git@git.example.com:2222/alice/demo.git');
  assert.equal(cloneUrlOf({ clone_url: REPO.clone_url, ssh_url: 'git@git.example.com:alice/demo.git' }, 'ssh'), 'git@git.example.com:alice/demo.git');
});

test('the other protocol when the server gave none or an unusable one; nothing when neither is usable', () => {
  assert.equal(cloneUrlOf({ clone_url: REPO.clone_url, ssh_url: '' }, 'ssh'), REPO.clone_url);
  assert.equal(cloneUrlOf({ clone_url: null, ssh_url: REPO.ssh_url }, 'https'), REPO.ssh_url);
  assert.equal(cloneUrlOf({ clone_url: '--upload-pack=touch /tmp/x', ssh_url: 'ext::sh -c touch% /tmp/x' }, 'https'), undefined);
  assert.equal(cloneUrlOf({}, 'https'), undefined);
});

test('refused: options, whitespace and control characters, other transports, no host', () => {
  for (const url of ['-c', '--upload-pack=x', 'https://h/a b.git', 'https://h/a\n.git', 'https://h/a\u0000', 'ext::sh -c x', 'file:///etc/passwd', 'fd::17', 'https://', '/local/path', 'C:\\repo']) {
    assert.equal(isCloneUrl(url), false, JSON.stringify(url));
  }
  for (const url of ['http://127.0.0.1:3000/alice/demo.git', 'https://[::1]/x/y.git', 'ssh://git@h:22/x/y.git', 'git@h.example.com:x/y.git']) {
    assert.equal(isCloneUrl(url), true, url);
  }
});

test('fuzz: an accepted URL never starts with "-" and holds no whitespace or control character', () => {
  const tokens = FUZZ_TARGETS.find((t) => t.name === 'clone URLs')!.tokens;
  checkHostile((size) => hostileText(tokens, size), (text) => {
    const url = cloneUrlOf({ clone_url: text, ssh_url: text }, 'ssh');
    if (url === undefined) return;
    assert.ok(!url.startsWith('-') && !/[\s\p{Cc}]/u.test(url), JSON.stringify(url.slice(0, 120)));
    assert.ok(/^(?:https?|ssh):\/\/|^[\w.-]+@[\w.-]+:/.test(url), JSON.stringify(url.slice(0, 120)));
  });
});
