// Run Workflow's pure parts: the workflow_dispatch inputs of a workflow file, the check of a typed value, the
// order of the refs offered, and the sense of Gitea's refusals of a re-run or dispatch.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { actionRefusal, inputProblem, orderRefs, parseDispatchInputs, type DispatchInput } from '../../../src/shared/workflowDispatch';

const WORKFLOW = `name: Deploy
on:
  push:
    branches: [main]
  workflow_dispatch:
    inputs:
      target:
        description: Where to
        type: choice
        options: [staging, production]
        default: staging
        required: true
      dry_run:
        type: boolean
        default: true
      count:
        type: number
        default: 3
      env:
        type: environment
      note:
        description: Free text
      odd:
        type: something-else
        required: "true"
jobs:
  deploy:
    runs-on: ubuntu-latest
`;

describe('parseDispatchInputs', () => {
  it('reads every input in file order with its type, options, default and required', () => {
    const parsed = parseDispatchInputs(WORKFLOW);
    assert.equal(parsed.kind, 'inputs');
    if (parsed.kind !== 'inputs') return;
    assert.deepEqual(parsed.inputs.map((i) => [i.name, i.type, i.default, i.required]), [
      ['target', 'choice', 'staging', true],
      ['dry_run', 'boolean', 'true', false],
      ['count', 'number', '3', false],
      ['env', 'environment', '', false],
      ['note', 'string', '', false],
      ['odd', 'string', '', true],
    ]);
    assert.deepEqual(parsed.inputs[0]!.options, ['staging', 'production']);
    assert.equal(parsed.inputs[0]!.description, 'Where to');
    assert.deepEqual(parsed.inputs[4]!.options, []);
  });

  it('a boolean default that is not true is false', () => {
    const parsed = parseDispatchInputs('on:\n  workflow_dispatch:\n    inputs:\n      b:\n        type: boolean\n');
    assert.deepEqual(parsed.kind === 'inputs' && parsed.inputs.map((i) => i.default), ['false']);
  });

  it('workflow_dispatch as a single event, in a list, or without inputs: no inputs', () => {
    for (const on of ['on: workflow_dispatch', 'on: [push, workflow_dispatch]', 'on:\n  workflow_dispatch:\n']) {
      assert.deepEqual(parseDispatchInputs(`${on}\njobs: {}\n`), { kind: 'inputs', inputs: [] }, on);
    }
  });

  it('`on` is a key (YAML 1.2), not YAML 1.1\'s boolean', () => {
    assert.equal(parseDispatchInputs('on:\n  workflow_dispatch:\n').kind, 'inputs');
  });

  it('a workflow without workflow_dispatch, and text that is not a workflow, say so', () => {
    assert.deepEqual(parseDispatchInputs('on: [push, pull_request]\njobs: {}\n'), { kind: 'noDispatch' });
    assert.deepEqual(parseDispatchInputs('on:\n  push:\n'), { kind: 'noDispatch' });
    assert.equal(parseDispatchInputs('on: [push\n  - x: :').kind, 'invalid');
    assert.equal(parseDispatchInputs('- just\n- a list\n').kind, 'invalid');
  });

  it('an alias bomb is refused, not expanded', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcdefghij'.split('').map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefghij'[i]}`).join(', ')}]`), 'on: workflow_dispatch'].join('\n');
    assert.equal(parseDispatchInputs(bomb).kind, 'invalid');
  });
});

describe('inputProblem', () => {
  const input = (over: Partial<DispatchInput>): DispatchInput => ({ name: 'x', type: 'string', description: '', required: false, default: '', options: [], ...over });
  it('required inputs need a value; optional ones may stay empty', () => {
    assert.equal(inputProblem(input({ required: true }), ''), 'required');
    assert.equal(inputProblem(input({}), ''), undefined);
    assert.equal(inputProblem(input({ type: 'number' }), ''), undefined);
  });
  it('numbers, choices and booleans are checked', () => {
    assert.equal(inputProblem(input({ type: 'number' }), '3.5'), undefined);
    assert.equal(inputProblem(input({ type: 'number' }), '-2'), undefined);
    assert.equal(inputProblem(input({ type: 'number' }), 'three'), 'notNumber');
    assert.equal(inputProblem(input({ type: 'number' }), ' '), 'notNumber');
    assert.equal(inputProblem(input({ type: 'choice', options: ['a', 'b'] }), 'b'), undefined);
    assert.equal(inputProblem(input({ type: 'choice', options: ['a', 'b'] }), 'c'), 'notOption');
    assert.equal(inputProblem(input({ type: 'boolean' }), 'yes'), 'notBoolean');
    assert.equal(inputProblem(input({ type: 'environment' }), 'prod'), undefined);
  });
});

describe('orderRefs', () => {
  it('the default branch first, then branches, then tags, each by name, as full refs', () => {
    const refs = orderRefs('main', ['zeta', 'main', 'alpha', 'Beta'], ['v2', 'v1']);
    assert.deepEqual(refs.map((r) => [r.name, r.kind, r.ref, r.isDefault]), [
      ['main', 'branch', 'refs/heads/main', true],
      ['Beta', 'branch', 'refs/heads/Beta', false],
      ['alpha', 'branch', 'refs/heads/alpha', false],
      ['zeta', 'branch', 'refs/heads/zeta', false],
      ['v1', 'tag', 'refs/tags/v1', false],
      ['v2', 'tag', 'refs/tags/v2', false],
    ]);
  });
  it('a default branch the list lacks is not invented', () => {
    assert.deepEqual(orderRefs('main', ['dev'], []).map((r) => r.name), ['dev']);
  });
});

describe('actionRefusal', () => {
  it('reads Gitea 1.27\'s refusals', () => {
    assert.equal(actionRefusal({ kind: 'badRequest', status: 400, serverMessage: 'this workflow run is not done' }), 'notDone');
    assert.equal(actionRefusal({ kind: 'badRequest', status: 400, serverMessage: 'workflow ci.yml is disabled' }), 'disabled');
    assert.equal(actionRefusal({ kind: 'forbidden', status: 403, serverMessage: 'workflow is disabled' }), 'disabled');
    assert.equal(actionRefusal({ kind: 'badRequest', status: 400, serverMessage: 'workflow run has reached the maximum of 50 attempts' }), 'maxAttempts');
    assert.equal(actionRefusal({ kind: 'forbidden', status: 403, serverMessage: 'user should have a permission to write to a repo' }), 'forbidden');
    assert.equal(actionRefusal({ kind: 'notFound', status: 404, serverMessage: 'workflow job not found' }), 'gone');
    assert.equal(actionRefusal({ kind: 'conflict', status: 409, serverMessage: 'workflow run attempt 2 for run 5 already exists' }), 'conflict');
    assert.equal(actionRefusal({ kind: 'validation', status: 422, serverMessage: 'workflow "ci.yml" has no workflow_dispatch event trigger' }), 'noDispatch');
    assert.equal(actionRefusal({ kind: 'server', status: 500 }), undefined);
  });
});
