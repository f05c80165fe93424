// Gitea's issue templates, as Gitea 1.26 reads them from the default branch (services/issue/template.go,
// modules/issue/template/unmarshal.go and template.go Validate, modules/markup/markdown/meta.go ExtractMetadata):
// the files of the eight template folders, Markdown with front matter or YAML forms, each unmarshalled and checked
// by Gitea's rules; an invalid one is left out and counted. Checked against the answers Gitea's own Go code gave for
// the same files (test/fixtures/issue-templates/gitea-1.26.3.json, test/unit/server/issueTemplates.test.ts).
import { parse } from 'yaml';

export const TEMPLATE_DIRS = [
  'ISSUE_TEMPLATE', 'issue_template', '.gitea/ISSUE_TEMPLATE', '.gitea/issue_template',
  '.github/ISSUE_TEMPLATE', '.github/issue_template', '.gitlab/ISSUE_TEMPLATE', '.gitlab/issue_template',
];
export const CONFIG_CANDIDATES = ['.gitea/ISSUE_TEMPLATE/config', '.gitea/issue_template/config', '.github/ISSUE_TEMPLATE/config', '.github/issue_template/config'];

/** template.CouldBe. */
export function couldBe(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (base === 'config.yaml' || base === 'config.yml') return false;
  return /\.(?:md|yaml|yml)$/.test(base);
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** go-yaml v3 decoding a scalar into a Go string: any scalar is taken as its text; a map or list is an error. */
function goString(v: unknown, what: string): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new Error(`yaml: cannot unmarshal into string (${what})`);
}

/** IssueTemplateStringSlice: a comma-separated string (trimmed, empties dropped) or a list; nil when absent. */
function stringSlice(v: unknown): string[] | null {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) return v.map((x) => goString(x, 'labels'));
  if (isObj(v)) throw new Error('cannot unmarshal into IssueTemplateStringSlice');
  const parts = goString(v, 'labels').split(',').map((s) => s.trim()).filter(Boolean);
  return parts.length ? parts : null;
}

/** unicode.IsSpace, for isYAMLSeparator. */
const isSpace = (c: string) => /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/u.test(c);

function isYamlSeparator(line: string): boolean {
  const chars = [...line];
  let i = 0;
  while (i < chars.length && (chars[i] === ' ' || (chars[i]!.charCodeAt(0) >= 128 && isSpace(chars[i]!)))) i++;
  let dashes = 0;
  while (i < chars.length && chars[i] === '-') {
    dashes++;
    i++;
  }
  if (dashes < 3) return false;
  for (; i < chars.length; i++) if (!(chars[i] === ' ' || (chars[i]!.charCodeAt(0) >= 128 && isSpace(chars[i]!)))) return false;
  return true;
}

/** markdown.ExtractMetadata: the front matter (YAML) and the body after it, or undefined when there is none. */
function extractMetadata(content: string): { front: unknown; body: string } | undefined {
  const firstEnd = content.indexOf('\n');
  if (!isYamlSeparator(firstEnd < 0 ? content : content.slice(0, firstEnd))) return undefined;
  const frontStart = firstEnd + 1;
  let start = frontStart;
  while (firstEnd >= 0 && start < content.length) {
    const idx = content.indexOf('\n', start);
    const end = idx < 0 ? content.length : idx;
    if (isYamlSeparator(content.slice(start, end))) {
      const front = content.slice(frontStart, start);
      if (front.length === 0) return undefined;
      try {
        return { front: parse(front, { uniqueKeys: true }) as unknown, body: end + 1 < content.length ? content.slice(end + 1) : '' };
      } catch {
        // expected: front matter that is not YAML makes the file a template without metadata.
        return undefined;
      }
    }
    start = end + 1;
  }
  return undefined;
}

/** util.EllipsisDisplayString(s, 80), by characters (Gitea counts display width: East Asian wide ones as two). */
function ellipsis(s: string, n: number): string {
  const chars = [...s];
  return chars.length <= n ? s : `${chars.slice(0, n - 1).join('')}…`;
}

export interface GiteaIssueTemplate {
  name: string;
  title: string;
  about: string;
  labels: string[] | null;
  assignees: string[] | null;
  ref: string;
  content: string;
  body: Obj[] | null;
  file_name: string;
}

