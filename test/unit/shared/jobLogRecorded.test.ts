// The job log display and its problems over logs recorded from a real runner (test/fixtures/ci-logs/recorded:
// act_runner v1.0.8, host mode, Gitea 1.27.0): steps titled with the job's step names, the Run listing apart from
// the output, an action's output (inside its group) shown as output, the problems from the output only, once each.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLogProblems } from '../../../src/shared/ciLogProblems';
import { JobLogFormatter } from '../../../src/shared/jobLogFormat';
import { REPO_ROOT } from '../../harness/paths';

const recorded = (name: string) => readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'ci-logs', 'recorded', name), 'utf8');

function format(name: string, steps: string[]) {
  const f = new JobLogFormatter((k) => steps[k]);
  const { lines } = f.feed(recorded(name));
  return { lines, sections: f.sections };
}

describe('job log display: logs recorded from a real runner', () => {
  it('the failing job: one step titled Compile, its script a listing, its output after it without escapes or ::markers', () => {
    const { lines, sections } = format('failing-job.log', ['Compile']);
    const steps = sections.filter((s) => s.kind === 'step');
    assert.deepEqual(steps.map((s) => s.title), ['Compile']);
    const listing = sections.find((s) => s.kind === 'listing')!;
    assert.ok(lines.slice(listing.start, listing.end! + 1).some((l) => l.includes('exit 2')), 'the script is in the listing');
    const output = lines.slice(listing.end! + 1);
    assert.ok(output.includes('red text and bold green'), 'ANSI colours stripped');
    assert.ok(output.includes('Error: no file given'));
    assert.ok(lines.every((l) => !l.includes('\u001b') && !l.startsWith('::')));
    assert.deepEqual(sections.filter((s) => s.kind === 'group').map((s) => s.title), ['Inner group']);
    assert.equal(lines.at(-2), 'Job failed');
  });

  it('an action step: its with: listing apart, its output (inside the group) shown as output', () => {
    const { lines, sections } = format('pass-job-upload-failed.log', ['Greet', 'Upload']);
    assert.deepEqual(sections.filter((s) => s.kind === 'step').map((s) => s.title), ['Greet', 'Upload']);
    const withListing = sections.filter((s) => s.kind === 'listing')[1]!;
    assert.deepEqual(lines.slice(withListing.start, withListing.end! + 1).map((l) => l.replace(/^│ /, '')).slice(0, 3), ['with:', '  name: greeting', '  path: README.md']);
    assert.equal(lines[withListing.end! + 1], 'Artifact name is valid!');
  });

  it('a later step without "Run Main": each ::group::Run block starts the next step of the job', () => {
    const { lines, sections } = format('long-job-complete.log', ['Count', 'After']);
    const steps = sections.filter((s) => s.kind === 'step');
    assert.deepEqual(steps.map((s) => s.title), ['Count', 'After']);
    assert.equal(lines[steps[1]!.start - 1], 'line 40 of 40');
    assert.equal(lines.at(-1), 'Job succeeded');
  });

  it('problems from the output only, each once: the script that echoes them is not output', () => {
    const failing = parseLogProblems(recorded('failing-job.log'), { owner: 'alice', repo: 'logrec' }).problems;
    assert.deepEqual(failing.map((p) => `${p.severity} ${p.path}:${p.line}`), ['warning src/app.ts:2', 'error src/main.ts:3']);
    const pass = parseLogProblems(recorded('pass-job-upload-failed.log'), { owner: 'alice', repo: 'logrec' }).problems;
    assert.deepEqual(pass.map((p) => [p.path, p.line, p.column]), [['src/app.ts', 2, 14]]);
  });
});
