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
      return { name, chars: text.length, ms: round(ms), msPer100KB: round((ms * PER) / text.length) };
    })
    .sort((a, b) => b.msPer100KB - a.msPer100KB);
  const MarkdownIt = createRequire(join(root, 'package.json'))('markdown-it');
  const plain = new MarkdownIt('default', { html: false, breaks: true, linkify: true, maxNesting: 20 });
  const slowest = inputs.find((i) => i.name === figures[0].name);
  const plainMs = medianMs(() => plain.render(slowest.text), runs);
  return { figures, plainSlowestPer100KB: round((plainMs * PER) / slowest.text.length) };
}
