// What the unread-count badge costs (issue #23): its requests (GET /notifications/new) counted at the delaying proxy
// of the latency mode, in a window with the focus and in one without. The poll interval is set to its shortest (15 s,
// MIN_POLL_SECONDS of src/core/notificationBadge.ts) so that a minute shows several intervals. The window loses the
// focus the way VS Code for the web learns it: `document.hasFocus()` false and a `blur` event on the window (the
// host service's focus tracker, which the extension host's `window.state.focused` follows); it regains it likewise
// (`hasFocus()` true and a `focus` event).

export const BADGE_INTERVAL_SECONDS = 15;
const POLL = /\/notifications\/new(?:\?|$)/;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The most polls that started within any span shorter than one interval (1: never more than one per interval). */
export function mostPollsPerInterval(starts, intervalMs) {
  let most = 0;
  for (const t of starts) most = Math.max(most, starts.filter((s) => s >= t && s < t + intervalMs * 0.95).length);
  return most;
}

async function setWindowFocus(page, focused) {
  await page.evaluate((f) => {
    // Set both ways: a headless page's own hasFocus() can be false while nothing is wrong with the window.
    Object.defineProperty(document, 'hasFocus', { value: () => f, configurable: true });
    window.dispatchEvent(new Event(f ? 'focus' : 'blur'));
  }, focused);
}

/**
 * Counts the badge's polls over `focusedMs` with the focus, then over `unfocusedMs` without it (the first second after
 * the blur is left out: a poll already sent then is not one the unfocused window made).
 * @returns {Promise<{ focused: { polls: number, ms: number, mostPerInterval: number }, unfocused: { polls: number, ms: number } }>}
 */
export async function measureUnreadBadge(page, proxy, { focusedMs = 62_000, unfocusedMs = 47_000 } = {}) {
  const polls = (from, to) => proxy.log.filter((r) => POLL.test(r.path) && r.start >= from && r.start < to).map((r) => r.start);
  await setWindowFocus(page, true);
  const f0 = Date.now();
  await sleep(focusedMs);
  const f1 = Date.now();
  await setWindowFocus(page, false);
  await sleep(1000);
  const u0 = Date.now();
  await sleep(unfocusedMs);
  const u1 = Date.now();
  await setWindowFocus(page, true);
  const focused = polls(f0, f1);
  return {
    focused: { polls: focused.length, ms: f1 - f0, mostPerInterval: mostPollsPerInterval(focused, BADGE_INTERVAL_SECONDS * 1000) },
    unfocused: { polls: polls(u0, u1).length, ms: u1 - u0 },
  };
}
