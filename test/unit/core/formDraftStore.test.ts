// The forms' draft store (core/formDraftStore.ts) over a Memento-like state (the extension passes DurableState, files
// on disk), as Create Issue and Create Pull Request use it: every change is written after a short pause in typing, an
// emptied draft removes the stored one, `clear` forgets it, and what is read back is checked as untrusted input by
// the form's own parser. Timers are node:test's mock timers, so no test waits.
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import type { DraftState } from '../../../src/core/durableState';
import { draftKey, issueDraftStore } from '../../../src/commands/createIssue/draftStore';
import { emptyDraft, type IssueDraft } from '../../../src/commands/createIssue/issueDraft';
import { emptyPullDraft, type PullDraft } from '../../../src/commands/createPullRequest/pullDraft';
import { pullDraftKey, pullDraftStore } from '../../../src/commands/createPullRequest/pullDraftStore';

/** A Memento-like state that records every write. */
function recordingState(initial: Record<string, unknown> = {}): DraftState & { map: Map<string, unknown>; writes: [string, unknown][] } {
  const map = new Map(Object.entries(initial));
  const writes: [string, unknown][] = [];
  return {
    map,
    writes,
    get: <T>(key: string) => map.get(key) as T | undefined,
    update: (key: string, value: unknown) => {
      writes.push([key, value]);
      if (value === undefined) map.delete(key);
      else map.set(key, value);
      return Promise.resolve();
    },
  };
}

const KEY = draftKey({ instanceUrl: 'https://git.example.com/', owner: 'alice', repo: 'proj' });
const draft = (fields: Partial<IssueDraft>): IssueDraft => ({ ...emptyDraft(), ...fields });
const fakeTimers = (t: TestContext) => t.mock.timers.enable({ apis: ['setTimeout'] });

describe('Create Issue draft store', () => {
  it('keys name the instance, owner and repository, in the form earlier versions stored them under', () => {
    assert.equal(KEY, 'gitea.createIssue.draft:https://git.example.com/|alice/proj');
    assert.notEqual(draftKey({ instanceUrl: 'https://git.example.com/', owner: 'alice', repo: 'other' }), KEY);
  });

  it('writes a change after a pause in typing (one write for a burst of changes), and shows it before that', (t) => {
    fakeTimers(t);
    const state = recordingState();
    const store = issueDraftStore(state);
    store.set(KEY, draft({ title: 'Cr' }));
    t.mock.timers.tick(100);
    store.set(KEY, draft({ title: 'Crash' }));
    t.mock.timers.tick(249);
    assert.deepEqual(state.writes, [], 'nothing written while the user types');
    assert.deepEqual(store.get(KEY), draft({ title: 'Crash' }), 'the pending change is what the form shows');
    t.mock.timers.tick(1);
    assert.deepEqual(state.writes, [[KEY, draft({ title: 'Crash' })]]);
  });

  it("writes the draft Create Issue from Selection makes (a body, no title), and reads it back with its body", (t) => {
    fakeTimers(t);
    const state = recordingState();
    const selection = draft({ body: 'https://git.example.com/alice/proj/src/commit/abc/a.ts#L1-L2\n\n```ts\nconst a = 1;\n```' });
    issueDraftStore(state).set(KEY, selection);
    t.mock.timers.tick(250);
    assert.deepEqual(state.writes, [[KEY, selection]]);
    assert.deepEqual(issueDraftStore(state).get(KEY), selection, 'after a reload');
  });

  it('flush writes at once (before a request); the pause then writes nothing more', async (t) => {
    fakeTimers(t);
    const state = recordingState();
    const store = issueDraftStore(state);
    store.set(KEY, draft({ title: 'A' }));
    await store.flush(KEY);
    assert.deepEqual(state.writes, [[KEY, draft({ title: 'A' })]]);
    t.mock.timers.tick(10);
    store.set(KEY, draft({ title: 'AB' }));
    t.mock.timers.tick(240);
    assert.equal(state.writes.length, 1, "the flushed change's timer does not write the next change early");
    t.mock.timers.tick(10);
    assert.deepEqual(state.writes, [[KEY, draft({ title: 'A' })], [KEY, draft({ title: 'AB' })]]);
    await store.flush(KEY);
    assert.equal(state.writes.length, 2, 'nothing pending: nothing written');
  });

  it('an emptied draft removes the stored one', async () => {
    const state = recordingState({ [KEY]: draft({ title: 'Old' }) });
    const store = issueDraftStore(state);
    store.set(KEY, draft({ title: '  ' }));
    await store.flush(KEY);
    assert.deepEqual(state.writes, [[KEY, undefined]]);
    assert.equal(store.get(KEY), undefined);
  });

  it('clear forgets the stored draft and a pending change, with or without one', async (t) => {
    fakeTimers(t);
    const state = recordingState({ [KEY]: draft({ title: 'Created' }) });
    const store = issueDraftStore(state);
    store.set(KEY, draft({ title: 'Created', body: 'more' }));
    t.mock.timers.tick(10);
    await store.clear(KEY);
    assert.equal(store.get(KEY), undefined);
    assert.deepEqual(state.writes, [[KEY, undefined]]);
    t.mock.timers.tick(10);
    store.set(KEY, draft({ title: 'Next' }));
    t.mock.timers.tick(240);
    assert.equal(state.writes.length, 1, "the cleared change's timer neither writes it nor the next change early");
    t.mock.timers.tick(10);
    assert.deepEqual(state.writes.at(-1), [KEY, draft({ title: 'Next' })]);
    await store.clear(KEY);
    assert.deepEqual(state.writes.at(-1), [KEY, undefined]);
  });

  it('flushAll writes the pending draft of every repository', async () => {
    const other = draftKey({ instanceUrl: 'https://git.example.com/', owner: 'bob', repo: 'lib' });
    const state = recordingState();
    const store = issueDraftStore(state);
    store.set(KEY, draft({ title: 'One' }));
    store.set(other, draft({ labels: [3] }));
    await store.flushAll();
    assert.deepEqual(state.map, new Map<string, unknown>([[KEY, draft({ title: 'One' })], [other, draft({ labels: [3] })]]));
  });

  it('what was stored is checked like any untrusted input: a partial draft is completed, anything else is no draft', () => {
    assert.deepEqual(issueDraftStore(recordingState({ [KEY]: { title: 'Partial' } })).get(KEY), draft({ title: 'Partial' }));
    assert.equal(issueDraftStore(recordingState({ [KEY]: { title: 42 } })).get(KEY), undefined);
    assert.equal(issueDraftStore(recordingState({ [KEY]: '<script>' })).get(KEY), undefined);
    assert.equal(issueDraftStore(recordingState()).get(KEY), undefined);
  });
});

