// The Create Issue preview: Markdown rendered with everything escaped and only http(s)/mailto links live.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown, renderInline, isSafeLink } from '../../../src/shared/markdown';

test('raw HTML is shown as text: <img onerror> and <script> are inert', () => {
  const html = renderMarkdown('<img src=x onerror="alert(1)">\n\n<script>alert(2)</script>');
  assert.ok(!html.includes('<img'), html);
  assert.ok(!html.includes('<script'), html);
  assert.ok(html.includes('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;'), html);
});

test('javascript:, command: and data: links are plain text; https and mailto links are anchors', () => {
  const html = renderMarkdown('[a](javascript:alert(1)) [b](command:workbench.action.quit) [c](data:text/html,x) [d](https://ok.example/x?a=1&b=2) [e](mailto:me@x.org)');
  assert.ok(!/href="(?:javascript|command|data):/i.test(html), html);
  assert.ok(html.includes('<a href="https://ok.example/x?a=1&amp;b=2"'), html);
  assert.ok(html.includes('<a href="mailto:me@x.org"'), html);
  assert.ok(html.startsWith('<p>a b c <a'), html);
  assert.equal(isSafeLink('JAVASCRIPT:alert(1)'), false);
  assert.equal(isSafeLink('vscode:extension/x'), false);
  assert.equal(isSafeLink('/relative'), false);
});

test('autolinks: <command:…> stays text, <https://…> and bare URLs become anchors', () => {
  assert.equal(renderInline('<command:gitea.x>'), '&lt;command:gitea.x&gt;');
  assert.match(renderInline('<https://a.example>'), /^<a href="https:\/\/a.example"/);
  assert.match(renderInline('see https://a.example/p.'), /<a href="https:\/\/a.example\/p"[^>]*>https:\/\/a.example\/p<\/a>\.$/);
});

test('an attribute cannot be broken out of', () => {
  const html = renderInline('[x](https://a.example/"onmouseover="alert(1))');
  assert.ok(!html.includes('"onmouseover'), html);
});

test('images are not loaded: their alt text is shown', () => {
  const html = renderInline('![logo](https://tracker.example/p.png)');
  assert.ok(!html.includes('<img'), html);
  assert.ok(html.includes('[logo]'), html);
});

test('blocks: headings, emphasis, code, fences, lists, task lists, quotes, rules', () => {
  const html = renderMarkdown(
    [
      '# Title',
      '',
      'Some **bold**, *em*, ~~del~~ and `co<de>` in snake_case_name.',
      '',
      '```ts',
      'if (a < b) { x(); }',
      '```',
      '',
      '- one',
      '- [x] done',
      '- [ ] todo',
      '',
      '3. three',
      '4. four',
      '',
      '> quoted',
      '',
      '---',
    ].join('\n'),
  );
  assert.ok(html.includes('<h1>Title</h1>'), html);
  assert.ok(html.includes('<strong>bold</strong>'), html);
  assert.ok(html.includes('<em>em</em>'), html);
  assert.ok(html.includes('<del>del</del>'), html);
  assert.ok(html.includes('<code>co&lt;de&gt;</code>'), html);
  assert.ok(html.includes('snake_case_name'), html);
  // CommonMark keeps the code's last line break inside <code>.
  assert.ok(html.includes('<pre><code class="language-ts">if (a &lt; b) { x(); }\n</code></pre>'), html);
  assert.ok(html.includes('<li>one</li>'), html);
  assert.ok(html.includes('<li class="task-list-item"><input type="checkbox" disabled checked> done</li>'), html);
  assert.ok(html.includes('<li class="task-list-item"><input type="checkbox" disabled> todo</li>'), html);
  assert.ok(html.includes('<ol start="3">'), html);
  assert.ok(html.includes('<blockquote>\n<p>quoted</p>\n</blockquote>'), html);
  assert.ok(html.includes('<hr>'), html);
});

test('a fence with a language that tries to inject an attribute is escaped', () => {
  const html = renderMarkdown('```x"onclick="y\ncode\n```');
  assert.ok(!html.includes('"onclick'), html);
});
