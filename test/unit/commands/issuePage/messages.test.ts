// The issue page's webview is untrusted: only well-formed messages of the protocol get through.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_BODY_CHARS, pageKey, parseInbound, parsePageRef } from '../../../../src/commands/issuePage/messages';
import { parseIssueReference } from '../../../../src/commands/issuePage/issueReference';

describe('issue page messages', () => {
  it('accepts each message of the protocol', () => {
    assert.deepEqual(parseInbound({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseInbound({ type: 'refresh' }), { type: 'refresh' });
    assert.deepEqual(parseInbound({ type: 'draft', body: '' }), { type: 'draft', body: '' });
    assert.deepEqual(parseInbound({ type: 'comment', body: 'Hi' }), { type: 'comment', body: 'Hi' });
    assert.deepEqual(parseInbound({ type: 'setState', state: 'closed' }), { type: 'setState', state: 'closed' });
    assert.deepEqual(parseInbound({ type: 'setState', state: 'open' }), { type: 'setState', state: 'open' });
    assert.deepEqual(parseInbound({ type: 'editComment', id: 4, body: 'x' }), { type: 'editComment', id: 4, body: 'x' });
    assert.deepEqual(parseInbound({ type: 'deleteComment', id: 4 }), { type: 'deleteComment', id: 4 });
    assert.deepEqual(parseInbound({ type: 'loadEarlier' }), { type: 'loadEarlier' });
    assert.deepEqual(parseInbound({ type: 'openRef', owner: 'bob', repo: 'tools.js', number: 7 }), { type: 'openRef', owner: 'bob', repo: 'tools.js', number: 7 });
    // Only http(s) gets through here; the host then opens it only when it is on the page's instance.
    assert.deepEqual(parseInbound({ type: 'openUrl', url: 'https://git.example.com/carol' }), { type: 'openUrl', url: 'https://git.example.com/carol' });
    assert.deepEqual(parseInbound({ type: 'react', target: 0, content: '+1', add: true }), { type: 'react', target: 0, content: '+1', add: true });
    assert.deepEqual(parseInbound({ type: 'react', target: 12, content: 'heart', add: false }), { type: 'react', target: 12, content: 'heart', add: false });
    assert.deepEqual(parseInbound({ type: 'reactionsWanted', ids: [3, 4] }), { type: 'reactionsWanted', ids: [3, 4] });
  });

  it('refuses reactions that are not a name, a target or a flag, and too many comment ids', () => {
    for (const bad of [
      { type: 'react', target: -1, content: 'heart', add: true },
      { type: 'react', target: 1.5, content: 'heart', add: true },
      { type: 'react', target: 0, content: '<img src=x>', add: true },
      { type: 'react', target: 0, content: '', add: true },
      { type: 'react', target: 0, content: 'x'.repeat(41), add: true },
      { type: 'react', target: 0, content: 'heart', add: 'yes' },
      { type: 'react', target: 0, content: 'heart' },
      { type: 'reactionsWanted', ids: [0] },
      { type: 'reactionsWanted', ids: ['3'] },
      { type: 'reactionsWanted', ids: Array.from({ length: 201 }, (_, i) => i + 1) },
    ]) {
      assert.equal(parseInbound(bad), undefined, JSON.stringify(bad).slice(0, 80));
    }
  });

  const malformed: [string, unknown][] = [
    ['not an object', 'comment'],
    ['null', null],
    ['an array', [{ type: 'ready' }]],
    ['an unknown type', { type: 'runCommand', command: 'workbench.action.quit' }],
    ['a prototype key as type', { type: 'toString' }],
    ['an extra key', { type: 'comment', body: 'x', command: 'y' }],
    ['an extra key on ready', { type: 'ready', html: '<script>' }],
    ['a body that is not a string', { type: 'comment', body: { toString: 'x' } }],
    ['an empty comment', { type: 'comment', body: '   \n' }],
    ['a body over the limit', { type: 'draft', body: 'x'.repeat(MAX_BODY_CHARS + 1) }],
    ['another state', { type: 'setState', state: 'merged' }],
    ['a reference with a path in the owner', { type: 'openRef', owner: '../x', repo: 'demo', number: 1 }],
    ['a reference with a quote', { type: 'openRef', owner: 'a"b', repo: 'demo', number: 1 }],
    ['a reference to number 0', { type: 'openRef', owner: 'alice', repo: 'demo', number: 0 }],
    ['a reference number as text', { type: 'openRef', owner: 'alice', repo: 'demo', number: '12' }],
    ['a javascript: URL', { type: 'openUrl', url: 'javascript:alert(1)' }],
    ['a command: URL', { type: 'openUrl', url: 'command:workbench.action.terminal.new' }],
    ['a URL that is not a string', { type: 'openUrl', url: ['https://x'] }],
    ['loadEarlier with a page', { type: 'loadEarlier', page: 1 }],
    ['a string id', { type: 'deleteComment', id: '4' }],
    ['a negative id', { type: 'deleteComment', id: -1 }],
    ['a fractional id', { type: 'editComment', id: 1.5, body: 'x' }],
    ['an unsafe id', { type: 'deleteComment', id: 2 ** 60 }],
    ['an edit without body', { type: 'editComment', id: 3 }],
  ];
  for (const [what, message] of malformed) {
    it(`rejects ${what}`, () => assert.equal(parseInbound(message), undefined));
  }

  it('a page reference from the saved state is checked before it is used', () => {
    const ref = { instanceUrl: 'https://h/git/', owner: 'alice', repo: 'demo', number: 1, accountId: 'a' };
    assert.deepEqual(parsePageRef(ref), ref);
    assert.equal(pageKey(ref), 'https://h/git/|alice/demo#1');
    assert.equal(parsePageRef({ ...ref, instanceUrl: 'javascript:alert(1)' }), undefined);
    assert.equal(parsePageRef({ ...ref, number: 0 }), undefined);
    assert.equal(parsePageRef({ ...ref, owner: '' }), undefined);
    assert.equal(parsePageRef({ ...ref, accountId: 3 }), undefined);
    assert.equal(parsePageRef(undefined), undefined);
  });

  it('typed references: 12, #12 and owner/repo#12', () => {
    assert.deepEqual(parseIssueReference('12'), { number: 12 });
    assert.deepEqual(parseIssueReference(' #12 '), { number: 12 });
    assert.deepEqual(parseIssueReference('alice/demo#12'), { owner: 'alice', repo: 'demo', number: 12 });
    assert.deepEqual(parseIssueReference('my.org/some-repo#3'), { owner: 'my.org', repo: 'some-repo', number: 3 });
    for (const bad of ['', '#', '#0', 'abc', 'alice/demo12', 'alice/demo#', '#12abc', 'a/b/c#1']) assert.equal(parseIssueReference(bad), undefined, bad);
  });
});
