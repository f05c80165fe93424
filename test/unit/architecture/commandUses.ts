// The command ids the code of src/ registers and the ones it points at (tree items, the status bar, message
// buttons, executeCommand, `command:` links), read from the parsed sources: string constants, `COMMAND.x` and
// other constant tables, the `reg(id, …)` wrappers and `ids.map((id) => registerCommand(id, …))` are followed.
import * as ts from 'typescript';
import { sourceFiles, type SourceFile } from './sourceFiles';

export interface CommandSite {
  readonly id: string;
  /** `path:line` in src/. */
  readonly where: string;
}

export interface CommandUses {
  readonly registered: CommandSite[];
  readonly used: CommandSite[];
  /** registerCommand calls whose id could not be followed to a constant. */
  readonly unresolved: string[];
}

type Value = string | Value[] | { readonly [key: string]: Value };

function unwrap(node: ts.Expression): ts.Expression {
  let e = node;
  while (ts.isAsExpression(e) || ts.isParenthesizedExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
  return e;
}

/** Resolves constant expressions across src/: literals, arrays, object tables, `const` names (own file first, then any file's export). */
class Constants {
  private readonly local = new Map<SourceFile, Map<string, ts.Expression>>();
  private readonly exported = new Map<string, ts.Expression[]>();
  private readonly fileOf = new Map<ts.SourceFile, SourceFile>();

  constructor(files: readonly SourceFile[]) {
    for (const file of files) {
      this.fileOf.set(file.ast, file);
      const consts = new Map<string, ts.Expression>();
      const visit = (node: ts.Node): void => {
        if (ts.isVariableStatement(node) && node.declarationList.flags & ts.NodeFlags.Const) {
          const isExported = node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
          for (const d of node.declarationList.declarations) {
            if (!ts.isIdentifier(d.name) || !d.initializer) continue;
            consts.set(d.name.text, d.initializer);
            if (isExported) this.exported.set(d.name.text, [...(this.exported.get(d.name.text) ?? []), d.initializer]);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(file.ast);
      this.local.set(file, consts);
    }
  }

  value(node: ts.Expression, depth = 0): Value | undefined {
    if (depth > 10) return undefined;
    const e = unwrap(node);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
    if (ts.isArrayLiteralExpression(e)) {
      const items = e.elements.map((x) => this.value(x, depth + 1));
      return items.every((x) => x !== undefined) ? (items as Value[]) : undefined;
    }
    if (ts.isObjectLiteralExpression(e)) {
      const table: Record<string, Value> = {};
      for (const p of e.properties) {
        if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) continue;
        const v = this.value(p.initializer, depth + 1);
        if (v !== undefined) table[p.name.text] = v;
      }
      return table;
    }
    if (ts.isPropertyAccessExpression(e)) {
      const owner = this.value(e.expression, depth + 1);
      return owner && typeof owner === 'object' && !Array.isArray(owner) ? owner[e.name.text] : undefined;
    }
    if (ts.isIdentifier(e)) {
      const file = this.fileOf.get(e.getSourceFile());
      const own = file && this.local.get(file)?.get(e.text);
      const init = own ?? (this.exported.get(e.text)?.length === 1 ? this.exported.get(e.text)![0] : undefined);
      return init && init !== node ? this.value(init, depth + 1) : undefined;
    }
    return undefined;
  }

  /** The command ids an expression stands for (one id, or each id of a list). */
  ids(node: ts.Expression): string[] | undefined {
    const v = this.value(node);
    if (typeof v === 'string') return [v];
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
    return undefined;
  }
}

const isCallTo = (node: ts.CallExpression, names: readonly string[]): boolean => {
  const callee = node.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
  return names.includes(name);
};

function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let n = node.parent; n; n = n.parent) if (ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n)) return n;
  return undefined;
}

export function commandUses(files: readonly SourceFile[] = sourceFiles()): CommandUses {
  const constants = new Constants(files);
  const registered: CommandSite[] = [];
  const used: CommandSite[] = [];
  const unresolved: string[] = [];
  for (const file of files) {
    const where = (node: ts.Node): string => `${file.path}:${file.ast.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const add = (into: CommandSite[], ids: readonly string[] | undefined, node: ts.Node): void => {
      for (const id of ids ?? []) into.push({ id, where: where(node) });
    };
    /** What the parameter of a registering function stands for: each id of the list it maps over, or the first
     * argument of each call of the wrapper (`reg('gitea.x', …)`) where that call is. Undefined when not constant. */
    const parameterSites = (fn: ts.FunctionLikeDeclaration, registration: ts.Node): CommandSite[] | undefined => {
      const parent = fn.parent;
      if (ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression) && ['map', 'forEach'].includes(parent.expression.name.text)) {
        return constants.ids(parent.expression.expression)?.map((id) => ({ id, where: where(registration) }));
      }
      if (!ts.isVariableDeclaration(parent) || !ts.isIdentifier(parent.name)) return undefined;
      const wrapper = parent.name.text;
      const sites: CommandSite[] = [];
      let constant = true;
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === wrapper && node.arguments[0]) {
          const ids = constants.ids(node.arguments[0]);
          if (!ids) constant = false;
          for (const id of ids ?? []) sites.push({ id, where: where(node) });
        }
        ts.forEachChild(node, visit);
      };
      visit(file.ast);
      return constant ? sites : undefined;
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && isCallTo(node, ['registerCommand', 'registerTextEditorCommand']) && node.arguments[0]) {
        const arg = unwrap(node.arguments[0]);
        const direct = constants.ids(arg);
        const fn = ts.isIdentifier(arg) ? enclosingFunction(node) : undefined;
        const isParameter = fn?.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === (arg as ts.Identifier).text);
        const sites = direct ? direct.map((id) => ({ id, where: where(node) })) : fn && isParameter ? parameterSites(fn, node) : undefined;
        if (sites) registered.push(...sites);
        else unresolved.push(where(node));
      }
      if (ts.isCallExpression(node) && isCallTo(node, ['executeCommand']) && node.arguments[0]) add(used, constants.ids(node.arguments[0]), node);
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ['command', 'enabledCommands'].includes(node.name.text)) add(used, constants.ids(node.initializer), node);
      if (ts.isTemplateExpression(node)) {
        let before = node.head.text;
        for (const span of node.templateSpans) {
          if (/command:$/.test(before)) add(used, constants.ids(span.expression), span);
          before = span.literal.text;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file.ast);
  }
  const ours = (s: CommandSite) => s.id.startsWith('gitea.');
  return { registered: registered.filter(ours), used: used.filter(ours), unresolved };
}
