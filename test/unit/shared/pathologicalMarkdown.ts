// Markdown made to be slow or deep: the inputs that stalled or crashed the former hand-written renderer and a
// generated corpus of 100 KB texts (deep nesting, long runs of the characters parsers backtrack on, mixtures).
// The unit test (markdownPathological.test.ts) renders each and checks the output; `npm run bench` times them
// (scripts/bench.mjs, from the compiled out/test/unit/shared/pathologicalMarkdown.js). Deterministic: no randomness
// but a seeded generator, so a slow input found once is found again.

export interface PathologicalInput {
  readonly name: string;
  readonly text: string;
}

/** The corpus's size per text. */
export const CORPUS_CHARS = 100 * 1024;

/** `unit` repeated to exactly `chars` characters. */
function run(unit: string, chars = CORPUS_CHARS): string {
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
}

/** Lines from `line(i)` until the text reaches `chars`. */
function lines(line: (i: number) => string, chars = CORPUS_CHARS): string {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < chars; i++) {
    const l = line(i);
    out.push(l);
    size += l.length + 1;
  }
  return out.join('\n').slice(0, chars);
}

/** A small seeded generator (mulberry32): the same corpus on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `chars` characters drawn from `alphabet`'s pieces. */
function mixture(alphabet: readonly string[], seed: number, chars = CORPUS_CHARS): string {
  const next = seeded(seed);
  let out = '';
  while (out.length < chars) out += alphabet[Math.floor(next() * alphabet.length)]!;
  return out.slice(0, chars);
}

/** The inputs of the issue (#20) that stalled the former renderer for seconds or overflowed its stack. */
export function reportedInputs(): PathologicalInput[] {
  return [
    { name: 'heading + 5,000 spaces', text: `# a${' '.repeat(5000)}b` },
    { name: '![ x40,000', text: '!['.repeat(40_000) },
    { name: '2,000 nested "- "', text: `${'- '.repeat(2000)}x` },
    { name: '4,000 nested "> "', text: `${'> '.repeat(4000)}x` },
  ];
}

/** 100 KB texts made to be slow or deep. */
export function pathologicalCorpus(): PathologicalInput[] {
  const runs: [string, string][] = [
    ['[', '['],
    ['![', '!['],
    ['*', '*'],
    ['_', '_'],
    ['backtick', '`'],
    ['<', '<'],
    ['#', '#'],
    ['spaces', ' '],
    ['~', '~'],
    ['|', '|'],
    ['\\', '\\'],
    ['&', '&'],
    ['](', ']('],
    ['[](', '[]('],
    ['*a', '*a'],
    ['_a', '_a'],
    ['a**', 'a**'],
    ['**_', '**_'],
    ['<a', '<a'],
    ['<!--', '<!--'],
    ['<http://', '<http://'],
    ['[a](', '[a]('],
    ['[a][', '[a]['],
    ['&#', '&#'],
    ['http://a.', 'http://a.'],
    ['www.a', 'www.a'],
    ['a@a.', 'a@a.'],
    ['#1 @a ', '#1 @a '],
    ['deadbee1 ', 'deadbee1 '],
    ['"', '"'],
    ['\\n', '\n'],
    ['x\\n', 'x\n'],
  ];
  return [
    ...runs.map(([name, unit]) => ({ name: `run of ${name}`, text: run(unit) })),
    // Deep nesting, on one line and over lines.
    { name: 'nested "- " (one line)', text: run('- ') },
    { name: 'nested "> " (one line)', text: run('> ') },
    { name: 'nested "1. " (one line)', text: run('1. ') },
    { name: 'nested "> - " (one line)', text: run('> - ') },
    { name: 'lists indented one level more per line', text: lines((i) => `${'  '.repeat(i % 300)}- x`) },
    { name: 'quotes one level deeper per line', text: lines((i) => `${'>'.repeat(i % 1000)} x`) },
    { name: 'nested links [[[…](u)](u)…', text: `${'['.repeat(31_000)}x${'](u)'.repeat(18_000)}`.slice(0, CORPUS_CHARS) },
    { name: 'nested images', text: `${'!['.repeat(20_000)}x${'](/a)'.repeat(12_000)}`.slice(0, CORPUS_CHARS) },
    { name: 'nested emphasis *_*_…', text: `${'*_'.repeat(25_000)}x${'_*'.repeat(25_000)}`.slice(0, CORPUS_CHARS) },
    { name: 'unclosed code fence', text: `\`\`\`js\n${lines((i) => `line ${i} <b> \`\`\` x`)}` },
    { name: 'table with 5,000 columns', text: `${'|a'.repeat(5000)}|\n${'|-'.repeat(5000)}|\n${lines(() => '|x'.repeat(100), CORPUS_CHARS - 20_002)}` },
    { name: 'table with many short rows', text: `|a|b|\n|-|-|\n${run('|x|\n', CORPUS_CHARS - 12)}` },
    // markdown-it's time grows faster than the number of items of one list (25,000 items: about 2 s).
    { name: 'list of 25,000 items', text: run('- a\n') },
    { name: 'ordered list of 20,000 items', text: run('1. a\n') },
    { name: 'paragraphs of one letter', text: run('a\n\n') },
    { name: 'reference definitions', text: lines((i) => `[r${i}]: https://a.example/${i} "t"\n[r${i}]`) },
    { name: 'heading with trailing spaces and #', text: `# a${run(' #', CORPUS_CHARS - 4)}b` },
    { name: 'setext underline after long paragraph', text: `${run('a ', CORPUS_CHARS - 4)}\n==` },
    // Mixtures of the characters the parsers look at.
    { name: 'mixture of brackets and emphasis', text: mixture(['[', ']', '(', ')', '!', '*', '_', '`', '<', '>', 'a', ' '], 1) },
    { name: 'mixture of block markers', text: mixture(['- ', '> ', '# ', '1. ', '```', '\n', '    ', '|', 'a', '---'], 2) },
    { name: 'mixture of links and references', text: mixture(['[a](https://x.example/)', '#1 ', '@b ', 'http://', 'www.', '<', '>', '](', '!['], 3) },
    { name: 'mixture of everything', text: mixture([...'[]()!*_`<>#~|\\&;:/@ \n-+=.0123456789abcdefx"\''], 4) },
  ];
}
