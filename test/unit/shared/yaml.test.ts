// YAML of templates and workflows: duplicate keys refused as the library refused them, in linear time (its own
// check was quadratic: 10–14 s for 20,000 keys), aliases capped, the text capped before parsing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from 'yaml';
import { MAX_YAML_CHARS, parseYaml, YamlError } from '../../../src/shared/yaml';

describe('parseYaml', () => {
  it('reads mappings, lists and scalars; refuses text that is not YAML', () => {
    assert.deepEqual(parseYaml('name: x\non:\n  workflow_dispatch:\n    inputs: {a: 1}\nlist: [1, "2"]'), {
      name: 'x',
      on: { workflow_dispatch: { inputs: { a: 1 } } },
      list: [1, '2'],
    });
    assert.throws(() => parseYaml('a: [1'), YamlError);
  });

  it('refuses a key twice in one map, block or flow, nested or not; equal keys of different types are two keys', () => {
    assert.throws(() => parseYaml('a: 1\nb: 2\na: 3'), /Map keys must be unique: "a"/);
    assert.throws(() => parseYaml('x:\n  y: 1\n  y: 2'), /unique/);
    assert.throws(() => parseYaml('{a: 1, a: 2}'), /unique/);
    assert.throws(() => parseYaml('- {a: 1}\n- b: 1\n  b: 2'), /unique/);
    assert.deepEqual(parseYaml('a: {k: 1}\nb: {k: 2}'), { a: { k: 1 }, b: { k: 2 } }, 'the same key in two maps');
    assert.deepEqual(parseYaml('1: a\n"1": b'), { 1: 'b' }, 'the number 1 and the string "1" (as the library compared them)');
  });

  it('20,000 keys (and 20,000 with one repeated at the end) parse in linear time', () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `key${i}: ${i}`).join('\n');
    const parsed = parseYaml(keys) as Record<string, number>;
    assert.equal(Object.keys(parsed).length, 20_000);
    assert.equal(parsed.key19999, 19_999);
    assert.throws(() => parseYaml(`${keys}\nkey0: again`), /Map keys must be unique: "key0"/);
    const flow = `{${Array.from({ length: 20_000 }, (_, i) => `k${i}: ${i}`).join(', ')}}`;
    assert.equal(Object.keys(parseYaml(flow) as object).length, 20_000);
  });

  it('an alias bomb is refused; a text over the cap is refused before it is parsed', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n');
    assert.throws(() => parseYaml(bomb), YamlError);
    assert.throws(() => parseYaml(`a: "${'x'.repeat(MAX_YAML_CHARS)}"`), /longer than/);
    assert.equal((parseYaml(`a: "${'x'.repeat(MAX_YAML_CHARS - 10)}"`) as { a: string }).a.length, MAX_YAML_CHARS - 10);
  });

  it("stops at the first error with the library's own first message; a text of 65,536 errors throws one, with stack traces back on after", () => {
    for (const bad of ['a: [1', 'a: b: c', '}', 'a:\n  - x\n  y: 1', '"open', '- a\nb: 1', '&a\n*', 'a: 1\n---\nb: 2', '? {a]']) {
      const expected = parseDocument(bad, { prettyErrors: false, uniqueKeys: false }).errors[0]?.message ?? 'Source contains multiple documents';
      assert.throws(() => parseYaml(bad), (e: unknown) => e instanceof YamlError && expected.startsWith(e.message.replace(/…$/, '')), bad);
    }
    const limit = Error.stackTraceLimit;
    assert.throws(() => parseYaml('}'.repeat(65_536)), YamlError);
    assert.equal(Error.stackTraceLimit, limit);
  });
});
