// The forms' messages and their preview: what a webview may send runs the form's handler for it (anything else is
// ignored), and the description is rendered only while the Preview tab is open (then again once typing pauses).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FormPreview, handleFormMessage } from '../../../src/core/formMessages';

describe('handleFormMessage', () => {
  it("runs every form's handlers and the form's own, and ignores the rest", async () => {
    const calls: string[] = [];
    const preview = new FormPreview((m) => calls.push(`posted ${String(m.type)}`), () => 'x', 'cut');
    const h = {
      ready: () => calls.push('ready'),
      change: (d: unknown) => calls.push(`change ${JSON.stringify(d)}`),
      submit: () => calls.push('submit'),
      discard: () => calls.push('discard'),
      preview,
    };
    const own = { unarchive: () => calls.push('unarchive') };
    for (const m of [{ type: 'ready' }, { type: 'change', draft: { title: 'a' } }, { type: 'submit', draft: { title: 'b' } }, { type: 'discard' }, { type: 'unarchive' }, { type: 'previewShown', shown: 'yes' }, { type: 'previewShown', shown: true }]) {
      handleFormMessage(m, h, own);
    }
    for (const m of [null, 'ready', { type: 'toString' }, { type: 'hasOwnProperty' }, { type: 'openExisting' }, {}]) handleFormMessage(m, h, own);
    // The preview renders on the Markdown worker thread: its message comes once the render answers (the newest one).
    await preview.resend();
    preview.dispose();
    assert.deepEqual(calls, ['ready', 'change {"title":"a"}', 'change {"title":"b"}', 'submit', 'discard', 'unarchive', 'posted preview']);
  });
});

describe('FormPreview', () => {
  const setup = (): { posts: Record<string, unknown>[]; preview: FormPreview; body: { text: string } } => {
    const posts: Record<string, unknown>[] = [];
    const body = { text: '**bold**' };
    return { posts, body, preview: new FormPreview((m) => posts.push(m), () => body.text, 'cut') };
  };

  it('renders nothing until the Preview tab opens, then the description as it is', async () => {
    const { posts, preview, body } = setup();
    await preview.resend();
    preview.bodyChanged();
    assert.equal(posts.length, 0);
    body.text = '**now**';
    await preview.setShown(true);
    assert.equal(posts.length, 1);
    assert.match(String(posts[0]!.html), /<strong>now<\/strong>/);
    await preview.resend();
    assert.equal(posts.length, 2, 'sent again with the form while open');
    await preview.setShown(false);
    await preview.resend();
    assert.equal(posts.length, 2, 'closed: nothing more');
    preview.dispose();
  });

  it('posts only the newest render, and none after the tab closed', async () => {
    const { posts, preview, body } = setup();
    body.text = '*first*';
    const first = preview.setShown(true);
    body.text = '*second*';
    const second = preview.resend();
    await Promise.all([first, second]);
    assert.deepEqual(posts.map((p) => p.html), ['<p><em>second</em></p>\n'], 'the older render is dropped');
    const third = preview.resend();
    await preview.setShown(false);
    await third;
    assert.equal(posts.length, 1, 'closed while rendering: not posted');
    preview.dispose();
  });

  it('follows typing once it pauses, with one render for a burst of changes', async () => {
    const { posts, preview, body } = setup();
    await preview.setShown(true);
    for (const t of ['a', 'ab', 'abc']) {
      body.text = t;
      preview.bodyChanged();
    }
    assert.equal(posts.length, 1);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(posts.length, 2);
    assert.match(String(posts[1]!.html), /abc/);
    preview.dispose();
  });
});
