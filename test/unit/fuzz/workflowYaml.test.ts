// Workflow files and YAML templates (src/shared/yaml.ts, workflowDispatch.ts) come from the repository, up to 1 MiB:
// hostile YAML is either read or refused with a YamlError (never another exception, nor a stack overflow), and the
// inputs a workflow declares come back as declared, however many there are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { parseYaml, YamlError } from '../../../src/shared/yaml';
import { parseDispatchInputs } from '../../../src/shared/workflowDispatch';
import { checkHostile, hostileText } from './hostile';
import { FUZZ_TARGETS } from './targets';

const TOKENS = FUZZ_TARGETS.find((t) => t.name === 'workflow and template YAML')!.tokens;
const TYPES = ['string', 'boolean', 'choice', 'number', 'environment'];

test('fuzz: hostile YAML is read or refused with a YamlError, nothing else', () => {
  checkHostile((size) => hostileText(TOKENS, size), (text) => {
    try {
      parseYaml(text);
    } catch (e) {
      assert.ok(e instanceof YamlError, `${(e as Error)?.name}: ${String((e as Error)?.message).slice(0, 200)}`);
    }
  });
});

test('fuzz: a hostile workflow file gives inputs, no dispatch or invalid, and inputs of the known types only', () => {
  checkHostile((size) => hostileText(TOKENS, size), (text) => {
    const r = parseDispatchInputs(text);
    assert.ok(['inputs', 'noDispatch', 'invalid'].includes(r.kind));
    if (r.kind === 'invalid') assert.equal(typeof r.problem, 'string');
    if (r.kind !== 'inputs') return;
    for (const input of r.inputs) {
      assert.ok(TYPES.includes(input.type) && typeof input.name === 'string' && typeof input.default === 'string');
      assert.ok(input.options.every((o) => typeof o === 'string' && o !== ''));
      if (input.type === 'boolean') assert.ok(input.default === 'true' || input.default === 'false');
    }
  });
});

test('fuzz: the inputs of a workflow come back as declared, in order, however many (up to 1 MiB of them)', () => {
  const workflow = (size: fc.Arbitrary<number> | number) =>
    (typeof size === 'number' ? fc.constant(size) : size).chain((bytes) => {
      const count = Math.max(1, Math.floor(bytes / 70)); // about 70 characters an input
      return fc.array(fc.constantFrom('string', 'boolean', 'number'), { minLength: count, maxLength: count });
    });
  checkHostile(workflow, (types) => {
    const text = `on:\n  workflow_dispatch:\n    inputs:\n${types.map((type, i) => `      in_${i}:\n        type: ${type}\n        description: "d ${i}"\n`).join('')}jobs: {}\n`;
    const r = parseDispatchInputs(text);
    assert.equal(r.kind, 'inputs');
    if (r.kind !== 'inputs') return;
    assert.deepEqual(r.inputs.map((i) => [i.name, i.type, i.description]), types.map((type, i) => [`in_${i}`, type, `d ${i}`]));
  });
});
