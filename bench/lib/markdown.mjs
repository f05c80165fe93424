// Rendering time of Markdown built to be slow: the inputs of issue #20 and the generated 100 KB corpus
// (test/unit/shared/pathologicalMarkdown.ts, the same module the unit test renders), each rendered by the shared
// renderer the way the issue page renders a body (instance images, references). Figures per 100 KB of input, so
// that a renderer that is linear in its input shows the same figure for every size.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const PER = 100 * 1024;

/** Median wall time of `runs` calls of `render` after one warm-up call, in ms. */
function medianMs(render, runs) {
  render();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    render();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const round = (ms) => Math.round(ms * 10) / 10;

/**
 * Median wall time of `runs` renders of each input after one warm-up render, per 100 KB; slowest first. The slowest
 * is also rendered by markdown-it alone (same options, none of our rules), to tell its cost from ours.
 */
export function measureMarkdown(root, runs = 5) {
  const { renderMarkdown } = require(join(root, 'out', 'src', 'shared', 'markdown.js'));
  const { pathologicalCorpus, reportedInputs } = require(join(root, 'out', 'test', 'unit', 'shared', 'pathologicalMarkdown.js'));
  const instanceUrl = 'https://git.example.com/';
  const options = { imageOrigin: instanceUrl, refs: { instanceUrl, owner: 'alice', repo: 'demo' } };
  const inputs = [...reportedInputs(), ...pathologicalCorpus()];
  const figures = inputs
    .map(({ name, text }) => {
      const ms = medianMs(() => renderMarkdown(text, options), runs);
      // Whether the renderer cut the text (MARKDOWN_MAX_CHARS, MARKDOWN_MAX_MARKS): the figure is then what the user
      // waits for to see its beginning and the note linking to the web page.
      const cut = renderMarkdown(text, options).includes('<p class="markdown-cut">');
      return { name, chars: text.length, ms: round(ms), msPer100KB: round((ms * PER) / text.length), cut };
    })
    .sort((a, b) => b.msPer100KB - a.msPer100KB);
  const MarkdownIt = createRequire(join(root, 'package.json'))('markdown-it');
  const plain = new MarkdownIt('default', { html: false, breaks: true, linkify: true, maxNesting: 20 });
  const slowest = inputs.find((i) => i.name === figures[0].name);
  const plainMs = medianMs(() => plain.render(slowest.text), runs);
  return { figures, plainSlowestPer100KB: round((plainMs * PER) / slowest.text.length) };
}

/** The bench table's rows: the slowest input per 100 KB (budgeted), markdown-it alone on it, the next ones. */
export function markdownFigures(report, root, log) {
  const section = 'Markdown rendering (pathological inputs of issue #20 and a generated 100 KB corpus)';
  try {
    const { figures, plainSlowestPer100KB } = measureMarkdown(root);
    const [slowest] = figures;
    const cutNote = (f) => (f.cut ? ', cut at the markup limit' : '');
    const cutCount = figures.filter((f) => f.cut).length;
    report.add(section, `slowest of ${figures.length} inputs, per 100 KB (median of 5)`, slowest.msPer100KB, 'ms', { max: 50, text: '≤ 50 ms per 100 KB' }, `${slowest.name}: ${slowest.ms} ms for ${Math.round(slowest.chars / 1024)} KB${cutNote(slowest)}`);
    // The figure before the markup limit (MARKDOWN_MAX_MARKS): the whole input parsed, as markdown-it alone does it.
    report.add(section, 'the same input whole, by markdown-it alone (no cut, none of our rules), per 100 KB', plainSlowestPer100KB, 'ms');
    report.add(section, 'the next slowest, per 100 KB', figures[1].msPer100KB, 'ms', undefined, `${figures[1].name}${cutNote(figures[1])}, then ${figures[2].name} ${figures[2].msPer100KB} ms`);
    report.add(section, 'inputs cut at the markup limit (their beginning and a note to the web page)', cutCount, '', undefined, `of ${figures.length}`);
    report.details.markdown = { figures, plainSlowestPer100KB };
    log(`markdown: ${figures.slice(0, 8).map((f) => `${f.name} ${f.msPer100KB} ms/100 KB${f.cut ? ' (cut)' : ''}`).join('; ')}`);
  } catch (e) {
    log(`markdown: ${e.stack ?? e.message}`);
    report.add(section, 'slowest input, per 100 KB', null, 'ms', { max: 50, text: '≤ 50 ms per 100 KB' }, 'failed, see log');
  }
}
