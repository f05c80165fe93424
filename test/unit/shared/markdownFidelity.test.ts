// Our rendering of realistic issue bodies (test/fixtures/markdown/corpus/*.md) against a real Gitea 1.27's, recorded
// by scripts/record-markdown.mjs (test/fixtures/markdown/gitea-1.27/): compared by structure (htmlStructure.ts:
// elements and text, without Gitea's extra attributes, classes, ids, wrappers, image self-links and reference or
// mention markup). Each remaining difference is deliberate and listed below with its reason; any other fails.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { renderMarkdown } from '../../../src/shared/markdown';
import { REPO_ROOT } from '../../harness/paths';
import { htmlStructure, structureDiff } from './htmlStructure';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'markdown');
const CORPUS = join(FIXTURES, 'corpus');
const GITEA = join(FIXTURES, 'gitea-1.27');
/** The instance and repository the recordings were made for (scripts/record-markdown.mjs's Context). */
const INSTANCE = 'http://127.0.0.1:3000/';
const options = { imageOrigin: INSTANCE, refs: { instanceUrl: INSTANCE, owner: 'gwadmin', repo: 'demo' } };

interface Deliberate {
  readonly why: string;
  /** The diff lines (structureDiff, Gitea → ours) this difference accounts for, in order. */
  readonly lines: readonly string[];
}

const RAW_HTML = 'Raw HTML is shown as text (markdown-it html: false): a body cannot add markup to the page; Gitea renders it, sanitized.';
const FOREIGN_IMAGE = 'Images load only from the instance (the page’s CSP allows no other origin): another origin’s image shows as its alt text.';

const COMMAND_LINK = 'Only http(s) and mailto links are live: Gitea links `command:` (harmless in a browser, a command in VS Code) and makes a relative link absolute on the instance root; we show both as their text.';

/** Per corpus file, the differences we keep on purpose. */
const DELIBERATE: Record<string, readonly Deliberate[]> = {
  'html-as-text': [{ why: RAW_HTML, lines: [
      "+ <p>",
      "+ \"<details>\"",
      "+ <br>",
      "+ \"<summary>Full log</summary>\"",
      "+ </p>",
      "- <details>",
      "- <summary>",
      "- \"Full log\"",
      "- </summary>",
      "+ <p>",
      "+ \"</details>\"",
      "+ </p>",
      "- </details>",
      "+ \"Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to stop. Line<br>break.\"",
      "- \"Press\"",
      "- <kbd>",
      "- \"Ctrl\"",
      "- </kbd>",
      "- \"+\"",
      "- <kbd>",
      "- \"C\"",
      "- </kbd>",
      "- \"to stop. Line\"",
      "- <br>",
      "- \"break.\"",
      "+ <p>",
      "+ </p>",
      "+ <p>",
      "+ \"<img src=\\\"x\\\" onerror=\\\"alert(1)\\\">\"",
      "+ </p>",
      "- <img>",
      "+ \"Text with <!-- a comment --> inside.\"",
      "- \"Text with inside.\"",
    ] }],
  'images-instance': [{ why: FOREIGN_IMAGE, lines: [
      "+ \"A badge from elsewhere: [build]\"",
      "- \"A badge from elsewhere:\"",
      "- <img>",
    ] }],
  'links-autolinks': [{ why: COMMAND_LINK, lines: [
      "+ \"refused: js and cmd\"",
      "- \"refused: js and\"",
      "- <a>",
      "- \"cmd\"",
      "- </a>",
      "+ \"relative: readme\"",
      "- \"relative:\"",
      "- <a>",
      "- \"readme\"",
      "- </a>",
    ] }],
};

const corpus = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.md'))
  .sort();

describe('Markdown fidelity: our rendering has Gitea 1.27’s structure', () => {
  it('every corpus file has Gitea’s rendering recorded, and the allow-list names only corpus files', () => {
    assert.ok(corpus.length >= 10, `${corpus.length} corpus files`);
    assert.deepEqual(corpus.filter((f) => !existsSync(join(GITEA, `${basename(f, '.md')}.html`))), [], 'run scripts/record-markdown.mjs');
    assert.deepEqual(Object.keys(DELIBERATE).filter((name) => !corpus.includes(`${name}.md`)), []);
  });

  for (const file of corpus) {
    const name = basename(file, '.md');
    it(name, () => {
      const ours = htmlStructure(renderMarkdown(readFileSync(join(CORPUS, file), 'utf8'), options));
      const gitea = htmlStructure(readFileSync(join(GITEA, `${name}.html`), 'utf8'));
      assert.deepEqual(structureDiff(gitea, ours), (DELIBERATE[name] ?? []).flatMap((d) => d.lines));
    });
  }

  it('the structure leaves out what only presents (guards the comparison above)', () => {
    const gitea =
      '<div class="code-block-container"><pre class="code-block"><code class="chroma language-go"><span class="kr">func</span> <span>f</span>()\n</code></pre></div>' +
      '<p dir="auto">See <a href="/o/r/issues/1" class="ref-issue">#1</a> by <a href="/bob">@bob</a> <a href="/a.png" target="_blank"><img src="/a.png" alt="x"/></a></p>' +
      '<ul><li class="task-list-item"><input type="checkbox" disabled="" checked=""/>done</li></ul>';
    const ours =
      '<pre><code class="language-go">func f()\n</code></pre>\n<p>See <a href="https://h/o/r/issues/1" class="ref issue-ref" data-number="1">#1</a> by ' +
      '<a class="ref mention" href="https://h/bob">@bob</a> <img src="/a.png" alt="x"></p>\n<ul>\n<li class="task-list-item"><input type="checkbox" disabled checked> done</li>\n</ul>\n';
    assert.deepEqual(htmlStructure(gitea), htmlStructure(ours));
    assert.deepEqual(htmlStructure(ours), ['<pre>', '<code>', '"func f()"', '</code>', '</pre>', '<p>', '"See #1 by @bob"', '<img>', '</p>', '<ul>', '<li>', '<input checked>', '"done"', '</li>', '</ul>']);
    // What is structure still counts: a link, emphasis, alignment, a task's state.
    assert.notDeepEqual(htmlStructure('<p><a href="https://x">x</a></p>'), htmlStructure('<p>x</p>'));
    assert.notDeepEqual(htmlStructure('<td align="left">x</td>'), htmlStructure('<td>x</td>'));
    assert.notDeepEqual(htmlStructure('<input checked>'), htmlStructure('<input>'));
    assert.deepEqual(structureDiff(['<p>', '"a"', '</p>'], ['<p>', '"b"', '</p>']), ['+ "b"', '- "a"']);
  });
});

