// The repository's issue templates as GET /repos/{o}/{r}/issue_templates and issue_config serve them (Gitea parsed
// the files: modules/issue/template), read defensively: every text capped, every field checked by Gitea's own rules
// (template.go Validate), a template that breaks one of them set apart as unreadable instead of half-shown. Linear in
// the answer's size: one pass, ids checked with a Set, no regular expression over server text. Pure (no vscode).

/** Gitea reads at most 1 MiB of a template file: no text of one is longer. */
export const MAX_TEMPLATE_CHARS = 1024 * 1024;
/** Templates, fields and options read: far beyond a hand-written repository's, short of a hostile answer's. */
export const MAX_TEMPLATES = 100;
export const MAX_FIELDS = 200;
export const MAX_OPTIONS = 500;
const MAX_NAMES = 100;

interface FieldBase {
  /** Gitea's id (for markdown fields too: Unmarshal fills a missing one with the field's position). */
  readonly id: string;
  readonly label: string;
  readonly hideLabel: boolean;
  /** Markdown, shown rendered. */
  readonly description: string;
  /** Shown on the form / written into the body (`visible`). */
  readonly onForm: boolean;
  readonly inContent: boolean;
}

export interface CheckboxOption {
  readonly label: string;
  readonly required: boolean;
  readonly onForm: boolean;
  readonly inContent: boolean;
}

export type FormField =
  | (FieldBase & { readonly type: 'markdown'; readonly value: string })
  | (FieldBase & { readonly type: 'input'; readonly placeholder: string; readonly value: string; readonly required: boolean; readonly isNumber: boolean; readonly regex: string })
  | (FieldBase & { readonly type: 'textarea'; readonly placeholder: string; readonly value: string; readonly required: boolean; readonly render: string })
  | (FieldBase & {
      readonly type: 'dropdown';
      readonly options: readonly string[];
      readonly multiple: boolean;
      readonly list: boolean;
      readonly default?: number;
      readonly required: boolean;
    })
  | (FieldBase & { readonly type: 'checkboxes'; readonly options: readonly CheckboxOption[] });

export interface IssueTemplate {
  /** The file's path in the repository (`.gitea/ISSUE_TEMPLATE/bug.yaml`): the template's identity. */
  readonly fileName: string;
  readonly kind: 'markdown' | 'form';
  readonly name: string;
  readonly about: string;
  readonly title: string;
  readonly labels: readonly string[];
  readonly assignees: readonly string[];
  /** A branch name, `refs/tags/…`, or empty (as the form's ref field holds it). */
  readonly ref: string;
  /** The Markdown template's body (front matter removed). */
  readonly content: string;
  readonly fields: readonly FormField[];
}

export interface ContactLink {
  readonly name: string;
  readonly url: string;
  readonly about: string;
}

export interface IssueConfig {
  readonly blankIssuesEnabled: boolean;
  readonly contactLinks: readonly ContactLink[];
}

type Obj = Readonly<Record<string, unknown>>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a template is set apart (English, for the log; the form says "could not be read"). */
class Unreadable extends Error {}

function text(v: unknown, what: string, required = false): string {
  if (v === undefined || v === null) {
    if (required) throw new Unreadable(`'${what}' is required`);
    return '';
  }
  if (typeof v !== 'string') throw new Unreadable(`'${what}' should be a string`);
  if (v.length > MAX_TEMPLATE_CHARS) throw new Unreadable(`'${what}' is too long`);
  if (required && v.trim() === '') throw new Unreadable(`'${what}' is required`);
  return v;
}

function flag(v: unknown, what: string): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new Unreadable(`'${what}' should be a bool`);
  return v;
}

function names(v: unknown, what: string): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > MAX_NAMES) throw new Unreadable(`'${what}' should be a short list`);
  return v.map((s) => text(s, what).trim()).filter((s) => s !== '');
}

/** `visible`: absent means the form, and the body unless the field is Markdown (Unmarshal's default). */
function visibility(v: unknown, inContentByDefault: boolean): { onForm: boolean; inContent: boolean } {
  if (v === undefined || v === null) return { onForm: true, inContent: inContentByDefault };
  if (!Array.isArray(v) || v.length > 2) throw new Unreadable("'visible' should be a list of 'form' and 'content'");
  for (const s of v) if (s !== 'form' && s !== 'content') throw new Unreadable("'visible' should be a list of 'form' and 'content'");
  return { onForm: v.includes('form'), inContent: v.includes('content') };
}

/** binding.AlphaDashPattern's complement, without a regular expression. */
function isAlphaDash(id: string): boolean {
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    const ok = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95;
    if (!ok) return false;
  }
  return id.length > 0;
}

function optionsOf(attributes: Obj): unknown[] {
  const options = attributes.options;
  if (!Array.isArray(options) || options.length === 0) throw new Unreadable("'options' is required and should be a array");
  if (options.length > MAX_OPTIONS) throw new Unreadable("'options' is too long");
  return options;
}

