// Review comments as threads on the lines of a diff: the side and line of a comment (Gitea's position /
// original_position), grouping by path + line + side across reviews, outdated and resolved conversations, pending
// comments (the user's own pending review and the drafts kept here), the hunks a new comment may go on, the body of
// the submit request, and the drafts kept in a Memento across a reload.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DRAFTS_KEY, DraftStore, type StateLike } from '../../../src/views/changedFiles/review/draftStore';
import {
  buildThreads,
  commentedLine,
  inRanges,
  parseDiffRanges,
  placeOf,
  reviewRequestBody,
  submitProblem,
  type ReviewCommentLike,
} from '../../../src/views/changedFiles/review/threadModel';

const HEAD = 'a'.repeat(40);
const OLD = 'b'.repeat(40);

function comment(id: number, over: Partial<ReviewCommentLike>): ReviewCommentLike {
  return { id, body: `c${id}`, user: { login: 'bob' }, resolver: null, path: 'src/app.ts', commit_id: HEAD, position: 0, original_position: 0,
    created_at: `2024-01-0${id}T10:00:00Z`, ...over };
}

test('placeOf: position is a line of the new file, original_position of the old one, neither when both are 0', () => {
  assert.deepEqual(placeOf({ position: 12, original_position: 0 }), { side: 'new', line: 12 });
  assert.deepEqual(placeOf({ position: 0, original_position: 7 }), { side: 'old', line: 7 });
  assert.equal(placeOf({ position: 0, original_position: 0 }), undefined);
});

// A diff hunk as Gitea's API sends it: cut around the commented line, which comes last.
const hunk = (line: string) => `@@ -1,2 +1,3 @@\n context\n+added\n+${line}`;
// The head commit's lines of src/app.ts, as the documents of the diff's right side have them.
const headLine = (path: string, line: number) => (path === 'src/app.ts' ? ({ 3: 'three', 9: 'nine, changed since' } as Record<number, string>)[line] : undefined);

test('buildThreads groups the comments of every review by path, side and line; the first comment decides resolved and outdated', () => {
  const threads = buildThreads({
    reviews: [{ id: 1, state: 'COMMENT' }, { id: 2, state: 'REQUEST_CHANGES' }],
    commentsByReview: new Map([
      // Gitea's commit_id is the commit that last changed the line (blame), not the head: no reason for "outdated".
      [1, [comment(1, { position: 3, commit_id: OLD, diff_hunk: hunk('three') }), comment(2, { original_position: 3 }), comment(5, { position: 9, diff_hunk: hunk('nine') })]],
      [2, [comment(3, { position: 3, user: { login: 'carol' } }), comment(4, { original_position: 3, resolver: { login: 'alice' } })]],
    ]),
    headLine,
    drafts: [],
    me: 'alice',
  });
  assert.deepEqual(threads.map((t) => [t.side, t.line, t.comments.map((c) => c.id)]), [
    ['new', 3, [1, 3]],
    ['new', 9, [5]],
    ['old', 3, [2, 4]],
  ]);
  const [newThree, outdated, oldThree] = threads;
  assert.equal(newThree!.resolved, false);
  assert.equal(newThree!.rootCommentId, 1);
  assert.equal(newThree!.comments[1]!.author, 'carol');
  // Resolved only when the conversation's first comment is (the web page's rule): comment 2 is not resolved.
  assert.equal(oldThree!.resolved, false);
  assert.equal(outdated!.outdated, true, 'its line reads differently in the head commit than in its diff hunk');
  assert.equal(outdated!.comments[0]!.outdated, true);
  assert.equal(newThree!.outdated, false);
});

test('commentedLine: the last line of a diff hunk without its prefix; none for an empty hunk or a bare header', () => {
  assert.equal(commentedLine('@@ -0,0 +5,4 @@\n+    .replace(/^-|-$/g, \'\');\n+}\n+\n+/** Upper-cases the first letter. */'), '/** Upper-cases the first letter. */');
  assert.equal(commentedLine('@@ -3,2 +3,2 @@\n-old\n same\n\\ No newline at end of file\n'), 'same');
  assert.equal(commentedLine(''), undefined);
  assert.equal(commentedLine(undefined), undefined);
  assert.equal(commentedLine('@@ -1 +1 @@'), undefined);
});

