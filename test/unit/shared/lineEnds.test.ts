// Line ends made LF in one pass: CRLF and lone CR become LF, every other code unit (lone surrogates too) as it was.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { toLf } from '../../../src/shared/lineEnds';

describe('toLf', () => {
  it('makes CRLF and lone CR into LF and keeps everything else, lone surrogates included', () => {
    assert.equal(toLf('a\r\nb\rc\r\r\n\n'), 'a\nb\nc\n\n\n');
    assert.equal(toLf('\ud800\r\udc00\r'), '\ud800\n\udc00\n');
    assert.equal(toLf('é\r\n😀\r'), 'é\n😀\n');
    const text = 'no carriage return';
    assert.equal(toLf(text), text);
    const units = fc.constantFrom('\r', '\n', '\r\n', 'a', 'é', '😀', '\ud800', '\udc00');
    fc.assert(fc.property(fc.array(units).map((u) => u.join('')), (s) => toLf(s) === s.split('\r\n').join('\n').split('\r').join('\n')), { seed: 31_2026, numRuns: 2000 });
  });

  it('a megabyte of CR is a megabyte of LF; a long text of every kind of line end reads as the short ones do', () => {
    assert.equal(toLf('\r'.repeat(1 << 20)), '\n'.repeat(1 << 20));
    const mixed = 'a\r\nb\rc\r\r\n\n\ud800\r\udc00😀'.repeat(10_000);
    assert.equal(toLf(mixed), 'a\nb\nc\n\n\n\ud800\n\udc00😀'.repeat(10_000));
  });
});
