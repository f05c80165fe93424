// Request-body binding as Gitea's API does it (go-chi/binding): JSON decoding errors and the first failed
// rule are answered 422 "[GoField]: Rule", e.g. "[Title]: Required". Fields are checked in Go struct order.
import type { Ctx } from './context';
import { unprocessable } from './errors';

type FieldType = 'string' | 'bool' | 'int' | 'strings' | 'ints' | 'object' | 'time' | 'any';

export interface FieldSpec {
  /** Go struct field name (used in the error message). */
  go: string;
  /** JSON key. */
  json: string;
  type: FieldType;
  /** binding rules: Required, OmitEmpty, AlphaDashDot, MaxSize(n), GlobPattern. */
  rules?: string[];
}

const GO_TYPE: Record<FieldType, string> = {
  string: 'string',
  bool: 'bool',
  int: 'int64',
  strings: '[]string',
  ints: '[]int64',
  object: 'map[string]string',
  time: 'time.Time',
  any: 'interface {}',
};

function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  return typeof v === 'boolean' ? 'bool' : typeof v;
}

function typeMatches(type: FieldType, v: unknown): boolean {
  if (v === null) return true; // Go leaves the zero value
  switch (type) {
    case 'string':
    case 'time':
      return typeof v === 'string';
    case 'bool':
      return typeof v === 'boolean';
    case 'int':
      return typeof v === 'number' && Number.isInteger(v);
    case 'strings':
      return Array.isArray(v) && v.every((x) => typeof x === 'string' || x === null);
    case 'ints':
      return Array.isArray(v) && v.every((x) => (typeof x === 'number' && Number.isInteger(x)) || x === null);
    case 'object':
      return typeof v === 'object' && !Array.isArray(v);
    case 'any':
      return true;
  }
}

function isZero(v: unknown): boolean {
  return v === undefined || v === null || v === '' || v === 0 || v === false;
}

/** A minimal check that a glob pattern compiles (balanced [] and {}). */
function validGlob(p: string): boolean {
  let square = 0;
  let curly = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') i++;
    else if (c === '[') square++;
    else if (c === ']') square--;
    else if (c === '{') curly++;
    else if (c === '}') curly--;
    if (square < 0 || curly < 0) return false;
  }
  return square === 0 && curly === 0;
}

function ruleError(rule: string, v: unknown): string | undefined {
  // Go's reflect.DeepEqual with the zero value: "", 0, false, nil and empty slices fail; an empty map passes.
  if (rule === 'Required') return (Array.isArray(v) ? v.length === 0 : isZero(v)) ? 'Required' : undefined;
  if (typeof v !== 'string') return undefined;
  if (rule === 'AlphaDashDot' && /[^\w\-.]/.test(v)) return 'AlphaDashDot';
  const max = /^MaxSize\((\d+)\)$/.exec(rule);
  if (max && [...v].length > Number(max[1])) return 'MaxSize';
  if (rule === 'GlobPattern' && v !== '' && !validGlob(v)) return 'GlobPattern';
  return undefined;
}

/** A request body that is not valid JSON (Go's decoder error is answered on binding). */
export class InvalidJsonBody {
  constructor(readonly message: string) {}
}

/**
 * Validates `ctx.body` against the struct description and returns it typed. Unknown keys are ignored (as
 * in Go); missing keys stay undefined.
 */
export function bind<T>(ctx: Ctx, struct: string, fields: FieldSpec[]): T {
  if (ctx.body instanceof InvalidJsonBody) return unprocessable(`[]: ${ctx.body.message}`);
  const body = ctx.body === undefined ? {} : ctx.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    if (body === null) return {} as T;
    return unprocessable(`[]: json: cannot unmarshal ${jsonKind(body)} into Go value of type api.${struct}`);
  }
  const obj = body as Record<string, unknown>;
  for (const f of fields) {
    const v = obj[f.json];
    if (v !== undefined && !typeMatches(f.type, v)) {
      return unprocessable(
        `[]: json: cannot unmarshal ${jsonKind(v)} into Go struct field ${struct}.${f.json} of type ${GO_TYPE[f.type]}`,
      );
    }
    if (f.type === 'time' && typeof v === 'string' && Number.isNaN(Date.parse(v))) {
      return unprocessable(`[]: parsing time "\\"${v}\\"" as "\\"2006-01-02T15:04:05Z07:00\\"": cannot parse "${v}" as "2006"`);
    }
  }
  for (const f of fields) {
    const v = obj[f.json];
    const rules = f.rules ?? [];
    if (rules.includes('OmitEmpty') && isZero(v)) continue;
    for (const rule of rules) {
      if (rule === 'OmitEmpty') continue;
      const err = ruleError(rule, v);
      if (err) return unprocessable(`[${f.go}]: ${err}`);
    }
  }
  return obj as T;
}

/** Gitea's ctx.FormBool: strconv.ParseBool, anything else false. */
export function formBool(value: string | null | undefined): boolean {
  return ['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value ?? '');
}

/** Gitea's ctx.FormOptionalBool: undefined when absent or unparsable. */
export function formOptionalBool(value: string | null | undefined): boolean | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  return undefined;
}
