// YAML read with a maintained parser (eemeli/yaml, YAML 1.2 like Gitea's go-yaml v3): pull request templates, and a
// workflow's `workflow_dispatch` inputs. The library (about 100 KB) is `require`d on the first parse, so no bundle
// loads it before a template or a workflow is read. Pure (no vscode).
//
// Linear on any text: the library's own duplicate-key check compares each key with every earlier one of its map
// (quadratic: 10–14 s for 20,000 keys), so it is off and the keys are checked here with a Set; the aliases a
// document expands are capped; the text is capped before the parser sees it. Only the first error is read: the
// library makes an Error object (with a stack trace) for every error of a document — 65,000 for 64 KiB of `}` — so
// composing stops at the first one, and stack traces are off while the library runs (#31: 4-7× faster on hostile text).
import type * as YamlLibrary from 'yaml';

/** The text is not YAML (the parser's first error). */
export class YamlError extends Error {}

/** Aliases one document may expand: enough for hand-written files, not for a "billion laughs" bomb. */
const MAX_ALIAS_COUNT = 100;
/** The longest text parsed: Gitea reads at most 1 MiB of a template or workflow file. Longer is refused. */
export const MAX_YAML_CHARS = 1024 * 1024;

let library: typeof YamlLibrary | undefined;

/** The first document of `text` as plain values; throws YamlError when it is not valid YAML (or too long). */
export function parseYaml(text: string): unknown {
  if (text.length > MAX_YAML_CHARS) throw new YamlError(`longer than ${MAX_YAML_CHARS} characters`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first parse (esbuild keeps it lazy)
  library ??= require('yaml') as typeof YamlLibrary;
  const doc = firstDocument(library, text);
  const duplicate = firstDuplicateKey(library, doc);
  if (duplicate !== undefined) throw new YamlError(`Map keys must be unique: ${JSON.stringify(duplicate).slice(0, 100)}`);
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    // An alias bomb or an alias to nothing: not a document we read.
    throw new YamlError(e instanceof Error ? e.message : String(e));
  }
}

/** Thrown by the composer's error callback: the first error ends the parse. */
class FirstError extends Error {}

/**
 * The document of `text` (what the library's parseDocument makes, with `uniqueKeys: false`), or YamlError at the
 * first error: a top-level error token, an error of the composer, or a second document.
 */
function firstDocument(lib: typeof YamlLibrary, text: string): YamlLibrary.Document.Parsed {
  const traces = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const composer = new lib.Composer({ prettyErrors: false, uniqueKeys: false });
    // Private in the library's types; its documented behaviour (every composer error goes through it) is what the
    // unit tests hold (yaml.test.ts: the first error's message).
    (composer as unknown as { onError: (source: unknown, code: string, message: string, warning?: boolean) => void }).onError = (_source, _code, message, warning) => {
      if (!warning) throw new FirstError(message);
    };
    let doc: YamlLibrary.Document.Parsed | undefined;
    for (const d of composer.compose(tokensUntilError(new lib.Parser().parse(text)), true, text.length)) {
      if (doc) throw new YamlError('Source contains multiple documents');
      doc = d;
    }
    const first = doc?.errors[0];
    if (!doc || first) throw new YamlError(first?.message ?? 'no document');
    return doc;
  } catch (e) {
    if (e instanceof FirstError) throw new YamlError(e.message);
    throw e;
  } finally {
    Error.stackTraceLimit = traces;
  }
}

/** The parser's tokens, ending with a YamlError at the first top-level error token (the composer would only
 * collect it). */
function* tokensUntilError(tokens: Iterable<YamlLibrary.CST.Token>): Generator<YamlLibrary.CST.Token> {
  for (const token of tokens) {
    if (token.type === 'error') throw new YamlError(token.source ? `${token.message}: ${JSON.stringify(token.source).slice(0, 100)}` : token.message);
    yield token;
  }
}

/** The first key met twice in one map (scalar keys equal by value, as the library's own check compared them). */
function firstDuplicateKey(lib: typeof YamlLibrary, doc: YamlLibrary.Document): unknown {
  let duplicate: unknown;
  lib.visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key: unknown = lib.isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key)) {
          duplicate = key;
          return lib.visit.BREAK;
        }
        seen.add(key);
      }
      return undefined;
    },
  });
  return duplicate;
}
