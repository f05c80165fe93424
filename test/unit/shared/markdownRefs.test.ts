// References in rendered bodies: `#12`, `!12`, `owner/repo#12`, `@user` and commit SHAs become links of the
// instance carrying what the page opens in the editor; inside code, inside links and glued to other text they stay text.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from '../../../src/shared/markdown';
import { isInstanceUrl, isRepoName, referenceAt } from '../../../src/shared/markdownRefs';
import { startTags } from '../security/htmlScan';

const refs = { instanceUrl: 'https://git.example.com/sub/', owner: 'alice', repo: 'demo' };
const render = (md: string) => renderMarkdown(md, { imageOrigin: refs.instanceUrl, refs });
const anchors = (html: string) => startTags(html).filter((t) => t.name === 'a');

describe('markdown references', () => {
  it('#12 and !12 link to the issue and the pull request of the page’s repository, with data for the editor', () => {
    const [issue, pull] = anchors(render('See #12 and !3.'));
    assert.equal(issue?.attrs.get('href'), 'https://git.example.com/sub/alice/demo/issues/12');
    assert.deepEqual([issue?.attrs.get('data-owner'), issue?.attrs.get('data-repo'), issue?.attrs.get('data-number')], ['alice', 'demo', '12']);
    assert.equal(pull?.attrs.get('href'), 'https://git.example.com/sub/alice/demo/pulls/3');
    assert.equal(pull?.attrs.get('data-number'), '3');
    assert.match(render('See #12 and !3.'), />#12<\/a> and <a [^>]*>!3<\/a>\.<\/p>/);
  });

  it('owner/repo#12 links to that repository', () => {
    const [a] = anchors(render('Fixed by bob/tools#7, (gitea/gitea#30)'));
    assert.equal(a?.attrs.get('href'), 'https://git.example.com/sub/bob/tools/issues/7');
    assert.equal(a?.attrs.get('data-owner'), 'bob');
    assert.equal(a?.attrs.get('data-repo'), 'tools');
    assert.equal(anchors(render('Fixed by bob/tools#7, (gitea/gitea#30)'))[1]?.attrs.get('data-repo'), 'gitea');
  });

  it('@user links to the profile on the instance, opened through data-url', () => {
    const [a] = anchors(render('Thanks @carol.'));
    assert.equal(a?.attrs.get('href'), 'https://git.example.com/sub/carol');
    assert.equal(a?.attrs.get('data-url'), 'https://git.example.com/sub/carol');
    assert.equal(a?.attrs.get('class'), 'ref mention');
    // An e-mail address is no mention: it becomes a mailto link (GFM's extended autolink), as on Gitea.
    assert.deepEqual(anchors(render('mail me at carol@example.com')).map((a) => a.attrs.get('href')), ['mailto:carol@example.com']);
  });

  it('commit SHAs (7–40 hex, with digits and letters) link to the commit; numbers and hex words do not', () => {
    const sha = '0123456789abcdef0123456789abcdef01234567';
    const [a] = anchors(render(`Landed in ${sha} and 1a2b3c4.`));
    assert.equal(a?.attrs.get('href'), `https://git.example.com/sub/alice/demo/commit/${sha}`);
    assert.equal(anchors(render(`Landed in ${sha} and 1a2b3c4.`))[1]?.attrs.get('data-url'), 'https://git.example.com/sub/alice/demo/commit/1a2b3c4');
    for (const text of ['1234567', 'defaced', '1a2b3c', `${sha}0`, 'x1a2b3c4d', '1A2B3C4D']) assert.equal(anchors(render(text)).length, 0, text);
  });

  it('nothing inside code spans, code blocks or links, nor glued to other text', () => {
    for (const md of ['`#12 @carol 1a2b3c4`', '```\n#12 @carol 1a2b3c4\n```', '[see #12 @carol](https://example.com/x)', 'a#12 x@carol issue#12 #12abc #0 !0']) {
      const links = anchors(render(md)).filter((a) => a.attrs.has('data-number') || a.attrs.has('data-url'));
      assert.equal(links.length, 0, `${md} → ${render(md)}`);
    }
  });

  it('references in emphasis and headings still link; a bare #12 needs the page’s repository', () => {
    assert.equal(anchors(render('**#12** and _@carol_')).length, 2);
    assert.equal(anchors(render('## Follows #4')).length, 1);
    assert.equal(anchors(renderMarkdown('#12 @carol', {})).length, 0, 'no refs option, no links');
  });

  it('hostile text around references stays text: no attribute breaks out', () => {
    for (const md of ['#1" onclick="alert(1)', '@x" onmouseover=alert(1) "', 'evil/"onclick=x#1', '#1<script>alert(1)</script>', '@<img src=x onerror=alert(1)>']) {
      const html = render(md);
      for (const tag of startTags(html)) {
        assert.ok(![...tag.attrs.keys()].some((k) => k.startsWith('on')), `${md} → ${html}`);
        assert.notEqual(tag.name, 'script');
        assert.notEqual(tag.name, 'img');
      }
    }
  });

  it('referenceAt reads only at a boundary', () => {
    assert.equal(referenceAt('x#1', 1, refs), undefined);
    assert.equal(referenceAt('(#1)', 1, refs)?.length, 2);
  });

  it('isInstanceUrl accepts the instance’s web pages only', () => {
    assert.ok(isInstanceUrl('https://git.example.com/sub/carol', refs.instanceUrl));
    for (const url of ['https://git.example.com/other', 'https://evil.example/sub/carol', 'http://git.example.com/sub/carol', 'javascript:alert(1)', 'https://git.example.com.evil.example/sub/', 'https://user:pw@git.example.com/sub/x', 'command:workbench.action.terminal.new']) {
      assert.equal(isInstanceUrl(url, refs.instanceUrl), false, url);
    }
  });

  it('isInstanceUrl refuses a user name or a password alone, what is no URL, and what is not a string', () => {
    for (const url of ['https://user@git.example.com/sub/x', 'https://:pw@git.example.com/sub/x', 'not a url', 'https://[bad/sub/x', '']) {
      assert.equal(isInstanceUrl(url, refs.instanceUrl), false, url);
    }
    // A webview message may hold anything: an array holding an instance URL would read as that URL.
    assert.equal(isInstanceUrl(['https://git.example.com/sub/carol'] as unknown as string, refs.instanceUrl), false);
  });

  it('isInstanceUrl takes URLs up to 2048 characters', () => {
    const url = (length: number) => `${refs.instanceUrl}${'a'.repeat(length - refs.instanceUrl.length)}`;
    assert.equal(isInstanceUrl(url(2048), refs.instanceUrl), true);
    assert.equal(isInstanceUrl(url(2049), refs.instanceUrl), false);
  });

  it('isInstanceUrl of an http instance, of one given without its trailing slash, and of no usable instance', () => {
    assert.equal(isInstanceUrl('http://h.example/sub/x', 'http://h.example/sub'), true);
    assert.equal(isInstanceUrl('http://h.example/subway', 'http://h.example/sub'), false, 'a sibling path is not under the sub-path');
    assert.equal(isInstanceUrl('https://h.example/sub/x', 'http://h.example/sub'), false, 'another scheme is another origin');
    for (const instance of ['not a url', 'ftp://h.example/sub/', '']) assert.equal(isInstanceUrl('https://h.example/sub/x', instance), false, instance);
    assert.equal(isInstanceUrl('ftp://h.example/sub/x', 'ftp://h.example/sub/'), false);
  });

  it('links are made on the instance root: http too, a missing trailing slash added, its query and fragment dropped', () => {
    const hrefsFor = (instanceUrl: string) => anchors(renderMarkdown('#12 @carol', { refs: { ...refs, instanceUrl } })).map((a) => a.attrs.get('href'));
    assert.deepEqual(hrefsFor('http://git.example.com/sub'), ['http://git.example.com/sub/alice/demo/issues/12', 'http://git.example.com/sub/carol']);
    assert.deepEqual(hrefsFor('https://git.example.com/sub?tab=1#top'), ['https://git.example.com/sub/alice/demo/issues/12', 'https://git.example.com/sub/carol']);
    assert.deepEqual(hrefsFor('https://git.example.com'), ['https://git.example.com/alice/demo/issues/12', 'https://git.example.com/carol']);
  });

  it('no links for an instance URL that is not http(s) or no URL at all', () => {
    for (const instanceUrl of ['ftp://git.example.com/', 'file:///srv/gitea/', 'javascript:alert(1)//', 'not a url', '']) {
      assert.deepEqual(anchors(renderMarkdown('#12 @carol 1a2b3c4 bob/tools#7', { refs: { ...refs, instanceUrl } })), [], instanceUrl);
    }
  });

  it('the instance URL is escaped in the links’ attributes (& and \' stay in a URL path)', () => {
    const html = renderMarkdown('#12 @carol', { refs: { ...refs, instanceUrl: "https://git.example.com/a&b'c/" } });
    assert.match(html, /href="https:\/\/git\.example\.com\/a&amp;b&#39;c\/alice\/demo\/issues\/12"/, html);
    assert.deepEqual(anchors(html).map((a) => a.attrs.get('data-url') ?? a.attrs.get('href')), ["https://git.example.com/a&b'c/alice/demo/issues/12", "https://git.example.com/a&b'c/carol"]);
  });

  it('isRepoName refuses what is not an owner or repository name', () => {
    assert.ok(isRepoName('go-gitea.io_x'));
    for (const name of ['', '.', '..', 'a/b', 'a b', '<x>', 'x"y', 5]) assert.equal(isRepoName(name), false, String(name));
  });
});
