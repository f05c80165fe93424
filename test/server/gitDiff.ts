// Parses `git diff -M` output into files the way Gitea's gitdiff package sees them: a file that the patch
// does not mention (e.g. a whitespace-only change under `-w`) is not part of the diff at all.

export interface DiffFile {
  name: string;
  oldName: string;
  kind: 'added' | 'deleted' | 'renamed' | 'copied' | 'modified';
  additions: number;
  deletions: number;
  isBinary: boolean;
}

/** Undoes git's C-style quoting of unusual paths ("a/t\tb" → a/t<TAB>b). */
function unquote(s: string): string {
  if (!s.startsWith('"')) return s;
  const body = s.slice(1, -1);
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch !== '\\') {
      bytes.push(...Buffer.from(ch, 'utf8'));
      continue;
    }
    const next = body[++i];
    const simple: Record<string, number> = { n: 10, t: 9, '"': 34, '\\': 92, a: 7, b: 8, f: 12, r: 13, v: 11 };
    if (next in simple) bytes.push(simple[next]);
    else if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(i, i + 3), 8));
      i += 2;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function stripPrefix(path: string, prefix: 'a/' | 'b/'): string {
  const p = unquote(path);
  return p.startsWith(prefix) ? p.slice(2) : p;
}

/** Names from "diff --git a/X b/Y" when X and Y are the same (mode changes, binary files). */
function namesFromHeader(line: string): [string, string] {
  const rest = line.slice('diff --git '.length);
  if (rest.startsWith('"')) {
    const end = rest.indexOf('" ', 1);
    return [stripPrefix(rest.slice(0, end + 1), 'a/'), stripPrefix(rest.slice(end + 2), 'b/')];
  }
  const half = (rest.length - 1) / 2;
  if (Number.isInteger(half) && rest.slice(2, half) === rest.slice(half + 3)) {
    return [rest.slice(2, half), rest.slice(half + 3)];
  }
  const idx = rest.indexOf(' b/');
  return [rest.slice(2, idx), rest.slice(idx + 3)];
}

export function parseUnifiedDiff(text: string): DiffFile[] {
  const files: DiffFile[] = [];
  let cur: DiffFile | undefined;
  let inHunk = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      const [oldName, name] = namesFromHeader(line);
      cur = { name, oldName, kind: 'modified', additions: 0, deletions: 0, isBinary: false };
      files.push(cur);
      inHunk = false;
      continue;
    }
    if (!cur) continue;
    if (inHunk) {
      if (line.startsWith('+')) cur.additions++;
      else if (line.startsWith('-')) cur.deletions++;
      else if (line.startsWith('@@')) continue;
      continue;
    }
    if (line.startsWith('new file mode')) cur.kind = 'added';
    else if (line.startsWith('deleted file mode')) cur.kind = 'deleted';
    else if (line.startsWith('rename from ')) {
      cur.kind = 'renamed';
      cur.oldName = unquote(line.slice('rename from '.length));
    } else if (line.startsWith('rename to ')) cur.name = unquote(line.slice('rename to '.length));
    else if (line.startsWith('copy from ')) {
      cur.kind = 'copied';
      cur.oldName = unquote(line.slice('copy from '.length));
    } else if (line.startsWith('copy to ')) cur.name = unquote(line.slice('copy to '.length));
    else if (line.startsWith('Binary files ') || line.startsWith('GIT binary patch')) cur.isBinary = true;
    else if (line.startsWith('--- ')) {
      if (line !== '--- /dev/null') cur.oldName = stripPrefix(line.slice(4), 'a/');
    } else if (line.startsWith('+++ ')) {
      if (line !== '+++ /dev/null') cur.name = stripPrefix(line.slice(4), 'b/');
    } else if (line.startsWith('@@')) inHunk = true;
  }
  for (const f of files) {
    if (f.kind === 'added') f.oldName = '';
    if (f.kind === 'deleted') f.name = f.oldName;
  }
  return files;
}
