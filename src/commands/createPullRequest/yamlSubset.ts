// The part of YAML that Gitea's issue and pull request templates use (front matter and YAML forms): block mappings
// and sequences by indentation, plain / single- / double-quoted scalars, `|` and `>` block scalars (with `-` / `+`),
// flow sequences of scalars, `#` comments, true/false/numbers. Anything else (anchors, tags, flow mappings, multi-
// document streams) is refused with YamlSubsetError: the caller then treats the file as Gitea treats invalid YAML.
// Pure.

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };

export class YamlSubsetError extends Error {}

interface Line {
  readonly indent: number;
  /** The line without its indentation (comments kept: a block scalar needs them verbatim). */
  readonly text: string;
  readonly raw: string;
}

/** A plain scalar's comment (` #` outside quotes) removed. */
function stripComment(text: string): string {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote && (quote === "'" ? text[i + 1] !== "'" : text[i - 1] !== '\\')) quote = undefined;
      else if (c === "'" && quote === "'") i++;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:[,]/.test(text[i - 1]!)) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      return text.slice(0, i).trimEnd();
    }
  }
  return text.trimEnd();
}

function scalar(raw: string): YamlValue {
  const text = raw.trim();
  if (text === '' || text === '~' || text === 'null') return text === '' ? '' : null;
  if (text.startsWith('"')) {
    if (!text.endsWith('"') || text.length < 2) throw new YamlSubsetError(`unterminated string: ${text}`);
    try {
      return JSON.parse(text.replace(/\\'/g, "'").replace(/\t/g, '\\t')) as string;
    } catch (e) {
      throw new YamlSubsetError(`unsupported escape in ${text}: ${e instanceof Error ? e.message : ''}`);
    }
  }
  if (text.startsWith("'")) {
    if (!text.endsWith("'") || text.length < 2) throw new YamlSubsetError(`unterminated string: ${text}`);
    return text.slice(1, -1).replace(/''/g, "'");
  }
  if (text.startsWith('[')) {
    if (!text.endsWith(']')) throw new YamlSubsetError(`unterminated list: ${text}`);
    const inner = text.slice(1, -1).trim();
    return inner === '' ? [] : splitFlow(inner).map(scalar);
  }
  if (/^[{&*!%@`|>]/.test(text)) throw new YamlSubsetError(`unsupported YAML: ${text}`);
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** The items of a flow sequence, commas inside quotes kept. */
function splitFlow(inner: string): string[] {
  const items: string[] = [];
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ',') {
      items.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  items.push(inner.slice(start));
  return items.map((s) => s.trim()).filter((s) => s !== '');
}

/** `key: rest` of a mapping line, or undefined. Keys may be quoted. */
function keyOf(text: string): { key: string; rest: string } | undefined {
  const m = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"[{][^:#]*?)\s*:(?:\s+(.*))?$/.exec(text);
  if (!m) return undefined;
  const key = scalar(m[1]!);
  return { key: typeof key === 'string' ? key : JSON.stringify(key), rest: m[2] ?? '' };
}

class Parser {
  private i = 0;
  constructor(private readonly lines: readonly Line[]) {}

  /** Skips blank and comment-only lines. */
  private skip(): void {
    while (this.i < this.lines.length && (this.lines[this.i]!.text === '' || this.lines[this.i]!.text.startsWith('#'))) this.i++;
  }

  parseDocument(): YamlValue {
    this.skip();
    if (this.i >= this.lines.length) return null;
    const value = this.parseBlock(this.lines[this.i]!.indent);
    this.skip();
    if (this.i < this.lines.length) throw new YamlSubsetError(`unexpected indentation at: ${this.lines[this.i]!.text}`);
    return value;
  }

  private parseBlock(indent: number): YamlValue {
    this.skip();
    const line = this.lines[this.i];
    if (!line) return null;
    if (line.text === '-' || line.text.startsWith('- ')) return this.parseSequence(line.indent);
    if (keyOf(line.text)) return this.parseMapping(line.indent);
    if (line.indent < indent) return null;
    this.i++;
    return scalar(stripComment(line.text));
  }

  private parseSequence(indent: number): YamlValue[] {
    const items: YamlValue[] = [];
    for (this.skip(); this.i < this.lines.length; this.skip()) {
      const line = this.lines[this.i]!;
      if (line.indent !== indent || !(line.text === '-' || line.text.startsWith('- '))) break;
      const rest = line.text.slice(1).trimStart();
      if (rest === '') {
        this.i++;
        items.push(this.nested(indent));
      } else if (keyOf(stripComment(rest)) && !/^["'[]/.test(rest)) {
        // `- key: value` starts a mapping whose keys line up with `key`.
        const inner = indent + (line.text.length - rest.length);
        this.replace({ indent: inner, text: rest, raw: line.raw });
        items.push(this.parseMapping(inner));
      } else {
        this.i++;
        items.push(this.value(rest, indent));
      }
    }
    return items;
  }

  private parseMapping(indent: number): { [key: string]: YamlValue } {
    const map: { [key: string]: YamlValue } = {};
    for (this.skip(); this.i < this.lines.length; this.skip()) {
      const line = this.lines[this.i]!;
      if (line.indent !== indent) {
        if (line.indent > indent) throw new YamlSubsetError(`unexpected indentation at: ${line.text}`);
        break;
      }
      const kv = keyOf(stripComment(line.text)) ?? (line.text.startsWith('- ') ? undefined : keyOf(line.text));
      if (!kv) break;
      this.i++;
      map[kv.key] = kv.rest === '' ? this.nested(indent, true) : this.value(kv.rest, indent);
    }
    return map;
  }

  /** The value on the following, more indented lines (a sequence may sit at the key's indentation). */
  private nested(indent: number, sequenceMayAlign = false): YamlValue {
    this.skip();
    const next = this.lines[this.i];
    if (!next) return null;
    const isItem = next.text === '-' || next.text.startsWith('- ');
    if (next.indent > indent || (sequenceMayAlign && isItem && next.indent === indent)) return this.parseBlock(next.indent);
    return null;
  }

  /** An inline value: a block scalar indicator or a scalar. */
  private value(rest: string, indent: number): YamlValue {
    const text = stripComment(rest);
    const block = /^([|>])([+-]?)$/.exec(text);
    return block ? this.blockScalar(block[1] as '|' | '>', block[2] ?? '', indent) : scalar(text);
  }

  private blockScalar(style: '|' | '>', chomp: string, indent: number): string {
    const body: string[] = [];
    let blockIndent: number | undefined;
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]!;
      if (line.text === '') {
        body.push('');
        this.i++;
        continue;
      }
      if (line.indent <= indent) break;
      blockIndent ??= line.indent;
      if (line.indent < blockIndent) break;
      body.push(line.raw.slice(blockIndent));
      this.i++;
    }
    while (body.length && body[body.length - 1] === '' && chomp !== '+') body.pop();
    let text = style === '|' ? body.join('\n') : foldLines(body);
    if (chomp !== '-' && text !== '') text += '\n';
    return text;
  }

  private replace(line: Line): void {
    (this.lines as Line[])[this.i] = line;
  }
}

/** `>`: lines joined by spaces, blank lines kept as line breaks, more-indented lines kept as they are. */
function foldLines(lines: string[]): string {
  let out = '';
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    const previous = lines[k - 1];
    if (k === 0) out = line;
    else if (line === '' || previous === '' || /^\s/.test(line) || /^\s/.test(previous ?? '')) out += `\n${line}`;
    else out += ` ${line}`;
  }
  return out;
}

export function parseYamlSubset(text: string): YamlValue {
  if (/^\t/m.test(text)) throw new YamlSubsetError('tabs are not allowed for indentation');
  const lines: Line[] = text.replace(/\r\n?/g, '\n').split('\n').map((raw) => {
    const trimmed = raw.trimStart();
    return { indent: raw.length - trimmed.length, text: trimmed.trimEnd(), raw };
  });
  if (lines.some((l) => l.indent === 0 && (l.text === '---' || l.text === '...')) && lines.filter((l) => l.indent === 0 && l.text === '---').length > 1) {
    throw new YamlSubsetError('several documents');
  }
  return new Parser(lines.filter((l, k) => !(k === 0 && l.text === '---'))).parseDocument();
}
