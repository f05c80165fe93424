// The repository's pull request template, by Gitea's rule (routers/web/repo/pull.go pullRequestTemplateCandidates and
// setTemplateIfExists, read from the default branch): the first of PULL_REQUEST_TEMPLATE / pull_request_template with
// .md, .yaml or .yml, at the root, then in .gitea/, then in .github/, that is a valid template (an invalid one is
// skipped, as Gitea skips it). Markdown templates may carry front matter (name, about, title, labels, assignees);
// a YAML form becomes the Markdown Gitea makes of an unfilled form (RenderToMarkdown). Pure.
import { parseYaml, YamlError } from '../../shared/yaml';
import { toLf } from '../../shared/lineEnds';

/** What YAML parses to (plain values). */
type YamlValue = string | number | boolean | null | undefined | YamlValue[] | { [key: string]: YamlValue };

const NAMES = ['PULL_REQUEST_TEMPLATE', 'pull_request_template'];
const EXTENSIONS = ['.md', '.yaml', '.yml'];

/** Gitea's candidates, in its order. */
export const TEMPLATE_CANDIDATES: readonly string[] = ['', '.gitea/', '.github/'].flatMap((dir) =>
  NAMES.flatMap((name) => EXTENSIONS.map((ext) => `${dir}${name}${ext}`)),
);

/** The candidates present, in Gitea's order, given the file names of the root, `.gitea` and `.github` folders. */
export function presentCandidates(listing: { root: readonly string[]; gitea: readonly string[]; github: readonly string[] }): string[] {
  const has = (path: string): boolean => {
    const slash = path.indexOf('/');
    const [dir, name] = slash < 0 ? ['', path] : [path.slice(0, slash), path.slice(slash + 1)];
    const names = dir === '.gitea' ? listing.gitea : dir === '.github' ? listing.github : listing.root;
    return names.includes(name);
  };
  return TEMPLATE_CANDIDATES.filter(has);
}

export interface PullTemplate {
  readonly path: string;
  /** The title Gitea puts in the title field (front matter `title`), often a prefix such as `[Feature]: `. */
  readonly title?: string;
  readonly body: string;
  /** Label names and assignee logins the template preselects. */
  readonly labels: readonly string[];
  readonly assignees: readonly string[];
}

type YamlMap = { [key: string]: YamlValue };

const isMap = (v: YamlValue | undefined): v is YamlMap => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: YamlValue | undefined): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');

/** Gitea's labels/assignees: a list, or one comma-separated string. */
function nameList(v: YamlValue | undefined): string[] {
  const items = Array.isArray(v) ? v.map(text) : typeof v === 'string' ? v.split(',') : [];
  return items.map((s) => s.trim()).filter(Boolean);
}

/** The longest front matter read: it names the template and lists a few labels and assignees. A longer one is no
 * front matter (the file is the template as it is): the YAML library takes about a microsecond a line, so a
 * megabyte of blank lines between two `---` took most of a second. */
export const MAX_FRONT_MATTER_CHARS = 64 * 1024;

/** Front matter: a `---` line first, up to the next `---` line (markdown.ExtractMetadata). */
function splitFrontMatter(content: string): { front: string; body: string } | undefined {
  // The first line is looked at before the text is split: most templates have no front matter.
  const firstEnd = content.indexOf('\n');
  if (!/^-{3,}\s*$/.test(firstEnd < 0 ? content : content.slice(0, firstEnd))) return undefined;
  const lines = content.split('\n');
  const end = lines.findIndex((l, k) => k > 0 && /^-{3,}\s*$/.test(l));
  if (end < 0) return undefined;
  const front = lines.slice(1, end).join('\n');
  if (front.length > MAX_FRONT_MATTER_CHARS) return undefined;
  return { front, body: lines.slice(end + 1).join('\n') };
}

function parseMarkdown(path: string, content: string): PullTemplate | undefined {
  const split = splitFrontMatter(content);
  let meta: YamlMap | undefined;
  try {
    const parsed = split ? parseYaml(split.front) as YamlValue : undefined;
    meta = isMap(parsed ?? undefined) ? (parsed as YamlMap) : undefined;
  } catch (e) {
    if (!(e instanceof YamlError)) throw e;
  }
  if (!split || !meta) {
    // No (readable) front matter: the whole file is the template, named after the file.
    return content.trim() ? { path, body: content, labels: [], assignees: [] } : undefined;
  }
  // validateMetadata: name and about (or description) are required.
  if (!text(meta.name).trim() || !(text(meta.about) || text(meta.description)).trim()) return undefined;
  return { path, title: text(meta.title) || undefined, body: split.body, labels: nameList(meta.labels), assignees: nameList(meta.assignees) };
}

/** A field's Markdown as RenderToMarkdown writes an unfilled form: `### label`, then `_No response_` or the options. */
function renderField(field: YamlMap): string | undefined {
  const type = text(field.type);
  const attributes = isMap(field.attributes) ? field.attributes : {};
  const visible = Array.isArray(field.visible) ? field.visible.map(text) : undefined;
  if (visible ? !visible.includes('content') : type === 'markdown') return undefined;
  const label = text(attributes.label);
  const heading = attributes.hide_label === true || !label ? '' : `### ${label}\n\n`;
  const options = Array.isArray(attributes.options) ? attributes.options : [];
  switch (type) {
    case 'markdown':
      return `${heading}${text(attributes.value)}\n`;
    case 'checkboxes':
      return heading + options.map((o) => `- [ ] ${isMap(o) ? text(o.label) : text(o)}\n`).join('');
    case 'dropdown':
    case 'input':
    case 'textarea': {
      const value = type === 'dropdown' ? '' : text(attributes.value);
      return `${heading}${value || '_No response_'}\n`;
    }
    default:
      return undefined;
  }
}

function parseYamlForm(path: string, content: string): PullTemplate | undefined {
  let doc: YamlValue;
  try {
    doc = parseYaml(content) as YamlValue;
  } catch (e) {
    if (e instanceof YamlError) return undefined;
    throw e;
  }
  if (!isMap(doc) || !text(doc.name).trim() || !(text(doc.about) || text(doc.description)).trim()) return undefined;
  const fields = Array.isArray(doc.body) ? doc.body.filter(isMap) : [];
  if (!fields.length) return undefined;
  const body = fields.map(renderField).filter((s): s is string => s !== undefined).join('\n');
  return { path, title: text(doc.title) || undefined, body, labels: nameList(doc.labels), assignees: nameList(doc.assignees) };
}

/** The template in a candidate file, or undefined when Gitea would skip it (invalid, empty). */
export function parsePullTemplate(path: string, content: string): PullTemplate | undefined {
  const normalized = toLf(content);
  return path.endsWith('.md') ? parseMarkdown(path, normalized) : parseYamlForm(path, normalized);
}
