// The job log made readable (src/shared/jobLogFormat.ts, jobLogLines.ts) over the runner's fixtures
// (test/fixtures/ci-logs/runner: act_runner v1.0.8's format) and generated hostile logs: one display line per log
// line, steps as sections titled by their name, the Run listing its own section and not output (so not a problem),
// timestamps apart, no escape codes, workflow commands as labels; bounded on huge lines, unclosed and nested groups.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { parseLogProblems } from '../../../src/shared/ciLogProblems';
import { DISPLAY_LINE_MAX, JobLogFormatter } from '../../../src/shared/jobLogFormat';
import { JobLogLines, MAX_GROUP_DEPTH, cleanLine, timestampLength } from '../../../src/shared/jobLogLines';
import { REPO_ROOT } from '../../harness/paths';
import { checkHostile, hostileText } from '../fuzz/hostile';
import { FUZZ_TARGETS } from '../fuzz/targets';

const runnerLog = (name: string) => readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'ci-logs', 'runner', name), 'utf8');
const repo = { owner: 'alice', repo: 'demo' };
const lineCount = (t: string) => (t.endsWith('\n') ? t.slice(0, -1) : t).split('\n').length;

function format(text: string, names: string[] = []) {
  const f = new JobLogFormatter((k) => names[k]);
  const out = f.feed(text);
  return { ...out, sections: f.sections, formatter: f };
}

describe('job log display: the runner fixtures', () => {
  it('one display line per log line; the timestamps apart; no escape codes or ::markers left', () => {
    const text = runnerLog('success.log');
    const { lines, stamps } = format(text);
    assert.equal(lines.length, lineCount(text));
    assert.equal(stamps.length, lines.length);
    assert.ok(stamps.every((s) => /^2026-12-06T11:5\d:\d\d\.\d{7}Z$/.test(s)), stamps.find((s) => !s.endsWith('Z')));
    assert.ok(lines.every((l) => !l.includes('\u001b') && !l.startsWith('::') && !/^\d{4}-\d\d-\d\dT/.test(l)));
    assert.ok(lines.includes('found 0 vulnerabilities'), 'the ANSI colours of npm are stripped');
  });

  it('each step is a section titled with its name from the job (else its Run line), from its Run line to the next step', () => {
    const text = runnerLog('success.log');
    const { lines, sections } = format(text, ['Checkout', 'Install', 'Build']);
    const steps = sections.filter((s) => s.kind === 'step');
    assert.deepEqual(steps.map((s) => s.title), ['Checkout', 'Install', 'Build']);
    assert.deepEqual(steps.map((s) => lines[s.start]), ['▼ Checkout', '▼ Install', '▼ Build']);
    assert.equal(steps[0]!.end, steps[1]!.start - 1);
    assert.equal(lines[steps[2]!.end! + 1], 'Job succeeded', 'the last step ends before the job\'s end line');
    assert.deepEqual(format(text).sections.filter((s) => s.kind === 'step').map((s) => s.title), ['Run actions/checkout@v4', 'Run npm ci', 'Run npm run build']);
    const setup = sections[0]!;
    assert.deepEqual([setup.kind, setup.start, setup.title], ['setup', 0, 'Set up job']);
  });

  it('the Run listing (script, shell, env; with: of an action) is its own section, shown as a listing', () => {
    const { lines, sections } = format(runnerLog('success.log'));
    const listings = sections.filter((s) => s.kind === 'listing');
    assert.deepEqual(listings.map((s) => lines.slice(s.start, s.end! + 1)), [
      ['│ with:', '│   fetch-depth: 1'],
      ['│ npm ci', '│ shell: bash --noprofile --norc -e -o pipefail {0}', '│ env:', '│   NODE_ENV: test', ''],
      ['│ npm run build', '│ echo "src/app.ts:2:14: warning: b is never used"', '│ shell: bash --noprofile --norc -e -o pipefail {0}', ''],
    ]);
    // The action's own ::group:: inside its output is a nested section.
    const group = sections.find((s) => s.kind === 'group' && s.title === 'Starting job container');
    assert.ok(group && lines[group.start] === '▸ Starting job container');
    assert.ok(sections.some((s) => s.kind === 'group' && s.title === 'Getting Git version info'));
  });

  it('workflow commands read as labels; the log\'s end line says how the job ended', () => {
    const { lines, formatter } = format(runnerLog('failure.log'));
    assert.ok(lines.includes('Warning: b is never used'));
    assert.ok(lines.includes('Error: Build failed: 1 error'));
    assert.equal(formatter.jobEnded, 'failed');
    assert.equal(format(runnerLog('success.log')).formatter.jobEnded, 'succeeded');
  });

  it('fed in pieces (a running job\'s polls), it gives the same lines and sections as at once', () => {
    const text = runnerLog('success.log');
    const whole = format(text);
    const f = new JobLogFormatter();
    const rows = text.split(/(?<=\n)/);
    const lines: string[] = [];
    for (let i = 0; i < rows.length; i += 3) lines.push(...f.feed(rows.slice(i, i + 3).join('')).lines);
    assert.deepEqual(lines, whole.lines);
    assert.deepEqual(f.sections, whole.sections);
  });
});

