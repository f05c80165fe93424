// Finds the places where src/ hands VS Code text it renders with link or icon syntax (notification messages,
// progress, quick-pick items, input box prompts and validation messages, status bar text and tooltips) and follows
// each value back through the code (variables, parameters and their call sites, the functions that return it,
// object and array literals, map callbacks) to what it is made of. Text is fine when it is a constant, a number,
// `vscode.l10n.t` of fine arguments, or went through inertText (src/shared/untrustedText.ts); anything else (a
// server field, a parameter of a callback nobody calls directly, a library call) is reported with where it comes
// from. A cast never makes text fine: the checker looks through it.
// A MarkdownString that may be trusted (an `isTrusted` other than `false` is assigned to what holds it, or where it
// comes from is not known) runs the `command:` links its text forms: what its appendText, appendMarkdown,
// appendCodeblock, constructor and `value` take is fine only as above with escapeMarkdown or markdownLinkTarget
// (src/shared/markdownText.ts) in place of inertText, which leaves `<command:…>` an autolink.
import { join, relative, sep } from 'node:path';
import * as ts from 'typescript';

export interface RawText {
  /** `path:line` of the sink call or assignment, relative to the repository. */
  readonly at: string;
  /** What takes the text, e.g. `showInformationMessage` or `QuickPickItem.label`. */
  readonly sink: string;
  /** The first piece found that is not known to be fine, and where it is. */
  readonly because: string;
}

type Verdict = { ok: true } | { ok: false; node: ts.Node; why: string };
const OK: Verdict = { ok: true };
type Values = { ok: true; exprs: ts.Expression[] } | { ok: false; node: ts.Node; why: string };

