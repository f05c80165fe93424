// The certificate settings decide which servers get the token: a workspace (a cloned repository's
// .vscode/settings.json) must not set them. package.json gives them `"scope": "machine"`, and the code reads the
// user's value (inspect().globalValue), never the merged one that a workspace value would win.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { repoRoot, sourceFiles } from '../architecture/sourceFiles';

const CERTIFICATE_SETTINGS = ['gitea.caCertificates', 'gitea.allowSelfSignedCertificates'];

describe('certificate settings are the machine\'s', () => {
  it('package.json declares them with "scope": "machine"', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { scope?: string }> } | { properties: Record<string, { scope?: string }> }[] } };
    const sections = Array.isArray(pkg.contributes.configuration) ? pkg.contributes.configuration : [pkg.contributes.configuration];
    const properties = Object.assign({}, ...sections.map((s) => s.properties)) as Record<string, { scope?: string }>;
    for (const id of CERTIFICATE_SETTINGS) assert.equal(properties[id]?.scope, 'machine', id);
  });

  it('src/ never reads them with WorkspaceConfiguration.get (which a workspace value would win)', () => {
    const found: string[] = [];
    for (const { path, ast } of sourceFiles()) {
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'get') {
          const arg = node.arguments[0]?.getText() ?? '';
          if (/SETTING\.(?:caCertificates|allowSelfSigned)\b/.test(arg) || CERTIFICATE_SETTINGS.some((id) => arg.includes(id))) {
            found.push(`src/${path}:${ast.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText()}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(ast);
    }
    assert.deepEqual(found, []);
  });
});