describe('job log problems: the output only (#40)', () => {
  it('a script that echoes a warning gives one problem, from the output, not from the listing', () => {
    const text = runnerLog('success.log');
    const { problems } = parseLogProblems(text, repo);
    assert.deepEqual(problems.map((p) => `${p.path}:${p.line}:${p.column} ${p.severity} ${p.message}`), ['src/app.ts:2:14 warning b is never used']);
    assert.equal(text.split('\n')[problems[0]!.logLine], '2026-12-06T11:52:12.0061185Z src/app.ts:2:14: warning: b is never used');
  });

  it('compiler errors and ::error/::warning commands of the output, each once, with their file and line', () => {
    const { problems } = parseLogProblems(runnerLog('failure.log'), repo);
    assert.deepEqual(problems.map((p) => `${p.path}:${p.line}${p.column ? `:${p.column}` : ''} ${p.severity} ${p.message}`), [
      "src/main.ts:4:7 error Type 'string' is not assignable to type 'number'.",
      'src/app.ts:2:14 warning b is never used',
      'src/main.ts:9 error Build failed: 1 error',
    ]);
  });

  it('a uses: step\'s output (after its with:/env: listing, before its ::endgroup::) is output', () => {
    const log = ['::group::Run ./lint-action', 'with:', '  path: src', 'src/a.ts:3:1: error: bad', '::endgroup::', 'Job failed'].join('\n');
    assert.deepEqual(parseLogProblems(log, repo).problems.map((p) => p.path), ['src/a.ts']);
  });
});

describe('job log lines: hostile input', () => {
  it('a huge line is cut for display, one line still', () => {
    const { lines } = format(`2026-12-06T11:52:03.1234567Z ${'x'.repeat(3 * DISPLAY_LINE_MAX)}\nnext\n`);
    assert.equal(lines.length, 2);
    assert.equal(lines[0]!.length, DISPLAY_LINE_MAX + 1);
    assert.equal(lines[1], 'next');
  });

  it('unclosed groups end with the step; nested groups are sections inside sections, counted to a bounded depth', () => {
    const nested = [...Array.from({ length: MAX_GROUP_DEPTH + 10 }, (_, i) => `::group::g${i}`), 'out', '::group::Run next step', 'x'].join('\n');
    const { sections } = format(nested);
    assert.ok(sections.filter((s) => s.kind === 'group').every((s) => s.end !== undefined), 'closed by the next step');
    const roles = new JobLogLines();
    for (let i = 0; i < 10 * MAX_GROUP_DEPTH; i++) roles.role('::group::x');
    assert.equal(roles.groupDepth, MAX_GROUP_DEPTH);
  });

  it('1e5 lines of `::` and of `::group::Run` give one display line each and sections that fit the text', () => {
    for (const unit of ['::', '::group::Run x', '::endgroup::', '##[group]']) {
      const text = `${unit}\n`.repeat(100_000);
      const { lines, sections } = format(text);
      assert.equal(lines.length, 100_000);
      for (const s of sections) assert.ok(s.start >= 0 && (s.end ?? s.start) < lines.length && (s.end ?? s.start) >= s.start);
    }
  });

  it('cleanLine: escape codes (CSI, OSC links), control characters and overwritten progress go; tabs stay', () => {
    assert.equal(cleanLine('\u001b[1;31mred\u001b[0m\tok'), 'red\tok');
    assert.equal(cleanLine('\u001b]8;;http://x\u0007link\u001b]8;;\u0007'), 'link');
    assert.equal(cleanLine('10%\r50%\r100%\r'), '100%');
    assert.equal(cleanLine('a\u0000b\u0007c'), 'abc');
    assert.equal(timestampLength('2026-12-06T11:52:03.1234567Z x'), 29);
    assert.equal(timestampLength('20:15 x'), 0);
  });

  it('generated hostile logs: one display line per line, sections inside the text, no escape codes', () => {
    const tokens = FUZZ_TARGETS.find((t) => t.name === 'job log display')!.tokens;
    checkHostile((size) => hostileText(tokens, size), (log) => {
      const { lines, stamps, sections } = format(log);
      const expected = log === '' ? 0 : lineCount(log);
      assert.equal(lines.length, expected);
      assert.equal(stamps.length, expected);
      for (const l of lines) assert.ok(!l.includes('\u001b') && !l.includes('\r') && !l.includes('\n') && l.length <= DISPLAY_LINE_MAX + 1);
      for (const s of sections) assert.ok(s.start >= 0 && s.start < Math.max(1, lines.length) && (s.end === undefined || (s.end >= s.start && s.end < lines.length)));
    });
  });

  it('any split of a log into pieces gives the same display', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('::group::Run a\n', 'a\n', 'shell: x\n', '::endgroup::\n', 'with:\n', '  k: v\n', '::group::g\n', 'Job failed\n'), { maxLength: 40 }), fc.nat(40), (rows, cut) => {
        const text = rows.join('');
        const at = rows.slice(0, cut).join('').length;
        const f = new JobLogFormatter();
        const pieces = [...f.feed(text.slice(0, at)).lines, ...f.feed(text.slice(at)).lines];
        assert.deepEqual(pieces, format(text).lines);
      }),
    );
  });
});
