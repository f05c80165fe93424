// Bodies and comments on the issue page come from anyone who can comment: rendered for the page, none of them can
// run script or a command, and the only images are the instance's (CSP img-src allows no other origin either).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Issue, TimelineComment } from '../../../src/api';
import { buildPage, type ShownCommentEntry } from '../../../src/commands/issuePage/pageModel';
import { instanceImageUrl } from '../../../src/shared/markdown';
import { assertInert, startTags } from './htmlScan';

const INSTANCE = 'https://git.example.com/sub/';

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://git.example.com/a.png" onerror="alert(1)">',
  '[x](javascript:alert(1))',
  '[x](command:workbench.action.terminal.new)',
  '[x](vscode:extension/evil.publisher)',
  '<a href="javascript:alert(1)">x</a>',
  '![tracker](https://evil.example/pixel.png)',
  '![tracker](//evil.example/pixel.png)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)',
  '![x](https://git.example.com.evil.example/a.png)',
  '![x](https://git.example.com@evil.example/a.png)',
  '![x](http://git.example.com/a.png)',
  '<svg onload=alert(1)>',
  '<iframe src="https://git.example.com/"></iframe>',
  // References: an attribute never breaks out, references in code or links stay text.
  '#1" onclick="alert(1)',
  '#1\' onclick=alert(1)',
  '@eve" onmouseover="alert(1)',
  'evil/x"onclick=y#1',
  '`#1 @eve 1a2b3c4` and ```#2```',
  '[#1](javascript:alert(1)) [@eve](command:workbench.action.terminal.new)',
  '[deadbee1](vscode:extension/evil.publisher)',
  '<a href="javascript:alert(1)">#1</a>',
  'javascript:alert(1)#1 @javascript:alert(1)',
];

/** The attributes a reference anchor may carry. */
const REF_ATTRS = ['class', 'data-number', 'data-owner', 'data-repo', 'data-url', 'href', 'title'];

function page(body: string) {
  const issue = { id: 1, number: 1, title: 't', state: 'open', body, assets: [], labels: [], assignees: [], projects: [] } as unknown as Issue;
  const timeline = [{ id: 2, type: 'comment', body, user: { id: 1, login: 'eve' } }] as TimelineComment[];
  return buildPage({ issue, timeline, me: 'alice', instanceUrl: INSTANCE, repo: { owner: 'alice', repo: 'demo' } });
}

describe('issue page: hostile bodies are inert', () => {
  for (const body of HOSTILE) {
    it(`inert: ${JSON.stringify(body).slice(0, 70)}`, async () => {
      for (const c of (await page(body)).timeline as ShownCommentEntry[]) {
        // Images of the instance may stay; anything else must be inert by the shared scanner's rules.
        const tags = startTags(c.html);
        const images = tags.filter((t) => t.name === 'img');
        for (const img of images) {
          assert.deepEqual([...img.attrs.keys()].sort(), ['alt', 'src'], img.raw);
          assert.equal(new URL(img.attrs.get('src')!).origin, 'https://git.example.com', img.raw);
        }
        assertInert(c.html.replace(/<img [^>]*>/g, ''), body);
        assert.ok(!/<script/i.test(c.html), c.html);
      }
    });
  }

  it('reference links point at the instance only, with nothing but their own attributes', async () => {
    for (const body of [...HOSTILE, '#1 !2 bob/tools#3 @carol 1a2b3c4d']) {
      for (const c of (await page(body)).timeline as ShownCommentEntry[]) {
        for (const a of startTags(c.html).filter((t) => t.name === 'a' && /\bref\b/.test(t.attrs.get('class') ?? ''))) {
          assert.deepEqual([...a.attrs.keys()].filter((k) => !REF_ATTRS.includes(k)), [], a.raw);
          assert.ok(a.attrs.get('href')!.startsWith('https://git.example.com/sub/'), a.raw);
          const url = a.attrs.get('data-url');
          if (url !== undefined) assert.ok(url.startsWith('https://git.example.com/sub/'), a.raw);
          const number = a.attrs.get('data-number');
          if (number !== undefined) assert.match(number, /^[1-9]\d*$/, a.raw);
        }
      }
    }
    const html = ((await page('#1 !2 bob/tools#3 @carol 1a2b3c4d')).timeline[1] as ShownCommentEntry).html;
    assert.equal(startTags(html).filter((t) => t.name === 'a').length, 5, html);
    const inCode = ((await page('`#1 @eve 1a2b3c4` and ```#2```')).timeline[1] as ShownCommentEntry).html;
    assert.equal(startTags(inCode).filter((t) => t.name === 'a').length, 0, inCode);
  });

  it('no remote image survives, and none from another origin or scheme', async () => {
    for (const body of HOSTILE) {
      const html = ((await page(body)).timeline[1] as ShownCommentEntry).html;
      for (const img of startTags(html).filter((t) => t.name === 'img')) assert.equal(new URL(img.attrs.get('src')!).origin, 'https://git.example.com');
    }
    assert.equal(instanceImageUrl('https://evil.example/a.png', INSTANCE), undefined);
    assert.equal(instanceImageUrl('//evil.example/a.png', INSTANCE), undefined);
    assert.equal(instanceImageUrl('http://git.example.com/a.png', INSTANCE), undefined, 'another scheme is another origin');
    assert.equal(instanceImageUrl('https://git.example.com/a.png', undefined), undefined, 'no instance, no images');
  });

  it('images of the instance load (attachments, root-relative paths)', async () => {
    const html = ((await page('![shot](https://git.example.com/sub/attachments/abc) ![rel](/sub/attachments/def)')).timeline[0] as ShownCommentEntry).html;
    assert.deepEqual(
      startTags(html).filter((t) => t.name === 'img').map((t) => t.attrs.get('src')),
      ['https://git.example.com/sub/attachments/abc', 'https://git.example.com/sub/attachments/def'],
    );
  });
});
