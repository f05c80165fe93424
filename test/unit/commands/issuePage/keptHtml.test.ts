// A page of megabytes keeps its long bodies' HTML on the Markdown worker (#41: the host's garbage outlived such a page
// by hundreds of MiB): buildPage answers KeptHtml for them, the page's message reads them from the worker in slices
// (partedPost.ts) and is the same as the page rendered in the host; when the page closes its HTML goes, and a page
// read after that shows the text as text.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Issue, TimelineComment } from '../../../../src/api';
import { buildPage, holdsKeptHtml, type PageInput } from '../../../../src/commands/issuePage/pageModel';
import { PartedPoster, type PartMessage } from '../../../../src/commands/issuePage/partedPost';
import { holdMarkdownWorker, KeptHtml, markdownWorkerRunning, plainText, readKeptHtml, type MarkdownHold } from '../../../../src/shared/markdownOffThread';

const INSTANCE = 'https://git.example.com/';
const LONG = `Fixes #1 and **#2**, thanks @bob.\n\n${'- item with `code` and _emphasis_ #3\n'.repeat(3000)}`;

function input(hold: MarkdownHold | undefined, keepFrom = { page: 0, body: 10_000 }): PageInput {
  const issue = { id: 1, number: 7, title: 'Long', state: 'open', body: LONG, html_url: `${INSTANCE}alice/demo/issues/7`, user: { id: 1, login: 'bob' }, labels: [], assignees: [], assets: [] } as unknown as Issue;
  const timeline = [
    { id: 2, type: 'comment', body: 'short **one**', user: { id: 1, login: 'bob' }, created_at: '2026-01-01T00:00:00Z' },
    { id: 3, type: 'comment', body: `${LONG}\n\nthe second`, user: { id: 2, login: 'alice' }, created_at: '2026-01-01T00:00:00Z' },
  ] as TimelineComment[];
  return { issue, timeline, me: 'alice', instanceUrl: INSTANCE, repo: { owner: 'alice', repo: 'demo' }, hold, keepFrom };
}

/** What the page receives for `message` (media/issuePage/page.js joins the parts and parses them). */
async function received(message: unknown): Promise<unknown> {
  let parts: string[] = [];
  let got: unknown;
  const poster = new PartedPoster(async (m) => {
    const part = m as PartMessage;
    if (part.type !== 'part') got = m;
    else if ((parts.push(part.json), part.last)) {
      got = JSON.parse(parts.join(''));
      parts = [];
    }
    return true;
  }, (e) => assert.fail(String(e)), 4096);
  poster.post(message);
  await poster.settled();
  return got;
}

describe('a page of megabytes keeps its long bodies on the Markdown worker', () => {
  it('long bodies are kept, short ones are not; the page received is the page rendered in the host', async () => {
    const hold = holdMarkdownWorker();
    try {
      const page = await buildPage(input(hold));
      const htmls = page.timeline.map((e) => (e.kind === 'comment' ? e.html : undefined));
      assert.ok(htmls[0] instanceof KeptHtml && htmls[2] instanceof KeptHtml, 'the description and the long comment are kept');
      assert.equal(typeof htmls[1], 'string', 'the short comment is not');
      assert.equal(holdsKeptHtml(page), true);
      const inHost = await buildPage(input(undefined));
      assert.equal(holdsKeptHtml(inHost), false);
      assert.deepEqual(await received({ type: 'page', page }), JSON.parse(JSON.stringify({ type: 'page', page: inHost })));
    } finally {
      hold.dispose();
    }
  });

  it('under the page threshold nothing is kept, whatever the bodies', async () => {
    const hold = holdMarkdownWorker();
    try {
      const page = await buildPage(input(hold, { page: 10 * LONG.length, body: 10 }));
      assert.equal(holdsKeptHtml(page), false);
    } finally {
      hold.dispose();
    }
  });

  it('when its page closes its HTML goes: read again, a body shows its text as text', async () => {
    const other = holdMarkdownWorker();
    const hold = holdMarkdownWorker();
    const page = await buildPage(input(hold));
    const kept = page.timeline[0]!.kind === 'comment' ? page.timeline[0]!.html : undefined;
    assert.ok(kept instanceof KeptHtml);
    assert.ok((await readKeptHtml(kept, 0, 100))?.startsWith('<p>Fixes'));
    hold.dispose();
    assert.equal(markdownWorkerRunning(), true, 'another page holds the worker');
    assert.equal(await readKeptHtml(kept, 0, 100), undefined, 'dropped from the worker with its page');
    const shown = (await received({ html: kept })) as { html: string };
    assert.equal(shown.html, plainText(LONG));
    other.dispose();
    assert.equal(markdownWorkerRunning(), false, 'the last page closed: the worker ended, and its heap with it');
    assert.equal(await readKeptHtml(kept, 0, 100), undefined);
  });
});
