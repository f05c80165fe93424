// Compares the shape of two JSON values: the same keys at every depth, the same JSON types, null where the
// reference has null. Values are not compared. Arrays are compared element by element as far as both go
// (an empty array against a non-empty one says nothing about element shapes). Paths name array elements
// with `[]`, so one difference in every element of a list is reported once.

export type JsonType = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean';

export interface ShapeDifference {
  /** e.g. `$[].head.repo.owner.username` */
  path: string;
  /** What the reference (the recorded Gitea answer) has there; `absent` when the key is missing. */
  expected: JsonType | 'absent';
  actual: JsonType | 'absent';
}

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  if (t === 'object' || t === 'string' || t === 'number' || t === 'boolean') return t;
  throw new Error(`not a JSON value: ${t}`);
}

const isObject = (v: unknown): v is Record<string, unknown> => jsonType(v) === 'object';

function walk(expected: unknown, actual: unknown, path: string, out: Map<string, ShapeDifference>): void {
  const te = jsonType(expected);
  const ta = jsonType(actual);
  if (te !== ta) {
    out.set(path, { path, expected: te, actual: ta });
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const n = Math.min(expected.length, actual.length);
    for (let i = 0; i < n; i++) walk(expected[i], actual[i], `${path}[]`, out);
    return;
  }
  if (isObject(expected) && isObject(actual)) {
    for (const key of Object.keys(expected)) {
      const sub = `${path}.${key}`;
      if (key in actual) walk(expected[key], actual[key], sub, out);
      else out.set(sub, { path: sub, expected: jsonType(expected[key]), actual: 'absent' });
    }
    for (const key of Object.keys(actual)) {
      if (!(key in expected)) out.set(`${path}.${key}`, { path: `${path}.${key}`, expected: 'absent', actual: jsonType(actual[key]) });
    }
  }
}

/** Every place where `actual` is shaped differently from `expected`, in document order, one per path. */
export function shapeDifferences(expected: unknown, actual: unknown): ShapeDifference[] {
  const out = new Map<string, ShapeDifference>();
  walk(expected, actual, '$', out);
  return [...out.values()];
}

export function describeDifference(d: ShapeDifference): string {
  if (d.actual === 'absent') return `${d.path}: Gitea sends ${d.expected}, the test server leaves it out`;
  if (d.expected === 'absent') return `${d.path}: the test server sends ${d.actual}, Gitea leaves it out`;
  return `${d.path}: Gitea sends ${d.expected}, the test server sends ${d.actual}`;
}
