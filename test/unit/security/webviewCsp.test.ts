// Every webview of the extension has a strict Content-Security-Policy: `default-src 'none'`, scripts only with a
// fresh random nonce (no 'unsafe-inline', no 'unsafe-eval', no hosts), every <script> and <link> carrying that
// nonce, no inline event handler, and command: links disabled. The HTML builders import `vscode` only for
// `Uri.joinPath` and the webview's `asWebviewUri`/`cspSource`, so a small stand-in runs them in plain node.
// A source scan makes sure no webview HTML is assigned anywhere without passing through a builder tested here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Module from 'node:module';
import { startTags } from './htmlScan';

const SRC = join(__dirname, '..', '..', '..', '..', 'src');
const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';

/** The functions that produce webview HTML, by file (relative to src/); the scan below keeps this list complete. */
const BUILDERS: {
  file: string;
  name: string;
  call: (mod: Record<string, unknown>, webview: unknown, media: unknown) => string;
  /** Origins a page may load images from besides its own resources (the issue page: the instance's, nothing else). */
  imgOrigins?: string[];
  /** The test's name when a builder is checked twice; the media folder (default: one that does not exist). */
  label?: string;
  media?: string;
}[] = [
  {
    file: 'core/formPage.ts',
    name: 'formPageHtml',
    call: (mod, webview, media) =>
      (mod.formPageHtml as (w: unknown, m: unknown, script: unknown, s: Record<string, string>) => string)(webview, media, { path: '/ext/media/createIssue/form.js' }, {
        pageTitle: 'New Issue <script>alert(1)</script>',
      }),
  },
  {
    file: 'commands/issuePage/pageHtml.ts',
    name: 'pageHtml',
    call: (mod, webview, media) =>
      (mod.pageHtml as (w: unknown, m: unknown, instanceUrl: string, title: string, s: Record<string, string>) => string)(
        webview,
        media,
        'https://git.example.com/sub/',
        '#1 <script>alert(1)</script>',
        { comment: '</script><script>alert(1)</script>' },
      ),
    imgOrigins: ['https://git.example.com'],
  },
  {
    // The extension's own media files at hand: the scripts and the stylesheet are written into the page (mediaText.ts).
    file: 'core/formPage.ts',
    name: 'formPageHtml',
    label: 'formPageHtml (scripts and style written into the page)',
    media: join(__dirname, '..', '..', '..', '..', 'media'),
    call: (mod, webview, media) => {
      const root = (media as { path: string }).path;
      const form = join(root, 'createIssue', 'form.js');
      return (mod.formPageHtml as (w: unknown, m: unknown, script: unknown, s: Record<string, string>) => string)(webview, media, { path: form, fsPath: form }, { pageTitle: 'New Issue' });
    },
  },
  {
    file: 'commands/issuePage/pageHtml.ts',
    name: 'pageHtml',
    label: 'pageHtml (script and style written into the page)',
    media: join(__dirname, '..', '..', '..', '..', 'media'),
    call: (mod, webview, media) =>
      (mod.pageHtml as (w: unknown, m: unknown, instanceUrl: string, title: string, s: Record<string, string>) => string)(webview, media, 'https://git.example.com/sub/', '#1 <script>alert(1)</script>', {}),
    imgOrigins: ['https://git.example.com'],
  },
];

/** A stand-in for the parts of the `vscode` module the builders use. */
function withVscodeStub<T>(fn: () => T): T {
  const uri = (path: string) => ({ path, fsPath: path, toString: () => `vscode-resource:${path}` });
  const stub = {
    Uri: { joinPath: (base: { path: string }, ...parts: string[]) => uri([base.path, ...parts].join('/')), file: (p: string) => uri(p) },
    l10n: { t: (s: string) => s },
  };
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = loader._load;
  loader._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? stub : original.call(this, request, ...rest);
  };
  try {
    return fn();
  } finally {
    loader._load = original;
  }
}

function buildAll(): { name: string; html: string; imgOrigins: string[]; inlined: boolean }[] {
  return withVscodeStub(() =>
    BUILDERS.map((b) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (another bundle or a module that may not be built)
      const mod = require(join(__dirname, '..', '..', '..', 'src', b.file.replace(/\.ts$/, '.js'))) as Record<string, unknown>;
      const webview = { cspSource: CSP_SOURCE, asWebviewUri: (u: { path: string }) => ({ toString: () => `${CSP_SOURCE}${u.path}` }) };
      const media = b.media ?? '/ext/media';
      return { name: b.label ?? b.name, html: b.call(mod, webview, { path: media, fsPath: media }), imgOrigins: b.imgOrigins ?? [], inlined: !!b.media };
    }),
  );
}

