// What activation loads. dist/extension.js is bundled from src/extension.ts and every file it reaches through value
// imports, up to the requires esbuild leaves to another bundle (scripts/build.mjs). The views' and commands' code
// belongs in dist/workbench.js, loaded on first use (src/core/deferredFeatures.ts): an import that pulls it into the
// entry point makes every window pay for it at startup, and fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { REPO_ROOT } from '../../harness/paths';
import { API_VALUE_MODULES } from './layers';
import { importEdges, sourceFiles, type ImportEdge } from './sourceFiles';

/** The requires that stay requires of another bundle (scripts/build.mjs): where a bundle ends. */
const BUNDLE_BOUNDARIES: ReadonlySet<string> = new Set([
  'extension.ts → workbench.ts',
  'apiLoader.ts → api/index.ts',
  'commands/admin/index.ts → commands/admin/handlers.ts',
  'git/pullRequestStatus.ts → git/branchStatusItem.ts',
  'auth/signInLoader.ts → auth/signInActions.ts',
  'git/gitCredentials.ts → git/credentialsAnswer.ts',
  'git/remoteSources/index.ts → git/remoteSources/implementation.ts',
]);

const key = (e: ImportEdge): string => `${e.from} → ${e.to}`;

/** The files of src/ bundled with `entry`. */
function bundledFrom(entry: string, edges: readonly ImportEdge[]): Set<string> {
  const files = new Set([entry]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const e of edges) {
      if (e.from !== file || e.typeOnly || BUNDLE_BOUNDARIES.has(key(e)) || files.has(e.to)) continue;
      files.add(e.to);
      queue.push(e.to);
    }
  }
  return files;
}

/** Files of the entry point's bundle that belong to the views, commands and language-model tools (the status bar item
 * shows at startup; the tools' relays are registered then). */
function featureCode(files: ReadonlySet<string>): string[] {
  return [...files]
    .filter((f) => f === 'workbench.ts' || f.startsWith('commands/') || (f.startsWith('views/') && f !== 'views/statusBar.ts') || (f.startsWith('lm/') && f !== 'lm/standIns.ts'))
    .sort();
}

test('each bundle boundary is a value require that exists in src/', () => {
  const values = new Set(importEdges().filter((e) => !e.typeOnly).map(key));
  assert.deepEqual([...BUNDLE_BOUNDARIES].filter((b) => !values.has(b)), []);
});

test('dist/extension.js holds no view or command code, and not the client', () => {
  const files = bundledFrom('extension.ts', importEdges());
  assert.deepEqual(featureCode(files), []);
  assert.deepEqual([...files].filter((f) => f.startsWith('api/') && !API_VALUE_MODULES.has(f)), []);
  // What it must hold to work at startup.
  for (const f of ['auth/accountStore.ts', 'git/repositoryContext.ts', 'views/statusBar.ts', 'core/deferredFeatures.ts', 'lm/standIns.ts']) assert.ok(files.has(f), f);
  // Its one instance is the workbench's: a copy here would be another cache, which the forms would not see.
  assert.ok(!files.has('core/recentRepositories.ts'), 'the recently read repositories are the workbench bundle\'s');
});

test('dist/extension.js registers the account commands, git\'s credentials provider and the branch item, and holds none of their code', () => {
  const edges = importEdges();
  const files = bundledFrom('extension.ts', edges);
  for (const f of ['auth/signInLoader.ts', 'git/gitCredentials.ts', 'git/pullRequestStatus.ts', 'auth/autoLoginEnvironment.ts']) assert.ok(files.has(f), f);
  const lazy = ['auth/signInFlow.ts', 'auth/signInArgs.ts', 'auth/signInAgain.ts', 'auth/signOut.ts', 'auth/autoLogin.ts', 'auth/httpOptions.ts', 'auth/transportSecurity.ts',
    'git/credentialsAnswer.ts', 'git/credentialMatch.ts', 'git/branchStatusItem.ts', 'git/branchStatusDetails.ts', 'git/gitProcess.ts'];
  assert.deepEqual(lazy.filter((f) => files.has(f)), []);
  // Each is in the bundle its loader requires.
  for (const f of ['auth/signInFlow.ts', 'auth/signInAgain.ts', 'auth/httpOptions.ts', 'auth/autoLogin.ts']) assert.ok(bundledFrom('auth/signInActions.ts', edges).has(f), f);
  assert.ok(bundledFrom('git/credentialsAnswer.ts', edges).has('git/credentialMatch.ts'));
  assert.ok(bundledFrom('git/branchStatusItem.ts', edges).has('git/branchStatusDetails.ts'));
});

