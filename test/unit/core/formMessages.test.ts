// The forms' messages and their preview: what a webview may send is parsed into the form's own set (anything else
// ignored), and the description is rendered only while the Preview tab is open (then again once typing pauses).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FormPreview, formMessage } from '../../../src/core/formMessages';

describe('formMessage', () => {
  it('takes the common messages and the form\'s own, and ignores the rest', () => {
    assert.deepEqual(formMessage({ type: 'ready' }, ['unarchive']), { type: 'ready' });
    assert.deepEqual(formMessage({ type: 'unarchive', draft: 'x' }, ['unarchive']), { type: 'unarchive' });
    assert.deepEqual(formMessage({ type: 'change', draft: { title: 'a' }, extra: 1 }, []), { type: 'change', draft: { title: 'a' } });
    assert.deepEqual(formMessage({ type: 'previewShown', shown: 'yes' }, []), { type: 'previewShown', shown: false }, 'only true opens it');
    assert.deepEqual(formMessage({ type: 'previewShown', shown: true }, []), { type: 'previewShown', shown: true });
    for (const m of [null, 'ready', { type: 'unarchive' }, { type: 'toString' }, {}]) assert.equal(formMessage(m, ['openExisting']), undefined, JSON.stringify(m));
  });
});

describe('FormPreview', () => {
  const setup = (): { posts: Record<string, unknown>[]; preview: FormPreview; body: { text: string } } => {
    const posts: Record<string, unknown>[] = [];
    const body = { text: '**bold**' };
    return { posts, body, preview: new FormPreview((m) => posts.push(m), () => body.text, 'cut') };
  };

  it('renders nothing until the Preview tab opens, then the description as it is', () => {
    const { posts, preview, body } = setup();
    preview.resend();
    preview.bodyChanged();
    assert.equal(posts.length, 0);
    body.text = '**now**';
    preview.setShown(true);
    assert.equal(posts.length, 1);
    assert.match(String(posts[0]!.html), /<strong>now<\/strong>/);
    preview.resend();
    assert.equal(posts.length, 2, 'sent again with the form while open');
    preview.setShown(false);
    preview.resend();
    assert.equal(posts.length, 2, 'closed: nothing more');
    preview.dispose();
  });

  it('follows typing once it pauses, with one render for a burst of changes', async () => {
    const { posts, preview, body } = setup();
    preview.setShown(true);
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
