// Feeds the client responses generated from the swagger definitions with optional fields randomly absent or
// null and unknown fields added. For every operation and seed the client either parses the body or fails with
// GiteaError `malformed` whose `field` names a field the generator actually left out, nulled or invented.
// A failure message quotes the operation and seed: `new SwaggerFuzzer(seed).response(op)` reproduces it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SwaggerFuzzer, fieldSegments, valueAt } from './swaggerFuzz';
import { startFuzzServer, type FuzzServer } from './fuzzServer';
import { FUZZED_OPERATIONS } from './extractSwaggerSubset';
import { OPERATION_CALLS } from './operationCalls';
import { clientMethods, describeUntyped, fieldMatchesAnomaly, outcomeOf, type AnyMethod } from './clientOutcome';
import { loadSubset } from './swaggerSubset';

const SAMPLES = Number(process.env.FUZZ_SAMPLES ?? 200);

describe('swagger fuzz generator', () => {
  it('is reproducible: the same seed gives the same instance', () => {
    const a = new SwaggerFuzzer(42).definition('Repository');
    const b = new SwaggerFuzzer(42).definition('Repository');
    assert.deepEqual(a.value, b.value);
    assert.deepEqual([...a.anomalies], [...b.anomalies]);
    assert.notDeepEqual(new SwaggerFuzzer(43).definition('Repository').value, a.value);
  });

  it('records every absent, null and unknown field it produced, at its real path', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const gen = new SwaggerFuzzer(seed).definition('Issue');
      assert.ok(gen.anomalies.size > 0, `seed ${seed}: an Issue has 27 optional fields, some must be missing`);
      for (const path of gen.anomalies) {
        const at = valueAt(gen.value, fieldSegments(path));
        assert.ok(at.found, `seed ${seed}: anomaly ${path} is not inside the instance`);
        const leaf = fieldSegments(path).at(-1);
        const isUnknown = typeof leaf === 'string' && leaf.startsWith('unknown_');
        const isEnumNoise = at.value === 'value-not-in-the-enum';
        assert.ok(at.value === undefined || at.value === null || isUnknown || isEnumNoise, `seed ${seed}: ${path} = ${JSON.stringify(at.value)}`);
      }
    }
  });

  it('resolves nested definitions (PullRequest.base.repo.owner is a User)', () => {
    const gen = new SwaggerFuzzer(7, { absent: 0, nullable: 0, unknownFields: 0 }).definition('PullRequest');
    const owner = valueAt(gen.value, ['base', 'repo', 'owner']).value as Record<string, unknown>;
    assert.equal(typeof owner.login, 'string');
    assert.equal(typeof owner.id, 'number');
  });
});

describe('client against swagger-fuzzed responses', () => {
  let server: FuzzServer;
  let client: Record<string, AnyMethod>;

  before(async () => {
    server = await startFuzzServer({ subPath: '/git' });
    client = clientMethods({ baseUrl: server.url, auth: { kind: 'token', token: 'fuzz-token' }, timeoutMs: 5000 });
  });
  after(() => server.close());

  it('has a call for every fuzzed operation and a method for each on the client', () => {
    for (const id of FUZZED_OPERATIONS) {
      assert.ok(OPERATION_CALLS[id], `no call arguments for ${id}`);
      assert.equal(typeof client[id], 'function', `the client has no method ${id}`);
    }
  });

  it('parses complete instances carrying unknown fields (forward compatibility)', async () => {
    for (const id of FUZZED_OPERATIONS) {
      for (let seed = 1; seed <= 10; seed++) {
        server.arm(id, seed, { absent: 0, nullable: 0, enumNoise: 0, nullBody: false });
        const out = await outcomeOf(client[id]!({ ...OPERATION_CALLS[id] }));
        if (!out.ok && 'untyped' in out) assert.fail(`${id} seed ${seed}: untyped throw ${describeUntyped(out.untyped)}`);
        if (!out.ok) assert.fail(`${id} seed ${seed}: a complete instance was refused: ${out.error.kind} ${out.error.message}\n${server.exchanges[0]?.bodyText.slice(0, 2000)}`);
      }
    }
    assert.deepEqual(server.strays, [], 'requests to a route other than the operation’s');
  });

  for (const id of FUZZED_OPERATIONS) {
    it(`${id}: ${SAMPLES} samples parse or fail as 'malformed' naming the field`, async () => {
      const fn = client[id];
      assert.ok(fn, `the client has no method ${id}`);
      let parsed = 0;
      for (let seed = 1; seed <= SAMPLES; seed++) {
        server.arm(id, seed);
        const out = await outcomeOf(fn({ ...OPERATION_CALLS[id] }));
        const ex = server.exchanges[0];
        assert.ok(ex, `${id} seed ${seed}: the client sent no request`);
        if (out.ok) {
          parsed++;
          checkListLength(id, out.value, ex.generated?.value, ex.bodyText, seed);
          continue;
        }
        if ('untyped' in out) assert.fail(`${id} seed ${seed}: untyped throw ${describeUntyped(out.untyped)}`);
        const e = out.error;
        assert.equal(e.kind, 'malformed', `${id} seed ${seed}: ${e.kind} ${e.message}`);
        assert.equal(e.operation, id, `${id} seed ${seed}: the error names operation ${String(e.operation)}`);
        const field = e.details.field;
        assert.ok(field, `${id} seed ${seed}: malformed without a field: ${e.message}`);
        assert.ok(e.message.includes(field), `${id} seed ${seed}: the message does not name the field: ${e.message}`);
        assert.ok(
          fieldMatchesAnomaly(field, ex.generated?.anomalies ?? new Set(), ex.generated?.value ?? null),
          `${id} seed ${seed}: field ${field} was neither absent, null nor unknown in the body: ${ex.bodyText.slice(0, 1500)}`,
        );
      }
      assert.deepEqual(server.strays, [], 'requests to a route other than the operation’s');
      // Informational: how tolerant the client is. A view that refuses most real-world variation is a bug to chase.
      process.stdout.write(`# ${id}: ${parsed}/${SAMPLES} parsed, ${SAMPLES - parsed} refused as malformed\n`);
    });
  }
});

/** A parsed list keeps every item: no silent drops. */
function checkListLength(id: string, value: unknown, generated: unknown, bodyText: string, seed: number): void {
  const op = loadSubset().operations[id]!;
  const page = value as { items?: unknown[] } | undefined;
  if (!page || !Array.isArray(page.items)) return;
  let expected: number;
  if (bodyText === 'null') expected = 0;
  else if (Array.isArray(generated)) expected = generated.length;
  else if (op.schema?.$ref?.endsWith('ActionWorkflowJobsResponse')) {
    const jobs = (generated as { jobs?: unknown } | undefined)?.jobs;
    expected = Array.isArray(jobs) ? jobs.length : 0;
  } else return;
  assert.equal(page.items.length, expected, `${id} seed ${seed}: ${expected} items sent, ${page.items.length} parsed`);
}
