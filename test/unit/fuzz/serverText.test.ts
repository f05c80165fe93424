// Smaller pieces of server text: Link headers (src/api/paging.ts), versions (src/api/version.ts), text VS Code shows
// (src/shared/untrustedText.ts) and tooltip Markdown (src/views/text.ts), images in review comments
// (src/shared/instanceImages.ts), pull request diffs (threadModel.ts) and issue titles made branch names
// (src/git/issueBranch.ts): each keeps its guarantee on hostile text of any shape.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { parseLinkHeader } from '../../../src/api/paging';
import { compareVersions, parseServerVersion } from '../../../src/api/version';
import { branchSentence, issueBranchName } from '../../../src/git/issueBranch';
import { instanceImagesOnly } from '../../../src/shared/instanceImages';
import { isValidRefName } from '../../../src/shared/refName';
import { inertText, WORD_JOINER } from '../../../src/shared/untrustedText';
import { commentedLine, parseDiffRanges } from '../../../src/views/changedFiles/review/threadModel';
import { escapeMarkdown } from '../../../src/views/text';
import { checkHostile, hostileText } from './hostile';
import { FUZZ_TARGETS, INSTANCE } from './targets';

const tokensOf = (name: string) => FUZZ_TARGETS.find((t) => t.name === name)!.tokens;

test("fuzz: a Link header of any shape gives integer pages of the four rels only, and a well-formed last entry's page", () => {
  checkHostile((size) => fc.tuple(hostileText(tokensOf('Link headers (paging)'), size), fc.integer({ min: 1, max: 1e6 })), ([junk, page]) => {
    const pages = parseLinkHeader(junk);
    for (const [rel, n] of Object.entries(pages)) assert.ok(['next', 'prev', 'first', 'last'].includes(rel) && Number.isInteger(n));
    assert.equal(parseLinkHeader(`${junk}, <${INSTANCE}api/v1/repos/a/b/issues?page=${page}&limit=50>; rel="next"`).next, page);
  });
});

test('fuzz: server versions of any shape compare consistently (reflexive, antisymmetric)', () => {
  const tokens = tokensOf('server versions');
  checkHostile((size) => fc.tuple(hostileText(tokens, size), hostileText(tokens, 32)), ([a, b]) => {
    const info = parseServerVersion(a);
    assert.equal(typeof info.version, 'string');
    assert.equal(compareVersions(a, a), 0);
    assert.equal(Math.sign(compareVersions(a, b)), -Math.sign(compareVersions(b, a)) || 0);
  });
});

test('fuzz: inertText leaves no link or icon syntax, and changes nothing but word joiners', () => {
  checkHostile((size) => hostileText(tokensOf('server text shown by VS Code (inertText)'), size), (text) => {
    const shown = inertText(text);
    assert.ok(!/[\]$]\(/.test(shown) && !/[\]$]$/.test(shown) && !shown.startsWith('('), JSON.stringify(shown.slice(0, 80)));
    assert.equal(shown.replaceAll(WORD_JOINER, ''), text.replaceAll(WORD_JOINER, ''));
  });
});

const SPECIAL = '\\`*_{}[]()#+-.!|~:=$';

test('fuzz: tooltip Markdown of server text escapes every special character and reads back as the text', () => {
  // `&`, `<`, `>` and `$` become the entities escapeMarkdown writes (`$` as `&#36;`: VS Code draws `$(icon)` after
  // backslash escapes are gone); a lone CR is a line ending in CommonMark, so every line ending reads back as `\n`.
  const entity = /^&(?:lt|gt|amp|#36);/;
  checkHostile((size) => hostileText(tokensOf('tooltip Markdown of server text'), size), (text) => {
    const md = escapeMarkdown(text);
    assert.ok(!md.includes('<'), 'no raw <');
    for (let i = 0; i < md.length; i++) {
      const ent = md[i] === '&' ? entity.exec(md.slice(i, i + 6)) : null;
      if (md[i] === '\\') i++;
      else if (ent) i += ent[0].length - 1;
      else assert.ok(!SPECIAL.includes(md[i]!), `unescaped ${md[i]} at ${i} of ${JSON.stringify(md.slice(Math.max(0, i - 20), i + 20))}`);
    }
    const back = md.replace(/\\([\s\S])|&(lt|gt|amp|#36);| {2}\n/g, (all, ch: string | undefined, ent: string | undefined) =>
      ch ?? (ent ? ({ lt: '<', gt: '>', amp: '&', '#36': '$' } as Record<string, string>)[ent]! : '\n'));
    assert.equal(back, text.replace(/\r\n?/g, '\n'));
  });
});

test('fuzz: a review comment of any shape keeps images of the instance only', () => {
  checkHostile((size) => hostileText(tokensOf('review comment images'), size), (text) => {
    const out = instanceImagesOnly(text, INSTANCE);
    for (let at = out.indexOf('!['); at !== -1; at = out.indexOf('![', at + 2)) {
      assert.match(out.slice(at, at + 400), /^!\[[^[\]\\\n]*\]\([ \t]*https:\/\/git\.example\.com\//, `an image left at ${at}`);
    }
  });
});

test('fuzz: a pull request diff of any shape gives ordered line ranges, and a hunk its one commented line', () => {
  const tokens = tokensOf('pull request diffs and diff hunks');
  checkHostile((size) => hostileText(tokens, size), (diff) => {
    for (const ranges of parseDiffRanges(diff).values()) {
      for (const [a, b] of [...ranges.old, ...ranges.new]) assert.ok(Number.isInteger(a) && Number.isInteger(b) && a <= b);
    }
    const line = commentedLine(diff);
    assert.ok(line === undefined || !line.includes('\n'));
  });
});

test('fuzz: an issue title of any shape makes a branch name git accepts, or none', () => {
  checkHostile((size) => hostileText(tokensOf('issue titles and branch names'), size), (title) => {
    const name = issueBranchName('issue-${number}-${slug}', { number: 12, title });
    assert.ok(name === undefined || (isValidRefName(name) && name.length <= 60), JSON.stringify(name));
    assert.equal(typeof branchSentence(title), 'string');
  });
});
