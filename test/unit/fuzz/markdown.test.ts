// Markdown bodies (src/shared/markdown.ts with markdownRules.ts and markdownRefs.ts) are what anyone writes in an
// issue or a comment: any text up to 1 MiB renders to inert HTML (no script, no event handler, links http(s) or
// mailto only, images and reference links on the instance only) of bounded size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { htmlBudget, MARKDOWN_MAX_CHARS, renderInline, renderMarkdown } from '../../../src/shared/markdown';
import { shownAsPlainText } from '../shared/plainBody';
import { startTags } from '../security/htmlScan';
import { checkHostile, hostileText } from './hostile';
import { FUZZ_TARGETS, INSTANCE, MARKDOWN_OPTIONS } from './targets';

const TOKENS = FUZZ_TARGETS.find((t) => t.name === 'Markdown bodies')!.tokens;
const ALLOWED = new Set(['p', 'a', 'em', 'strong', 's', 'code', 'pre', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'input', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'img', 'span', 'del', 'sup', 'sub', 'div']);
/** The note above a body shown as plain text, and the cut note (neither is counted in the budget). */
const NOTES = 4096;

function assertSafe(html: string, source: string): void {
  for (const tag of startTags(html)) {
    assert.ok(ALLOWED.has(tag.name), `<${tag.name}> from ${JSON.stringify(source.slice(0, 80))}`);
    for (const [attr, value] of tag.attrs) {
      assert.ok(!attr.startsWith('on') && attr !== 'style', `${attr} on <${tag.name}>`);
      // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a URL scheme
      const url = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (attr === 'href') assert.match(url, /^(https?:|mailto:)/, tag.raw);
      if (attr === 'src') assert.ok(value.startsWith(INSTANCE), `an image from elsewhere: ${tag.raw}`);
      if (attr.startsWith('data-') && tag.name === 'a') assert.ok(tag.attrs.get('href')?.startsWith(INSTANCE), `a reference link off the instance: ${tag.raw}`);
    }
  }
}

test('fuzz: any body renders to inert HTML of bounded size, block and inline', () => {
  checkHostile((size) => hostileText(TOKENS, size), (body) => {
    for (const html of [renderMarkdown(body, MARKDOWN_OPTIONS), renderInline(body, MARKDOWN_OPTIONS)]) {
      assertSafe(html, body);
      assert.ok(html.length <= htmlBudget(Math.min(body.length, MARKDOWN_MAX_CHARS)) + NOTES, `${html.length} characters of HTML from ${body.length}`);
      // A body over its budget is shown as plain text, whole.
      const plain = shownAsPlainText(html);
      if (plain !== undefined && body.length <= MARKDOWN_MAX_CHARS) assert.equal(plain, body);
    }
  });
});