function metadata(it: GiteaIssueTemplate, meta: Obj): void {
  it.name = goString(meta.name, 'name');
  it.title = goString(meta.title, 'title');
  it.about = goString(meta.about, 'about');
  it.labels = stringSlice(meta.labels);
  it.assignees = stringSlice(meta.assignees);
  it.ref = goString(meta.ref, 'ref');
  if (!it.about) it.about = typeof meta.description === 'string' ? meta.description : '';
}

/** A Go map[string]any as encoding/json writes it: keys sorted, at every depth. */
function goMap(v: Json): Json {
  if (Array.isArray(v)) return v.map(goMap);
  if (!isObj(v)) return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, goMap(v[k]!)]));
}

/** IssueFormField as go-yaml decodes it, then Unmarshal's default id and visibility. */
function formField(raw: unknown, i: number): Obj {
  if (!isObj(raw)) throw new Error('yaml: cannot unmarshal into IssueFormField');
  if (raw.attributes !== undefined && raw.attributes !== null && !isObj(raw.attributes)) throw new Error('yaml: attributes');
  if (raw.validations !== undefined && raw.validations !== null && !isObj(raw.validations)) throw new Error('yaml: validations');
  const type = goString(raw.type, 'type');
  const visible = raw.visible === undefined || raw.visible === null ? (type === 'markdown' ? ['form'] : ['form', 'content']) : (raw.visible as Json[]);
  if (!Array.isArray(visible)) throw new Error('yaml: visible');
  return {
    type,
    id: goString(raw.id, 'id') || String(i),
    attributes: raw.attributes ? goMap(raw.attributes) : null,
    validations: raw.validations ? goMap(raw.validations) : null,
    visible: visible.map((v) => goString(v, 'visible')),
  };
}

/** template.unmarshal. */
function unmarshal(fileName: string, content: string): GiteaIssueTemplate {
  const it: GiteaIssueTemplate = { name: '', title: '', about: '', labels: null, assignees: null, ref: '', content: '', body: null, file_name: fileName };
  if (fileName.endsWith('.md')) {
    const extracted = extractMetadata(content);
    if (!extracted || !isObj(extracted.front)) {
      it.content = content;
      it.name = fileName.slice(fileName.lastIndexOf('/') + 1);
      it.about = ellipsis(content, 80);
    } else {
      it.content = extracted.body;
      metadata(it, extracted.front);
    }
    return it;
  }
  const doc: unknown = parse(content, { uniqueKeys: true });
  if (doc === null || doc === undefined) return it;
  if (!isObj(doc)) throw new Error('yaml: cannot unmarshal into IssueTemplate');
  metadata(it, doc);
  if (doc.body !== undefined && doc.body !== null) {
    if (!Array.isArray(doc.body)) throw new Error('yaml: body');
    it.body = doc.body.map(formField);
  }
  return it;
}

// ---- template.Validate ------------------------------------------------------------------------------------------

function stringItem(m: Obj | null, required: boolean, names: string[]): void {
  for (const name of names) {
    if (!m || !(name in m)) {
      if (required) throw new Error(`'${name}' is required`);
      return; // Gitea stops at the first absent optional name
    }
    const v = m[name];
    if (typeof v !== 'string') throw new Error(`'${name}' should be a string`);
    if (v.trim() === '' && required) throw new Error(`'${name}' is required`);
  }
}

function boolItem(m: Obj | null, names: string[]): void {
  for (const name of names) {
    if (!m || !(name in m)) return;
    if (typeof m[name] !== 'boolean') throw new Error(`'${name}' should be a bool`);
  }
}

function options(field: Obj): void {
  const attributes = field.attributes as Obj | null;
  const opts = attributes?.options;
  if (!Array.isArray(opts) || opts.length === 0) throw new Error("'options' is required and should be a array");
  for (const o of opts) {
    if (field.type === 'dropdown' && typeof o !== 'string') throw new Error('should be a string');
    if (field.type !== 'checkboxes') continue;
    if (!isObj(o)) throw new Error('should be a dictionary');
    if (typeof o.label !== 'string' || o.label === '') throw new Error("'label' is required and should be a string");
    if ('visible' in o) {
      if (!Array.isArray(o.visible)) throw new Error("'visible' should be list");
      if (!o.visible.every((v) => v === 'form' || v === 'content')) throw new Error("'visible' list can only contain strings of 'form' and 'content'");
    }
    if ('required' in o) {
      if (typeof o.required !== 'boolean') throw new Error("'required' should be a bool");
      if ('visible' in o && !(o.visible as Json[]).includes('form')) throw new Error('can not require a hidden checkbox');
    }
  }
}