test('buildThreads: outdated only when the head line is known and differs (trailing spaces aside); old-side comments never', () => {
  const threads = buildThreads({
    reviews: [{ id: 1, state: 'COMMENT' }],
    commentsByReview: new Map([[1, [
      comment(1, { position: 3, diff_hunk: hunk('three  ') }),
      comment(2, { position: 5, diff_hunk: hunk('five') }),
      comment(3, { original_position: 9, diff_hunk: '@@ -9 +9 @@\n-gone' }),
      comment(4, { path: 'other.ts', position: 9, diff_hunk: hunk('x') }),
    ]]]),
    headLine,
    drafts: [],
    me: 'alice',
  });
  assert.deepEqual(threads.map((t) => [t.path, t.side, t.line, t.outdated]), [
    ['other.ts', 'new', 9, false],
    ['src/app.ts', 'new', 3, false],
    ['src/app.ts', 'new', 5, false],
    ['src/app.ts', 'old', 9, false],
  ]);
});

test('buildThreads: a resolved first comment resolves the thread; a comment without a line is outdated on line 1', () => {
  const threads = buildThreads({
    reviews: [{ id: 1, state: 'COMMENT' }],
    commentsByReview: new Map([[1, [comment(1, { position: 4, resolver: { login: 'alice' } }), comment(2, {})]]]),
    drafts: [],
    me: 'alice',
  });
  const resolved = threads.find((t) => t.line === 4)!;
  assert.equal(resolved.resolved, true);
  assert.equal(resolved.resolvedBy, 'alice');
  const lost = threads.find((t) => t.line === 1)!;
  assert.equal(lost.side, 'new');
  assert.equal(lost.outdated, true);
});

test('buildThreads: comments of the own pending review and drafts are pending; drafts come last in their thread', () => {
  const threads = buildThreads({
    reviews: [{ id: 1, state: 'COMMENT' }, { id: 2, state: 'PENDING' }],
    commentsByReview: new Map([
      [1, [comment(1, { position: 3 })]],
      [2, [comment(2, { position: 8, user: { login: 'alice' } })]],
    ]),
    drafts: [
      { id: 'd1', path: 'src/app.ts', side: 'new', line: 3, body: 'a reply', createdAt: '2024-01-01T00:00:00Z' },
      { id: 'd2', path: 'README.md', side: 'old', line: 2, body: 'new thread', createdAt: '2024-02-01T00:00:00Z' },
    ],
    me: 'alice',
  });
  const reply = threads.find((t) => t.path === 'src/app.ts' && t.line === 3)!;
  assert.deepEqual(reply.comments.map((c) => [c.id, c.pending, c.draft, c.author]), [[1, false, false, 'bob'], ['d1', true, true, 'alice']]);
  assert.equal(reply.pending, false);
  const serverPending = threads.find((t) => t.line === 8)!;
  assert.equal(serverPending.pending, true);
  assert.equal(serverPending.rootCommentId, undefined, 'a pending comment cannot be resolved');
  const draftOnly = threads.find((t) => t.path === 'README.md')!;
  assert.deepEqual([draftOnly.side, draftOnly.line, draftOnly.pending], ['old', 2, true]);
});

const DIFF = [
  'diff --git a/README.md b/README.md',
  'index 1111111..2222222 100644',
  '--- a/README.md',
  '+++ b/README.md',
  '@@ -1,3 +1,4 @@',
  ' # Demo',
  '+added',
  ' line',
  ' end',
  '@@ -20,2 +21,0 @@ section',
  '-gone',
  '-gone too',
  'diff --git a/src/old.js b/src/old.js',
  'deleted file mode 100644',
  '--- a/src/old.js',
  '+++ /dev/null',
  '@@ -1,2 +0,0 @@',
  '-a',
  '-b',
  'diff --git a/src/new.js b/src/new.js',
  'new file mode 100644',
  '--- /dev/null',
  '+++ b/src/new.js',
  '@@ -0,0 +1 @@',
  '+x',
  'diff --git "a/dir/caf\\303\\251.txt" "b/dir/caf\\303\\251.txt"',
  '--- "a/dir/caf\\303\\251.txt"',
  '+++ "b/dir/caf\\303\\251.txt"',
  '@@ -5 +5 @@',
  '-x',
  '+y',
  '',
].join('\n');

