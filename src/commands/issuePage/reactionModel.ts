// The reactions the issue page shows: one group per reaction (its name, who reacted, whether the signed-in user is
// one of them), for the issue (key 0) and for each comment (its id). Pure (no vscode): the page applies a change at
// once (`applyReaction`) and, when the server refuses it, applies the opposite (`rollbackReaction`), which undoes
// exactly that change even when other changes happened meanwhile.
import type { Reaction } from '../../api';

export interface ReactionGroup {
  /** The reaction's name (`+1`, `heart`, …). */
  readonly content: string;
  /** Who reacted, in the order they did (logins; a migrated reaction without a user is left out). */
  readonly users: readonly string[];
  /** The signed-in user is one of them: a click removes theirs. */
  readonly mine: boolean;
}

/** What the page asked for: add or remove the user's `content` on the issue (`target` 0) or a comment. */
export interface ReactionChange {
  readonly target: number;
  readonly content: string;
  readonly add: boolean;
}

function sameLogin(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Groups the server's list (oldest first) by reaction, each in the order of its first reaction. */
export function groupReactions(list: readonly Reaction[], me: string): ReactionGroup[] {
  const groups = new Map<string, string[]>();
  for (const r of list) {
    const users = groups.get(r.content) ?? [];
    groups.set(r.content, users);
    const login = r.user?.login;
    if (login && !users.some((u) => sameLogin(u, login))) users.push(login);
  }
  return [...groups].map(([content, users]) => ({ content, users, mine: users.some((u) => sameLogin(u, me)) }));
}

/** The groups after the user added or removed their `content` (unchanged when it already was so). */
export function applyReaction(groups: readonly ReactionGroup[], content: string, me: string, add: boolean): ReactionGroup[] {
  const at = groups.findIndex((g) => g.content === content);
  const group = groups[at];
  if (add) {
    if (group?.mine) return [...groups];
    if (!group) return [...groups, { content, users: [me], mine: true }];
    return groups.map((g, i) => (i === at ? { content, users: [...g.users, me], mine: true } : g));
  }
  if (!group?.mine) return [...groups];
  const users = group.users.filter((u) => !sameLogin(u, me));
  return users.length ? groups.map((g, i) => (i === at ? { content, users, mine: false } : g)) : groups.filter((_, i) => i !== at);
}

/** The groups with a refused change undone (the opposite change). */
export function rollbackReaction(groups: readonly ReactionGroup[], change: ReactionChange, me: string): ReactionGroup[] {
  return applyReaction(groups, change.content, me, !change.add);
}

/** The change a click on `content` of `target` means: remove the user's own reaction, else add it. */
export function toggleOf(groups: readonly ReactionGroup[], target: number, content: string): ReactionChange {
  return { target, content, add: !groups.some((g) => g.content === content && g.mine) };
}
