// YAML read with a maintained parser (js-yaml 4, YAML 1.2 like Gitea's go-yaml v3): pull request templates, and a
// workflow's `workflow_dispatch` inputs. The library (about 40 KB) is `require`d on the first parse, so no bundle
// loads it before a template or a workflow is read. Pure (no vscode).
//
// As go-yaml v3 reads: the core schema (`on` stays a string, a date stays a string) with merge keys (`<<`), a key
// twice in one map is an error (the same text is the same key: `1` and `"1"` too), so is a second document; the
// text is capped before the parser sees it. js-yaml is linear on hostile text (#31: tens of ms per MB where the
// `yaml` package took seconds), refuses nesting deeper than 100 (no stack overflow), bounds merge keys, and stops
// at the first error.
//
// Aliases: js-yaml does not copy an aliased node, it shares it, so the value is never larger than the text. But a
// reader meets a shared node once per reference. The readers here walk fixed paths, none recurses, yet each reads
// a shared list or string again where it is named: 10,000 inputs naming one list of 100,000 options, or form fields
// naming one 500 KB value (copied into the rendered body each time); the library itself joins an array named as a
// key each time; and a "billion laughs" of 100 bytes is 10^9 nodes to any tree walk. So each alias is charged the
// size of its node written out in full (itself counting its own aliases, memoised: linear), and the aliases of one
// text may add at most the text's length plus 64 Ki (units: a node or a character); an alias inside the node it
// names (go-yaml: "anchor … contains itself") is refused too, so the value has no cycle.
import type * as JsYaml from 'js-yaml';

/** The text is not YAML (the parser's first error, on one line). */
export class YamlError extends Error {}

/** The longest text parsed: Gitea reads at most 1 MiB of a template or workflow file. Longer is refused. */
export const MAX_YAML_CHARS = 1024 * 1024;
/** What the aliases of any text may add to its value written out in full, besides the text's own length. */
const ALIAS_ALLOWANCE = 64 * 1024;

interface Library {
  readonly load: typeof JsYaml.load;
  readonly schema: JsYaml.Schema;
}

let library: Library | undefined;

function loadLibrary(): Library {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first parse (esbuild keeps it lazy)
  const lib = require('js-yaml') as typeof JsYaml;
  // Merge keys as the library's DEFAULT_SCHEMA reads them (that schema also makes dates): a plain `<<` key merges.
  const merge = new lib.Type('tag:yaml.org,2002:merge', { kind: 'scalar', resolve: (data: unknown) => data === '<<' });
  return { load: lib.load, schema: lib.CORE_SCHEMA.extend({ implicit: [merge] }) };
}

/** The one document of `text` as plain values (null when it is empty); throws YamlError when it is not valid YAML
 * (or too long, or its aliases expand too far). */
export function parseYaml(text: string): unknown {
  if (text.length > MAX_YAML_CHARS) throw new YamlError(`longer than ${MAX_YAML_CHARS} characters`);
  library ??= loadLibrary();
  let value: unknown;
  try {
    const listener = text.includes('*') ? aliasGuard(text.length + ALIAS_ALLOWANCE, singleDocument()) : singleDocument();
    value = library.load(text, { schema: library.schema, listener });
  } catch (e) {
    throw asYamlError(e);
  }
  return value ?? null;
}

/** The library's exception as one line (its message adds a snippet of the text); a RangeError or any other throw of
 * the library is a YamlError too. */
function asYamlError(e: unknown): YamlError {
  if (e instanceof YamlError) return e;
  const { reason, mark } = (e ?? {}) as { reason?: unknown; mark?: { line?: unknown; column?: unknown } };
  if (typeof reason === 'string') {
    const at = typeof mark?.line === 'number' && typeof mark.column === 'number' ? ` (${mark.line + 1}:${mark.column + 1})` : '';
    return new YamlError(reason + at);
  }
  return new YamlError(e instanceof Error ? e.message.split('\n')[0]! : String(e));
}

type Listener = (event: JsYaml.EventType, state: JsYaml.State) => void;

/** The library's listener (called as each node opens and closes) that throws as a second document opens: the library
 * would read them all first (1 MiB of `---` lines is 262,144 documents). */
function singleDocument(): Listener {
  let depth = 0;
  let documents = 0;
  return (event) => {
    if (event === 'close') depth--;
    else if (depth++ === 0 && ++documents > 1) throw new YamlError('expected a single document in the stream, but found more');
  };
}

/**
 * A listener, around `next`, that throws a YamlError when the aliases have added more than `budget`, or when an alias
 * names a node not yet closed (one that contains it). An alias is a node without children whose text starts with `*`
 * (no scalar does); each is charged the size of the node it names. Only for a text with a `*` (it costs about 20%).
 */
function aliasGuard(budget: number, next: Listener): Listener {
  /** Where each open node starts: `p` while it has no child, `-p - 1` once it has one. */
  const open: number[] = [];
  /** Collections closed: an alias may name them. */
  const closed = new WeakSet<object>();
  /** Where the aliases charged start: the library reads some nodes twice (a block mapping tried, then not). */
  const charged = new Set<number>();
  const sizes = new WeakMap<object, number>();
  let spent = 0;
  return (event, state) => {
    next(event, state);
    if (event === 'open') {
      const parent = open.length - 1;
      if (parent >= 0 && open[parent]! >= 0) open[parent] = -open[parent]! - 1;
      open.push(state.position);
      return;
    }
    const start = open.pop()!;
    const value: unknown = state.result;
    const at = start >= 0 ? contentStart(state.input, start, state.position) : -1;
    if (at < 0 || state.input.charCodeAt(at) !== 0x2a /* * */) {
      if (typeof value === 'object' && value !== null) closed.add(value);
      return;
    }
    if (charged.has(at)) return;
    charged.add(at);
    if (typeof value === 'object' && value !== null && !closed.has(value)) throw new YamlError(`an alias inside the node it names (line ${state.line + 1})`);
    spent += expandedSize(value, sizes);
    if (spent > budget) throw new YamlError(`aliases expand the document beyond ${budget} nodes and characters (line ${state.line + 1})`);
  };
}

/** The first character of a node's text after spaces, line breaks and comments, or -1 when it has none before `end`. */
function contentStart(text: string, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x23 /* # */) {
      while (i < end && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d) i++;
    } else if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) {
      return i;
    }
  }
  return -1;
}

/** A value's size written out without aliases: a node is 1, a string (or key) its length more. Every collection met is
 * memoised, and every node an alias names was measured when the alias closed, so each collection is walked once. */
function expandedSize(value: unknown, sizes: WeakMap<object, number>): number {
  if (typeof value === 'string') return 1 + value.length;
  if (typeof value !== 'object' || value === null) return 1;
  const known = sizes.get(value);
  if (known !== undefined) return known;
  let size = 1;
  if (Array.isArray(value)) {
    for (const item of value) size += expandedSize(item, sizes);
  } else {
    for (const [key, item] of Object.entries(value)) size += key.length + expandedSize(item, sizes);
  }
  sizes.set(value, size);
  return size;
}
