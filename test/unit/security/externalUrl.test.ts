// Server URLs opened outside the editor: web addresses only, no credentials, a page of the instance at once, any
// other page only after a question that shows it whole (externalUrlVerdict); and vscode.env.openExternal is called in
// one place, core/openExternal.ts, which acts on that verdict.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as ts from 'typescript';
import { MAX_EXTERNAL_URL_LENGTH, externalUrlVerdict } from '../../../src/shared/externalUrl';
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
