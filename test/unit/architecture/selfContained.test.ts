// A clone tests itself with nothing beside it: no test, harness, bench or script reads a path outside the repository
// (the workplace's ../shared is reference for people; what a test needs is copied under test/fixtures/).
// Every path built from a known anchor (__dirname, import.meta.dirname/url, the repository root, process.cwd())
// with literal segments is resolved as it is at run time (TypeScript under test/ runs from out/test/) and must
// stay inside the repository; a literal that names the workplace's shared folder fails wherever it stands.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';
import { REPO_ROOT } from '../../harness/paths';

const SCANNED = ['test', 'scripts', 'bench', '.ci'];
const CODE = /\.(?:ts|mts|cts|mjs|cjs|js)$/;

interface Finding { file: string; line: number; what: string }

function listFiles(dir: string): string[] {
  const out: string[] = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    // expected: a scanned folder this clone does not have (bench/ or .ci/ may be absent in a trimmed copy)
    return out;
  }
  for (const e of entries) {
    const full = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'tmp') out.push(...listFiles(full));
    } else out.push(full);
  }
  return out;
}

/** Where a file's own directory is when it runs: TypeScript under the repository runs compiled from out/. */
function runtimeDir(file: string): string {
  const rel = relative(REPO_ROOT, file);
  return /\.(?:ts|mts|cts)$/.test(file) ? dirname(join(REPO_ROOT, 'out', rel)) : dirname(file);
}

/** The directory an anchor expression stands for, or undefined when the expression is not a known anchor. */
function anchorOf(node: ts.Expression, file: string, sf: ts.SourceFile): string | undefined {
  const text = node.getText(sf).replace(/\s+/g, '');
  if (text === '__dirname' || text === 'import.meta.dirname' || text === 'dirname(fileURLToPath(import.meta.url))') return runtimeDir(file);
  if (/^(?:REPO_ROOT|ROOT|root|repoRoot\(\)|process\.cwd\(\))$/.test(text)) return REPO_ROOT;
  return undefined;
}

function inside(path: string): boolean {
  const rel = relative(REPO_ROOT, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-z]:/i.test(rel));
}

/** An import's or require's module name: a module, not a file read. */
function isModuleName(node: ts.Node, sf: ts.SourceFile): boolean {
  const parent = node.parent;
  return ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) ||
    (ts.isCallExpression(parent) && /^(?:require|import)$/.test(parent.expression.getText(sf)));
}

export function findOutsideReads(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  const name = relative(REPO_ROOT, file).split(sep).join('/');
  const add = (node: ts.Node, sf: ts.SourceFile, what: string) =>
    findings.push({ file: name, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, what });
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const callee = node.expression.getText(sf);
      if (/(?:^|\.)(?:join|resolve)$/.test(callee)) {
        const base = anchorOf(node.arguments[0]!, file, sf);
        if (base) {
          const segments: string[] = [];
          for (const arg of node.arguments.slice(1)) {
            if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) segments.push(arg.text);
            else break;
          }
          const target = resolve(base, ...segments);
          if (!inside(target)) add(node, sf, `${node.getText(sf)} resolves to ${target}, outside the repository`);
        }
      }
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isModuleName(node, sf) && /(?:^|[\\/])\.\.[\\/]shared(?:[\\/]|$)/.test(node.text)) {
      add(node, sf, `'${node.text}' names the workplace's shared folder beside the clone`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

describe('the repository is self-contained', () => {
  it('finds a read outside the repository (the check itself)', () => {
    const file = join(REPO_ROOT, 'test', 'unit', 'views', 'example.test.ts');
    const bad = [
      "const a = resolve(__dirname, '..', '..', '..', '..', '..', 'shared', 'recordings.jsonl');",
      "const b = join(REPO_ROOT, '..', 'shared');",
      "const c = readFileSync('../shared/gitea-api/swagger.v1.json');",
      "const d = path.resolve(process.cwd(), '..');",
    ];
    for (const line of bad) assert.equal(findOutsideReads(file, line).length, 1, line);
    const good = [
      "const a = resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'x.json');",
      "const b = join(REPO_ROOT, 'test', 'fixtures');",
      "const c = join(tmpdir(), '..', 'x');",
      "import { x } from '../shared/markdown';",
    ];
    for (const line of good) assert.deepEqual(findOutsideReads(file, line), [], line);
  });

  it('no file under test/, scripts/, bench/ or .ci/ reads outside the repository', () => {
    const findings: Finding[] = [];
    for (const folder of SCANNED) {
      for (const file of listFiles(join(REPO_ROOT, folder))) {
        const text = readFileSync(file, 'utf8');
        if (CODE.test(file)) findings.push(...findOutsideReads(file, text));
        else if (/(?:^|[\s"'=])\.\.\/shared\b/.test(text) && !file.endsWith('.md') && !file.endsWith('.json') && !file.endsWith('.jsonl')) {
          findings.push({ file: relative(REPO_ROOT, file), line: 0, what: 'names ../shared' });
        }
      }
    }
    assert.deepEqual(findings.map((f) => `${f.file}:${f.line} ${f.what}`), []);
  });
});
