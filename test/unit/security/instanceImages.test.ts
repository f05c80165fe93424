// Review comments in the editor load images and avatars from the instance only. instanceImagesOnly rewrites the
// Markdown so that a CommonMark renderer (markdown-it here; VS Code's marked follows the same syntax for images) finds
// no image elsewhere, whatever the syntax (inline, reference, nested, in a link); the text stays readable.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { instanceAvatarUrl, instanceImagesOnly } from '../../../src/shared/instanceImages';

const INSTANCE = 'https://git.example.com/gitea/';
const md = new MarkdownIt({ html: false, linkify: false });

/** Where a browser would load `src` from is not under the instance (`..` resolved). */
function elsewhere(src: string): boolean {
  try {
    return !new URL(src).href.startsWith(INSTANCE);
  } catch {
    // expected: a source that is not an absolute URL is not the instance's.
    return true;
  }
}

/** The image sources a CommonMark renderer loads for `markdown`. */
function imageSources(markdown: string): string[] {
  const found: string[] = [];
  const walk = (tokens: ReturnType<typeof md.parse>): void => {
    for (const t of tokens) {
      if (t.type === 'image') found.push(String(t.attrGet('src') ?? ''));
      if (t.children) walk(t.children);
    }
  };
  walk(md.parse(markdown, {}));
  return found;
}

const FOREIGN = [
  '![pixel](https://evil.example/t.png)',
  '![pixel](https://evil.example/t.png "a title")',
  '![pixel](<https://evil.example/t.png>)',
  '![pixel][r]\n\n[r]: https://evil.example/t.png',
  '![pixel][]\n\n[pixel]: https://evil.example/t.png',
  '![pixel]\n\n[pixel]: https://evil.example/t.png',
  '[![pixel](https://evil.example/t.png)](https://git.example.com/gitea/)',
  '![a [nested] alt](https://evil.example/t.png)',
  '![x](https://git.example.com@evil.example/gitea/t.png)',
  '![x](https://git.example.com.evil.example/gitea/t.png)',
  '![x](https://git.example.com/other/t.png)',
  '![x](//evil.example/t.png)',
  '![x](https://git.example.com/gitea/&#x2e;&#x2e;/t.png)',
  '\\\\![x](https://evil.example/t.png)',
  '- item ![x](https://evil.example/t.png)\n> quote ![y](https://evil.example/u.png)',
  '![ok](https://git.example.com/gitea/a.png) then ![bad](https://evil.example/t.png)',
];

describe('instanceImagesOnly', () => {
  it('the hostile samples load an image elsewhere before, none after', () => {
    for (const sample of FOREIGN) {
      const foreign = (srcs: string[]) => srcs.filter(elsewhere);
      assert.ok(foreign(imageSources(sample)).length > 0, `the sample loads a foreign image: ${sample}`);
      const out = instanceImagesOnly(sample, INSTANCE);
      assert.deepEqual(foreign(imageSources(out)), [], `${JSON.stringify(sample)} → ${JSON.stringify(out)}`);
    }
  });

  it('an image of the instance stays an image; the rest reads as written', () => {
    const ok = 'Look: ![screenshot](https://git.example.com/gitea/attachments/1 "shot")';
    assert.equal(instanceImagesOnly(ok, INSTANCE), ok);
    assert.deepEqual(imageSources(ok), ['https://git.example.com/gitea/attachments/1']);
    assert.equal(instanceImagesOnly('![pixel](https://evil.example/t.png)', INSTANCE), '!\\[pixel](https://evil.example/t.png)');
    assert.equal(md.renderInline(instanceImagesOnly('![pixel](https://evil.example/t.png)', INSTANCE)), '![pixel](https://evil.example/t.png)');
    for (const plain of ['no images here', 'an exclamation! [and a link](https://evil.example/)', '']) assert.equal(instanceImagesOnly(plain, INSTANCE), plain);
  });

  it('an image of the instance with a title after several spaces or tabs stays an image', () => {
    const image = '![a](https://git.example.com/gitea/i.png  \t "a title")';
    assert.equal(instanceImagesOnly(image, INSTANCE), image);
  });

  it('an image of an unusual shape is escaped even when an image of the instance follows it', () => {
    // Only the image that starts where `![` is counts: a later one of the instance does not vouch for it.
    const hostile = '![a](<https://evil.example/t.png>) ![b](https://git.example.com/gitea/i.png)';
    assert.equal(instanceImagesOnly(hostile, INSTANCE), '!\\[a](<https://evil.example/t.png>) ![b](https://git.example.com/gitea/i.png)');
    const reference = '![a][r] ![b](https://git.example.com/gitea/i.png)\n\n[r]: https://evil.example/t.png';
    assert.ok(instanceImagesOnly(reference, INSTANCE).startsWith('!\\[a][r] ![b]('), instanceImagesOnly(reference, INSTANCE));
  });

  it('random Markdown of image syntax: every image left is on the instance (seeded)', () => {
    const parts = ['![', ']', '(', ')', '[', 'r', ']: ', '\n\n', ' "t"', '<', '>', '\\', '`', 'https://evil.example/t.png', 'https://git.example.com/gitea/a.png', 'x', ' '];
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 5000; i++) {
      const text = Array.from({ length: 2 + next(16) }, () => parts[next(parts.length)]).join('');
      const out = instanceImagesOnly(text, INSTANCE);
      for (const src of imageSources(out)) assert.ok(!elsewhere(src), `${JSON.stringify(text)} → ${JSON.stringify(out)} loads ${src}`);
    }
  });
});

describe('instanceAvatarUrl (avatars)', () => {
  it('an avatar of the instance is kept, any other (or none) is dropped', () => {
    assert.equal(instanceAvatarUrl('https://git.example.com/gitea/avatars/ab12', INSTANCE), 'https://git.example.com/gitea/avatars/ab12');
    for (const url of ['https://secure.gravatar.com/avatar/ab12', 'http://git.example.com/gitea/avatars/ab12', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '', null, undefined]) {
      assert.equal(instanceAvatarUrl(url, INSTANCE), undefined, String(url));
    }
  });
});
