// YAML read with a maintained parser (eemeli/yaml, YAML 1.2 like Gitea's go-yaml v3): pull request templates, and a
// workflow's `workflow_dispatch` inputs. The library (about 100 KB) is `require`d on the first parse, so no bundle
// loads it before a template or a workflow is read. Pure (no vscode).
import type * as YamlLibrary from 'yaml';

/** The text is not YAML (the parser's first error). */
export class YamlError extends Error {}

/** Aliases one document may expand: enough for hand-written files, not for a "billion laughs" bomb. */
const MAX_ALIAS_COUNT = 100;

let library: typeof YamlLibrary | undefined;

/** The first document of `text` as plain values; throws YamlError when it is not valid YAML. */
export function parseYaml(text: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first parse (esbuild keeps it lazy)
  library ??= require('yaml') as typeof YamlLibrary;
  const doc = library.parseDocument(text, { prettyErrors: false });
  const first = doc.errors[0];
  if (first) throw new YamlError(first.message);
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    // An alias bomb or an alias to nothing: not a document we read.
    throw new YamlError(e instanceof Error ? e.message : String(e));
  }
}