function validate(it: GiteaIssueTemplate): void {
  if (it.name.trim() === '') throw new Error("'name' is required");
  if (it.about.trim() === '') throw new Error("'about' is required");
  if (it.file_name.endsWith('.md')) return;
  if (!it.body || it.body.length === 0) throw new Error("'body' is required");
  const ids = new Set<string>();
  for (const field of it.body) {
    const type = field.type as string;
    const attributes = field.attributes as Obj | null;
    const validations = field.validations as Obj | null;
    if (type !== 'markdown') {
      const id = field.id as string;
      if (!/^[\w-]+$/.test(id)) throw new Error("'id' should contain only alphanumeric, '-' and '_'");
      if (ids.has(id)) throw new Error("'id' should be unique");
      ids.add(id);
      stringItem(attributes, true, ['label']);
    }
    switch (type) {
      case 'markdown':
        stringItem(attributes, true, ['value']);
        break;
      case 'textarea':
        stringItem(attributes, false, ['description', 'placeholder', 'value', 'render']);
        break;
      case 'input':
        stringItem(attributes, false, ['description', 'placeholder', 'value']);
        boolItem(validations, ['is_number']);
        stringItem(validations, false, ['regex']);
        break;
      case 'dropdown': {
        stringItem(attributes, false, ['description']);
        boolItem(attributes, ['multiple']);
        boolItem(attributes, ['list']);
        options(field);
        const d = attributes?.default;
        if (d !== undefined) {
          if (typeof d !== 'number' || !Number.isInteger(d)) throw new Error("'default' should be an int");
          if (d < 0 || d >= (attributes!.options as Json[]).length) throw new Error("the value of 'default' is out of range");
        }
        break;
      }
      case 'checkboxes':
        stringItem(attributes, false, ['description']);
        options(field);
        break;
      default:
        throw new Error('unknown type');
    }
    if (type !== 'markdown' && type !== 'checkboxes') {
      boolItem(validations, ['required']);
      if (validations?.required === true && !(field.visible as string[]).includes('form')) throw new Error('can not require a hidden field');
    }
  }
}

/** What a template file gives: the template as the API serves it (ref completed as ParseTemplatesFromDefaultBranch
 * does), or the error that leaves it out. `size` is the blob's size (Gitea refuses more than MaxDisplayFileSize). */
export function readTemplateFile(fileName: string, content: Buffer): GiteaIssueTemplate | Error {
  try {
    if (content.length > 8 * 1024 * 1024) throw new Error('too large: > MaxDisplayFileSize');
    if (content.length > 1024 * 1024) throw new Error('read all: exceeded limit');
    const it = unmarshal(fileName, content.toString('utf8'));
    validate(it);
    if (!it.ref.startsWith('refs/')) it.ref = `refs/heads/${it.ref}`;
    return it;
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

export interface GiteaIssueConfig {
  blank_issues_enabled: boolean;
  contact_links: { name: string; url: string; about: string }[];
}

export const defaultIssueConfig = (): GiteaIssueConfig => ({ blank_issues_enabled: true, contact_links: [] });

/** GetTemplateConfig: config.yaml read, each contact link complete and a request URI (url.ParseRequestURI), else the default. */
export function readIssueConfigFile(content: Buffer): GiteaIssueConfig {
  try {
    if (content.length > 1024 * 1024) return defaultIssueConfig();
    const doc: unknown = parse(content.toString('utf8'), { uniqueKeys: true });
    const config = defaultIssueConfig();
    if (isObj(doc)) {
      if ('blank_issues_enabled' in doc) {
        if (typeof doc.blank_issues_enabled !== 'boolean') return defaultIssueConfig();
        config.blank_issues_enabled = doc.blank_issues_enabled;
      }
      if (Array.isArray(doc.contact_links)) {
        for (const l of doc.contact_links) {
          if (!isObj(l)) return defaultIssueConfig();
          const link = { name: goString(l.name, 'name'), url: goString(l.url, 'url'), about: goString(l.about, 'about') };
          if (!link.name || !link.url || !link.about) return defaultIssueConfig();
          // ParseRequestURI takes an absolute URI or an absolute path, nothing relative.
          if (!/^[a-z][\d+.a-z-]*:/i.test(link.url) && !link.url.startsWith('/')) return defaultIssueConfig();
          config.contact_links.push(link);
        }
      }
    }
    return config;
  } catch {
    // expected: a config that is not YAML is Gitea's default config.
    return defaultIssueConfig();
  }
}
