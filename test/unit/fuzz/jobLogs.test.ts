// Job logs (src/shared/ciLogProblems.ts) are whatever a workflow printed, megabytes of it: the problems found are
// capped, name files of the repository only, sit on lines of the log, and a real problem is still found among junk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { LOG_LIMITS, parseLogProblems } from '../../../src/shared/ciLogProblems';
import { isRepoPath } from '../../../src/shared/repoPath';
import { checkHostile, hostileText } from './hostile';
import { FUZZ_TARGETS, LOG_REPO } from './targets';

const TOKENS = FUZZ_TARGETS.find((t) => t.name === 'job logs')!.tokens;
const lineCount = (text: string) => text.split('\n').length;

test('fuzz: a job log of any shape gives at most the cap of problems, each in a file of the repository on a line of the log', () => {
  checkHostile((size) => hostileText(TOKENS, size), (log) => {
    const { problems } = parseLogProblems(log, LOG_REPO);
    assert.ok(problems.length <= LOG_LIMITS.maxProblems);
    const lines = lineCount(log);
    for (const p of problems) {
      assert.ok(isRepoPath(p.path) && !p.path.split('/').includes('node_modules'), `path ${JSON.stringify(p.path)}`);
      assert.ok(Number.isInteger(p.logLine) && p.logLine >= 0 && p.logLine < lines);
      assert.ok(Number.isSafeInteger(p.line) && (p.column === undefined || Number.isSafeInteger(p.column)));
      assert.ok(p.message.length <= LOG_LIMITS.maxLineLength && !p.message.includes('\n'), `a message of ${p.message.length} characters`);
      assert.ok(['error', 'warning', 'info'].includes(p.severity));
    }
  });
});

test('fuzz: the caps a caller gives hold on hostile logs (lines read, problems kept)', () => {
  checkHostile((size) => hostileText(TOKENS, size), (log) => {
    const r = parseLogProblems(log, { ...LOG_REPO, maxLines: 40, maxProblems: 3, maxLineLength: 200 });
    assert.ok(r.problems.length <= 3);
    for (const p of r.problems) assert.ok(p.logLine < 40 && p.message.length <= 200);
    if (lineCount(log) > 40) assert.equal(r.truncated, true);
  });
});

test('fuzz: a compiler error on the first line is found whatever junk follows it', () => {
  checkHostile((size) => fc.tuple(fc.integer({ min: 1, max: 99999 }), hostileText(TOKENS, size)), ([line, junk]) => {
    const { problems } = parseLogProblems(`src/app.ts:${line}:5: error: boom\n${junk}`, LOG_REPO);
    assert.ok(problems.some((p) => p.path === 'src/app.ts' && p.line === line && p.logLine === 0), JSON.stringify(problems.slice(0, 3)));
  });
});