describe('Create Pull Request draft store', () => {
  const repo = { instanceUrl: 'https://git.example.com/', owner: 'alice', repo: 'proj' };
  const PULL_KEY = pullDraftKey(repo, 'feature/search');
  const pull = (fields: Partial<PullDraft>): PullDraft => ({ ...emptyPullDraft(), head: 'feature/search', ...fields });

  it('keys name the instance, owner, repository and branch: one draft per branch', () => {
    assert.equal(PULL_KEY, 'gitea.createPullRequest.draft:https://git.example.com/|alice/proj|feature/search');
    assert.notEqual(pullDraftKey(repo, 'feature/other'), PULL_KEY);
  });

  it('writes a change after a pause in typing and reads it back after a reload', (t) => {
    fakeTimers(t);
    const state = recordingState();
    const store = pullDraftStore(state);
    store.set(PULL_KEY, pull({ title: 'Add' }));
    store.set(PULL_KEY, pull({ title: 'Add search', reviewers: ['bob'] }));
    t.mock.timers.tick(249);
    assert.deepEqual(state.writes, []);
    t.mock.timers.tick(1);
    assert.deepEqual(state.writes, [[PULL_KEY, pull({ title: 'Add search', reviewers: ['bob'] })]]);
    assert.deepEqual(pullDraftStore(state).get(PULL_KEY), pull({ title: 'Add search', reviewers: ['bob'] }), 'after a reload');
  });

  it('a draft with only what the form fills in by itself (base, head) is empty: it removes the stored one', async () => {
    const state = recordingState({ [PULL_KEY]: pull({ title: 'Old' }) });
    const store = pullDraftStore(state);
    store.set(PULL_KEY, pull({ base: 'main', baseRepo: 'alice/proj', title: ' ' }));
    await store.flush(PULL_KEY);
    assert.deepEqual(state.writes, [[PULL_KEY, undefined]]);
  });

  it('what was stored is checked by the pull draft parser: an issue draft\'s shape or a bad field is no pull draft', () => {
    assert.deepEqual(pullDraftStore(recordingState({ [PULL_KEY]: { title: 'Partial' } })).get(PULL_KEY), { ...emptyPullDraft(), title: 'Partial' });
    assert.equal(pullDraftStore(recordingState({ [PULL_KEY]: { title: 'x', reviewers: 'bob' } })).get(PULL_KEY), undefined);
    assert.equal(pullDraftStore(recordingState({ [PULL_KEY]: 7 })).get(PULL_KEY), undefined);
  });
});
