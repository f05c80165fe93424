// Builds a `git fast-import` stream. Fixed dates and identities make every SHA deterministic.

export interface Person {
  name: string;
  email: string;
}

export interface CommitSpec {
  ref: string;
  author: Person;
  committer?: Person;
  /** Unix seconds (author date; the committer date too unless `committerTime`). */
  time: number;
  committerTime?: number;
  message: string;
  /** Parent: a mark, or omitted for a root commit. */
  from?: number;
  merges?: number[];
  /** Path → new content; null deletes the path. */
  files?: Record<string, string | Buffer | null>;
  renames?: Array<[from: string, to: string]>;
}

const quote = (path: string) => JSON.stringify(path);

export class FastImport {
  private readonly chunks: Buffer[] = [];
  private nextMark = 0;

  private line(s: string): void {
    this.chunks.push(Buffer.from(s + '\n', 'utf8'));
  }
  private data(content: string | Buffer): void {
    const buf = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    this.line(`data ${buf.length}`);
    this.chunks.push(buf);
    this.line('');
  }

  commit(spec: CommitSpec): number {
    const mark = ++this.nextMark;
    const committer = spec.committer ?? spec.author;
    this.line(`commit ${spec.ref}`);
    this.line(`mark :${mark}`);
    this.line(`author ${spec.author.name} <${spec.author.email}> ${spec.time} +0000`);
    this.line(`committer ${committer.name} <${committer.email}> ${spec.committerTime ?? spec.time} +0000`);
    this.data(spec.message);
    if (spec.from !== undefined) this.line(`from :${spec.from}`);
    for (const m of spec.merges ?? []) this.line(`merge :${m}`);
    for (const [from, to] of spec.renames ?? []) this.line(`R ${quote(from)} ${quote(to)}`);
    for (const [path, content] of Object.entries(spec.files ?? {})) {
      if (content === null) this.line(`D ${quote(path)}`);
      else {
        this.line(`M 100644 inline ${quote(path)}`);
        this.data(content);
      }
    }
    this.line('');
    return mark;
  }

  /** Points `ref` at the commit with `mark` (branches and lightweight tags). */
  reset(ref: string, mark: number): void {
    this.line(`reset ${ref}`);
    this.line(`from :${mark}`);
    this.line('');
  }

  annotatedTag(name: string, mark: number, tagger: Person, time: number, message: string): void {
    this.line(`tag ${name}`);
    this.line(`from :${mark}`);
    this.line(`tagger ${tagger.name} <${tagger.email}> ${time} +0000`);
    this.data(message);
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
