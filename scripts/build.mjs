// Bundles the extension into nine files so that activation stays cheap:
//   dist/extension.js — the entry point and composition root (src/extension.ts): the services, the accounts, the
//                       repository context and the status bar, plus stand-ins for the views, commands and tools and
//                       the account commands' registrations; `vscode` external.
//   dist/signIn.js    — what the account commands run (the sign-in flows, Sign In Again, Sign Out, Add CA Certificate)
//                       and the clients' TLS and proxy options, loaded on the first use of one (src/auth/signInLoader.ts).
//   dist/gitCredentials.js — the answer to git's credential requests (which account, its token), loaded when git first
//                       asks (src/git/gitCredentials.ts).
//   dist/remoteSources.js — Git: Clone's "Clone from Gitea" lists and Publish to Gitea, loaded on their first use
//                       (src/git/remoteSources/index.ts).
//   dist/workbench.js — the views and commands (src/workbench.ts), loaded when a Gitea view is first shown or one of
//                       their commands first runs (src/core/deferredFeatures.ts).
//   dist/admin.js     — the administration commands' forms, loaded on the first use of one (src/commands/admin).
//   dist/branchStatus.js — the branch status item, its pull request facts and tooltip, loaded the first time the active
//                       repository is a clone (src/git/pullRequestStatus.ts).
//   dist/markdownWorker.js — the Markdown renderer (markdown-it and its guards, src/shared/markdownWorker.ts), run on
//                       a worker thread started by src/shared/markdownOffThread.ts on the first body rendered.
//   dist/api.js       — the HTTP client, undici and zod; loaded with require() on the first request
//                       (see src/apiLoader.ts), never during activation.
// And dist/media/: the webviews' scripts and styles of media/ (plain browser scripts, each its own function scope),
// minified one by one, not bundled; the webviews load these (src/core/webviewResource.ts) and the package ships them.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const dev = process.argv.includes('--dev');

/**
 * An import that stays a runtime require of another bundle in dist/ (all bundles sit side by side there):
 * `filter` matches the import as written, `from` says which importers it applies to.
 */
function requireOf(outFile, filter, from) {
  return {
    name: `require-${outFile}`,
    setup(build) {
      build.onResolve({ filter }, (args) => (from(args.importer) ? { path: `./${outFile}`, external: true } : undefined));
    },
  };
}

/**
 * `import * as vscode from 'vscode'` in each of a bundle's modules, which esbuild turns into one `__toESM(require('vscode'))`
 * per module: each call copies the whole API object (hundreds of getters). With 59 modules that was most of the time
 * VS Code counted for loading dist/workbench.js. Here every module shares one namespace object, made once per bundle.
 */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/** Imports of the API barrel from editor code (src/apiLoader.ts). */
const apiExternal = requireOf('api.js', /^\.\.?\/(\.\.\/)*api$/, (importer) => importer.includes('/src/') && !importer.includes('/src/api/'));
/** The entry point's require of the workbench (src/extension.ts). */
const workbenchExternal = requireOf('workbench.js', /^\.\/workbench$/, (importer) => importer.endsWith('/src/extension.ts'));
/** The administration commands' require of their implementations (src/commands/admin/index.ts). */
const adminExternal = requireOf('admin.js', /^\.\/handlers$/, (importer) => importer.endsWith('/src/commands/admin/index.ts'));

/** The branch status item's stand-in's require of the item (src/git/pullRequestStatus.ts). */
const branchStatusExternal = requireOf('branchStatus.js', /^\.\/branchStatusItem$/, (importer) => importer.endsWith('/src/git/pullRequestStatus.ts'));
/** The account commands' require of what they run (src/auth/signInLoader.ts). */
const signInExternal = requireOf('signIn.js', /^\.\/signInActions$/, (importer) => importer.endsWith('/src/auth/signInLoader.ts'));
/** The git credentials provider's require of its answer (src/git/gitCredentials.ts). */
const gitCredentialsExternal = requireOf('gitCredentials.js', /^\.\/credentialsAnswer$/, (importer) => importer.endsWith('/src/git/gitCredentials.ts'));
/** Git: Clone's and Publish's stand-ins' require of their implementation (src/git/remoteSources/index.ts). */
const remoteSourcesExternal = requireOf('remoteSources.js', /^\.\/implementation$/, (importer) => importer.endsWith('/src/git/remoteSources/index.ts'));