test('dist/workbench.js reaches every view and command family', () => {
  const files = bundledFrom('workbench.ts', importEdges());
  for (const f of ['views/index.ts', 'commands/index.ts', 'views/branchesView.ts', 'commands/createIssue/index.ts', 'lm/index.ts', 'lm/issueTool.ts']) assert.ok(files.has(f), f);
});

test('the check notices an import that pulls the views into the entry point', () => {
  const edges = [...importEdges(), { from: 'auth/accountStore.ts', to: 'views/index.ts', typeOnly: false, line: 1 }];
  assert.ok(featureCode(bundledFrom('extension.ts', edges)).includes('views/branchesView.ts'));
  const typeOnly = [...importEdges(), { from: 'auth/accountStore.ts', to: 'views/index.ts', typeOnly: true, line: 1 }];
  assert.deepEqual(featureCode(bundledFrom('extension.ts', typeOnly)), []);
});

/** The files of src/ that load a package by value (a value import or a require of it). */
function packageLoaders(name: string): Set<string> {
  const loaders = new Set<string>();
  for (const file of sourceFiles()) {
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text === name && !node.importClause?.isTypeOnly) loaders.add(file.path);
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require' && node.arguments.some((a) => ts.isStringLiteral(a) && a.text === name)) loaders.add(file.path);
      ts.forEachChild(node, visit);
    };
    visit(file.ast);
  }
  return loaders;
}

test('markdown-it is not in dist/extension.js: it loads with the first body rendered', () => {
  const loaders = packageLoaders('markdown-it');
  assert.deepEqual([...loaders], ['shared/markdown.ts'], 'the one module that loads markdown-it');
  const files = bundledFrom('extension.ts', importEdges());
  assert.deepEqual([...files].filter((f) => loaders.has(f)), []);
  // The check notices an import that pulls the renderer into the entry point.
  const edges = [...importEdges(), { from: 'auth/accountStore.ts', to: 'shared/markdown.ts', typeOnly: false, line: 1 }];
  assert.ok(bundledFrom('extension.ts', edges).has('shared/markdown.ts'));
});

test('Markdown renders on its worker thread: dist/markdownWorker.js holds markdown-it, the workbench only starts it', () => {
  const edges = importEdges();
  assert.ok(bundledFrom('shared/markdownWorker.ts', edges).has('shared/markdown.ts'), 'the worker bundles the renderer');
  assert.ok(!bundledFrom('workbench.ts', edges).has('shared/markdown.ts'), 'no view or command renders on the host thread');
  assert.ok(bundledFrom('workbench.ts', edges).has('shared/markdownOffThread.ts'));
  // The file the host starts is the one scripts/build.mjs writes beside the bundles.
  const build = readFileSync(join(REPO_ROOT, 'scripts', 'build.mjs'), 'utf8');
  assert.match(build, /entryPoints: \['src\/shared\/markdownWorker\.ts'\], outfile: 'dist\/markdownWorker\.js'/);
  const host = sourceFiles().find((f) => f.path === 'shared/markdownOffThread.ts')!.ast.getFullText();
  assert.match(host, /join\(__dirname, 'markdownWorker\.js'\)/);
});

test('the YAML parser loads with the first template or workflow read, through one module', () => {
  assert.deepEqual([...packageLoaders('js-yaml')], ['shared/yaml.ts']);
  assert.deepEqual([...packageLoaders('yaml')], [], 'the yaml package is left to the tests (a devDependency)');
  assert.ok(!bundledFrom('extension.ts', importEdges()).has('shared/yaml.ts'), 'not in dist/extension.js');
});

test('dist/extension.js registers Clone from and Publish to Gitea with git, and holds none of their code', () => {
  const edges = importEdges();
  const files = bundledFrom('extension.ts', edges);
  assert.ok(files.has('git/remoteSources/index.ts'));
  const lazy = ['git/remoteSources/implementation.ts', 'git/remoteSources/cloneSources.ts', 'git/remoteSources/publish.ts', 'git/remoteSources/publishSteps.ts'];
  assert.deepEqual(lazy.filter((f) => files.has(f)), []);
  const implementation = bundledFrom('git/remoteSources/implementation.ts', edges);
  for (const f of lazy) assert.ok(implementation.has(f), f);
});
