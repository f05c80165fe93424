// Errors never vanish: every `catch` of src/ either uses what it caught (classifies, rethrows, logs or shows it) or
// names the expected case it stands for with an `// expected: …` comment (inside the catch, or above the statement
// of a rejection handler). The same holds for promise rejection
// handlers (`.catch(() => …)`, the second argument of `.then`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ts from 'typescript';
import { sourceFiles } from './sourceFiles';

const EXPECTED = /(?:\/\/|\/\*)\s*expected:\s*\S/;

function uses(name: string | undefined, body: ts.Node): boolean {
  return !!name && new RegExp(`\\b${name}\\b`).test(body.getText());
}

/** The node's text with its comments, and the comments in front of each enclosing node up to its statement (the
 * line above a property, an array element or the statement). */
function commentsAround(node: ts.Node, sf: ts.SourceFile): string {
  const text = sf.getFullText();
  let found = text.slice(node.getFullStart(), node.getEnd());
  for (let n: ts.Node = node; n.parent && !ts.isBlock(n) && !ts.isSourceFile(n); n = n.parent) found += text.slice(n.getFullStart(), n.getStart());
  return found;
}

export function silentCatches(): string[] {
  const found: string[] = [];
  for (const { path, ast } of sourceFiles()) {
    const at = (node: ts.Node): string => `src/${path}:${ast.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isCatchClause(node)) {
        const name = node.variableDeclaration?.name.getText();
        if (!uses(name, node.block) && !EXPECTED.test(commentsAround(node.block, ast))) found.push(`${at(node)} catch ${node.block.getText().replace(/\s+/g, ' ').slice(0, 80)}`);
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const handler = method === 'catch' ? node.arguments[0] : method === 'then' ? node.arguments[1] : undefined;
        if (handler && (ts.isArrowFunction(handler) || ts.isFunctionExpression(handler))) {
          const name = handler.parameters[0]?.name.getText();
          if (!uses(name, handler.body) && !EXPECTED.test(commentsAround(handler, ast))) found.push(`${at(handler)} .${method}(${handler.getText().replace(/\s+/g, ' ').slice(0, 60)})`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(ast);
  }
  return found;
}

test('every catch in src/ uses its error or names the expected case', () => {
  assert.deepEqual(silentCatches(), []);
});
