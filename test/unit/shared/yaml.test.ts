// YAML of templates and workflows as go-yaml v3 reads them (core schema, merge keys, duplicate keys and a second
// document refused), in linear time, aliases charged what they expand to, the text capped before parsing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { load } from 'js-yaml';
import { MAX_YAML_CHARS, parseYaml, YamlError } from '../../../src/shared/yaml';

/** A YamlError whose whole message matches. */
const refused = (message: RegExp) => (e: unknown) => e instanceof YamlError && message.test(e.message);

describe('parseYaml', () => {
  it('reads mappings, lists and scalars; refuses text that is not YAML', () => {
    assert.deepEqual(parseYaml('name: x\non:\n  workflow_dispatch:\n    inputs: {a: 1}\nlist: [1, "2"]'), {
      name: 'x',
      on: { workflow_dispatch: { inputs: { a: 1 } } },
      list: [1, '2'],
    });
    assert.throws(() => parseYaml('a: [1'), YamlError);
  });

  it('reads as go-yaml v3: `on`, `yes` and dates stay strings, `<<` merges, an empty text is null', () => {
    assert.deepEqual(parseYaml('on: yes\noff: no\nday: 2024-01-31\nt: true\nn: ~\nx: 0x1F'), { on: 'yes', off: 'no', day: '2024-01-31', t: true, n: null, x: 31 });
    assert.deepEqual(parseYaml('base: &b {a: 1, b: 2}\nuse:\n  <<: *b\n  b: 3'), { base: { a: 1, b: 2 }, use: { a: 1, b: 3 } });
    assert.deepEqual(parseYaml('"<<": 1'), { '<<': 1 }, 'a quoted `<<` is a key');
    assert.equal(parseYaml(''), null);
    assert.equal(parseYaml('# only a comment\n'), null);
  });

  it('refuses a key twice in one map, block or flow, nested or not; the same text is the same key whatever its type', () => {
    assert.throws(() => parseYaml('a: 1\nb: 2\na: 3'), (e: unknown) => e instanceof YamlError && e.message === 'duplicated mapping key (3:1)');
    assert.throws(() => parseYaml('x:\n  y: 1\n  y: 2'), /duplicated mapping key/);
    assert.throws(() => parseYaml('{a: 1, a: 2}'), /duplicated mapping key/);
    assert.throws(() => parseYaml('- {a: 1}\n- b: 1\n  b: 2'), /duplicated mapping key/);
    assert.deepEqual(parseYaml('a: {k: 1}\nb: {k: 2}'), { a: { k: 1 }, b: { k: 2 } }, 'the same key in two maps');
    // go-yaml v3 compares a map's keys by kind and text: the number 1 and the string "1" are one key.
    assert.throws(() => parseYaml('1: a\n"1": b'), /duplicated mapping key \(2:1\)/);
  });

  it('20,000 keys (and 20,000 with one repeated at the end) parse in linear time', () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `key${i}: ${i}`).join('\n');
    const parsed = parseYaml(keys) as Record<string, number>;
    assert.equal(Object.keys(parsed).length, 20_000);
    assert.equal(parsed.key19999, 19_999);
    assert.throws(() => parseYaml(`${keys}\nkey0: again`), /duplicated mapping key \(20001:1\)/);
    const flow = `{${Array.from({ length: 20_000 }, (_, i) => `k${i}: ${i}`).join(', ')}}`;
    assert.equal(Object.keys(parseYaml(flow) as object).length, 20_000);
  });

  it('aliases are shared, charged what they expand to: a bomb, a string copied past the text, an alias inside its node refused', () => {
    const shared = parseYaml('a: &a [1, 2]\nb: *a\nc: [*a]') as { a: unknown; b: unknown; c: unknown[] };
    assert.deepEqual(shared, { a: [1, 2], b: [1, 2], c: [[1, 2]] });
    assert.equal(shared.b, shared.a, 'one array, not a copy');
    const letter = (i: number) => String.fromCharCode(97 + i);
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${letter(i + 1)}: &${letter(i + 1)} [${Array(10).fill(`*${letter(i)}`).join(', ')}]`)].join('\n');
    assert.throws(() => parseYaml(bomb), refused(/^aliases expand the document beyond \d+ nodes and characters \(line 5\)$/));
    // A string of 100 characters named 500 times adds 50,500: within the allowance.
    const uses = `s: &s "${'x'.repeat(100)}"\nl: [${Array(500).fill('*s').join(', ')}]`;
    assert.equal((parseYaml(uses) as { l: string[] }).l.length, 500);
    // 300,000 characters named once add 300,001, within the text's length and 64 Ki; twice is more.
    const copies = `s: &s "${'x'.repeat(300_000)}"\nl: [*s, *s]`;
    assert.throws(() => parseYaml(copies), /aliases expand/);
    assert.equal((parseYaml(copies.replace(', *s]', ']')) as { l: string[] }).l.length, 1);
    // Only aliases are charged: `*x` in a block scalar, a quoted scalar or inside a plain one names nothing.
    const lookalikes = `x: &x "${'x'.repeat(20_000)}"\nb: |\n${'  *x\n'.repeat(10)}q: ["*x", '*x', a *x]\ny: *x\n`;
    assert.deepEqual((parseYaml(lookalikes) as { q: string[] }).q, ['*x', '*x', 'a *x']);
    // A long list named as the key of many maps: refused at the first aliases, before the library joins it each time.
    const keys = `a: &a [${Array(50_000).fill('x').join(', ')}]\nl:\n${'  - ? *a\n'.repeat(50_000)}`;
    assert.throws(() => parseYaml(keys), /aliases expand/);
    // go-yaml v3: "anchor 'x' value contains itself"; the value would have a cycle.
    for (const cycle of ['a: &x [*x]', 'a: &x\n  b: *x', 'a: &x {b: [1, *x]}']) assert.throws(() => parseYaml(cycle), refused(/^an alias inside the node it names \(line \d+\)$/), cycle);
  });

  it('a text over the cap is refused before it is parsed', () => {
    assert.throws(() => parseYaml(`a: "${'x'.repeat(MAX_YAML_CHARS)}"`), /longer than/);
    assert.equal((parseYaml(`a: "${'x'.repeat(MAX_YAML_CHARS - 10)}"`) as { a: string }).a.length, MAX_YAML_CHARS - 10);
  });

  it("stops at the first error with the library's own message, on one line with its line and column; depth and a second document too", () => {
    for (const bad of ['a: [1', 'a: b: c', '}', 'a:\n  - x\n  y: 1', '"open', '- a\nb: 1', '&a\n*', '? {a]', 'a: *nothing']) {
      let expected = '';
      try {
        load(bad);
      } catch (e) {
        const { reason, mark } = e as { reason: string; mark: { line: number; column: number } };
        expected = `${reason} (${mark.line + 1}:${mark.column + 1})`;
      }
      assert.ok(expected, bad);
      assert.throws(() => parseYaml(bad), (e: unknown) => e instanceof YamlError && e.message === expected && !e.message.includes('\n'), bad);
    }
    assert.throws(() => parseYaml('a: 1\n---\nb: 2'), (e: unknown) => e instanceof YamlError && e.message === 'expected a single document in the stream, but found more');
    assert.throws(() => parseYaml('---\n'.repeat(262_144)), /single document/);
    assert.throws(() => parseYaml('a: &x 1\nb: *x\n---\nc: 1'), /single document/, 'with aliases too');
    assert.throws(() => parseYaml('['.repeat(100_000)), refused(/^nesting exceeded maxDepth \(100\) \(1:100\)$/));
    assert.throws(() => parseYaml('- '.repeat(100_000)), /nesting exceeded maxDepth/);
    assert.throws(() => parseYaml('}'.repeat(65_536)), YamlError);
  });
});
