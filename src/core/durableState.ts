// What the user typed and has not been accepted by the server yet (issue drafts, comments, pending reviews), kept in
// files under the extension's global storage. A Memento is not enough: VS Code writes it to its database a moment
// later, and in a browser (code-server) a window reloaded right after a refused request lost the draft. A file
// written before `update` resolves is on disk when the user reloads. Not for secrets: those are in SecretStorage.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as vscode from 'vscode';

/** The part of vscode.Memento the draft stores use (so tests can pass a Map-backed one). */
export interface DraftState {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

interface Entry {
  readonly key: string;
  readonly value: unknown;
}

export class DurableState implements DraftState {
  private entries: Map<string, unknown> | undefined;
  /** Writes of one key run in order (a later value never lands before an earlier one). */
  private readonly writing = new Map<string, Promise<void>>();

  /**
   * @param dir the folder of the files (created on first write).
   * @param legacy where earlier versions kept the same keys: read when a key has no file, cleared when it is written.
   */
  constructor(
    private readonly dir: string,
    private readonly legacy?: DraftState,
  ) {}

  get<T>(key: string): T | undefined {
    const entries = this.load();
    if (entries.has(key)) return entries.get(key) as T;
    return this.legacy?.get<T>(key);
  }

  /** Writes `value` (undefined removes the key); resolves once the file is on disk. */
  update(key: string, value: unknown): Promise<void> {
    const entries = this.load();
    if (value === undefined) entries.delete(key);
    else entries.set(key, value);
    const previous = this.writing.get(key) ?? Promise.resolve();
    // An earlier write's failure is its caller's to report: this one is written all the same.
    const write = (): Promise<void> => this.write(key, value);
    const next = previous.then(write, write);
    this.writing.set(key, next);
    // Both ways, so that a failed write is no unhandled rejection here (the caller awaits `next` and sees it).
    const settled = (): void => {
      if (this.writing.get(key) === next) this.writing.delete(key);
    };
    void next.then(settled, settled);
    return next;
  }

  private fileOf(key: string): string {
    return join(this.dir, `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`);
  }

  private async write(key: string, value: unknown): Promise<void> {
    const file = this.fileOf(key);
    if (value === undefined) {
      await rm(file, { force: true });
    } else {
      await mkdir(this.dir, { recursive: true });
      // A whole file or the previous one: never half a draft.
      const temp = `${file}.${process.pid}.tmp`;
      // Stryker disable next-line StringLiteral: utf8 is also what writeFile uses for text when no encoding is named
      await writeFile(temp, JSON.stringify({ key, value } satisfies Entry), 'utf8');
      await rename(temp, file);
    }
    if (this.legacy?.get(key) !== undefined) await this.legacy.update(key, undefined);
  }

  /** Reads every file once, on first use (a handful of small files). */
  private load(): Map<string, unknown> {
    if (this.entries) return this.entries;
    const entries = new Map<string, unknown>();
    let names: string[] = [];
    try {
      mkdirSync(this.dir, { recursive: true });
      names = readdirSync(this.dir).filter((n) => n.endsWith('.json'));
    } catch {
      // expected: an unreadable storage folder means no kept drafts; writes will report their own failure.
    }
    for (const name of names) {
      try {
        const entry = JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as Partial<Entry>;
        if (typeof entry.key === 'string' && entry.value !== undefined) entries.set(entry.key, entry.value);
      } catch {
        // expected: a damaged file is skipped (its draft is lost, the others are not).
      }
    }
    this.entries = entries;
    return entries;
  }
}

/** The drafts of one feature (`createIssue`, `issuePage`, …) in `<global storage>/drafts/<feature>/`. */
export function draftState(context: Pick<vscode.ExtensionContext, 'globalStorageUri'>, feature: string, legacy?: DraftState): DurableState {
  return new DurableState(join(context.globalStorageUri.fsPath, 'drafts', feature), legacy);
}
