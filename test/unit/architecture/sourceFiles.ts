// The TypeScript sources of src/, parsed (not compiled), for the architecture tests: their imports and catches.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';
import { REPO_ROOT } from '../../harness/paths';

/** The repository root. */
export function repoRoot(): string {
  return REPO_ROOT;
}

export interface SourceFile {
  /** Path relative to src/, with forward slashes, e.g. `views/scope.ts`. */
  readonly path: string;
  readonly ast: ts.SourceFile;
}

let cache: SourceFile[] | undefined;

export function sourceFiles(): SourceFile[] {
  if (cache) return cache;
  const src = join(repoRoot(), 'src');
  const files: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const path = relative(src, full).split(sep).join('/');
        files.push({ path, ast: ts.createSourceFile(path, readFileSync(full, 'utf8'), ts.ScriptTarget.ES2022, true) });
      }
    }
  };
  walk(src);
  cache = files.sort((a, b) => a.path.localeCompare(b.path));
  return cache;
}

export interface ImportEdge {
  /** Importing file, relative to src/. */
  readonly from: string;
  /** Imported file, relative to src/ (`.ts` resolved, folders to their index.ts). */
  readonly to: string;
  /** `import type`, `export type … from`, or an import whose every name is a type. */
  readonly typeOnly: boolean;
  readonly line: number;
}

function resolveSpecifier(fromPath: string, spec: string, known: ReadonlySet<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve('/', dirname(fromPath), spec).slice(1).split(sep).join('/');
  for (const candidate of [`${base}.ts`, `${base}/index.ts`, base]) if (known.has(candidate)) return candidate;
  return `${base}.ts`; // unresolved: reported as it is
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

/** Every relative import of src/: import and export declarations, `require()` and `import()` calls. */
export function importEdges(files: readonly SourceFile[] = sourceFiles()): ImportEdge[] {
  const known = new Set(files.map((f) => f.path));
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const add = (spec: string, typeOnly: boolean, node: ts.Node): void => {
      const to = resolveSpecifier(file.path, spec, known);
      if (to) edges.push({ from: file.path, to, typeOnly, line: file.ast.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, isTypeOnlyImport(node), node);
      else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, node.isTypeOnly, node);
      else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) add(node.argument.literal.text, true, node);
      else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]!)) {
        const callee = node.expression;
        if ((ts.isIdentifier(callee) && callee.text === 'require') || callee.kind === ts.SyntaxKind.ImportKeyword) add((node.arguments[0] as ts.StringLiteral).text, false, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(file.ast);
  }
  return edges;
}

/** Module specifiers that are not relative (packages, node built-ins, `vscode`) imported by a file. */
export function packageImports(file: SourceFile): string[] {
  const specs: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.moduleSpecifier.text.startsWith('.')) specs.push(node.moduleSpecifier.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file.ast);
  return specs;
}