test('parseDiffRanges: the lines each side of each file shows, by new path (old path for a deletion, quoted paths decoded)', () => {
  const ranges = parseDiffRanges(DIFF);
  assert.deepEqual(ranges.get('README.md'), { old: [[1, 3], [20, 21]], new: [[1, 4]] });
  assert.deepEqual(ranges.get('src/old.js'), { old: [[1, 2]], new: [] });
  assert.deepEqual(ranges.get('src/new.js'), { old: [], new: [[1, 1]] });
  assert.deepEqual(ranges.get('dir/café.txt'), { old: [[5, 5]], new: [[5, 5]] });
  assert.ok(inRanges(ranges.get('README.md')!.new, 4));
  assert.ok(!inRanges(ranges.get('README.md')!.new, 5));
});

test('submitProblem follows Gitea: Request Changes needs a summary, Comment a summary or a comment, Approve nothing', () => {
  assert.equal(submitProblem('REQUEST_CHANGES', '  ', 3), 'summaryRequired');
  assert.equal(submitProblem('REQUEST_CHANGES', 'fix it', 0), undefined);
  assert.equal(submitProblem('COMMENT', '', 0), 'empty');
  assert.equal(submitProblem('COMMENT', '', 1), undefined);
  assert.equal(submitProblem('APPROVED', '', 0), undefined);
});

test('reviewRequestBody: one request with the event, the summary, the head commit and every draft as new_position / old_position', () => {
  const body = reviewRequestBody('APPROVED', 'LGTM', [
    { id: 'd1', path: 'a.ts', side: 'new', line: 4, body: 'nice', createdAt: '' },
    { id: 'd2', path: 'b.ts', side: 'old', line: 9, body: 'why?', createdAt: '' },
  ], HEAD);
  assert.deepEqual(body, {
    event: 'APPROVED',
    body: 'LGTM',
    commit_id: HEAD,
    comments: [
      { path: 'a.ts', body: 'nice', new_position: 4, old_position: 0 },
      { path: 'b.ts', body: 'why?', new_position: 0, old_position: 9 },
    ],
  });
});

class MemoryState implements StateLike {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    // A Memento hands out copies of what was stored (JSON): the store must not rely on object identity.
    const v = this.values.get(key);
    return v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as T);
  }
  update(key: string, value: unknown): Promise<void> {
    this.values.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
}

const PULL = { instanceUrl: 'https://gitea.example/', owner: 'alice', repo: 'demo', index: 6 };

test('DraftStore keeps drafts and the summary per pull request in the Memento; a new store on the same state sees them (reload)', async () => {
  const state = new MemoryState();
  const store = new DraftStore(state, () => new Date('2024-05-01T10:00:00Z'));
  const first = await store.add(PULL, { path: 'README.md', side: 'new', line: 2 }, 'typo');
  await store.add(PULL, { path: 'src/app.js', side: 'old', line: 5 }, 'why remove this?');
  await store.add({ ...PULL, index: 7 }, { path: 'x', side: 'new', line: 1 }, 'other pull');
  await store.setSummary(PULL, 'Almost there');

  const reloaded = new DraftStore(state);
  const pending = reloaded.get({ ...PULL, instanceUrl: 'https://gitea.example' });
  assert.deepEqual(pending.drafts.map((d) => [d.path, d.side, d.line, d.body]), [['README.md', 'new', 2, 'typo'], ['src/app.js', 'old', 5, 'why remove this?']]);
  assert.equal(pending.summary, 'Almost there');
  assert.equal(pending.drafts[0]!.createdAt, '2024-05-01T10:00:00.000Z');

  await reloaded.edit(PULL, first.id, 'typo: "teh"');
  await reloaded.remove(PULL, pending.drafts[1]!.id);
  assert.deepEqual(reloaded.get(PULL).drafts.map((d) => d.body), ['typo: "teh"']);

  await reloaded.clear(PULL);
  assert.deepEqual(reloaded.get(PULL), { drafts: [], summary: undefined });
  assert.deepEqual(Object.keys(state.get<Record<string, unknown>>(DRAFTS_KEY)!), ['https://gitea.example|alice/demo#7']);
});

test('DraftStore ignores malformed entries in the state instead of failing', () => {
  const state = new MemoryState();
  state.values.set(DRAFTS_KEY, { 'https://gitea.example|alice/demo#6': { drafts: [{ id: 1 }, { id: 'ok', path: 'a', side: 'new', line: 1, body: 'b', createdAt: 'x' }], summary: 3 } });
  const pending = new DraftStore(state).get(PULL);
  assert.deepEqual(pending.drafts.map((d) => d.id), ['ok']);
  assert.equal(pending.summary, undefined);
});
