// The writing tools' consent (src/lm/consent.ts): an invocation sends only what a question recorded for its very
// input showed, once; nothing pushes a waiting question out but its own input asked again or its age; memory is
// bounded by the characters kept, and a question that does not fit is refused, never an older one dropped.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSENT_CHARS, CONSENT_TTL_MS, ConsentStore } from '../../../src/lm/consent';

/** A store on a clock the test moves. */
function store(ttl = CONSENT_TTL_MS, max = CONSENT_CHARS): { consent: ConsentStore; advance(ms: number): void } {
  let now = 1_000_000;
  return { consent: new ConsentStore(() => now, ttl, max), advance: (ms) => (now += ms) };
}

describe('consent of the writing tools', () => {
  it('confirms only the text shown for that input, once', () => {
    const { consent } = store();
    assert.equal(consent.has('comment {"a":1}'), false);
    assert.equal(consent.take('comment {"a":1}', 'Post this?'), 'unasked', 'never asked: nothing is sent');
    assert.equal(consent.record('comment {"a":1}', 'Post this?'), true);
    assert.equal(consent.has('comment {"a":1}'), true);
    assert.equal(consent.has('comment {"a":2}'), false, 'another input was not asked');
    assert.equal(consent.take('comment {"a":2}', 'Post this?'), 'unasked');
    assert.equal(consent.take('comment {"a":1}', 'Post this?'), 'confirmed');
    assert.equal(consent.has('comment {"a":1}'), false, 'used');
    assert.equal(consent.take('comment {"a":1}', 'Post this?'), 'unasked', 'a yes answers one invocation');
    assert.equal(consent.size, 0);
  });

  it('a plan that reads otherwise than the question is "changed", and the question is used up', () => {
    const { consent } = store();
    consent.record('k', 'Merge topic into main?');
    assert.equal(consent.take('k', 'Merge topic into release?'), 'changed');
    assert.equal(consent.take('k', 'Merge topic into main?'), 'unasked', 'asked again before anything is sent');
  });

  it('the same input asked again replaces its question: the invocation answers the newest', () => {
    const { consent } = store();
    consent.record('k', 'first');
    consent.record('k', 'second');
    assert.equal(consent.size, 'k'.length + 'second'.length);
    assert.equal(consent.take('k', 'first'), 'changed', 'the declined older question is no longer a yes');
    consent.record('k', 'first');
    consent.withdraw('k');
    assert.equal(consent.has('k'), false, 'withdrawn: a failed asking leaves nothing to send');
    assert.equal(consent.take('k', 'first'), 'unasked');
    assert.equal(consent.size, 0);
    consent.withdraw('never asked');
    assert.equal(consent.size, 0);
  });

  it('25 questions in a row (and a thousand) are all kept until their invocations take them', () => {
    const { consent } = store();
    const keys = Array.from({ length: 1000 }, (_, i) => `createIssue {"title":"Issue ${i}"}`);
    for (const key of keys) assert.equal(consent.record(key, `Create ${key}?`), true);
    for (const key of keys.slice(0, 25).reverse()) assert.equal(consent.take(key, `Create ${key}?`), 'confirmed', key);
    for (const key of keys.slice(25)) assert.equal(consent.take(key, `Create ${key}?`), 'confirmed', key);
    assert.equal(consent.size, 0);
  });

  it('a question older than the expiry is not a yes; one just within it is', () => {
    const { consent, advance } = store(1000);
    consent.record('old', 'q');
    advance(1000);
    assert.equal(consent.has('old'), true, 'at the expiry itself still kept');
    assert.equal(consent.take('old', 'q'), 'confirmed');
    consent.record('old', 'q');
    advance(1001);
    assert.equal(consent.has('old'), false);
    assert.equal(consent.take('old', 'q'), 'unasked', 'expired: asked again');
    assert.ok(CONSENT_TTL_MS >= 10 * 60_000, 'long enough to read a long confirmation');
  });

  it('memory is bounded by characters: expired questions go first, then a new one is refused, never an older one dropped', () => {
    const { consent, advance } = store(1000, 100);
    assert.equal(consent.record('a', 'x'.repeat(49)), true);
    assert.equal(consent.size, 50);
    assert.equal(consent.record('b', 'x'.repeat(49)), true, 'exactly full');
    assert.equal(consent.size, 100);
    assert.equal(consent.record('c', ''), false, 'full: the new question is refused');
    assert.equal(consent.has('a') && consent.has('b'), true, 'the waiting ones stay');
    advance(500);
    assert.equal(consent.record('b', 'x'.repeat(47)), true, 'asked again: its own older question makes room');
    assert.equal(consent.record('c', 'y'), true, 'room left by the shorter question');
    advance(600);
    assert.equal(consent.record('d', 'x'.repeat(49)), true, 'a (expired) made room');
    assert.equal(consent.has('a'), false);
    assert.equal(consent.take('b', 'x'.repeat(47)), 'confirmed', 'b was not expired yet: kept');
    assert.equal(consent.take('d', 'x'.repeat(49)), 'confirmed');
    assert.equal(consent.take('c', 'y'), 'confirmed');
    assert.equal(consent.size, 0);
    assert.ok(CONSENT_CHARS >= 1024 * 1024, 'room for hundreds of the longest confirmations');
  });

  it('expired questions are dropped only when room is needed, and one exactly at the expiry is not expired', () => {
    const { consent, advance } = store(1000, 100);
    consent.record('a', 'x'.repeat(39));
    advance(1001);
    assert.equal(consent.record('b', 'x'.repeat(59)), true, 'exactly full with the expired one still counted');
    assert.equal(consent.size, 100, 'nothing dropped while there was room');
    const at = store(1000, 50);
    at.consent.record('k', 'x'.repeat(39));
    at.advance(1000);
    assert.equal(at.consent.record('n', 'y'.repeat(10)), false, 'the question at its expiry is kept: no room');
    assert.equal(at.consent.has('k'), true);
    at.advance(1);
    assert.equal(at.consent.record('n', 'y'.repeat(10)), true, 'past it, dropped to make room');
    assert.equal(at.consent.size, 11);
  });
});
