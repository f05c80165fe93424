// Activity rows rendered from a feed recorded from a real Gitea 1.27.0 (test/fixtures/gitea-api/recordings): a push
// that creates a branch is two commit_repo entries, the first with empty content; they must read as Gitea's
// dashboard reads them ("created branch", "pushed to"), never as two identical rows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { RECORDINGS_FILE } from '../../harness/paths';
import { test } from 'node:test';
import { renderActivity, type ActivitySource } from '../../../src/views/activitySentences';

const RECORDINGS = RECORDINGS_FILE;

function recordedFeed(): (ActivitySource & { id: number })[] {
  const lines = readFileSync(RECORDINGS, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  const feed = lines.find((l) => l.operationId === 'userListActivityFeeds' && String(l.url).includes('only-performed-by=true'));
  assert.ok(feed, `no recorded user feed in ${RECORDINGS}`);
  return feed.responseBody as (ActivitySource & { id: number })[];
}

const feed = recordedFeed();
const byId = (id: number) => {
  const a = feed.find((x) => x.id === id);
  assert.ok(a, `recorded activity ${id}`);
  return a;
};
const R = 'http://gitea.test:3000/alice/demo';

test('a recorded branch creation: "created branch" for the empty commit_repo, "pushed to" for the push', () => {
  const created = byId(116);
  const pushed = byId(117);
  assert.equal(created.op_type, 'commit_repo');
  assert.equal(created.content, '');
  assert.equal(pushed.ref_name, created.ref_name);

  const c = renderActivity(created);
  assert.equal(c.sentence, 'alice created branch topic/b049 in alice/demo');
  assert.equal(c.icon, 'git-branch');
  assert.equal(c.url, `${R}/src/branch/topic/b049`);

  const p = renderActivity(pushed);
  assert.equal(p.sentence, 'alice pushed to topic/b049 at alice/demo');
  assert.equal(p.detail, 'no new commits', 'a push of no new commit says so');
  assert.equal(p.url, `${R}/src/branch/topic/b049`, 'nothing to compare: the branch');
  assert.equal(p.commits, undefined);
});

test('no two recorded entries render as the same row', () => {
  const rows = feed.map((a) => {
    const r = renderActivity(a);
    return `${r.sentence} · ${r.detail ?? ''}`;
  });
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    assert.equal(seen.get(row), undefined, `entries ${feed[seen.get(row) ?? 0]!.id} and ${feed[i]!.id} both read "${row}"`);
    seen.set(row, i);
  });
});

test('a recorded push of two commits links their comparison and lists both, newest first', () => {
  const r = renderActivity(byId(139));
  assert.equal(r.sentence, 'alice pushed 2 commits to main at alice/demo');
  assert.equal(r.url, 'http://gitea.test:3000/alice/demo/compare/494adf376afdabab87a67eaa6a73ea54980b0b33...df9e11e0e06e836ca978c1a07b66b4ad51400221');
  assert.deepEqual(
    r.commits?.map((c) => [c.sha.slice(0, 7), c.message, c.url]),
    [
      ['df9e11e', "Merge pull request 'Add login' (#1) from feature/login into main", `${R}/commit/df9e11e0e06e836ca978c1a07b66b4ad51400221`],
      ['09bca27', 'login feature', `${R}/commit/09bca2757cbc2734c588d87df82f0e6cf0434f10`],
    ],
  );
});

test('a recorded push of one commit links the commit and shows its message; no list', () => {
  const r = renderActivity(byId(138));
  assert.equal(r.sentence, 'alice pushed to main at alice/demo');
  assert.equal(r.url, `${R}/commit/494adf376afdabab87a67eaa6a73ea54980b0b33`);
  assert.equal(r.detail, 'ci workflow');
  assert.equal(r.commits, undefined);
});

test('a recorded tag push and release', () => {
  const tag = renderActivity(byId(142));
  assert.equal(tag.sentence, 'alice pushed tag v9.9.195 to alice/demo');
  assert.equal(tag.url, `${R}/src/tag/v9.9.195`);
  const release = renderActivity(byId(143));
  assert.equal(release.sentence, 'alice released probe at alice/demo');
  assert.equal(release.url, `${R}/releases/tag/v9.9.195`);
});
