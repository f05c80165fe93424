// What the user typed is never thrown away as "empty": a pending review that holds only its summary stays in the
// review draft store, and a pull request draft with only a body (or only one pick) is not empty. Each field alone
// counts; only a draft with nothing typed or picked beyond what the form fills in is empty.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DRAFTS_KEY, DraftStore, pullKey, type StateLike } from '../../../src/views/changedFiles/review/draftStore';
import { emptyPullDraft, isEmptyPullDraft, type PullDraft } from '../../../src/commands/createPullRequest/pullDraft';

/** A Memento kept in a Map, whose writes are counted. */
function memoryState(): StateLike & { values: Map<string, unknown>; writes: number } {
  const values = new Map<string, unknown>();
  return {
    values,
    writes: 0,
    get: <T>(key: string) => values.get(key) as T | undefined,
    update(key: string, value: unknown) {
      this.writes++;
      values.set(key, value);
      return Promise.resolve();
    },
  };
}

const PULL = { instanceUrl: 'https://git.example.com/', owner: 'alice', repo: 'demo', index: 7 };
const OTHER = { ...PULL, index: 8 };
const PLACE = { path: 'src/a.ts', side: 'new' as const, line: 3 };

describe('the review draft store keeps what was typed', () => {
  it('a pending review with only its summary is kept, across a new store on the same state', async () => {
    const state = memoryState();
    const store = new DraftStore(state);
    await store.setSummary(PULL, 'Looks good, one question below.');
    assert.deepEqual(new DraftStore(state).get(PULL), { drafts: [], summary: 'Looks good, one question below.' });
    assert.deepEqual(store.pulls(), [pullKey(PULL)]);
  });

  it('removing the last comment of a review that has a summary keeps the summary', async () => {
    const store = new DraftStore(memoryState());
    const draft = await store.add(PULL, PLACE, 'a comment');
    await store.setSummary(PULL, 'The summary');
    await store.remove(PULL, draft.id);
    assert.deepEqual(store.get(PULL), { drafts: [], summary: 'The summary' });
    assert.deepEqual(store.pulls(), [pullKey(PULL)]);
  });

  it('a review with comments and no summary is kept; with neither it is gone, and only it', async () => {
    const state = memoryState();
    const store = new DraftStore(state, () => new Date('2026-11-28T00:00:00Z'));
    const draft = await store.add(PULL, PLACE, 'a comment');
    await store.add(OTHER, PLACE, 'another');
    assert.deepEqual(store.get(PULL).drafts.map((d) => d.body), ['a comment']);
    await store.edit(PULL, draft.id, 'edited');
    assert.deepEqual(store.get(PULL).drafts.map((d) => d.body), ['edited']);
    await store.remove(PULL, draft.id);
    assert.deepEqual(store.pulls(), [pullKey(OTHER)], 'the emptied review is removed, the other one stays');
    await store.setSummary(OTHER, 'x');
    await store.setSummary(OTHER, '');
    assert.deepEqual(store.get(OTHER), { drafts: store.get(OTHER).drafts, summary: undefined });
    await store.clear(OTHER);
    assert.deepEqual(store.pulls(), []);
    assert.deepEqual(state.values.get(DRAFTS_KEY), {});
  });

  it('every change is written to the state before it resolves', async () => {
    const state = memoryState();
    const store = new DraftStore(state);
    await store.setSummary(PULL, 'typed');
    assert.equal(state.writes, 1);
    assert.deepEqual(state.values.get(DRAFTS_KEY), { [pullKey(PULL)]: { drafts: [], summary: 'typed' } });
  });
});

describe('isEmptyPullDraft: only nothing typed or picked is empty', () => {
  const filled: [string, Partial<PullDraft>][] = [
    ['a body only', { body: 'The description typed so far' }],
    ['a title only', { title: 'Fix the thing' }],
    ['a reviewer only', { reviewers: ['bob'] }],
    ['a team reviewer only', { teamReviewers: ['core'] }],
    ['an assignee only', { assignees: ['carol'] }],
    ['a label only', { labels: [3] }],
    ['a milestone only', { milestone: 2 }],
    ['marked as work in progress only', { draft: true }],
  ];
  for (const [what, fields] of filled) {
    it(`${what}: not empty`, () => {
      assert.equal(isEmptyPullDraft({ ...emptyPullDraft(), ...fields }), false);
    });
  }

  it('nothing typed, or only spaces, or only what the form fills in itself: empty', () => {
    assert.equal(isEmptyPullDraft(emptyPullDraft()), true);
    assert.equal(isEmptyPullDraft({ ...emptyPullDraft(), title: '  ', body: '\n\t ' }), true);
    assert.equal(isEmptyPullDraft({ ...emptyPullDraft(), base: 'main', head: 'feature', baseRepo: 'alice/demo', prefilled: true }), true);
  });
});
