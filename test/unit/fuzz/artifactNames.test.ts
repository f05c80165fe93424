// Artifact names (src/shared/artifactDownload.ts) are whatever a workflow called its upload: the file name made of
// one is always a plain `.zip` name directly inside the chosen folder, of bounded length, with no character that
// steers a path, no Windows device name, and no code point cut in half by the truncation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { artifactFileName, pathInside } from '../../../src/shared/artifactDownload';
import { checkHostile, hostileText } from './hostile';
import { FUZZ_TARGETS } from './targets';

const TOKENS = FUZZ_TARGETS.find((t) => t.name === 'artifact names')!.tokens;
// eslint-disable-next-line no-control-regex -- control characters are what must not be left
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Windows device names: a digit of COM and LPT includes the superscripts ¹ ² ³, which Windows reads as digits too. */
const DEVICE = /^(?:con|prn|aux|nul|com[\d¹²³]|lpt[\d¹²³]|conin\$|conout\$)(?:\.|$)/i;

test('fuzz: an artifact name of any shape becomes a plain .zip file name inside the folder', () => {
  checkHostile((size) => fc.tuple(hostileText(TOKENS, size), fc.integer({ min: 1, max: 2 ** 31 })), ([name, id]) => {
    const file = artifactFileName(name, id);
    assert.ok(file.endsWith('.zip') && file.length > 4);
    assert.ok(Buffer.byteLength(file, 'utf8') <= 184, `${Buffer.byteLength(file, 'utf8')} bytes`);
    assert.ok(!UNSAFE.test(file), JSON.stringify(file));
    assert.ok(!/^[.\s]/.test(file), JSON.stringify(file));
    assert.ok(!DEVICE.test(file), `a device name: ${JSON.stringify(file)}`);
    assert.equal(pathInside('/downloads', file), `/downloads/${file}`);
  });
});

test('fuzz: a Windows device name with any extension is never the file name', () => {
  const device = fc.constantFrom('con', 'PRN', 'aux', 'NUL', 'com1', 'COM9', 'lpt1', 'COM¹', 'lpt²', 'LPT³', 'conin$', 'CONOUT$');
  checkHostile((size) => fc.tuple(device, hostileText(TOKENS, size)), ([name, extension]) => {
    for (const raw of [name, `${name}.${extension}`, `${name}.tar`, ` ${name}.zip`]) {
      const file = artifactFileName(raw, 3);
      assert.ok(!DEVICE.test(file), `${JSON.stringify(raw.slice(0, 40))} → ${JSON.stringify(file.slice(0, 40))}`);
    }
  });
});

/** A lone half of a surrogate pair (a string that is not well-formed UTF-16). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

test('fuzz: a long well-formed name is cut between code points, never inside a surrogate pair', () => {
  const wellFormed = (size: fc.Arbitrary<number> | number) => hostileText(TOKENS, size).map((s) => s.replace(LONE_SURROGATE, 'x'));
  checkHostile(wellFormed, (name) => {
    const file = artifactFileName(name, 1);
    assert.ok(!new RegExp(LONE_SURROGATE.source).test(file), JSON.stringify(file.slice(-12)));
  });
});
