// Changed files of a pull request: the statuses the server really sends, their decorations, the URIs that name
// a changed file (`gitea-changes:`) and a file at a commit (`gitea-file:`), and the folder tree. Pure.

/** What GET /repos/{o}/{r}/pulls/{index}/files sends per file (ChangedFile). */
export interface ChangedFileLike {
  readonly filename: string;
  readonly status?: string | null;
  readonly previous_filename?: string | null;
  readonly additions?: number | null;
  readonly deletions?: number | null;
  readonly changes?: number | null;
}

/** Gitea's values (never "modified"; see BEHAVIOR.md §14). */
export type ChangeStatus = 'added' | 'deleted' | 'renamed' | 'copied' | 'changed' | 'unchanged';

export interface StatusLook {
  /** One letter shown as the FileDecoration badge. */
  readonly badge: string;
  /** A theme color id (the SCM's own decoration colors). */
  readonly color: string;
}

const LOOKS: Record<ChangeStatus, StatusLook> = {
  added: { badge: 'A', color: 'gitDecoration.addedResourceForeground' },
  deleted: { badge: 'D', color: 'gitDecoration.deletedResourceForeground' },
  renamed: { badge: 'R', color: 'gitDecoration.renamedResourceForeground' },
  copied: { badge: 'C', color: 'gitDecoration.addedResourceForeground' },
  changed: { badge: 'M', color: 'gitDecoration.modifiedResourceForeground' },
  unchanged: { badge: '=', color: 'gitDecoration.ignoredResourceForeground' },
};

export function isChangeStatus(s: string): s is ChangeStatus {
  return Object.prototype.hasOwnProperty.call(LOOKS, s);
}

/** The badge and color of a status; an unknown status (a newer server) shows as changed. */
export function statusLook(status: string | null | undefined): StatusLook {
  return status && isChangeStatus(status) ? LOOKS[status] : LOOKS.changed;
}

export const WHITESPACE_MODES = ['show-all', 'ignore-all', 'ignore-change', 'ignore-eol'] as const;
export type WhitespaceMode = (typeof WHITESPACE_MODES)[number];

export function isWhitespaceMode(s: unknown): s is WhitespaceMode {
  return typeof s === 'string' && (WHITESPACE_MODES as readonly string[]).includes(s);
}

/** Parts of a `gitea-changes:/<owner>/<repo>/<prIndex>/<file path>?status=<status>&prev=<previous_filename>` URI. */
export interface ChangesUriParts {
  readonly owner: string;
  readonly repo: string;
  readonly prIndex: number;
  readonly filename: string;
  readonly status: string;
  readonly previousFilename?: string;
}

/** Path and query of a `gitea-changes:` URI; the vscode side passes them to `Uri.from` (which encodes once). */
export function changesUriComponents(owner: string, repo: string, prIndex: number, file: ChangedFileLike): { path: string; query: string } {
  const query = new URLSearchParams({ status: file.status ?? 'changed' });
  if (file.previous_filename) query.set('prev', file.previous_filename);
  return { path: `/${owner}/${repo}/${prIndex}/${file.filename}`, query: query.toString() };
}

/** Reads a `gitea-changes:` URI's decoded path and query back. */
export function parseChangesUri(path: string, query: string): ChangesUriParts | undefined {
  const m = /^\/([^/]+)\/([^/]+)\/(\d+)\/(.+)$/.exec(path);
  if (!m) return undefined;
  const params = new URLSearchParams(query);
  return {
    owner: m[1]!,
    repo: m[2]!,
    prIndex: Number(m[3]),
    filename: m[4]!,
    status: params.get('status') ?? 'changed',
    previousFilename: params.get('prev') ?? undefined,
  };
}

/** Which version of a file a `gitea-file:` document shows. */
export interface FileAtRef {
  readonly instanceUrl: string;
  readonly owner: string;
  readonly repo: string;
  readonly path: string;
  /** A commit SHA; absent for the empty side of an added or deleted file. */
  readonly ref?: string;
}

/**
 * Which pull request's diff a `gitea-file:` document is a side of, and the changed file's (new) name: kept in the
 * URI so that a diff editor VS Code restores after a window reload gets its review threads again.
 */
export interface DiffSideOf {
  readonly pull: number;
  readonly side: 'old' | 'new';
  readonly filename: string;
}

/** `gitea-file:/<owner>/<repo>/<path>?instance=…&ref=…` — the path keeps the file name so the editor picks the language. */
export function fileUriComponents(f: FileAtRef, sideOf?: DiffSideOf): { path: string; query: string } {
  const query = new URLSearchParams({ instance: f.instanceUrl });
  if (f.ref) query.set('ref', f.ref);
  else query.set('empty', '1');
  if (sideOf) {
    query.set('pr', String(sideOf.pull));
    query.set('side', sideOf.side);
    if (sideOf.filename !== f.path) query.set('file', sideOf.filename);
  }
  return { path: `/${f.owner}/${f.repo}/${f.path}`, query: query.toString() };
}

