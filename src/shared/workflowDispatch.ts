// What Run Workflow… needs besides the editor: the inputs a workflow file declares under
// `on.workflow_dispatch.inputs` (read by shared/yaml.ts, which loads the parser on the first parse), the
// check of a typed value (Gitea's API checks none: a missing input takes its default, any text passes), the refs to
// offer (the default branch first, then branches, then tags, by name) and the sense of a re-run or dispatch refusal.
import { parseYaml } from './yaml';

export type DispatchInputType = 'string' | 'boolean' | 'choice' | 'number' | 'environment';

export interface DispatchInput {
  readonly name: string;
  readonly type: DispatchInputType;
  readonly description: string;
  readonly required: boolean;
  /** The default as the value sent (`true`/`false` for a boolean); '' when the file gives none. */
  readonly default: string;
  /** The options of a choice input. */
  readonly options: readonly string[];
}

export type DispatchInputs =
  | { readonly kind: 'inputs'; readonly inputs: readonly DispatchInput[] }
  /** The file's `on` does not name workflow_dispatch: Gitea refuses a dispatch of it. */
  | { readonly kind: 'noDispatch' }
  /** Not YAML, or not a workflow (the parser's first error, for the message). */
  | { readonly kind: 'invalid'; readonly problem: string };

const TYPES: readonly DispatchInputType[] = ['string', 'boolean', 'choice', 'number', 'environment'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function scalar(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

function inputOf(name: string, spec: unknown): DispatchInput {
  const o = isRecord(spec) ? spec : {};
  const declared = scalar(o.type).toLowerCase();
  // GitHub's (and act's) rule: an input without a known type is a string.
  const type = (TYPES as readonly string[]).includes(declared) ? (declared as DispatchInputType) : 'string';
  const options = type === 'choice' && Array.isArray(o.options) ? o.options.map(scalar).filter((s) => s !== '') : [];
  let value = scalar(o.default);
  if (type === 'boolean') value = value.toLowerCase() === 'true' ? 'true' : 'false';
  return { name, type, description: scalar(o.description), required: o.required === true || scalar(o.required) === 'true', default: value, options };
}

/** The workflow_dispatch inputs of a workflow file, in the order the file declares them. */
export function parseDispatchInputs(text: string): DispatchInputs {
  let doc: unknown;
  try {
    // YAML 1.2's core schema (shared/yaml.ts): `on` stays a key, as act reads it, not YAML 1.1's boolean.
    doc = parseYaml(text);
  } catch (e) {
    return { kind: 'invalid', problem: e instanceof Error ? e.message.split('\n')[0]! : String(e) };
  }
  if (!isRecord(doc)) return { kind: 'invalid', problem: 'not a mapping' };
  const on = doc.on;
  if (on === 'workflow_dispatch' || (Array.isArray(on) && on.includes('workflow_dispatch'))) return { kind: 'inputs', inputs: [] };
  if (!isRecord(on) || !('workflow_dispatch' in on)) return { kind: 'noDispatch' };
  const dispatch = on.workflow_dispatch;
  const inputs = isRecord(dispatch) && isRecord(dispatch.inputs) ? dispatch.inputs : {};
  return { kind: 'inputs', inputs: Object.entries(inputs).map(([name, spec]) => inputOf(name, spec)) };
}

export type InputProblem = 'required' | 'notNumber' | 'notOption' | 'notBoolean';

/** Why a value cannot be sent for an input, or undefined when it can. */
export function inputProblem(input: DispatchInput, value: string): InputProblem | undefined {
  if (value === '') return input.required ? 'required' : undefined;
  switch (input.type) {
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value)) ? undefined : 'notNumber';
    case 'choice':
      return input.options.includes(value) ? undefined : 'notOption';
    case 'boolean':
      return value === 'true' || value === 'false' ? undefined : 'notBoolean';
    default:
      return undefined;
  }
}

export interface DispatchRef {
  /** The name shown (a branch or tag name). */
  readonly name: string;
  readonly kind: 'branch' | 'tag';
  /** What the dispatch sends: `refs/heads/…` or `refs/tags/…` (a bare name would be read as a branch). */
  readonly ref: string;
  readonly isDefault: boolean;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The default branch first, the other branches by name, then the tags by name. */
export function orderRefs(defaultBranch: string | undefined, branches: readonly string[], tags: readonly string[]): DispatchRef[] {
  const others = [...new Set(branches)].filter((b) => b !== defaultBranch).sort(byName);
  const head = defaultBranch && branches.includes(defaultBranch) ? [defaultBranch] : [];
  return [
    ...[...head, ...others].map((name) => ({ name, kind: 'branch' as const, ref: `refs/heads/${name}`, isDefault: name === defaultBranch })),
    ...[...new Set(tags)].sort(byName).map((name) => ({ name, kind: 'tag' as const, ref: `refs/tags/${name}`, isDefault: false })),
  ];
}

export type ActionRefusal =
  /** No write access to the repository's Actions (403). */
  | 'forbidden'
  /** The run, job or workflow file is not there (any more) (404). */
  | 'gone'
  /** The run is still waiting or running (400 "this workflow run is not done"). */
  | 'notDone'
  /** The workflow is disabled (400 on a re-run, 403 on a dispatch). */
  | 'disabled'
  /** The run has had as many attempts as the server allows (400). */
  | 'maxAttempts'
  /** Another re-run made the same attempt at the same time (409). */
  | 'conflict'
  /** The file has no workflow_dispatch trigger (422). */
  | 'noDispatch';

/** What a refusal of a re-run or dispatch means, from the error's kind and Gitea's message; undefined: not one of these. */
export function actionRefusal(e: { kind?: string; status?: number; serverMessage?: string }): ActionRefusal | undefined {
  const text = (e.serverMessage ?? '').toLowerCase();
  if (text.includes('is disabled')) return 'disabled';
  if (text.includes('not done')) return 'notDone';
  if (text.includes('maximum of')) return 'maxAttempts';
  if (text.includes('workflow_dispatch')) return 'noDispatch';
  if (e.kind === 'forbidden' || e.kind === 'scope' || e.status === 403) return 'forbidden';
  if (e.kind === 'notFound' || e.status === 404) return 'gone';
  if (e.kind === 'conflict' || e.status === 409) return 'conflict';
  return undefined;
}
