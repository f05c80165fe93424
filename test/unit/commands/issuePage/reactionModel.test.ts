// The issue page's reactions: grouped from the server's list, a change shown at once, a refusal undone exactly.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Reaction } from '../../../../src/api';
import { applyReaction, groupReactions, rollbackReaction, toggleOf, type ReactionGroup } from '../../../../src/commands/issuePage/reactionModel';

const r = (content: string, login?: string): Reaction => ({ content, user: login ? ({ id: 1, login } as Reaction['user']) : undefined, created_at: '2026-01-01T00:00:00Z' });

describe('issue page reactions (model)', () => {
  it('groups by reaction in the order of the first one, users in order, the user’s own marked', () => {
    const groups = groupReactions([r('heart', 'bob'), r('+1', 'Alice'), r('heart', 'carol'), r('heart', 'bob'), r('eyes')], 'alice');
    assert.deepEqual(groups, [
      { content: 'heart', users: ['bob', 'carol'], mine: false },
      { content: '+1', users: ['Alice'], mine: true },
      { content: 'eyes', users: [], mine: false },
    ]);
    assert.deepEqual(groupReactions([], 'alice'), []);
  });

  it('an add shows at once: a new group at the end, or the user joins an existing one', () => {
    const start: ReactionGroup[] = [{ content: 'heart', users: ['bob'], mine: false }];
    assert.deepEqual(applyReaction(start, 'rocket', 'alice', true), [...start, { content: 'rocket', users: ['alice'], mine: true }]);
    assert.deepEqual(applyReaction(start, 'heart', 'alice', true), [{ content: 'heart', users: ['bob', 'alice'], mine: true }]);
    // Adding what the user has already changes nothing.
    const mine = applyReaction(start, 'heart', 'alice', true);
    assert.deepEqual(applyReaction(mine, 'heart', 'alice', true), mine);
    assert.deepEqual(start, [{ content: 'heart', users: ['bob'], mine: false }], 'the groups given are not changed');
  });

  it('a remove takes the user out; the group goes when nobody is left; removing what is not theirs changes nothing', () => {
    const start: ReactionGroup[] = [
      { content: 'heart', users: ['bob', 'alice'], mine: true },
      { content: '+1', users: ['alice'], mine: true },
      { content: 'eyes', users: ['bob'], mine: false },
    ];
    assert.deepEqual(applyReaction(start, 'heart', 'alice', false), [{ content: 'heart', users: ['bob'], mine: false }, start[1], start[2]]);
    assert.deepEqual(applyReaction(start, '+1', 'alice', false), [start[0], start[2]]);
    assert.deepEqual(applyReaction(start, 'eyes', 'alice', false), start);
  });

  it('a refused add is rolled back to what was shown before, even after another change meanwhile', () => {
    const start: ReactionGroup[] = [{ content: 'heart', users: ['bob'], mine: false }];
    const added = applyReaction(start, 'rocket', 'alice', true);
    const thenHeart = applyReaction(added, 'heart', 'alice', true);
    const rolled = rollbackReaction(thenHeart, { target: 0, content: 'rocket', add: true }, 'alice');
    assert.deepEqual(rolled, [{ content: 'heart', users: ['bob', 'alice'], mine: true }], 'only the refused reaction is undone');
    assert.deepEqual(rollbackReaction(added, { target: 0, content: 'rocket', add: true }, 'alice'), start);
  });

  it('a refused remove puts the user’s reaction back', () => {
    const start: ReactionGroup[] = [{ content: 'heart', users: ['bob', 'alice'], mine: true }];
    const removed = applyReaction(start, 'heart', 'alice', false);
    assert.deepEqual(rollbackReaction(removed, { target: 4, content: 'heart', add: false }, 'alice'), [{ content: 'heart', users: ['bob', 'alice'], mine: true }]);
  });

  it('a click removes the user’s own reaction and adds any other', () => {
    const groups: ReactionGroup[] = [{ content: 'heart', users: ['alice'], mine: true }, { content: 'eyes', users: ['bob'], mine: false }];
    assert.deepEqual(toggleOf(groups, 7, 'heart'), { target: 7, content: 'heart', add: false });
    assert.deepEqual(toggleOf(groups, 7, 'eyes'), { target: 7, content: 'eyes', add: true });
    assert.deepEqual(toggleOf(groups, 0, 'rocket'), { target: 0, content: 'rocket', add: true });
  });
});
