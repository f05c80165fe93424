// The floor of the review threads' figure (#24 item 8): the same diff with the same threads, made by a minimal
// extension (bench/review-floor) from memory with the Comments API, measured the same way as Gitea Workbench's.
// What Gitea Workbench adds over it (requests, grouping, dressing the threads) is the figure with a budget; most of
// the absolute time is VS Code drawing comment widgets, which no extension can avoid.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './proc.mjs';

export const LOAD = { key: 'ctrl+alt+shift+f6', press: 'Control+Alt+Shift+F6' };
export const FLOOR_KEYS = {
  conversations: { key: 'ctrl+alt+shift+f7', press: 'Control+Alt+Shift+F7' },
  longThreads: { key: 'ctrl+alt+shift+f8', press: 'Control+Alt+Shift+F8' },
};

const specFile = (tmpDir, shape) => join(tmpDir, `review-floor-${shape}.json`);

/** @returns {Promise<string>} the floor's .vsix, installed beside Gitea Workbench in the views' code-server */
export async function packageReviewFloor(root, tmpDir) {
  const dir = join(tmpDir, 'review-floor');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(tmpDir, { recursive: true });
  cpSync(join(root, 'bench', 'review-floor'), dir, { recursive: true });
  writeFileSync(join(dir, 'LICENSE'), 'MIT\n');
  const vsix = join(tmpDir, 'review-floor.vsix');
  await run(join(root, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', vsix], { cwd: dir });
  return vsix;
}

/** The keys that load the specs (before a measure) and open each shape's floor (the measured key). */
export function reviewFloorKeybindings(tmpDir, longBody) {
  return [
    // `longBody` and `probeFile`: the issue page's long body and its event-loop probe (bench/lib/issuePage.mjs).
    { key: LOAD.key, command: 'giteaBenchReviewFloor.load', args: { files: Object.fromEntries(Object.keys(FLOOR_KEYS).map((s) => [s, specFile(tmpDir, s)])), ...longBody } },
    ...Object.entries(FLOOR_KEYS).map(([name, k]) => ({ key: k.key, command: 'giteaBenchReviewFloor.open', args: { name } })),
  ];
}

async function get(server, token, path) {
  const res = await fetch(`${server.apiUrl}${path}`, { headers: { authorization: `token ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return path.includes('/raw/') ? res.text() : res.json();
}

/**
 * Writes the spec of `path`'s diff in pull request alice/big#1: both sides' text and its threads grouped as Gitea
 * Workbench groups them (per side and line; a thread is resolved when its first comment is), then has the floor
 * read the specs into memory.
 */
export async function prepareReviewFloor(page, server, fixtures, tmpDir, shape, path) {
  const token = fixtures.users.alice.tokens.all;
  const repo = '/repos/alice/big';
  const pull = await get(server, token, `${repo}/pulls/1`);
  const baseRef = pull.merge_base || pull.base.sha;
  const raw = (ref) => get(server, token, `${repo}/raw/${path.split('/').map(encodeURIComponent).join('/')}?ref=${ref}`);
  const [base, head] = await Promise.all([raw(baseRef), raw(pull.head.sha)]);
  const reviews = await get(server, token, `${repo}/pulls/1/reviews?limit=50`);
  const comments = (await Promise.all(reviews.map((r) => get(server, token, `${repo}/pulls/1/reviews/${r.id}/comments`)))).flat().filter((c) => c.path === path);
  const groups = new Map();
  for (const c of comments) {
    const side = (c.position ?? 0) > 0 ? 'new' : 'old';
    const line = side === 'new' ? c.position : c.original_position;
    if (!(line > 0)) continue;
    const key = `${side}:${line}`;
    if (!groups.has(key)) groups.set(key, { side, line, comments: [] });
    groups.get(key).comments.push(c);
  }
  const threads = [...groups.values()].map((g) => {
    const sorted = g.comments.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
    const resolver = sorted[0].resolver?.login;
    return {
      side: g.side,
      line: g.line,
      resolved: !!resolver,
      label: resolver ? `Resolved by ${resolver}` : undefined,
      // The authors' pictures too (the instance's avatar URLs, as Gitea Workbench shows them): part of each comment.
      comments: sorted.map((c) => ({ author: c.user.login, avatar: c.user.avatar_url, body: c.body, createdAt: c.created_at })),
    };
  });
  writeFileSync(specFile(tmpDir, shape), JSON.stringify({ path, base, head, threads }));
  await page.keyboard.press(LOAD.press);
  await page.waitForTimeout(500);
  return { threads: threads.length, expandedThreads: threads.filter((t) => !t.resolved).length, expandedComments: threads.filter((t) => !t.resolved).reduce((n, t) => n + t.comments.length, 0) };
}
