// A page's script and stylesheet written into its HTML (webviewShell with { text }, mediaText.ts): each element keeps
// the page's nonce, and a text that would close its element (or open an HTML comment) is never written in: the shell
// refuses it and mediaText answers undefined, so the page links the file instead.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlinable, webviewShell } from '../../../src/shared/webviewShell';
import { mediaText } from '../../../src/shared/mediaText';

const shell = (style: Parameters<typeof webviewShell>[0]['style'], scripts: Parameters<typeof webviewShell>[0]['scripts']) =>
  webviewShell({ csp: "default-src 'none'", nonce: 'N0nce', style, scripts, title: 'T', strings: {} });

describe('scripts and styles written into the page', () => {
  it('writes texts inside elements that carry the nonce, and links URIs as before', () => {
    const html = shell({ text: 'body { color: red; }' }, [{ text: 'window.a = 1;' }, 'https://x/page.js']);
    assert.match(html, /<style nonce="N0nce">body \{ color: red; \}<\/style>/);
    assert.match(html, /<script nonce="N0nce">window\.a = 1;<\/script>/);
    assert.match(html, /<script src="https:\/\/x\/page\.js" nonce="N0nce"><\/script>/);
    assert.doesNotMatch(html, /<link/);
  });

  it('refuses a text that closes its element or opens a comment', () => {
    for (const text of ['a = "</script><script>alert(1)";', 'x = "</STYLE>";', 'y = "<!--";']) {
      assert.equal(inlinable(text), false, text);
      assert.throws(() => shell('https://x/page.css', [{ text }]), /cannot be written into the page/);
      assert.throws(() => shell({ text }, []), /cannot be written into the page/);
    }
    assert.equal(inlinable('if (a < b && c > d) f("<b>");'), true);
  });

  it('mediaText reads a file once and keeps it; an unreadable or unsafe one is undefined', () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-'));
    const file = join(dir, 'page.js');
    writeFileSync(file, 'window.page = 1;');
    assert.equal(mediaText(file), 'window.page = 1;');
    writeFileSync(file, 'window.page = 2;');
    assert.equal(mediaText(file), 'window.page = 1;', 'read once per session');
    assert.equal(mediaText(join(dir, 'missing.js')), undefined);
    assert.equal(mediaText(undefined), undefined);
    const unsafe = join(dir, 'unsafe.js');
    writeFileSync(unsafe, 'x = "</script>";');
    assert.equal(mediaText(unsafe), undefined);
  });
});
