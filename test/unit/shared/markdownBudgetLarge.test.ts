// Rendered bodies are bounded at the largest size (#41): the hostile bodies of markdownBudget.test.ts at 1 MiB
// (MARKDOWN_MAX_CHARS), the absolute cap, the project's normal bodies still rendering, and the worker's path.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HTML_MAX_CHARS, HTML_PER_INPUT_CHAR, MARKDOWN_MAX_CHARS, renderInline, renderMarkdown } from '../../../src/shared/markdown';
import { renderMarkdownOffThread } from '../../../src/shared/markdownOffThread';
import { MAX_REFERENCE_LINKS } from '../../../src/shared/markdownRules';
import { REPO_ROOT } from '../../harness/paths';
import { assertBounded, HOSTILE_UNITS, NOTE_CHARS, options, repeatTo } from './markdownBudgetInputs';
import { shownAsPlainText } from './plainBody';

describe('rendered bodies are bounded at 1 MiB, and normal bodies still render (#41)', () => {
  for (const [name, unit] of Object.entries(HOSTILE_UNITS)) {
    for (const size of [MARKDOWN_MAX_CHARS]) {
      it(`${name} repeated to ${size / 1024} KiB: at most ${HTML_PER_INPUT_CHAR} times, and plain text holds it whole`, () => {
        const text = repeatTo(unit, size);
        for (const html of [renderMarkdown(text, options), renderInline(text, options)]) {
          assertBounded(name, text, html);
          const plain = shownAsPlainText(html);
          if (plain !== undefined) assert.equal(plain, text, `${name}: the plain text is the whole body`);
          else assert.ok((html.match(/class="ref /g) ?? []).length <= MAX_REFERENCE_LINKS, name);
        }
      });
    }
  }

  it('the absolute cap: 1 MiB that would render to 6 MiB is plain text of 1 MiB; 1 MiB of `&` fits at 5 MiB', () => {
    const quotes = repeatTo('"', MARKDOWN_MAX_CHARS);
    const html = renderMarkdown(quotes, options);
    assert.equal(shownAsPlainText(html), quotes, 'each `"` would be `&quot;`: over 5 MiB, shown as text');
    assert.ok(html.length <= MARKDOWN_MAX_CHARS + NOTE_CHARS);
    const ampersands = renderMarkdown(repeatTo('&', MARKDOWN_MAX_CHARS), options);
    assert.ok(ampersands.length <= HTML_MAX_CHARS + NOTE_CHARS, `${ampersands.length}`);
    assert.equal(HTML_MAX_CHARS, 5 * MARKDOWN_MAX_CHARS, 'the plain text of the longest body fits');
  });

  it('normal bodies still render: every Markdown fixture and the 337 KB changelog, whole and linked', () => {
    const dir = join(REPO_ROOT, 'test', 'fixtures', 'markdown');
    for (const sub of ['corpus', 'changelog']) {
      for (const file of readdirSync(join(dir, sub)).filter((f) => f.endsWith('.md'))) {
        const text = readFileSync(join(dir, sub, file), 'utf8');
        const html = renderMarkdown(text, options);
        assert.equal(shownAsPlainText(html), undefined, `${sub}/${file} renders`);
        assert.doesNotMatch(html, /markdown-plain/, `${sub}/${file}`);
      }
    }
    const changelog = readFileSync(join(dir, 'changelog', 'CHANGELOG.md'), 'utf8');
    const links = (renderMarkdown(changelog, options).match(/class="ref issue-ref"/g) ?? []).length;
    assert.ok(links > 6000 && links <= MAX_REFERENCE_LINKS, `${links} references linked`);
    assert.doesNotMatch(renderMarkdown(changelog.repeat(3), options), /markdown-plain/, 'three of it (1 MB, 4.5 MiB of HTML) render too');
  });

  it('through the worker as the editor renders: 1 MiB of `@a ` is bounded', async () => {
    const text = repeatTo('@a ', MARKDOWN_MAX_CHARS);
    const html = await renderMarkdownOffThread(text, options);
    assertBounded('@a on the worker', text, html);
    assert.equal(html, renderMarkdown(text, options));
  });
});
