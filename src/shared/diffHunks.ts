// The lines a unified diff of two texts shows, as git shows them: each change with 3 lines of context, changes
// whose context meets in one hunk. Used for the lines of a changed file that take a new review comment, from the
// two sides already open in the diff editor, instead of the whole pull request's diff (on a pull request of 1,500
// files that is 350 KB read and parsed before VS Code draws any thread: it waits for the commenting ranges).
// The line diff is the maintained `diff` package's (Myers, as git's default); git's indent heuristic may slide a
// hunk's edge by a line where a change is ambiguous, which only moves where a comment may start.
import { diffLines } from 'diff';

/** Each side's shown lines: inclusive 1-based [first, last] line pairs, in order. */
export interface SideHunks {
  readonly old: [number, number][];
  readonly new: [number, number][];
}

/** git's default context lines around a change. */
export const DIFF_CONTEXT = 3;

/** Beyond this many inserted plus deleted lines the diff is not worked out here (a rewrite of a long file would
 * hold the extension host): the caller asks the server. */
export const MAX_EDIT_LENGTH = 4_000;

interface Change {
  oldFrom: number;
  oldCount: number;
  newFrom: number;
  newCount: number;
}

/** The hunks between two texts; undefined when they differ by more than `maxEditLength` lines. */
export function diffHunks(oldText: string, newText: string, context = DIFF_CONTEXT, maxEditLength = MAX_EDIT_LENGTH): SideHunks | undefined {
  const parts = diffLines(oldText, newText, { maxEditLength });
  if (!parts) return undefined;
  // The changed regions: runs of removed and added lines between unchanged ones (1-based, where the run starts).
  const changes: Change[] = [];
  let oldLine = 1;
  let newLine = 1;
  let open: Change | undefined;
  for (const part of parts) {
    const count = part.count;
    if (!part.added && !part.removed) {
      open = undefined;
      oldLine += count;
      newLine += count;
      continue;
    }
    if (!open) changes.push((open = { oldFrom: oldLine, oldCount: 0, newFrom: newLine, newCount: 0 }));
    if (part.removed) {
      open.oldCount += count;
      oldLine += count;
    } else {
      open.newCount += count;
      newLine += count;
    }
  }
  const oldLast = oldLine - 1;
  const newLast = newLine - 1;
  const hunks: SideHunks = { old: [], new: [] };
  for (let i = 0; i < changes.length; ) {
    const first = changes[i]!;
    let last = first;
    // git joins two changes into one hunk when the unchanged lines between them fit in both contexts.
    while (i + 1 < changes.length && changes[i + 1]!.oldFrom - (last.oldFrom + last.oldCount) <= 2 * context) last = changes[++i]!;
    i++;
    const oldFirst = Math.max(1, first.oldFrom - context);
    const oldEnd = Math.min(oldLast, last.oldFrom + last.oldCount - 1 + context);
    const newFirst = Math.max(1, first.newFrom - context);
    const newEnd = Math.min(newLast, last.newFrom + last.newCount - 1 + context);
    if (oldEnd >= oldFirst) hunks.old.push([oldFirst, oldEnd]);
    if (newEnd >= newFirst) hunks.new.push([newFirst, newEnd]);
  }
  return hunks;
}
