// The hostile bodies and checks shared by markdownBudget.test.ts (quick, the mutation guard's) and
// markdownBudgetLarge.test.ts (1 MiB): what a body renders to is bounded (#41).
import assert from 'node:assert/strict';
import { HTML_MAX_CHARS, HTML_MIN_CHARS, HTML_PER_INPUT_CHAR, htmlBudget } from '../../../src/shared/markdown';

export const refs = { instanceUrl: 'https://git.example.com/', owner: 'alice', repo: 'demo' };
export const options = { imageOrigin: refs.instanceUrl, refs, pageUrl: 'https://git.example.com/alice/demo/issues/1' };
/** The note above a plain body (not counted in the budget). */
export const NOTE_CHARS = 200;

export const repeatTo = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** Hostile bodies made of references: each alone, mixed, and inside nested emphasis, links and lists. */
export const HOSTILE_UNITS: Readonly<Record<string, string>> = {
  '#1': '#1 ',
  '@a': '@a ',
  'short SHAs': 'deadbee1 ',
  'cross-repository': 'alice/demo#2 ',
  'pull requests': '!3 ',
  mixed: '#1 @a deadbee1 alice/demo#2 !3\n',
  'nested emphasis around references': '***_~~#1~~_*** **_@a_** *deadbee1* ',
  'references in list items': '- [ ] #1 @a\n',
  'references in a table': '|#1|@a|deadbee1|\n|-|-|-|\n',
  'references and links': '[x](http://a.example) #1 <http://b.example> @a ',
};

export function assertBounded(name: string, text: string, html: string): void {
  assert.ok(html.length <= HTML_PER_INPUT_CHAR * text.length + NOTE_CHARS || html.length <= HTML_MIN_CHARS + NOTE_CHARS, `${name}: ${html.length} characters of HTML from ${text.length} (over ${HTML_PER_INPUT_CHAR} times)`);
  assert.ok(html.length <= HTML_MAX_CHARS + NOTE_CHARS, `${name}: ${html.length} characters of HTML, over the absolute cap`);
  assert.ok(html.length <= htmlBudget(text.length) + NOTE_CHARS, name);
}