/** The pull request diff side a `gitea-file:` URI names (see fileUriComponents), if it names one. */
export function parseDiffSideOf(path: string, query: string): (DiffSideOf & { readonly file: FileAtRef }) | undefined {
  const file = parseFileUri(path, query);
  const params = new URLSearchParams(query);
  const pull = Number(params.get('pr'));
  const side = params.get('side');
  if (!file || !Number.isSafeInteger(pull) || pull <= 0 || (side !== 'old' && side !== 'new')) return undefined;
  return { pull, side, filename: params.get('file') || file.path, file };
}

export function parseFileUri(path: string, query: string): FileAtRef | undefined {
  const m = /^\/([^/]+)\/([^/]+)\/(.+)$/.exec(path);
  const params = new URLSearchParams(query);
  const instanceUrl = params.get('instance');
  if (!m || !instanceUrl) return undefined;
  return { instanceUrl, owner: m[1]!, repo: m[2]!, path: m[3]!, ref: params.get('ref') ?? undefined };
}

/** The path of `uri` inside the folder `root`, `/`-separated; undefined outside it (or for the folder itself). */
export function pathInside(root: UriParts, uri: UriParts): string | undefined {
  if (uri.scheme !== root.scheme || uri.authority !== root.authority) return undefined;
  const base = root.path.endsWith('/') ? root.path : `${root.path}/`;
  return uri.path.startsWith(base) && uri.path.length > base.length ? uri.path.slice(base.length) : undefined;
}

interface UriParts {
  readonly scheme: string;
  readonly authority: string;
  readonly path: string;
}

/** True when the bytes look binary the way git decides it: a NUL in the first 8000 bytes. */
export function isBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8000);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

export type TreeNode<F extends ChangedFileLike = ChangedFileLike> =
  | { readonly kind: 'folder'; readonly name: string; readonly path: string; readonly children: TreeNode<F>[] }
  | { readonly kind: 'file'; readonly name: string; readonly file: F };

interface MutableFolder<F extends ChangedFileLike> {
  readonly folders: Map<string, MutableFolder<F>>;
  readonly files: F[];
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * The folder tree of the files: folders first, then files, each sorted by name; a chain of folders that each
 * hold only one folder is compacted into one node ("src/api/v1"), like the Explorer's compact folders.
 */
export function buildTree<F extends ChangedFileLike>(files: readonly F[]): TreeNode<F>[] {
  const root: MutableFolder<F> = { folders: new Map(), files: [] };
  for (const file of files) {
    const segments = file.filename.split('/');
    let folder = root;
    for (const segment of segments.slice(0, -1)) {
      let next = folder.folders.get(segment);
      if (!next) folder.folders.set(segment, (next = { folders: new Map(), files: [] }));
      folder = next;
    }
    folder.files.push(file);
  }
  const toNodes = (folder: MutableFolder<F>, prefix: string): TreeNode<F>[] => {
    const folders: TreeNode<F>[] = [];
    for (const [segment, child] of folder.folders) {
      let name = segment;
      let node = child;
      while (node.files.length === 0 && node.folders.size === 1) {
        const [nextName, next] = [...node.folders][0]!;
        name = `${name}/${nextName}`;
        node = next;
      }
      const path = prefix ? `${prefix}/${name}` : name;
      folders.push({ kind: 'folder', name, path, children: toNodes(node, path) });
    }
    const leaves: TreeNode<F>[] = folder.files.map((file) => ({ kind: 'file', name: file.filename.slice(file.filename.lastIndexOf('/') + 1), file }));
    return [...folders.sort(byName), ...leaves.sort(byName)];
  };
  return toNodes(root, '');
}

/**
 * The row label of a file: its name, and for a rename `old → new` — the old name alone when the file stayed in
 * its folder, else the old path (the new folder is where the row sits, or its description in the list).
 */
export function fileRowLabel(file: ChangedFileLike): string {
  const name = baseName(file.filename);
  const previous = file.previous_filename;
  if (file.status !== 'renamed' || !previous || previous === file.filename) return name;
  return `${folderOf(previous) === folderOf(file.filename) ? baseName(previous) : previous} → ${name}`;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** The flat list: every file, sorted by path. */
export function flatList<F extends ChangedFileLike>(files: readonly F[]): F[] {
  return [...files].sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0));
}

/** Sum of additions and deletions over the files. */
export function totals(files: readonly ChangedFileLike[]): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const f of files) {
    additions += f.additions ?? 0;
    deletions += f.deletions ?? 0;
  }
  return { additions, deletions };
}
