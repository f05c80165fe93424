// Rendering time of Markdown built to be slow: the inputs of issue #20 and the generated 100 KB corpus
// (test/unit/shared/pathologicalMarkdown.ts, the same module the unit test renders), each rendered by the shared
// renderer the way the issue page renders a body (instance images, references). Figures per 100 KB of input, so
// that a renderer that is linear in its input shows the same figure for every size. Since #31 this is the worker
// thread's time (shared/markdownOffThread.ts), not the extension host's: the 337 KB changelog
// (test/fixtures/markdown/changelog/) is also rendered through the worker, with this thread's longest block meanwhile.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

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
      // Whether the renderer cut the text (only past MARKDOWN_MAX_CHARS, 1 MiB, since #31: none of these is).
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

/**
 * The 337 KB changelog through the worker thread as the editor renders it (after one warm-up render), `runs` times:
 * the render's wall time and this thread's longest event-loop block during it (perf_hooks, 5 ms resolution), each the
 * median of the runs (a collection of this thread's garbage or the machine's load lands in one run, a block of
 * ours in every one). Measured before anything renders on this thread.
 */
export async function measureChangelog(root, runs = 5) {
  const { renderMarkdownOffThread } = require(join(root, 'out', 'src', 'shared', 'markdownOffThread.js'));
  const text = readFileSync(join(root, 'test', 'fixtures', 'markdown', 'changelog', 'CHANGELOG.md'), 'utf8');
  const instanceUrl = 'https://git.example.com/';
  const options = { imageOrigin: instanceUrl, refs: { instanceUrl, owner: 'alice', repo: 'demo' } };
  const turn = () => new Promise((r) => setTimeout(r, 20));
  await renderMarkdownOffThread(text, options);
  const times = [];
  const blocks = [];
  let whole = true;
  for (let i = 0; i < runs; i++) {
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    histogram.enable();
    await turn();
    const start = performance.now();
    const html = await renderMarkdownOffThread(text, options);
    times.push(performance.now() - start);
    await turn();
    histogram.disable();
    blocks.push(histogram.max / 1e6);
    whole &&= html.includes('The first release of the fork, with the history of its parent project kept') && !html.includes('markdown-cut');
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { chars: text.length, ms: round(median(times)), longestBlockMs: round(median(blocks)), blocks: blocks.map(round), whole };
}

/** The bench table's rows: the slowest input per 100 KB (budgeted), markdown-it alone on it, the next ones. */
export async function markdownFigures(report, root, log) {
  const section = 'Markdown rendering on the worker thread (pathological inputs of issue #20, a generated 100 KB corpus, a 337 KB changelog)';
  try {
    // The changelog first, before the renders on this thread below leave their garbage to collect.
    const changelog = await measureChangelog(root);
    const { figures, plainSlowestPer100KB } = measureMarkdown(root);
    const [slowest] = figures;
    const cutNote = (f) => (f.cut ? ', cut at the markup limit' : '');
    const cutCount = figures.filter((f) => f.cut).length;
    report.add(section, `slowest of ${figures.length} inputs, per 100 KB (median of 5; the worker thread's time)`, slowest.msPer100KB, 'ms', { max: 500, text: '≤ 500 ms per 100 KB (1 MiB in ≤ 5 s, the worker\'s timeout 30 s)' }, `${slowest.name}: ${slowest.ms} ms for ${Math.round(slowest.chars / 1024)} KB${cutNote(slowest)}`);
    // What our rules add: the same input by markdown-it alone.
    report.add(section, 'the same input whole, by markdown-it alone (no cut, none of our rules), per 100 KB', plainSlowestPer100KB, 'ms');
    report.add(section, 'the next slowest, per 100 KB', figures[1].msPer100KB, 'ms', undefined, `${figures[1].name}${cutNote(figures[1])}, then ${figures[2].name} ${figures[2].msPer100KB} ms`);
    report.add(section, 'inputs cut at the markup limit (their beginning and a note to the web page)', cutCount, '', undefined, `of ${figures.length}`);
    report.add(section, `${Math.round(changelog.chars / 1024)} KB changelog rendered whole on the worker thread (median of 5)`, changelog.ms, 'ms', undefined,
      changelog.whole ? 'its last entry rendered, no cut note' : 'NOT whole: cut or its last entry missing');
    // A render that is not whole has no figure: the budget fails with it.
    report.add(section, "the calling thread's longest block while the worker renders it (median of 5; in Node, the editor's figure is the issue page's)", changelog.whole ? changelog.longestBlockMs : null, 'ms', { max: 50, text: '≤ 50 ms' },
      `each run: ${changelog.blocks.join(', ')} ms`);
    report.details.markdown = { figures, plainSlowestPer100KB, changelog };
    log(`markdown: ${figures.slice(0, 8).map((f) => `${f.name} ${f.msPer100KB} ms/100 KB${f.cut ? ' (cut)' : ''}`).join('; ')}; changelog ${JSON.stringify(changelog)}`);
  } catch (e) {
    log(`markdown: ${e.stack ?? e.message}`);
    report.add(section, 'slowest input, per 100 KB', null, 'ms', { max: 500, text: '≤ 500 ms per 100 KB (1 MiB in ≤ 5 s, the worker\'s timeout 30 s)' }, 'failed, see log');
  }
}
