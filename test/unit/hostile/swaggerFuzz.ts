// Random, reproducible instances of Gitea's swagger definitions, the way a server of another version, a fork
// or a misconfigured proxy may answer: every optional field (all of them: the definitions mark none required)
// is randomly absent or null, unknown fields are added at every level, nested $refs are resolved. Values that
// are present have the documented type and format, so a client that fails must be failing on the absence,
// the null, or an unknown field — which is what the tests check through the error's `field`.
import { loadSubset, type SchemaNode, type SwaggerSubset } from './swaggerSubset';

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzOptions {
  /** Probability that an optional field is left out (default 0.25). */
  absent?: number;
  /** Probability that an optional field is null (default 0.2). */
  nullable?: number;
  /** Maximum number of unknown fields added to each object (default 2). */
  unknownFields?: number;
  /** Beyond this depth of nested objects, $ref fields are absent or null (stops Repository.parent chains). */
  maxDepth?: number;
  /** Maximum array length (default 3). */
  maxItems?: number;
  /** Probability that an enum field holds a value outside the enum, as a newer server may send (default 0.05). */
  enumNoise?: number;
}

/** Marks where the generator deviated from a complete instance, so a test can check an error's `field`. */
export interface Generated {
  value: unknown;
  /** Paths like `[2].commit.id` or `jobs[0].steps` of every field that is absent, null, an unknown extra field,
   * or a string outside its documented enum (a newer server may add values). */
  anomalies: Set<string>;
}

const WORDS = ['main', 'release/1.2', 'fix-🐛', 'ünïcödé', '', ' ', 'a'.repeat(300), '<b>x</b>', '"quoted"', 'null', '0'];
const ENUM_NOISE = 'value-not-in-the-enum';

export class SwaggerFuzzer {
  private readonly rnd: () => number;
  private readonly opts: Required<FuzzOptions>;
  private anomalies = new Set<string>();

  constructor(
    seed: number,
    options: FuzzOptions = {},
    private readonly subset: SwaggerSubset = loadSubset(),
  ) {
    this.rnd = prng(seed);
    this.opts = { absent: 0.25, nullable: 0.2, unknownFields: 2, maxDepth: 4, maxItems: 3, enumNoise: 0.05, ...options };
  }

  /** An instance of a named definition, e.g. `Branch`. */
  definition(name: string): Generated {
    return this.generate({ $ref: `#/definitions/${name}` });
  }

  /** A response body for an operation of the subset (an array for list operations). */
  response(operationId: string): Generated {
    const op = this.subset.operations[operationId];
    if (!op) throw new Error(`operation ${operationId} is not in swagger-subset.json`);
    return this.generate(op.schema ?? {});
  }

  generate(schema: SchemaNode): Generated {
    this.anomalies = new Set();
    const value = this.value(schema, '', 0);
    return { value, anomalies: this.anomalies };
  }

  private int(max: number): number {
    return Math.floor(this.rnd() * max);
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  private resolve(schema: SchemaNode): SchemaNode {
    let s = schema;
    for (let guard = 0; s.$ref && guard < 10; guard++) {
      const name = s.$ref.replace('#/definitions/', '');
      const def = this.subset.definitions[name];
      if (!def) throw new Error(`definition ${name} is missing from swagger-subset.json`);
      s = def;
    }
    return s;
  }

  private value(schema: SchemaNode, path: string, depth: number): unknown {
    const s = this.resolve(schema);
    if (s.enum && s.enum.length) {
      if (this.rnd() >= this.opts.enumNoise) return this.pick(s.enum);
      this.anomalies.add(path);
      return ENUM_NOISE;
    }
    switch (s.type) {
      case 'object':
      case undefined:
        if (s.properties || !s.additionalProperties) return this.object(s, path, depth);
        return this.map(s.additionalProperties === true ? { type: 'string' } : s.additionalProperties, depth);
      case 'array': {
        const n = this.int(this.opts.maxItems + 1);
        return Array.from({ length: n }, (_, i) => this.value(s.items ?? {}, `${path}[${i}]`, depth + 1));
      }
      case 'string':
        return this.string(s.format);
      case 'integer':
        return this.pick([0, 1, 7, 42, 1000, -1, 2 ** 31, Number.MAX_SAFE_INTEGER, this.int(100000)]);
      case 'number':
        return this.pick([0, 1.5, -3.25, 1e9]);
      case 'boolean':
        return this.rnd() < 0.5;
      default:
        return null;
    }
  }

  private object(s: SchemaNode, path: string, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const required = new Set(s.required ?? []);
    for (const [key, prop] of Object.entries(s.properties ?? {})) {
      const at = path ? `${path}.${key}` : key;
      const tooDeep = depth >= this.opts.maxDepth && (this.resolve(prop).type ?? 'object') === 'object';
      const roll = this.rnd();
      if (!required.has(key) && (tooDeep || roll < this.opts.absent)) {
        this.anomalies.add(at);
        continue;
      }
      if (!required.has(key) && roll < this.opts.absent + this.opts.nullable) {
        out[key] = null;
        this.anomalies.add(at);
        continue;
      }
      out[key] = this.value(prop, at, depth + 1);
    }
    for (let i = this.int(this.opts.unknownFields + 1); i > 0; i--) {
      const key = `unknown_${this.int(1000)}`;
      out[key] = this.unknown(depth);
      this.anomalies.add(path ? `${path}.${key}` : key);
    }
    return out;
  }

  private map(valueSchema: SchemaNode, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let i = this.int(4); i > 0; i--) out[`k${this.int(100)}`] = this.value(valueSchema, '', depth + 1);
    return out;
  }

  /** Any JSON value, for fields the client has never heard of. */
  private unknown(depth: number): unknown {
    switch (this.int(depth > 2 ? 4 : 6)) {
      case 0: return null;
      case 1: return this.int(10) - 5;
      case 2: return this.pick(WORDS);
      case 3: return this.rnd() < 0.5;
      case 4: return [this.unknown(depth + 1), this.unknown(depth + 1)];
      default: return { nested: this.unknown(depth + 1), id: 'not-a-number' };
    }
  }

  private string(format: string | undefined): string {
    switch (format) {
      case 'date-time':
        return new Date(Date.UTC(1970 + this.int(80), this.int(12), 1 + this.int(28), this.int(24), this.int(60))).toISOString().replace('.000Z', this.pick(['Z', '+02:00', '.123Z']));
      case 'date':
        return `20${10 + this.int(20)}-0${1 + this.int(9)}-1${this.int(10)}`;
      case 'email':
        return this.pick(['alice@example.com', 'user+tag@host.test', 'noreply@localhost']);
      case 'uri':
        return this.pick(['https://git.example.com/alice/big', 'http://127.0.0.1:3000/api/v1/x', 'https://h/git/a%20b']);
      default:
        return this.pick(WORDS);
    }
  }
}

/** Parses `items[3].commit.id` / `[3].commit.id` / `commit.id` into segments. */
export function fieldSegments(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of field.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) out.push(m[1] !== undefined ? Number(m[1]) : m[2]!);
  return out;
}

/** The value at a path inside a generated body; `{ found: false }` when the path leaves the body. */
export function valueAt(body: unknown, segments: readonly (string | number)[]): { found: boolean; value?: unknown } {
  let cur: unknown = body;
  for (const seg of segments) {
    if (cur === null || typeof cur !== 'object') return { found: false };
    if (!(seg in (cur as object))) return { found: seg === segments[segments.length - 1], value: undefined };
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return { found: true, value: cur };
}
