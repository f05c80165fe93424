// npm run readme:performance — writes the figures of bench/results.json into the README's Performance section,
// between `<!-- performance:start -->` and `<!-- performance:end -->`: the run (date, machine), how many budgets
// pass, and every figure with its value, budget and result. `npm run bench` runs it after writing the results, so
// the README shows the last full run and never a figure typed by hand; the text around the markers is written by
// people. `--check` changes nothing and exits 1 when the README differs (test/unit/bench/readmePerformance.test.ts
// does the same).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, within } from '../bench/lib/report.mjs';

export const START = '<!-- performance:start -->';
export const END = '<!-- performance:end -->';
const VIEW_SECTION = /^View (.+)$/;
const SIZE_UNITS = new Set(['bytes', 'MiB', 'MB']);

/** A table cell: one line, no column separator. */
const cell = (text) => String(text).replace(/(?<!\s)\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
/** A table row; an empty cell is one space wide. */
const row = (cells) => `|${cells.map((c) => (c === '' ? ' ' : ` ${c} `)).join('|')}|`;

function valueText(f) {
  const note = f.note ? ` (${f.note})` : '';
  return f.value === null || f.value === undefined ? `n/a${note}` : `${format(f.value, f.unit)}${note}`;
}

/** The budget as written by the bench; results written before 2026-11-26 named sizes KB/MB though they were /1024. */
function budgetText(f) {
  if (!f.budget) return '';
  return SIZE_UNITS.has(f.unit) ? f.budget.text.replace(/\b([KM])B\b/g, '$1iB') : f.budget.text;
}

const resultText = (f) => (!f.budget ? '' : within(f) ? 'pass' : '**fail**');

function runLine(results, budgeted, failed) {
  const m = results.machine ?? {};
  const when = typeof results.date === 'string' ? results.date.replace(/^(\d{4}-\d\d-\d\d)T(\d\d:\d\d).*$/, '$1 $2 UTC') : 'an unknown date';
  const machine = [
    m.cpus !== undefined ? `${m.cpus} cores${m.cpu ? ` (${m.cpu})` : ''}` : undefined,
    m.memoryGB !== undefined ? `${m.memoryGB} GiB` : undefined, // os.totalmem() / 1024³
    m.node ? `Node ${m.node}` : undefined,
    m.codeServer ? `code-server ${m.codeServer}` : undefined,
  ].filter(Boolean).join(', ');
  const duration = results.durationSeconds !== undefined ? `, ${results.durationSeconds} s` : '';
  const verdict = failed.length === 0
    ? `**all ${budgeted} budgets pass**`
    : `**${failed.length} of ${budgeted} budgets ${failed.length === 1 ? 'fails' : 'fail'}**: ${failed.map((f) => `${f.section}: ${f.name}`).join('; ')}`;
  return `Last full run (\`${results.command ?? 'npm run bench'}\`): ${when}${duration}, on ${machine || 'an unrecorded machine'}; ${verdict}.`;
}

function figuresTable(figures) {
  const lines = ['| Figure | Value | Budget | Result |', '|---|---|---|---|'];
  let section;
  for (const f of figures) {
    if (f.section !== section) lines.push(row([`**${cell((section = f.section))}**`, '', '', '']));
    lines.push(row([cell(f.name), cell(valueText(f)), cell(budgetText(f)), resultText(f)]));
  }
  return lines;
}

/**
 * The views' figures, one row per view and one column per figure name. A figure that stands for a group it could
 * not measure ("Load more": n/a, one page only) fills the columns named after it.
 */
function viewsTable(figures) {
  const views = [];
  for (const f of figures) {
    const view = VIEW_SECTION.exec(f.section)[1];
    let row = views.find((v) => v.view === view);
    if (!row) views.push((row = { view, figures: [] }));
    row.figures.push(f);
  }
  const names = [...new Set(figures.map((f) => f.name))];
  const standIns = new Set(names.filter((n) => names.some((o) => o.startsWith(`${n}: `))));
  const columns = names.filter((n) => !standIns.has(n));
  const header = columns.map((name) => {
    const budgets = new Set(figures.filter((f) => f.name === name).map(budgetText));
    const only = budgets.size === 1 ? [...budgets][0] : '';
    return only ? `${name} (${only})` : name;
  });
  const lines = [`| View | ${header.map(cell).join(' | ')} | Result |`, `|---|${columns.map(() => '---|').join('')}---|`];
  for (const { view, figures: own } of views) {
    const cells = columns.map((name) => {
      const f = own.find((g) => g.name === name);
      if (f) return `${valueText(f)}${f.budget && !within(f) ? ' **fail**' : ''}`;
      const standIn = own.find((g) => standIns.has(g.name) && name.startsWith(`${g.name}: `));
      return standIn ? valueText(standIn) : '—';
    });
    const budgeted = own.filter((f) => f.budget);
    const result = budgeted.length === 0 ? '' : budgeted.every(within) ? 'pass' : '**fail**';
    lines.push(row([cell(view), ...cells.map(cell), result]));
  }
  return lines;
}

/** The generated part of the README's Performance section (without the markers) for a results.json. */
export function performanceMarkdown(results) {
  const figures = results.figures ?? [];
  const budgeted = figures.filter((f) => f.budget);
  const failed = budgeted.filter((f) => !within(f));
  const views = figures.filter((f) => VIEW_SECTION.test(f.section));
  const others = figures.filter((f) => !VIEW_SECTION.test(f.section));
  const lines = [
    '<!-- Generated from bench/results.json by scripts/readme-performance.mjs (npm run readme:performance, also run by npm run bench): edit those, not this part. -->',
    '',
    runLine(results, budgeted.length, failed),
    '',
    ...figuresTable(others),
  ];
  if (views.length > 0) lines.push('', 'Each view, opened on its own:', '', ...viewsTable(views));
  return lines.join('\n');
}

/** The README with its generated part replaced; throws when the markers are missing or out of order. */
export function withPerformance(readme, results) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md needs the lines ${START} and ${END}, in that order, around the generated figures`);
  return `${readme.slice(0, start + START.length)}\n${performanceMarkdown(results)}\n${readme.slice(end)}`;
}

/** Rewrites root/README.md from root/bench/results.json; returns whether it changed (nothing is written when checking). */
export function updateReadme(root, { check = false } = {}) {
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const next = withPerformance(readme, JSON.parse(readFileSync(join(root, 'bench', 'results.json'), 'utf8')));
  if (next !== readme && !check) writeFileSync(readmePath, next);
  return next !== readme;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const check = process.argv.includes('--check');
  const changed = updateReadme(ROOT, { check });
  if (check && changed) {
    process.stderr.write('README.md: the Performance figures differ from bench/results.json; run npm run readme:performance\n');
    process.exit(1);
  }
  process.stdout.write(`README.md: Performance figures ${changed ? 'written from' : 'already match'} bench/results.json\n`);
}
