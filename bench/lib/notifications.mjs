// The Notifications view's data for the bench: bob mentions alice on 20 issues of alice/big and 5 of alice/demo,
// so the view opens on 25 unread threads in two repository groups — one page of the server's default size (30),
// the one request the views' "page requests for the first page" budget allows. Its figures are the views' own
// (scripts/bench.mjs: open → first items, response → first items ≤ 300 ms, reopen without requests). What the
// badge costs (one request per interval, none while the window is unfocused) is counted in the latency mode's
// code-server (unreadBadge.mjs) and on a fake clock by test/unit/views/polling.test.ts.

export const NOTIFICATION_THREADS = { big: 20, demo: 5 };

async function comment(server, fixtures, repo, number) {
  const res = await fetch(`${server.apiUrl}/repos/alice/${repo}/issues/${number}/comments`, {
    method: 'POST',
    headers: { authorization: `token ${fixtures.users.bob.tokens.all}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body: `@alice could you look at this one (${repo}#${number})?` }),
  });
  if (!res.ok) throw new Error(`POST comment on alice/${repo}#${number}: ${res.status} ${await res.text()}`);
}

export async function seedNotifications(server, fixtures) {
  for (let n = 1; n <= NOTIFICATION_THREADS.big; n++) await comment(server, fixtures, 'big', n);
  for (const n of Object.values(fixtures.repos.demo.issues).slice(0, NOTIFICATION_THREADS.demo)) await comment(server, fixtures, 'demo', n);
  // The test server describes alice/big from git the first time (about 3 s, on the event loop the bench's own
  // measuring shares): once here, as the views measured before do in a whole run, not inside the measurement.
  const res = await fetch(`${server.apiUrl}/notifications`, { headers: { authorization: `token ${fixtures.users.alice.tokens.all}` } });
  if (!res.ok) throw new Error(`GET /notifications: ${res.status}`);
}
