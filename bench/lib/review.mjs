// Review threads in the diff editor: opening the diff of a changed file of the big pull request (#1 of alice/big)
// that has 200 review comments, the way a click on a changed file opens it (the Pull Requests view's command,
// through a keybinding with its argument): the figure is the time from the key to the threads on screen.
// Two shapes of the 200 comments:
//   - conversations (the common shape on Gitea): 68 conversations of 1–5 comments over a 400-line file, every third
//     one resolved (collapsed, as Gitea's page shows them: VS Code then draws no widget, only the gutter's icon);
//     done when the widget and every comment of each expanded conversation are on screen;
//   - long threads (the first measure's shape): 4 threads of 50 comments on both sides of a 2-line file, all expanded.
// Each is measured cold: the review data the extension holds is dropped first (its test hook, as a window reload).
import { apiRequests } from './testServer.mjs';

export const REVIEW_COMMENTS = 200;

export const SHAPES = {
  conversations: { key: 'ctrl+alt+shift+f10', press: 'Control+Alt+Shift+F10', file: 'src/mod/file-0001.ts' },
  longThreads: { key: 'ctrl+alt+shift+f11', press: 'Control+Alt+Shift+F11', file: 'src/mod/file-0000.ts' },
};
const RESET = { key: 'ctrl+alt+shift+f12', press: 'Control+Alt+Shift+F12' };

/** The keybindings that open each shape's diff and drop the review data (written before the page loads). */
export function reviewKeybindings() {
  const open = (file) => ({ kind: 'changedFile', owner: 'alice', repo: 'big', index: 1, file: { filename: file, status: 'changed' } });
  return [
    ...Object.values(SHAPES).map((s) => ({ key: s.key, command: 'gitea.changedFiles.openDiff', args: open(s.file) })),
    { key: RESET.key, command: 'gitea.review.reset' },
  ];
}

async function api(server, fixtures, user, method, path, body) {
  const res = await fetch(`${server.apiUrl}${path}`, {
    method,
    headers: { authorization: `token ${fixtures.users[user].tokens.all}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

/** Long threads: 10 reviews of 20 comments, each on one of the 4 lines of both sides of the 2-line file. */
export async function seedLongThreads(server, fixtures) {
  const places = [{ new_position: 1 }, { new_position: 2 }, { old_position: 1 }, { old_position: 2 }];
  const reviews = 10;
  const perReview = REVIEW_COMMENTS / reviews;
  for (let r = 0; r < reviews; r++) {
    const comments = Array.from({ length: perReview }, (_, i) => ({
      path: SHAPES.longThreads.file,
      body: `Review ${r + 1}, note ${i + 1}: could \`value0\` get a **clearer** name?`,
      ...places[(r * perReview + i) % places.length],
    }));
    await api(server, fixtures, r % 2 ? 'alice' : 'carol', 'POST', '/repos/alice/big/pulls/1/reviews', { event: 'COMMENT', body: `Review ${r + 1}`, comments });
  }
  return { threads: 4, expandedThreads: 4, expandedComments: REVIEW_COMMENTS };
}

/**
 * Conversations: sizes 1, 2, 3, 4, 5, 1, … until 200 comments (68 conversations), every 6th line of the 400-line
 * file; the n-th comment of each conversation is in review n (5 reviews, carol and alice in turn, as answers go).
 * Every third conversation is resolved.
 */
export async function seedConversations(server, fixtures) {
  const sizes = [];
  for (let left = REVIEW_COMMENTS; left > 0; ) {
    const size = Math.min(left, (sizes.length % 5) + 1);
    sizes.push(size);
    left -= size;
  }
  const lineOf = (t) => 3 + t * 6;
  for (let n = 0; n < 5; n++) {
    const comments = sizes.flatMap((size, t) =>
      size > n ? [{ path: SHAPES.conversations.file, new_position: lineOf(t), body: n === 0 ? `Could \`value1_${lineOf(t)}\` get a **clearer** name?` : `Answer ${n}: see the line above.` }] : [],
    );
    const review = await api(server, fixtures, n % 2 ? 'alice' : 'carol', 'POST', '/repos/alice/big/pulls/1/reviews', { event: 'COMMENT', body: '', comments });
    if (n > 0) continue;
    const firsts = await api(server, fixtures, 'carol', 'GET', `/repos/alice/big/pulls/1/reviews/${review.id}/comments`);
    for (const [t] of sizes.entries()) {
      if (t % 3 !== 2) continue;
      const first = firsts.find((c) => c.position === lineOf(t));
      await api(server, fixtures, 'alice', 'POST', `/repos/alice/big/pulls/comments/${first.id}/resolve`);
    }
  }
  const expandedComments = sizes.reduce((sum, size, t) => sum + (t % 3 === 2 ? 0 : size), 0);
  return { threads: sizes.length, expandedThreads: sizes.filter((_, t) => t % 3 !== 2).length, expandedComments };
}

