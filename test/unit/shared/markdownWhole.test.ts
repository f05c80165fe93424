// Long bodies render whole, off the extension host's thread (issue #31): the generated 337 KB changelog
// (test/fixtures/markdown/changelog/) renders to its last entry with no cut note, through the worker thread the
// editor uses (markdownOffThread.ts); the calling thread never loads the renderer. The host's longest block while a
// page renders it is a figure of `npm run bench`, not an assertion.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MARKDOWN_MAX_CHARS, renderMarkdown } from '../../../src/shared/markdown';
import { PLAIN_MAX_CHARS, plainText, renderMarkdownOffThread } from '../../../src/shared/markdownOffThread';
import { answer } from '../../../src/shared/markdownWorker';
import { REPO_ROOT } from '../../harness/paths';
import { assertInert } from '../security/htmlScan';

const DIR = join(REPO_ROOT, 'test', 'fixtures', 'markdown', 'changelog');
const CHANGELOG = readFileSync(join(DIR, 'CHANGELOG.md'), 'utf8');
/** generate.mjs's LAST_ENTRY: 1.0.0's last line. */
const LAST_ENTRY = 'The first release of the fork, with the history of its parent project kept';
const refs = { instanceUrl: 'https://git.example.com/', owner: 'alice', repo: 'demo' };
const options = { imageOrigin: refs.instanceUrl, refs, pageUrl: 'https://git.example.com/alice/demo/issues/1' };

describe('a CHANGELOG-sized body renders whole', () => {
  it('renders on the worker thread: 337 KB and 1 MB whole, and this thread never loads the renderer', async () => {
    // First in the file, before anything here renders in-thread. How long the host's event loop is held is measured
    // by `npm run bench` (the issue page's longest block), not asserted here.
    const renders = await Promise.all([renderMarkdownOffThread(CHANGELOG, options), renderMarkdownOffThread(CHANGELOG.repeat(3), options)]);
    assert.ok(renders.every((html) => html.includes(LAST_ENTRY)));
    assert.doesNotMatch(renders[1]!, /markdown-cut/, '1 MB (three of them) renders whole');
    const loaded = Object.keys(require.cache).filter((file) => /[\\/]markdown-it[\\/]/.test(file));
    assert.deepEqual(loaded, [], 'markdown-it ran on the worker, not on this thread');
  });

  it('the fixture is the generator’s output, 337 KB, ending with its last entry', () => {
    const generated = execFileSync(process.execPath, [join(DIR, 'generate.mjs'), '--stdout'], { encoding: 'utf8', maxBuffer: 4 * 1024 * 1024 });
    assert.equal(CHANGELOG, generated, 'run node test/fixtures/markdown/changelog/generate.mjs');
    assert.ok(CHANGELOG.length >= 337 * 1024 && CHANGELOG.length < 340 * 1024, `${CHANGELOG.length} characters`);
    assert.ok(CHANGELOG.trimEnd().endsWith(`* ${LAST_ENTRY}`));
    assert.ok((CHANGELOG.match(/^## \[1\.\d+\.\d+\]/gm) ?? []).length > 100, 'more than a hundred releases');
  });

  it('on the worker thread: every release and the last entry, no cut note, and the same HTML as in-thread', async () => {
    const html = await renderMarkdownOffThread(CHANGELOG, options);
    assert.ok(html.includes(`<li>${LAST_ENTRY}</li>`), html.slice(-300));
    assert.doesNotMatch(html, /markdown-cut|too long/);
    assert.equal((html.match(/<h2>/g) ?? []).length, (CHANGELOG.match(/^## /gm) ?? []).length);
    assert.equal((html.match(/class="ref issue-ref"/g) ?? []).length, (CHANGELOG.match(/\(#\d+\)/g) ?? []).length, 'every (#12345) is a reference');
    assert.equal(html, renderMarkdown(CHANGELOG, options));
  });

  it('past 1 MiB the last guard cuts, with its note', async () => {
    const html = await renderMarkdownOffThread(CHANGELOG.repeat(4), { ...options, cutNote: 'Only the beginning is shown:' });
    assert.match(html, /<p class="markdown-cut">Only the beginning is shown: <a href="https:\/\/git\.example\.com\/alice\/demo\/issues\/1"/);
    assert.ok(CHANGELOG.repeat(4).length > MARKDOWN_MAX_CHARS);
  });
});

describe('the worker keeps the renderer’s guarantees', () => {
  it('hostile bodies come back inert, as from the renderer itself', async () => {
    for (const body of ['<img src=x onerror="alert(1)">', '[a](javascript:alert(1)) [b](command:workbench.action.quit)', '![x](https://evil.example/p.png)', '<script>alert(2)</script>']) {
      const html = await renderMarkdownOffThread(body, options);
      assert.equal(html, renderMarkdown(body, options));
      assertInert(html, body);
    }
  });

  it('a render that throws answers an error, which the host shows as escaped text', () => {
    const failed = answer({ id: 7, markdown: 'x', options: { get refs(): never { throw new Error('boom'); } } as never });
    assert.deepEqual(failed, { id: 7, error: 'boom' });
    assert.equal(plainText('<b>#1</b> & "x"'), '<pre class="markdown-plain">&lt;b&gt;#1&lt;/b&gt; &amp; &quot;x&quot;</pre>\n');
    assertInert(plainText('<img src=x onerror=alert(1)>'), 'plain text');
    assert.equal(PLAIN_MAX_CHARS, MARKDOWN_MAX_CHARS, 'cut like a rendered body');
    assert.equal(plainText('x'.repeat(PLAIN_MAX_CHARS + 5)).length, PLAIN_MAX_CHARS + '<pre class="markdown-plain"></pre>\n'.length);
  });

  it('a render past its time ends the worker and shows as escaped text; the next render starts a new worker', async () => {
    const body = `<b>slow</b>\n${'|x|\n'.repeat(50_000)}`;
    const [late, queued] = await Promise.all([renderMarkdownOffThread(body, options, 1), renderMarkdownOffThread('**queued**')]);
    assert.equal(late, plainText(body));
    assert.equal(queued, plainText('**queued**'), 'what waited behind it shows as text too, never as nothing');
    assert.equal(await renderMarkdownOffThread('**again**'), '<p><strong>again</strong></p>\n');
  });

  it('renders in the order asked, each answer to its own body', async () => {
    const bodies = Array.from({ length: 50 }, (_, i) => `**${i}**`);
    const htmls = await Promise.all(bodies.map((b) => renderMarkdownOffThread(b)));
    assert.deepEqual(htmls, bodies.map((_, i) => `<p><strong>${i}</strong></p>\n`));
  });
});