/**
 * undici ships its HTTP/1 parser twice, as WebAssembly with SIMD and without (72 KB each), and falls back to the
 * second when the first does not compile. The client's few requests gain nothing measurable from SIMD, so the
 * bundle keeps the portable one: the SIMD module is replaced by one that throws, which is undici's fallback path
 * (as with UNDICI_NO_WASM_SIMD=1).
 */
const portableHttpParser = {
  name: 'portable-http-parser',
  setup(build) {
    build.onResolve({ filter: /llhttp_simd-wasm\.js$/ }, () => ({ path: 'llhttp_simd-wasm', namespace: 'portable-http-parser' }));
    build.onLoad({ filter: /.*/, namespace: 'portable-http-parser' }, () => ({ contents: "throw new Error('the SIMD parser is left out of the bundle');", loader: 'js' }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: !dev,
  sourcemap: dev ? 'inline' : false,
  external: ['vscode'],
  logLevel: 'warning',
  legalComments: 'none',
};

// dist/ is not emptied first: esbuild rewrites each output file, so a run that started earlier (a test run next to
// `npm run bench`) keeps its files, and only the files .vscodeignore lets through go into the .vsix.
const builds = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', plugins: [vscodeOnce, workbenchExternal, apiExternal, branchStatusExternal, signInExternal, gitCredentialsExternal, remoteSourcesExternal] },
  { ...common, entryPoints: ['src/git/branchStatusItem.ts'], outfile: 'dist/branchStatus.js', plugins: [vscodeOnce, apiExternal] },
  { ...common, entryPoints: ['src/auth/signInActions.ts'], outfile: 'dist/signIn.js', plugins: [vscodeOnce, apiExternal] },
  { ...common, entryPoints: ['src/git/credentialsAnswer.ts'], outfile: 'dist/gitCredentials.js', plugins: [vscodeOnce, apiExternal] },
  { ...common, entryPoints: ['src/git/remoteSources/implementation.ts'], outfile: 'dist/remoteSources.js', plugins: [vscodeOnce, apiExternal] },
  { ...common, entryPoints: ['src/workbench.ts'], outfile: 'dist/workbench.js', plugins: [vscodeOnce, apiExternal, adminExternal] },
  { ...common, entryPoints: ['src/commands/admin/handlers.ts'], outfile: 'dist/admin.js', plugins: [vscodeOnce, apiExternal] },
  { ...common, entryPoints: ['src/api/index.ts'], outfile: 'dist/api.js', plugins: [portableHttpParser] },
  // Started with new Worker(), never required: no vscode, no client, only markdown-it and the renderer's guards.
  { ...common, entryPoints: ['src/shared/markdownWorker.ts'], outfile: 'dist/markdownWorker.js' },
];
/** media/'s scripts and styles, each minified alone into dist/media/ (same paths below it). */
const WEBVIEW_MEDIA = ['forms', 'createIssue', 'createPullRequest', 'issuePage'].flatMap((folder) =>
  readdirSync(join('media', folder)).filter((f) => /\.(?:js|css)$/.test(f)).map((f) => join('media', folder, f)),
);
// tsconfigRaw: the scripts run as written (sloppy mode): tsconfig.json's strict would add "use strict".
builds.push({ entryPoints: WEBVIEW_MEDIA, outdir: 'dist/media', outbase: 'media', bundle: false, minify: !dev, target: ['chrome114'], tsconfigRaw: {}, logLevel: 'warning', legalComments: 'none' });
if (watch) {
  for (const b of builds) (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