/** Drops the review data the extension holds (as a window reload does), so the next open reads it again. */
export async function dropReviewData(page) {
  await page.keyboard.press(RESET.press);
  await page.waitForTimeout(300);
}

/**
 * Presses the shape's key (or `press`: the floor's) and waits, in the page, until the diff editor shows the file's
 * text, `expect.expandedThreads` thread widgets and `expect.expandedComments` comments in them (none: the diff editor
 * alone, the baseline).
 */
export async function measureReviewThreads(page, server, shape, expect, press = SHAPES[shape].press) {
  const from = server.requests.length;
  await page.evaluate(({ threads, comments }) => {
    window.__giteaReviewShown = new Promise((resolve) => {
      const count = () => document.querySelectorAll('.monaco-diff-editor .review-widget .review-comment').length;
      const widgets = () => document.querySelectorAll('.monaco-diff-editor .review-widget').length;
      let timer;
      window.__giteaReviewFrames = [];
      const observer = new MutationObserver(() => {
        const c = count();
        const w = widgets();
        const g = document.querySelectorAll('.monaco-diff-editor .comment-thread, .monaco-diff-editor .comment-range-glyph').length;
        // The modified side's text on screen (when the diff editor showed the file).
        const v = document.querySelectorAll('.monaco-diff-editor .editor.modified .view-line').length;
        const frames = window.__giteaReviewFrames;
        const last = frames[frames.length - 1];
        if (!last || last[1] !== c || last[2] !== w || last[3] !== g || last[4] !== v) frames.push([Date.now(), c, w, g, v]);
        if (c < comments || w < threads || v === 0) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve(Date.now());
      });
      observer.observe(document.body, { childList: true, subtree: true });
      timer = setTimeout(() => {
        observer.disconnect();
        resolve(null);
      }, 30_000);
    });
  }, { threads: expect.expandedThreads, comments: expect.expandedComments });
  // BENCH_PROFILE=1: a CPU profile of the window while the threads render, summarised in the log (diagnosis only).
  const cdp = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  const t0 = Date.now();
  await page.keyboard.press(press);
  const shownAt = await page.evaluate(() => window.__giteaReviewShown);
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas ?? [];
    profile.samples.forEach((id, i) => {
      const f = byId.get(id).callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
    });
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
    process.stdout.write(`[bench] renderer profile of the review threads, ${shape} (self ms):\n${top.map(([k, v]) => `  ${v.toFixed(1)}  ${k}`).join('\n')}\n`);
  }
  const frames = await page.evaluate(() => window.__giteaReviewFrames);
  const widgets = await page.locator('.monaco-diff-editor .review-widget').count();
  const comments = await page.locator('.monaco-diff-editor .review-widget .review-comment').count();
  const reqs = apiRequests(server, from);
  const firstAt = (i) => frames.find((f) => f[i] > 0)?.[0];
  return {
    expect,
    threadsMs: shownAt === null ? null : shownAt - t0,
    // Where the time goes: the file's text on screen (the diff editor itself), the first thread's widget.
    textMs: firstAt(4) === undefined ? null : firstAt(4) - t0,
    firstThreadMs: firstAt(2) === undefined ? null : firstAt(2) - t0,
    widgets,
    comments,
    // When what the diff editor shows changed (ms after the key: comments, thread widgets, gutter glyphs, text lines).
    frames: frames.map(([t, ...counts]) => [t - t0, ...counts]),
    requests: reqs.length,
    // Each request: path, sent and answered in ms after the key (where the time went).
    timeline: reqs.map((r) => [r.apiPath, r.time - t0, r.finished === undefined ? null : r.finished - t0]),
  };
}