/** Calls of the VS Code API whose arguments are rendered: name → which arguments are text. */
const CALL_SINKS: Record<string, 'message' | 'first' | 'items' | 'progressOptions' | 'inputOptions' | 'report'> = {
  showInformationMessage: 'message',
  showWarningMessage: 'message',
  showErrorMessage: 'message',
  setStatusBarMessage: 'first',
  showQuickPick: 'items',
  withProgress: 'progressOptions',
  showInputBox: 'inputOptions',
  report: 'report',
};
/** Properties of VS Code objects whose text is rendered, by the interface that declares them. */
const PROPERTY_SINKS: Record<string, readonly string[]> = {
  StatusBarItem: ['text', 'tooltip'],
  InputBox: ['prompt', 'validationMessage'],
  QuickPick: ['items', 'prompt'],
  // Checked only when the MarkdownString may be trusted (checkMarkdownCall and the like).
  MarkdownString: ['value'],
};
const SINK_PROPERTIES = new Set(Object.values(PROPERTY_SINKS).flat());
const ITEM_FIELDS = ['label', 'description', 'detail'];
const SANITIZERS = new Set(['inertText', 'inertOptional']);
/** What makes server text fine in a trusted MarkdownString (src/shared/markdownText.ts). */
const MARKDOWN_SANITIZERS = new Set(['escapeMarkdown', 'markdownLinkTarget']);
/** MarkdownString methods whose first argument becomes part of its Markdown. */
const MARKDOWN_METHODS = new Set(['appendText', 'appendMarkdown', 'appendCodeblock']);
const DATE_TEXT = new Set(['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'toISOString', 'toDateString', 'toTimeString', 'toUTCString', 'toFixed', 'toPrecision']);
/** Array methods whose result's elements are the receiver's. */
const SAME_ELEMENTS = new Set(['filter', 'slice', 'sort', 'reverse', 'toSorted', 'toReversed', 'concat']);
/** Array methods whose callback's first parameter is an element of the receiver. */
const ELEMENT_CALLBACKS = new Set(['map', 'flatMap', 'filter', 'forEach', 'find', 'findLast', 'some', 'every', 'sort', 'toSorted']);
/** String methods whose result is made of the receiver's and the arguments' characters only. */
const STRING_PARTS = new Set(['trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'toLocaleLowerCase', 'toLocaleUpperCase', 'slice', 'substring', 'at', 'charAt', 'toString', 'padStart', 'padEnd', 'replace', 'replaceAll', 'repeat', 'normalize', 'concat']);

const ASSIGNMENTS = [ts.SyntaxKind.EqualsToken, ts.SyntaxKind.PlusEqualsToken, ts.SyntaxKind.QuestionQuestionEqualsToken, ts.SyntaxKind.BarBarEqualsToken];

/** `x` of `x`, `a.b.x`, `this.x`. */
function lastName(e: ts.Expression): string | undefined {
  e = strip(e);
  return ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : undefined;
}

function strip(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
  return e;
}

function isVscodeDeclaration(d: ts.Node | undefined): boolean {
  return !!d && /[\\/]@types[\\/]vscode[\\/]/.test(d.getSourceFile().fileName);
}

/** The name of the interface, class, function or namespace a declaration sits in. */
function containerName(d: ts.Node): string | undefined {
  for (let n = d.parent; n; n = n.parent) {
    if ((ts.isInterfaceDeclaration(n) || ts.isClassDeclaration(n) || ts.isFunctionDeclaration(n) || ts.isModuleDeclaration(n)) && n.name) return n.name.text;
  }
  return undefined;
}

function nameOf(d: ts.Declaration): string | undefined {
  const name = (d as { name?: ts.Node }).name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

export class ShownTextCheck {
  private readonly checker: ts.TypeChecker;
  private readonly callsByName = new Map<string, ts.Node[]>();
  private readonly assignmentsByName = new Map<string, ts.Node[]>();
  private readonly pushesByName = new Map<string, ts.Node[]>();
  private readonly textMemo = new Map<ts.Node, Verdict>();
  private readonly markdownMemo = new Map<ts.Node, Verdict>();
  /** Checking what a trusted MarkdownString takes: escapeMarkdown, not inertText, makes text fine. */
  private markdown = false;
  private get safeMemo(): Map<ts.Node, Verdict> {
    return this.markdown ? this.markdownMemo : this.textMemo;
  }
  private trusted: Set<ts.Symbol> | undefined;
  private readonly safeInProgress = new Set<ts.Node>();
  private readonly files: readonly ts.SourceFile[];

  constructor(
    private readonly program: ts.Program,
    isChecked: (fileName: string) => boolean,
    private readonly root: string,
  ) {
    this.checker = program.getTypeChecker();
    this.files = program.getSourceFiles().filter((f) => !f.isDeclarationFile && isChecked(f.fileName));
    for (const f of this.files) this.index(f);
  }

  /** Every sink in the checked files whose text is not known to be fine. */
  rawTexts(): RawText[] {
    const found: RawText[] = [];
    for (const f of this.files) {
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node)) {
          const name = lastName(node.expression);
          if (name && name in CALL_SINKS) this.checkCall(node, found);
          if (name && MARKDOWN_METHODS.has(name)) this.checkMarkdownCall(node, found);
        } else if (ts.isNewExpression(node) && lastName(node.expression) === 'MarkdownString') {
          this.checkMarkdownNew(node, found);
        } else if ((ts.isPropertyAccessExpression(node) || ts.isBindingElement(node)) && this.isSinkReference(node)) {
          // Held in a variable or passed on, a sink's calls are out of this check's sight: call it directly.
          found.push({ at: this.where(node), sink: nameOf(node as unknown as ts.Declaration) ?? node.getText(), because: 'a reference to a VS Code function that shows text, not a call of it' });
        } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && SINK_PROPERTIES.has(node.left.name.text)) {
          this.checkAssignment(node.left, node.right, found);
        }
        ts.forEachChild(node, visit);
      };
      visit(f);
    }
    return found;
  }

  /** Buckets by name, resolved on demand: resolving every call of src/ up front costs a whole type check. */
  private index(f: ts.SourceFile): void {
    const add = (map: Map<string, ts.Node[]>, key: string | undefined, node: ts.Node): void => {
      if (key === undefined) return;
      const list = map.get(key) ?? [];
      list.push(node);
      map.set(key, list);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = strip(node.expression);
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
        add(this.callsByName, name, node);
        if (ts.isPropertyAccessExpression(callee) && (name === 'push' || name === 'unshift')) add(this.pushesByName, lastName(callee.expression), node);
      }
      if (ts.isNewExpression(node)) add(this.callsByName, lastName(node.expression), node);
      if (ts.isBinaryExpression(node) && ASSIGNMENTS.includes(node.operatorToken.kind)) add(this.assignmentsByName, lastName(node.left), node);
      ts.forEachChild(node, visit);
    };
    visit(f);
  }

  /** The calls in src/ that call `fn` (a function, method or an arrow held by a variable or property). */
  private callsOf(fn: ts.SignatureDeclaration): (ts.CallExpression | ts.NewExpression)[] {
    const holder = ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) ? fn.parent : ts.isConstructorDeclaration(fn) ? fn.parent : fn;
    const named = ts.isVariableDeclaration(holder) || ts.isPropertyAssignment(holder) || ts.isPropertyDeclaration(holder) || ts.isFunctionDeclaration(holder) || ts.isMethodDeclaration(holder) || ts.isClassDeclaration(holder);
    const name = named ? nameOf(holder as ts.Declaration) : undefined;
    if (!name) return [];
    return ((this.callsByName.get(name) ?? []) as (ts.CallExpression | ts.NewExpression)[]).filter((c) => this.checker.getResolvedSignature(c)?.declaration === fn);
  }

  /** Values assigned to `s` anywhere in src/ (`x = …`, `this.x = …`, `x ??= …`). */
  private assignedTo(s: ts.Symbol): ts.Expression[] {
    return ((this.assignmentsByName.get(s.name) ?? []) as ts.BinaryExpression[]).filter((b) => this.symbolOf(b.left) === s).map((b) => b.right);
  }

  /** Arguments of `s.push(…)` and `s.unshift(…)` anywhere in src/. */
  private pushedTo(s: ts.Symbol): ts.Expression[] {
    return ((this.pushesByName.get(s.name) ?? []) as ts.CallExpression[])
      .filter((c) => this.symbolOf((c.expression as ts.PropertyAccessExpression).expression) === s)
      .flatMap((c) => [...c.arguments]);
  }

  private symbolOf(e: ts.Expression): ts.Symbol | undefined {
    let s =
      ts.isIdentifier(e) && ts.isShorthandPropertyAssignment(e.parent) && e.parent.name === e
        ? this.checker.getShorthandAssignmentValueSymbol(e.parent)
        : this.checker.getSymbolAtLocation(ts.isPropertyAccessExpression(e) ? e.name : e);
    if (s && s.flags & ts.SymbolFlags.Alias) s = this.checker.getAliasedSymbol(s);
    return s;
  }

  private where(node: ts.Node): string {
    const sf = node.getSourceFile();
    const path = relative(this.root, sf.fileName).split(sep).join('/');
    return `${path}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  }

  private report(found: RawText[], at: ts.Node, sink: string, v: Verdict): void {
    if (v.ok) return;
    const text = v.node.getText().replace(/\s+/g, ' ');
    found.push({ at: this.where(at), sink, because: `${text.length > 70 ? `${text.slice(0, 70)}…` : text} (${this.where(v.node)}: ${v.why})` });
  }

  /** `vscode.window.showInformationMessage` (or the like) used other than as the callee of a call. */
  private isSinkReference(node: ts.PropertyAccessExpression | ts.BindingElement): boolean {
    const name = ts.isPropertyAccessExpression(node) ? node.name.text : ts.isIdentifier(node.propertyName ?? node.name) ? (node.propertyName ?? (node.name as ts.Identifier)).getText() : undefined;
    if (!name || !(name in CALL_SINKS) || name === 'report') return false;
    if (ts.isPropertyAccessExpression(node) && ts.isCallExpression(node.parent) && node.parent.expression === node) return false;
    const at = ts.isPropertyAccessExpression(node) ? node.name : (node.propertyName ?? node.name);
    const s = this.checker.getSymbolAtLocation(at);
    return !!s?.declarations?.some((d) => isVscodeDeclaration(d));
  }

  private checkCall(call: ts.CallExpression, found: RawText[]): void {
    const d = this.checker.getResolvedSignature(call)?.declaration;
    if (!d || !isVscodeDeclaration(d)) return;
    const name = nameOf(d as ts.Declaration);
    const kind = name ? CALL_SINKS[name] : undefined;
    if (!kind || (kind === 'report' && containerName(d) !== 'Progress')) return;
    const [first] = call.arguments;
    if (!first) return;
    switch (kind) {
      case 'message':
        // The message, and the items when they are strings (button labels).
        for (const a of call.arguments) {
          if (ts.isSpreadElement(a)) {
            const items = this.elements(a.expression);
            this.report(found, call, name!, items.ok ? this.all(items.exprs.filter((i) => this.isStringTyped(i))) : items);
          } else if (a === first || this.isStringTyped(a)) this.report(found, call, name!, this.safe(a));
        }
        return;
      case 'first':
        return this.report(found, call, name!, this.safe(first));
      case 'items':
        return this.checkItems(call, first, found);
      case 'progressOptions':
        return this.report(found, call, 'withProgress title', this.property(first, 'title'));
      case 'inputOptions':
        this.report(found, call, 'showInputBox prompt', this.property(first, 'prompt'));
        return this.checkValidation(call, first, found);
      case 'report':
        return this.report(found, call, 'progress message', this.property(first, 'message'));
    }
  }

  private checkAssignment(left: ts.PropertyAccessExpression, right: ts.Expression, found: RawText[]): void {
    const s = this.checker.getSymbolAtLocation(left.name);
    const d = s?.declarations?.[0];
    if (!d || !isVscodeDeclaration(d)) return;
    const owner = containerName(d);
    const prop = left.name.text;
    if (owner === 'MarkdownString' && prop === 'value') {
      if (this.mayBeTrusted(left.expression)) this.reportMarkdown(found, left.parent, 'trusted MarkdownString.value', right);
      return;
    }
    if (!owner || !PROPERTY_SINKS[owner]?.includes(prop)) return;
    if (prop === 'items') return this.checkItems(left.parent, right, found);
    // A validation message may be an InputBoxValidationMessage: its `message` is the text.
    const text = prop === 'validationMessage' && !this.isStringTyped(right) ? this.property(right, 'message') : this.safe(right);
    this.report(found, left.parent, `${owner}.${prop}`, text);
  }

  /** `md.appendText(x)` and the like on a MarkdownString that may be trusted: `x` must be escaped. */
  private checkMarkdownCall(call: ts.CallExpression, found: RawText[]): void {
    const d = this.checker.getResolvedSignature(call)?.declaration;
    if (!d || !isVscodeDeclaration(d) || containerName(d) !== 'MarkdownString' || !ts.isPropertyAccessExpression(call.expression)) return;
    const [first] = call.arguments;
    if (first && this.mayBeTrusted(call.expression.expression)) this.reportMarkdown(found, call, `trusted MarkdownString.${nameOf(d as ts.Declaration)}`, first);
  }

  /** `new vscode.MarkdownString(x)` held where an `isTrusted` is set. */
  private checkMarkdownNew(node: ts.NewExpression, found: RawText[]): void {
    const d = this.checker.getResolvedSignature(node)?.declaration;
    const [first] = node.arguments ?? [];
    if (!d || !isVscodeDeclaration(d) || !first) return;
    const holder = ts.isVariableDeclaration(node.parent) && node.parent.initializer === node ? this.symbolOf(node.parent.name as ts.Identifier) : undefined;
    // Not held by a name: nothing can set isTrusted on it later except through where it goes, which is not followed.
    if (holder ? this.trustedSymbols().has(holder) : !ts.isExpressionStatement(node.parent)) this.reportMarkdown(found, node, 'trusted new MarkdownString', first);
  }

  private reportMarkdown(found: RawText[], at: ts.Node, sink: string, text: ts.Expression): void {
    this.markdown = true;
    try {
      this.report(found, at, sink, this.safe(text));
    } finally {
      this.markdown = false;
    }
  }

  /** Symbols (variables, parameters, properties) some `x.isTrusted = …` other than `false` is assigned through. */
  private trustedSymbols(): Set<ts.Symbol> {
    if (this.trusted) return this.trusted;
    this.trusted = new Set();
    for (const b of (this.assignmentsByName.get('isTrusted') ?? []) as ts.BinaryExpression[]) {
      if (!ts.isPropertyAccessExpression(b.left) || strip(b.right).kind === ts.SyntaxKind.FalseKeyword) continue;
      const s = this.symbolOf(strip(b.left.expression));
      if (s) this.trusted.add(s);
    }
    return this.trusted;
  }

  /** Whether the MarkdownString `e` evaluates to may be trusted: an `isTrusted` is set on what holds it or on where
   * it comes from (followed like text), or where it comes from is not known. A fresh one is not. */
  private mayBeTrusted(expr: ts.Expression, seen = new Set<ts.Node>()): boolean {
    const e = this.awaited(expr);
    if (seen.has(e)) return false;
    seen.add(e);
    if (ts.isNewExpression(e)) return false;
    if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) {
      const s = this.symbolOf(e);
      if (s && this.trustedSymbols().has(s)) return true;
    }
    const values = this.values(e);
    if (!values.ok || values.exprs.some((v) => strip(v) === e)) return true;
    return values.exprs.some((v) => this.mayBeTrusted(v, seen));
  }

  /** Quick-pick items: strings, or objects whose label, description and detail are fine. */
  private checkItems(at: ts.Node, items: ts.Expression, found: RawText[]): void {
    const elements = this.elements(this.awaited(items));
    if (!elements.ok) return this.report(found, at, 'quick-pick items', elements);
    for (const e of elements.exprs) {
      if (this.isStringTyped(e)) {
        this.report(found, at, 'QuickPickItem', this.safe(e));
        continue;
      }
      for (const field of ITEM_FIELDS) this.report(found, at, `QuickPickItem.${field}`, this.property(e, field));
    }
  }

  /** What showInputBox's validateInput returns is shown as the validation message. */
  private checkValidation(at: ts.Node, options: ts.Expression, found: RawText[]): void {
    const objects = this.objects(options);
    if (!objects.ok) return;
    for (const o of objects.exprs) {
      const prop = (o as ts.ObjectLiteralExpression).properties.find((p) => nameOf(p) === 'validateInput');
      if (!prop) continue;
      const fn = ts.isPropertyAssignment(prop) ? this.functionOf(prop.initializer) : ts.isMethodDeclaration(prop) ? prop : undefined;
      if (!fn) {
        this.report(found, at, 'validateInput', { ok: false, node: prop, why: 'not a function this check can read' });
        continue;
      }
      for (const r of this.returns(fn)) {
        const e = this.awaited(r);
        this.report(found, at, 'validation message', this.isStringTyped(e) || this.isSafeType(e) ? this.safe(e) : this.property(e, 'message'));
      }
    }
  }

  private isStringTyped(e: ts.Expression): boolean {
    const t = this.checker.getTypeAtLocation(e);
    const parts = t.isUnion() ? t.types : [t];
    return parts.some((p) => !!(p.flags & ts.TypeFlags.StringLike));
  }

  /** Numbers, booleans, enums and what is not text at all (a MarkdownString, a symbol): nothing a server wrote as
   * plain text. `any` and `unknown` may be anything. A string literal *type* is not enough (a cast makes one): string
   * constants are followed to their literal. */
  private isSafeType(e: ts.Expression): boolean {
    const t = this.checker.getTypeAtLocation(e);
    const safe = (p: ts.Type): boolean =>
      !(p.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.TypeParameter)) && (!(p.flags & ts.TypeFlags.StringLike) || !!(p.flags & ts.TypeFlags.EnumLike));
    return t.isUnion() && !(t.flags & ts.TypeFlags.EnumLike) ? t.types.every(safe) : t.isIntersection() ? !t.types.some((p) => !safe(p)) : safe(t);
  }

  private awaited(e: ts.Expression): ts.Expression {
    e = strip(e);
    while (ts.isAwaitExpression(e)) e = strip(e.expression);
    return e;
  }

  private functionOf(e: ts.Expression): ts.SignatureDeclaration | undefined {
    e = strip(e);
    if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return e;
    const d = this.symbolOf(e)?.valueDeclaration;
    if (d && (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d))) return d;
    if (d && ts.isVariableDeclaration(d) && d.initializer) return this.functionOf(d.initializer);
    return undefined;
  }

  /** The expressions a function returns (an arrow's expression body included). */
  private returns(fn: ts.SignatureDeclaration): ts.Expression[] {
    const body = (fn as { body?: ts.Node }).body;
    if (!body) return [];
    if (!ts.isBlock(body)) return [body as ts.Expression];
    const out: ts.Expression[] = [];
    const visit = (n: ts.Node): void => {
      if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
      // Returns of nested functions are theirs.
      if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
    };
    ts.forEachChild(body, visit);
    return out;
  }

  /** Whether the text `expr` evaluates to is fine (memoized; a cycle counts as fine until shown otherwise). */
  safe(expr: ts.Expression): Verdict {
    const known = this.safeMemo.get(expr);
    if (known) return known;
    if (this.safeInProgress.has(expr)) {
      this.cycles++;
      return OK;
    }
    const before = this.cycles;
    this.safeInProgress.add(expr);
    try {
      const v = this.safeUncached(expr);
      if (this.cycles === before || !v.ok) this.safeMemo.set(expr, v);
      return v;
    } finally {
      this.safeInProgress.delete(expr);
    }
  }

  private all(exprs: readonly ts.Expression[]): Verdict {
    for (const e of exprs) {
      const v = this.safe(e);
      if (!v.ok) return v;
    }
    return OK;
  }

  private safeUncached(expr: ts.Expression): Verdict {
    const e = strip(expr);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e)) return OK;
    if (this.isSafeType(e)) return OK;
    if (ts.isTemplateExpression(e)) return this.all(e.templateSpans.map((s) => s.expression));
    if (ts.isConditionalExpression(e)) return this.all([e.whenTrue, e.whenFalse]);
    if (ts.isBinaryExpression(e)) {
      switch (e.operatorToken.kind) {
        case ts.SyntaxKind.PlusToken:
        case ts.SyntaxKind.QuestionQuestionToken:
        case ts.SyntaxKind.BarBarToken:
          return this.all([e.left, e.right]);
        case ts.SyntaxKind.AmpersandAmpersandToken: // a falsy left is '', 0 or nothing
        case ts.SyntaxKind.CommaToken:
          return this.safe(e.right);
      }
      return { ok: false, node: e, why: 'an operator this check does not follow' };
    }
    if (ts.isAwaitExpression(e)) return this.safe(e.expression);
    if (ts.isCallExpression(e)) return this.safeCall(e);
    const values = this.values(e);
    if (!values.ok) return values;
    return this.all(values.exprs);
  }

  private safeCall(call: ts.CallExpression): Verdict {
    const d = this.checker.getResolvedSignature(call)?.declaration;
    const name = d ? nameOf(d as ts.Declaration) : undefined;
    if (!this.markdown && d && name && SANITIZERS.has(name) && /[\\/]untrustedText\.ts$/.test(d.getSourceFile().fileName)) return OK;
    if (this.markdown && d && name && MARKDOWN_SANITIZERS.has(name) && /[\\/]shared[\\/]markdownText\.ts$/.test(d.getSourceFile().fileName)) return OK;
    if (d && name === 't' && isVscodeDeclaration(d) && containerName(d) === 'l10n') {
      const [message, ...args] = call.arguments;
      const parts: ts.Expression[] = [];
      for (const a of [message, ...args]) {
        if (!a) continue;
        const s = strip(a);
        if (ts.isObjectLiteralExpression(s)) {
          for (const p of s.properties) {
            if (ts.isPropertyAssignment(p)) {
              const v = strip(p.initializer);
              if (ts.isObjectLiteralExpression(v) || ts.isArrayLiteralExpression(v)) parts.push(...(ts.isArrayLiteralExpression(v) ? v.elements : v.properties.filter(ts.isPropertyAssignment).map((q) => q.initializer)));
              else parts.push(v);
            } else return { ok: false, node: p, why: 'an l10n.t argument this check does not read' };
          }
        } else if (ts.isSpreadElement(a)) {
          const els = this.elements(a.expression);
          if (!els.ok) return els;
          parts.push(...els.exprs);
        } else parts.push(a);
      }
      return this.all(parts);
    }
    const callee = call.expression;
    // A `Translate` (src/shared/validation.ts) is vscode.l10n.t or its plain stand-in for tests: a formatter.
    const alias = this.checker.getTypeAtLocation(callee).aliasSymbol;
    if (alias?.name === 'Translate' && alias.declarations?.some((a) => /[\\/]shared[\\/]validation\.ts$/.test(a.getSourceFile().fileName))) return this.all(call.arguments);
    if (ts.isIdentifier(callee) && callee.text === 'String' && d && d.getSourceFile().isDeclarationFile) return this.all(call.arguments.slice(0, 1));
    if (ts.isPropertyAccessExpression(callee)) {
      const method = callee.name.text;
      if (method === 'join' && d?.getSourceFile().isDeclarationFile) {
        const els = this.elements(callee.expression);
        if (!els.ok) return els;
        return this.all([...els.exprs, ...call.arguments]);
      }
      if (STRING_PARTS.has(method) && d?.getSourceFile().isDeclarationFile && this.isStringTyped(callee.expression)) return this.all([callee.expression, ...call.arguments]);
      // A date or a number written out by the runtime.
      if (DATE_TEXT.has(method) && d?.getSourceFile().isDeclarationFile && ['Date', 'Number'].includes(this.checker.getTypeAtLocation(callee.expression).getSymbol()?.name ?? '')) return OK;
    }
    if (d && !d.getSourceFile().isDeclarationFile) {
      const returned = this.returnsOfCall(call, d);
      return returned.ok ? this.all(returned.exprs) : returned;
    }
    return { ok: false, node: call, why: `a call of ${d ? (name ?? 'a function') : 'something'} outside src/ or unknown` };
  }

  /** What a call of a function of src/ returns: its return statements, or for a call of a function value (a
   * callback property or parameter) those of each function given there. A declaration without a body (an
   * overload, `declare function`) says nothing of what it returns. */
  private returnsOfCall(call: ts.CallExpression, d: ts.Declaration): Values {
    if (ts.isFunctionLike(d) && (d as { body?: ts.Node }).body) return { ok: true, exprs: this.returns(d) };
    const given = this.values(call.expression);
    if (!given.ok) return given;
    const exprs: ts.Expression[] = [];
    for (const g of given.exprs) {
      const fn = this.functionOf(g);
      if (!fn || !(fn as { body?: ts.Node }).body) return { ok: false, node: g, why: 'a function value this check cannot read' };
      exprs.push(...this.returns(fn));
    }
    return { ok: true, exprs };
  }

  /** The expressions a name, property or element may hold. */
  private readonly inProgress = new Set<string>();
  private readonly memo = new Map<string, Values>();
  /** Cycles met so far: a result computed while one was cut short is partial, so it is not remembered. */
  private cycles = 0;

  /** Runs `fn` once per (what, node) at a time: a cycle adds nothing (the other paths are followed). */
  private guarded(what: string, node: ts.Node, fn: () => Values): Values {
    const key = `${what}@${node.getSourceFile().fileName}:${node.pos}:${node.end}`;
    const known = this.memo.get(key);
    if (known) return known;
    if (this.inProgress.has(key)) {
      this.cycles++;
      return { ok: true, exprs: [] };
    }
    const before = this.cycles;
    this.inProgress.add(key);
    try {
      const result = fn();
      if (this.cycles === before) this.memo.set(key, result);
      return result;
    } finally {
      this.inProgress.delete(key);
    }
  }

  private values(expr: ts.Expression): Values {
    const e = this.awaited(expr);
    return this.guarded('values', e, () => this.valuesUncached(e));
  }

  private valuesUncached(e: ts.Expression): Values {
    if (this.isNothing(e)) return { ok: true, exprs: [] };
    if (ts.isIdentifier(e)) return this.valuesOfSymbol(e, this.symbolOf(e));
    if (ts.isPropertyAccessExpression(e)) {
      const objects = this.objects(e.expression);
      if (objects.ok) return this.propertyValues(objects.exprs, e.name.text, e);
      return this.valuesOfSymbol(e, this.symbolOf(e), objects);
    }
    if (ts.isElementAccessExpression(e)) {
      // A lookup table (`LABELS[key]`): any of its properties; otherwise an element of an array.
      const table = this.isPrimitive(e.expression) ? undefined : this.objects(e.expression);
      if (table?.ok && table.exprs.length) return this.union(table.exprs.map((o) => this.allProperties(o)));
      return this.elements(e.expression);
    }
    if (ts.isCallExpression(e)) {
      const d = this.checker.getResolvedSignature(e)?.declaration;
      const callee = e.expression;
      if (ts.isPropertyAccessExpression(callee) && ['find', 'findLast', 'at', 'pop', 'shift'].includes(callee.name.text) && d?.getSourceFile().isDeclarationFile) return this.elements(callee.expression);
      // A promise's value is what its callback returns; Promise.resolve(x) is x.
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'then' && d?.getSourceFile().isDeclarationFile) {
        const fn = e.arguments[0] && this.functionOf(e.arguments[0]);
        if (fn) return { ok: true, exprs: this.returns(fn) };
      }
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'resolve' && ts.isIdentifier(callee.expression) && callee.expression.text === 'Promise' && e.arguments[0]) return this.values(e.arguments[0]);
      if (d && !d.getSourceFile().isDeclarationFile) return this.returnsOfCall(e, d);
      return { ok: false, node: e, why: 'the result of a call this check does not follow' };
    }
    if (ts.isConditionalExpression(e)) return this.union([this.values(e.whenTrue), this.values(e.whenFalse)]);
    if (ts.isBinaryExpression(e) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(e.operatorToken.kind)) return this.union([this.values(e.left), this.values(e.right)]);
    if (ts.isObjectLiteralExpression(e) || ts.isArrayLiteralExpression(e) || ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e)) return { ok: true, exprs: [e] };
    return { ok: false, node: e, why: 'not something this check follows' };
  }

  private union(parts: Values[]): Values {
    const exprs: ts.Expression[] = [];
    for (const p of parts) {
      if (!p.ok) return p;
      exprs.push(...p.exprs);
    }
    return { ok: true, exprs };
  }

  private valuesOfSymbol(at: ts.Expression, s: ts.Symbol | undefined, otherwise?: Values): Values {
    const d = s?.valueDeclaration ?? s?.declarations?.[0];
    const fail = otherwise && !otherwise.ok ? otherwise : { ok: false as const, node: at, why: 'server data or another value this check cannot trace' };
    if (!s || !d) return fail;
    if (ts.isEnumMember(d)) return { ok: true, exprs: [] };
    if (d.getSourceFile().isDeclarationFile || !this.files.includes(d.getSourceFile())) return fail;
    if (/[\\/]src[\\/]api[\\/]/.test(d.getSourceFile().fileName)) return { ok: false, node: at, why: `server data (${nameOf(d as ts.Declaration) ?? 'a field'} of an API answer)` };
    return this.guarded('symbol', d, () => {
      const assigned = this.assignedTo(s);
      if (ts.isVariableDeclaration(d)) {
        if (ts.isForOfStatement(d.parent.parent)) return this.elements(d.parent.parent.expression);
        if (!d.initializer && !assigned.length) return fail;
        return { ok: true, exprs: [...(d.initializer ? [d.initializer] : []), ...assigned] };
      }
      if (ts.isParameter(d)) return this.parameterValues(d, at);
      if (ts.isBindingElement(d)) return this.bindingValues(d, at);
      if (ts.isPropertyDeclaration(d) || ts.isPropertyAssignment(d) || ts.isShorthandPropertyAssignment(d)) {
        const init = ts.isShorthandPropertyAssignment(d) ? d.name : d.initializer;
        if (!init && !assigned.length) return fail;
        return { ok: true, exprs: [...(init ? [init] : []), ...assigned] };
      }
      if (ts.isGetAccessorDeclaration(d)) return { ok: true, exprs: this.returns(d) };
      return fail;
    });
  }

  /** What a parameter receives: the element of the array a callback runs over, or the arguments of every call. */
  private parameterValues(p: ts.ParameterDeclaration, at: ts.Expression): Values {
    const fn = p.parent;
    const index = fn.parameters.indexOf(p);
    const outer = fn.parent;
    if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isCallExpression(outer) && outer.arguments[0] === fn && ts.isPropertyAccessExpression(outer.expression)) {
      if (ELEMENT_CALLBACKS.has(outer.expression.name.text) && index === 0) return this.elements(outer.expression.expression);
      if (outer.expression.name.text === 'then' && index === 0) return this.values(outer.expression.expression);
      return { ok: false, node: at, why: `a parameter of a callback of ${outer.expression.name.text}()` };
    }
    const calls = this.callsOf(fn);
    if (!calls.length) return { ok: false, node: at, why: 'a parameter of a function only called indirectly' };
    const exprs: ts.Expression[] = [];
    for (const c of calls) {
      const args = c.arguments ?? [];
      if (p.dotDotDotToken) exprs.push(...args.slice(index));
      else if (args[index]) exprs.push(args[index]);
      else if (p.initializer) exprs.push(p.initializer);
    }
    return { ok: true, exprs };
  }

  /** `const { a } = x` and `({ a }) => …`: property `a` of what the pattern destructures. */
  private bindingValues(b: ts.BindingElement, at: ts.Expression): Values {
    const pattern = b.parent;
    const name = b.propertyName ? nameOf({ name: b.propertyName } as unknown as ts.Declaration) : nameOf(b);
    const owner = pattern.parent;
    let whole: Values;
    if (ts.isVariableDeclaration(owner) && owner.initializer) whole = { ok: true, exprs: [owner.initializer] };
    else if (ts.isParameter(owner)) whole = this.parameterValues(owner, at);
    else return { ok: false, node: at, why: 'a destructured value this check does not follow' };
    if (!whole.ok) return whole;
    if (ts.isArrayBindingPattern(pattern)) return this.union(whole.exprs.map((w) => this.elements(w)));
    if (!name) return { ok: false, node: at, why: 'a computed property name' };
    const objects = this.union(whole.exprs.map((w) => this.objects(w)));
    if (!objects.ok) return objects;
    const values = this.propertyValues(objects.exprs, name, at);
    if (values.ok && b.initializer) values.exprs.push(b.initializer);
    return values;
  }

  /** Nothing at all: `undefined`, `null` (no object, no elements, no text). */
  private isNothing(e: ts.Expression): boolean {
    const t = this.checker.getTypeAtLocation(e);
    return !!(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Void | ts.TypeFlags.Never));
  }

  /** A string, number, boolean or symbol: no object, no properties to read. */
  private isPrimitive(e: ts.Expression): boolean {
    const t = this.checker.getTypeAtLocation(e);
    const primitive = ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.ESSymbolLike | ts.TypeFlags.BigIntLike;
    return !t.isUnion() && !!(t.flags & primitive);
  }

  /** The object literals an expression may evaluate to. */
  private objects(expr: ts.Expression): Values {
    const e = this.awaited(expr);
    return this.guarded('objects', e, () => this.objectsUncached(e));
  }

  private objectsUncached(e: ts.Expression): Values {
    if (ts.isObjectLiteralExpression(e)) return { ok: true, exprs: [e] };
    if (this.isNothing(e) || this.isPrimitive(e)) return { ok: true, exprs: [] };
    const values = this.values(e);
    if (!values.ok) return values;
    if (values.exprs.length === 1 && values.exprs[0] === e) return { ok: false, node: e, why: 'not an object this check can read' };
    return this.union(values.exprs.map((v) => this.objects(v)));
  }

  /** Property `name` of each object literal (spreads followed; a missing property is undefined). */
  private propertyValues(objects: readonly ts.Expression[], name: string, at: ts.Node): Values {
    const exprs: ts.Expression[] = [];
    for (const o of objects) {
      if (!ts.isObjectLiteralExpression(o)) return { ok: false, node: o, why: 'not an object literal' };
      let found = false;
      // The last assignment wins; spreads after it may override it, so every candidate counts.
      for (const p of o.properties) {
        if (ts.isSpreadAssignment(p)) {
          const inner = this.objects(p.expression);
          if (!inner.ok) return inner;
          const v = this.guarded(`property ${name}`, p, () => this.propertyValues(inner.exprs, name, at));
          if (!v.ok) return v;
          exprs.push(...v.exprs);
        } else if (nameOf(p) === name) {
          found = true;
          if (ts.isPropertyAssignment(p)) exprs.push(p.initializer);
          else if (ts.isShorthandPropertyAssignment(p)) exprs.push(p.name);
          else return { ok: false, node: p, why: 'a method or accessor' };
        } else if (p.name && ts.isComputedPropertyName(p.name)) return { ok: false, node: p, why: 'a computed property name' };
      }
      void found;
    }
    return { ok: true, exprs };
  }

  /** Every property value of an object literal (spreads followed). */
  private allProperties(o: ts.Expression): Values {
    return this.guarded('allProperties', o, () => this.allPropertiesUncached(o));
  }

  private allPropertiesUncached(o: ts.Expression): Values {
    if (!ts.isObjectLiteralExpression(o)) return { ok: false, node: o, why: 'not an object literal' };
    const parts: Values[] = o.properties.map((p): Values => {
      if (ts.isPropertyAssignment(p)) return { ok: true, exprs: [p.initializer] };
      if (ts.isShorthandPropertyAssignment(p)) return { ok: true, exprs: [p.name] };
      if (ts.isSpreadAssignment(p)) {
        const inner = this.objects(p.expression);
        return inner.ok ? this.union(inner.exprs.map((i) => this.allProperties(i))) : inner;
      }
      return { ok: false, node: p, why: 'a method or accessor' };
    });
    return this.union(parts);
  }

  /** Property `name` of an object-valued expression, as text. */
  private property(expr: ts.Expression, name: string): Verdict {
    const objects = this.objects(expr);
    if (!objects.ok) return objects;
    const values = this.propertyValues(objects.exprs, name, expr);
    if (!values.ok) return values;
    return this.all(values.exprs);
  }

  /** The expressions an array's elements come from. */
  private elements(expr: ts.Expression): Values {
    const e = this.awaited(expr);
    return this.guarded('elements', e, () => this.elementsUncached(e));
  }

  private elementsUncached(e: ts.Expression): Values {
    if (this.isNothing(e)) return { ok: true, exprs: [] };
    if (ts.isArrayLiteralExpression(e)) {
      return this.union(e.elements.map((el) => (ts.isSpreadElement(el) ? this.elements(el.expression) : { ok: true, exprs: [el] })));
    }
    if (ts.isCallExpression(e)) {
      const callee = e.expression;
      const d = this.checker.getResolvedSignature(e)?.declaration;
      if (ts.isPropertyAccessExpression(callee) && d?.getSourceFile().isDeclarationFile) {
        const method = callee.name.text;
        if (method === 'map' || method === 'flatMap') {
          const fn = e.arguments[0] && this.functionOf(e.arguments[0]);
          if (!fn) return { ok: false, node: e, why: 'a map callback this check cannot read' };
          const returns = this.returns(fn);
          return method === 'map' ? { ok: true, exprs: returns } : this.union(returns.map((r) => this.elements(r)));
        }
        if (method === 'split' && this.isStringTyped(callee.expression)) return { ok: true, exprs: [callee.expression] };
        if (SAME_ELEMENTS.has(method)) return this.union([this.elements(callee.expression), ...(method === 'concat' ? e.arguments.map((a) => this.elements(a)) : [])]);
        if (method === 'from' && ts.isIdentifier(callee.expression) && callee.expression.text === 'Array' && e.arguments.length === 1) return this.elements(e.arguments[0]!);
      }
    }
    if (ts.isIdentifier(e)) {
      const s = this.symbolOf(e);
      const values = this.values(e);
      if (!values.ok) return values;
      const pushed = s ? this.pushedTo(s) : [];
      return this.union([...values.exprs.map((v) => this.elements(v)), ...pushed.map((p): Values => (ts.isSpreadElement(p) ? this.elements(p.expression) : { ok: true, exprs: [p] }))]);
    }
    const values = this.values(e);
    if (!values.ok) return values;
    if (values.exprs.length === 1 && values.exprs[0] === e) return { ok: false, node: e, why: 'not an array this check can read' };
    return this.union(values.exprs.map((v) => this.elements(v)));
  }
}

/** The program of the repository's src/ (type-checked, not emitted). */
export function srcProgram(root: string): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json could not be read');
  const src = join(root, 'src') + sep;
  return ts.createProgram(config.fileNames.filter((f) => f.startsWith(src) || f.startsWith(src.split(sep).join('/'))), { ...config.options, noEmit: true });
}

/** A program of in-memory files under `<root>/src/__fixture__/` (they see node_modules like src/ does). */
export function fixtureProgram(root: string, files: Record<string, string>): ts.Program {
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16, strict: true, noEmit: true, types: ['node'], skipLibCheck: true };
  const base = join(root, 'src', '__fixture__');
  const virtual = new Map(Object.entries(files).map(([name, text]) => [join(base, name), text]));
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, create) =>
    virtual.has(fileName) ? ts.createSourceFile(fileName, virtual.get(fileName)!, language) : getSourceFile(fileName, language, onError, create);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (f) => virtual.has(f) || fileExists(f);
  const readFile = host.readFile.bind(host);
  host.readFile = (f) => virtual.get(f) ?? readFile(f);
  return ts.createProgram([...virtual.keys()], options, host);
}