function readField(raw: unknown, index: number, ids: Set<string>): FormField {
  if (!isObj(raw)) throw new Unreadable(`body[${index}] should be a dictionary`);
  const type = raw.type;
  const attributes = isObj(raw.attributes) ? raw.attributes : {};
  const validations = isObj(raw.validations) ? raw.validations : {};
  const id = raw.id === undefined || raw.id === null || raw.id === '' ? String(index) : text(raw.id, 'id');
  if (type !== 'markdown') {
    if (!isAlphaDash(id) || id.length > 255) throw new Unreadable(`body[${index}]: 'id' should contain only alphanumeric, '-' and '_'`);
    if (ids.has(id)) throw new Unreadable(`body[${index}]: 'id' should be unique`);
    ids.add(id);
  }
  const seen = visibility(raw.visible, type !== 'markdown');
  const base = {
    id,
    label: type === 'markdown' ? text(attributes.label, 'label') : text(attributes.label, 'label', true),
    hideLabel: type === 'markdown' || flag(attributes.hide_label, 'hide_label'),
    description: text(attributes.description, 'description'),
    ...seen,
  };
  const required = flag(validations.required, 'required');
  if (required && !seen.onForm) throw new Unreadable(`body[${index}]: can not require a hidden field`);
  switch (type) {
    case 'markdown':
      return { ...base, type, value: text(attributes.value, 'value', true) };
    case 'input':
      return {
        ...base,
        type,
        placeholder: text(attributes.placeholder, 'placeholder'),
        value: text(attributes.value, 'value'),
        required,
        isNumber: flag(validations.is_number, 'is_number'),
        regex: text(validations.regex, 'regex'),
      };
    case 'textarea':
      return { ...base, type, placeholder: text(attributes.placeholder, 'placeholder'), value: text(attributes.value, 'value'), required, render: text(attributes.render, 'render') };
    case 'dropdown': {
      const options = optionsOf(attributes).map((o) => text(o, 'option'));
      const d = attributes.default;
      if (d !== undefined && d !== null && !(Number.isSafeInteger(d) && (d as number) >= 0 && (d as number) < options.length)) {
        throw new Unreadable(`body[${index}]: the value of 'default' is out of range`);
      }
      return {
        ...base,
        type,
        options,
        multiple: flag(attributes.multiple, 'multiple'),
        list: flag(attributes.list, 'list'),
        ...(typeof d === 'number' ? { default: d } : {}),
        required,
      };
    }
    case 'checkboxes':
      return {
        ...base,
        type,
        options: optionsOf(attributes).map((o): CheckboxOption => {
          if (!isObj(o)) throw new Unreadable(`body[${index}]: an option should be a dictionary`);
          const shown = o.visible === undefined || o.visible === null ? { onForm: true, inContent: true } : visibility(o.visible, true);
          const req = flag(o.required, 'required');
          if (req && !shown.onForm) throw new Unreadable(`body[${index}]: can not require a hidden checkbox`);
          return { label: text(o.label, 'label', true), required: req, ...shown };
        }),
      };
    default:
      throw new Unreadable(`body[${index}]: unknown type`);
  }
}

/** The ref the form's field holds: a branch by its name (as the picker offers it), a tag as `refs/tags/…`. */
function refOf(ref: string): string {
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref;
}

function readTemplate(raw: unknown): IssueTemplate {
  if (!isObj(raw)) throw new Unreadable('not a template');
  const fileName = text(raw.file_name, 'file_name', true);
  const kind = fileName.endsWith('.md') ? 'markdown' : 'form';
  const fieldsRaw = raw.body;
  if (kind === 'form' && (!Array.isArray(fieldsRaw) || fieldsRaw.length === 0)) throw new Unreadable("'body' is required");
  if (Array.isArray(fieldsRaw) && fieldsRaw.length > MAX_FIELDS) throw new Unreadable("'body' has too many fields");
  const ids = new Set<string>();
  return {
    fileName,
    kind,
    name: text(raw.name, 'name', true).trim(),
    about: text(raw.about, 'about', true).trim(),
    title: text(raw.title, 'title'),
    labels: names(raw.labels, 'labels'),
    assignees: names(raw.assignees, 'assignees'),
    // Gitea prefixes every ref with refs/heads/, an empty one too (services/issue/template.go).
    ref: refOf(text(raw.ref, 'ref').trim()),
    content: kind === 'markdown' ? text(raw.content, 'content') : '',
    fields: kind === 'form' && Array.isArray(fieldsRaw) ? fieldsRaw.map((f, i) => readField(f, i, ids)) : [],
  };
}

/** The templates the form offers, and those it cannot (a name or file, and why). */
export interface TemplateList {
  readonly templates: readonly IssueTemplate[];
  readonly unreadable: readonly { readonly name: string; readonly reason: string }[];
}

/** The answer of GET …/issue_templates (already JSON-parsed within the client's size cap). */
export function readIssueTemplates(answer: readonly unknown[]): TemplateList {
  const templates: IssueTemplate[] = [];
  const unreadable: { name: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of answer.slice(0, MAX_TEMPLATES).entries()) {
    try {
      const t = readTemplate(raw);
      if (seen.has(t.fileName)) throw new Unreadable('listed twice');
      seen.add(t.fileName);
      templates.push(t);
    } catch (e) {
      if (!(e instanceof Unreadable)) throw e;
      const file = isObj(raw) && typeof raw.file_name === 'string' ? raw.file_name.slice(0, 200) : `#${i + 1}`;
      unreadable.push({ name: file, reason: e.message });
    }
  }
  return { templates, unreadable };
}

/** Only http(s) links: the form shows them as links that open in the browser, checked again when opened. */
function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    // expected: a URL that does not parse is not shown.
    return false;
  }
}

/** The answer of GET …/issue_config; anything unexpected is Gitea's default (blank issues, no links). */
export function readIssueConfig(answer: unknown): IssueConfig {
  if (!isObj(answer)) return { blankIssuesEnabled: true, contactLinks: [] };
  const links = Array.isArray(answer.contact_links) ? answer.contact_links.slice(0, MAX_NAMES) : [];
  const contactLinks: ContactLink[] = [];
  for (const l of links) {
    if (!isObj(l)) continue;
    const [name, url, about] = [l.name, l.url, l.about].map((v) => (typeof v === 'string' && v.length <= 2048 ? v : ''));
    if (name && url && isWebUrl(url)) contactLinks.push({ name: name!, url: url!, about: about ?? '' });
  }
  return { blankIssuesEnabled: answer.blank_issues_enabled !== false, contactLinks };
}
