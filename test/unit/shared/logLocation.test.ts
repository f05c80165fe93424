// The one-pass `path:line[:col]` finder of CI logs: the same locations as the pattern it replaced (compared on
// generated lines of the characters that matter), and linear time on the line that made the pattern quadratic.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { colonLocation } from '../../../src/shared/logLocation';

// The pattern colonLocation replaces (quadratic on `[a[a…`): the oracle for short lines only.
const REPLACED = /(?:^|[\s'"[])(?:-->\s*)?((?:\.{1,2}\/|\/)?[\w@.+~-][^\s:()'"<>|,]*\.[a-z0-9]{1,12}):(\d{1,7})(?::(\d{1,5}))?(?=[:\s)\]]|$)/i;

function viaPattern(line: string) {
  const m = REPLACED.exec(line);
  return m ? { path: m[1], line: m[2], ...(m[3] === undefined ? {} : { column: m[3] }), end: m.index + m[0].length } : undefined;
}

/** A small deterministic generator (no Math.random: a failure must repeat). */
function* lines(count: number): Generator<string> {
  const pieces = ['a', 'b.ts', '.', '/', '[', ':', '1', '12', ':3', ' ', '-->', '"', "'", ')', ']', '(', 'x.c', '-', '>', '12345678', 'ab.abcdefghijklm', '\t', '\u00a0', ','];
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let n = 0; n < count; n++) {
    let line = '';
    const length = next() % 12;
    for (let i = 0; i < length; i++) line += pieces[next() % pieces.length];
    yield line;
  }
}

describe('colonLocation', () => {
  it('finds what compilers print: gcc, Go, rustc, ESLint unix, quoted and bracketed paths', () => {
    assert.deepEqual(colonLocation('src/lib.c:10:3: warning: unused'), { path: 'src/lib.c', line: '10', column: '3', end: 14 });
    assert.deepEqual(colonLocation('./server/handler.go:42:9: undefined: x'), { path: './server/handler.go', line: '42', column: '9', end: 24 });
    assert.deepEqual(colonLocation('  --> src/main.rs:2:5'), { path: 'src/main.rs', line: '2', column: '5', end: 21 });
    assert.deepEqual(colonLocation('-->src/main.rs:2'), { path: 'src/main.rs', line: '2', end: 16 });
    assert.deepEqual(colonLocation('at "a/b.py:7: boom"'), { path: 'a/b.py', line: '7', end: 12 });
    assert.deepEqual(colonLocation('[x[src/a.ts:3:123456]'), { path: 'x[src/a.ts', line: '3', end: 13 }, 'a column of 6 digits is not one');
    assert.equal(colonLocation('http://host:80/x 10:05:00 v1.2.3'), undefined);
    assert.equal(colonLocation('a.ts:12345678'), undefined, 'a line number of 8 digits is not one');
  });

  it('agrees with the pattern it replaced on 200,000 generated lines', () => {
    let found = 0;
    for (const line of lines(200_000)) {
      const expected = viaPattern(line);
      assert.deepEqual(colonLocation(line), expected, JSON.stringify(line));
      if (expected) found++;
    }
    assert.ok(found > 2_000, `the generated lines hold locations (${found})`);
  });

  it('a log line of `[a[a…` (4 KB, as the log reader cuts it) ×200 and a 1 MB one end with nothing found', () => {
    const line = '[a'.repeat(2_048);
    for (let i = 0; i < 200; i++) assert.equal(colonLocation(line), undefined);
    assert.equal(colonLocation('[a'.repeat(512 * 1024)), undefined);
    assert.equal(colonLocation(`${'[a.b'.repeat(256 * 1024)}:x`), undefined);
    assert.deepEqual(colonLocation(`${'[a'.repeat(256 * 1024)}.ts:1`)?.line, '1');
    assert.equal(colonLocation(`${'a:'.repeat(512 * 1024)}`), undefined);
  });
});
