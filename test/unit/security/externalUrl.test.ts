// Server URLs opened outside the editor: web addresses only, no credentials, a page of the instance at once, any
// other page only after a question that shows it whole (externalUrlVerdict); and vscode.env.openExternal is called in
// one place, core/openExternal.ts, which acts on that verdict.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as ts from 'typescript';
import { MAX_EXTERNAL_URL_LENGTH, externalUrlVerdict, openExternalUrl, type ExternalUrlUi } from '../../../src/shared/externalUrl';
import { sourceFiles } from '../architecture/sourceFiles';

const INSTANCE = 'https://git.example.com/gitea/';

describe('externalUrlVerdict', () => {
  it('a page of the instance (same origin, under its path) opens at once', () => {
    assert.deepEqual(externalUrlVerdict('https://git.example.com/gitea/alice/demo/pulls/3', INSTANCE), { kind: 'open', url: 'https://git.example.com/gitea/alice/demo/pulls/3' });
    assert.deepEqual(externalUrlVerdict('https://GIT.example.com/gitea/alice', INSTANCE), { kind: 'open', url: 'https://git.example.com/gitea/alice' });
    assert.equal(externalUrlVerdict('https://git.example.com/gitea/', INSTANCE).kind, 'open');
  });

  it('another host, port, scheme or path outside the instance asks first, with the address as parsed', () => {
    for (const url of [
      'https://evil.example/alice/demo',
      'https://git.example.com.evil.example/gitea/x',
      'https://git.example.com:8443/gitea/x',
      'http://git.example.com/gitea/x',
      'https://git.example.com/other-app/',
      'https://git.example.com/giteax/',
    ]) {
      const v = externalUrlVerdict(url, INSTANCE);
      assert.equal(v.kind, 'ask', url);
      assert.equal(v.kind === 'ask' && v.url, new URL(url).href, url);
    }
    // An international host name shows as what it is.
    assert.deepEqual(externalUrlVerdict('https://gіthub.com/x', INSTANCE), { kind: 'ask', url: 'https://xn--gthub-n2e.com/x' });
    // Without a known instance, every page asks.
    assert.equal(externalUrlVerdict('https://git.example.com/gitea/x', undefined).kind, 'ask');
  });

  it('what is not a web address is refused: other schemes, relative or broken addresses, nothing at all', () => {
    for (const url of ['command:workbench.action.quit', 'javascript:alert(1)', 'file:///etc/passwd', 'vscode://x', 'data:text/html,x', '/alice/demo', 'not a url', '', 'https://', null, undefined, 42]) {
      assert.deepEqual(externalUrlVerdict(url, INSTANCE), { kind: 'refuse', why: 'notWeb' }, String(url));
    }
  });

  it('credentials in the address are refused, even on the instance (`instance@elsewhere` reads like the instance)', () => {
    assert.deepEqual(externalUrlVerdict('https://git.example.com@evil.example/gitea/', INSTANCE), { kind: 'refuse', why: 'credentials' });
    assert.deepEqual(externalUrlVerdict('https://user:pw@git.example.com/gitea/x', INSTANCE), { kind: 'refuse', why: 'credentials' });
    // A password without a user name is a password all the same: refused, never shown in a question.
    assert.deepEqual(externalUrlVerdict('https://:s3cret@git.example.com/gitea/x', INSTANCE), { kind: 'refuse', why: 'credentials' });
    assert.deepEqual(externalUrlVerdict('https://:s3cret@evil.example/', INSTANCE), { kind: 'refuse', why: 'credentials' });
    assert.deepEqual(externalUrlVerdict('https://alice@evil.example/', INSTANCE), { kind: 'refuse', why: 'credentials' });
  });

  it('an address longer than the limit is refused; one at the limit is not', () => {
    const base = 'https://git.example.com/gitea/';
    assert.deepEqual(externalUrlVerdict(base + 'a'.repeat(MAX_EXTERNAL_URL_LENGTH - base.length + 1), INSTANCE), { kind: 'refuse', why: 'tooLong' });
    assert.equal(externalUrlVerdict(base + 'a'.repeat(MAX_EXTERNAL_URL_LENGTH - base.length), INSTANCE).kind, 'open');
  });
});

describe('one opener', () => {
  it('vscode.env.openExternal is called only in src/core/openExternal.ts', () => {
    const found: string[] = [];
    for (const { path, ast } of sourceFiles()) {
      const visit = (node: ts.Node): void => {
        if ((ts.isPropertyAccessExpression(node) && node.name.text === 'openExternal') || (ts.isIdentifier(node) && node.text === 'openExternal' && ts.isBindingElement(node.parent))) {
          if (path !== 'core/openExternal.ts') found.push(`src/${path}:${ast.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(ast);
    }
    assert.deepEqual(found, [], 'open server URLs with openServerUrl (src/core/openExternal.ts)');
  });
});

describe('openExternalUrl: the question before another site opens', () => {
  /** An editor whose question answers `answer`, recording what it was asked to show and open. */
  function ui(answer: string | undefined): ExternalUrlUi & { events: string[] } {
    const events: string[] = [];
    return {
      events,
      openButton: 'Open',
      refused: (why) => void events.push(`refused ${why}`),
      ask: async (url) => (events.push(`ask ${url}`), answer),
      open: async (url) => (events.push(`open ${url}`), true),
    };
  }

  it('a page of the instance opens at once, with no question', async () => {
    const u = ui(undefined);
    assert.equal(await openExternalUrl('https://git.example.com/gitea/alice/demo', INSTANCE, u), true);
    assert.deepEqual(u.events, ['open https://git.example.com/gitea/alice/demo']);
  });

  it('another site: the question shows the full address, and it opens only on the Open button', async () => {
    const url = 'https://evil.example/a?b=c#d';
    const yes = ui('Open');
    assert.equal(await openExternalUrl(url, INSTANCE, yes), true);
    assert.deepEqual(yes.events, [`ask ${url}`, `open ${url}`]);
    for (const answer of [undefined, 'Cancel', 'open', '']) {
      const no = ui(answer);
      assert.equal(await openExternalUrl(url, INSTANCE, no), false, String(answer));
      assert.deepEqual(no.events, [`ask ${url}`], `${String(answer)}: nothing opened`);
    }
  });

  it('with no instance known, every page asks', async () => {
    const u = ui(undefined);
    assert.equal(await openExternalUrl('https://git.example.com/gitea/x', undefined, u), false);
    assert.deepEqual(u.events, ['ask https://git.example.com/gitea/x']);
  });

  it('a refused address is neither asked about nor opened, and the user is told why', async () => {
    for (const [url, why] of [
      ['javascript:alert(1)', 'notWeb'],
      ['https://:pw@git.example.com/gitea/x', 'credentials'],
      [`https://git.example.com/gitea/${'a'.repeat(MAX_EXTERNAL_URL_LENGTH)}`, 'tooLong'],
    ] as const) {
      const u = ui('Open');
      assert.equal(await openExternalUrl(url, INSTANCE, u), false, url);
      assert.deepEqual(u.events, [`refused ${why}`], url);
    }
  });

  it('what the opener says is what it resolves to', async () => {
    const u = { ...ui('Open'), open: async () => false };
    assert.equal(await openExternalUrl('https://git.example.com/gitea/x', INSTANCE, u), false);
  });
});
