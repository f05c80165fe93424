// Every client method against Gitea's swagger: its operationId exists with the same HTTP method and path
// template, and every parameter it sends (path, query, body fields) is a parameter of that operation. Also
// checks that the 20 operations of the subset spec are all covered.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { operations } from '../../../src/api';
import type { Operation } from '../../../src/api/ops/op';
import { SWAGGER_FILE } from '../../harness/paths';

interface SwaggerParam {
  name: string;
  in: 'path' | 'query' | 'body' | 'header' | 'formData';
  schema?: { $ref?: string };
}
interface SwaggerOp {
  operationId?: string;
  parameters?: SwaggerParam[];
}
interface Swagger {
  paths: Record<string, Record<string, SwaggerOp>>;
  definitions: Record<string, { properties?: Record<string, unknown> }>;
}


/** Gitea 1.27's own swagger, kept in test/fixtures (its README says where it came from). */
const swagger = JSON.parse(readFileSync(SWAGGER_FILE, 'utf8')) as Swagger;

const byId = new Map<string, { method: string; path: string; op: SwaggerOp }>();
for (const [path, methods] of Object.entries(swagger.paths)) {
  for (const [method, op] of Object.entries(methods)) {
    if (op && typeof op === 'object' && op.operationId) byId.set(op.operationId, { method: method.toUpperCase(), path, op });
  }
}

/** The 20 operations of ../shared/spec/api-subset.md, by method and path. */
const SUBSET: [string, string][] = [
  ['POST', '/orgs/{org}/hooks'],
  ['GET', '/repos/{owner}/{repo}/branches'],
  ['PATCH', '/user/hooks/{id}'],
  ['POST', '/orgs/{org}/labels'],
  ['GET', '/repos/{owner}/{repo}/hooks'],
  ['POST', '/repos/{owner}/{repo}/issues'],
  ['DELETE', '/repos/{owner}/{repo}/issues/{index}/dependencies'],
  ['POST', '/repos/migrate'],
  ['POST', '/repos/{owner}/{repo}/releases'],
  ['GET', '/users/{username}/activities/feeds'],
  ['PATCH', '/repos/{owner}/{repo}'],
  ['GET', '/repos/{owner}/{repo}/actions/jobs'],
  ['GET', '/repos/issues/search'],
  ['GET', '/repos/{owner}/{repo}/pulls/{index}/files'],
  ['GET', '/teams/{id}/activities/feeds'],
  ['GET', '/repos/{owner}/{repo}/keys'],
  ['GET', '/repos/{owner}/{repo}/commits/{sha}/pull'],
  ['GET', '/users/{username}/starred'],
  ['GET', '/repos/{owner}/{repo}/issues/{index}/blocks'],
  ['PATCH', '/orgs/{org}/labels/{id}'],
];

const all = Object.entries(operations) as [string, Operation][];

describe('swagger conformance', () => {
  for (const [name, op] of all) {
    it(`${name}: ${op.method} ${op.path}`, () => {
      assert.equal(op.id, name, 'the method name is the operationId');
      const sw = byId.get(op.id);
      assert.ok(sw, `operationId ${op.id} is not in the swagger`);
      assert.equal(op.method, sw.method, 'HTTP method');
      assert.equal(op.path, sw.path, 'path template');
      const params = sw.op.parameters ?? [];
      const named = (where: SwaggerParam['in']) => new Set(params.filter((p) => p.in === where).map((p) => p.name));

      const templateParams = [...op.path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);
      assert.deepEqual(new Set(templateParams), named('path'), 'path parameters');

      const query = named('query');
      for (const q of op.query) assert.ok(query.has(q), `query parameter "${q}" is not a parameter of ${op.id} (has: ${[...query].join(', ')})`);

      const body = params.find((p) => p.in === 'body');
      if (!op.body) {
        assert.equal(body, undefined, `${op.id} takes a body the client does not send`);
        return;
      }
      assert.ok(body, `${op.id} sends a body, but the operation has none`);
      const ref = body.schema?.$ref?.replace('#/definitions/', '');
      assert.ok(ref, 'the body has a schema');
      const props = new Set(Object.keys(swagger.definitions[ref]?.properties ?? {}));
      for (const key of op.body) assert.ok(props.has(key), `body field "${key}" is not a property of ${ref}`);
      // Not required by the contract, but the client should let callers send every documented field.
      for (const key of props) assert.ok(op.body.includes(key), `${ref}.${key} cannot be sent by ${op.id}`);
    });
  }

  it('covers all 20 operations of the subset', () => {
    const covered: string[] = [];
    const missing: string[] = [];
    for (const [method, path] of SUBSET) {
      const sw = swagger.paths[path]?.[method.toLowerCase()];
      assert.ok(sw?.operationId, `${method} ${path} is not in the swagger`);
      (all.some(([, op]) => op.id === sw.operationId && op.method === method && op.path === path) ? covered : missing).push(sw.operationId);
    }
    console.log(`subset coverage: ${covered.length}/${SUBSET.length} operations`);
    assert.deepEqual(missing, []);
    assert.equal(covered.length, 20);
  });
});