function cspOf(html: string): Map<string, string[]> {
  const meta = startTags(html).filter((t) => t.name === 'meta' && t.attrs.get('http-equiv')?.toLowerCase() === 'content-security-policy');
  assert.equal(meta.length, 1, 'exactly one CSP meta element');
  const policy = new Map<string, string[]>();
  for (const directive of meta[0]!.attrs.get('content')!.split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), values);
  }
  return policy;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('webviews have a strict CSP with a nonce', () => {
  for (const { name, html, imgOrigins, inlined } of buildAll()) {
    it(`${name}: default-src 'none', nonce-only scripts, nonce on every script and stylesheet`, () => {
      const csp = cspOf(html);
      assert.deepEqual(csp.get('default-src'), ["'none'"]);
      const scriptSrc = csp.get('script-src') ?? [];
      assert.ok(scriptSrc.length > 0, 'script-src is missing (falls back to default-src none: then no script may run, fine, but the form needs one)');
      for (const v of scriptSrc) assert.match(v, /^'nonce-[A-Za-z0-9+/=]{16,}'$/, `script-src allows ${v}`);
      for (const [directive, values] of csp) {
        for (const v of values) {
          if (directive === 'img-src' && imgOrigins.includes(v)) continue;
          assert.notEqual(v, "'unsafe-inline'", `${directive} allows 'unsafe-inline'`);
          assert.notEqual(v, "'unsafe-eval'", `${directive} allows 'unsafe-eval'`);
          assert.ok(!/^(?:\*|https?:|data:|blob:)$/.test(v) && !/^https?:\/\/(?!file\+\.vscode-resource)/.test(v), `${directive} allows ${v}`);
        }
      }
      const nonce = /^'nonce-(.+)'$/.exec(scriptSrc[0]!)![1]!;
      const tags = startTags(html);
      const scripts = tags.filter((t) => t.name === 'script');
      assert.ok(scripts.length > 0);
      for (const s of scripts) assert.equal(s.attrs.get('nonce'), nonce, `a <script> without the nonce: ${s.raw}`);
      for (const l of tags.filter((t) => t.name === 'link' || t.name === 'style')) assert.equal(l.attrs.get('nonce'), nonce, `a <${l.name}> without the nonce: ${l.raw}`);
      if (inlined) {
        assert.equal(tags.filter((t) => t.name === 'script' && t.attrs.has('src')).length, 0, 'the scripts are written into the page');
        assert.equal(tags.filter((t) => t.name === 'style').length, 1, 'the stylesheet is written into the page');
        assert.ok(html.includes(name.startsWith('pageHtml') ? 'createIssuePageReactions' : 'giteaForm'), 'the script text is there');
      }
      for (const t of tags) for (const a of t.attrs.keys()) assert.ok(!a.startsWith('on'), `inline handler ${a} in ${t.raw}`);
      assert.ok(!/<script>alert\(1\)<\/script>/.test(html), 'the page title was not escaped');
    });
  }

  it('the nonce is new on every load', () => {
    const [a, b] = [buildAll()[0]!.html, buildAll()[0]!.html];
    const nonceOf = (html: string) => /^'nonce-(.+)'$/.exec(cspOf(html).get('script-src')?.[0] ?? '')?.[1];
    assert.ok(nonceOf(a) && nonceOf(a) !== nonceOf(b));
  });

  it('no webview HTML is set anywhere but through a builder tested here; command links stay disabled', () => {
    const files = filesUnder(SRC);
    const builderNames = new Set(BUILDERS.map((b) => b.name));
    let panels = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\.html\s*=\s*([A-Za-z_$][\w$]*)?/g)) {
        const line = text.slice(0, m.index).split('\n').length;
        assert.ok(m[1] && builderNames.has(m[1]), `${file}:${line} sets webview HTML without a tested builder (${m[0]})`);
      }
      for (const m of text.matchAll(/createWebviewPanel\(|registerWebviewViewProvider\(|webview\.options\s*=/g)) {
        panels++;
        const window = text.slice(m.index, m.index + 600);
        assert.doesNotMatch(window, /enableCommandUris:\s*true/, `${file}: command: links enabled in a webview`);
        assert.match(window, /localResourceRoots:/, `${file}: a webview without localResourceRoots (it may then load any file of the workspace)`);
      }
    }
    assert.ok(panels > 0, 'no webview found: the scan is looking in the wrong place');
  });
});
