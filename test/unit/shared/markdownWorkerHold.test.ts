// The Markdown worker goes with the last page that held it (#41: its heap, hundreds of MB after a page of long
// bodies, stayed in the extension host until it idled out a minute later): holdMarkdownWorker's count, a render
// still pending when the last page closes, and a render after that.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { holdMarkdownWorker, markdownWorkerRunning, renderMarkdownOffThread } from '../../../src/shared/markdownOffThread';

describe('the Markdown worker and the pages that hold it', () => {
  it('ends when the last holder lets go, not before; a second dispose of a hold counts once', async () => {
    const a = holdMarkdownWorker();
    const b = holdMarkdownWorker();
    assert.match(await renderMarkdownOffThread('**a**'), /<strong>a<\/strong>/);
    assert.equal(markdownWorkerRunning(), true);
    a.dispose();
    a.dispose();
    assert.equal(markdownWorkerRunning(), true, 'b still holds it');
    b.dispose();
    assert.equal(markdownWorkerRunning(), false);
  });

  it('a render pending when the last page closes is answered rendered, then the worker ends', async () => {
    const page = holdMarkdownWorker();
    const html = renderMarkdownOffThread('_pending_ '.repeat(20_000));
    page.dispose();
    assert.equal(markdownWorkerRunning(), true, 'it has a render to finish');
    assert.match(await html, /<em>pending<\/em>/, 'rendered, not shown as plain text');
    assert.equal(markdownWorkerRunning(), false);
  });

  it('a render after the last page closed starts a worker again; a new holder keeps it past a pending end', async () => {
    assert.match(await renderMarkdownOffThread('`x`'), /<code>x<\/code>/);
    assert.equal(markdownWorkerRunning(), true, 'without holders it stays until it idles out');
    const first = holdMarkdownWorker();
    const html = renderMarkdownOffThread('_y_ '.repeat(20_000));
    first.dispose();
    const second = holdMarkdownWorker();
    assert.match(await html, /<em>y<\/em>/);
    assert.equal(markdownWorkerRunning(), true, 'the second page holds it');
    second.dispose();
    assert.equal(markdownWorkerRunning(), false);
  });
});
