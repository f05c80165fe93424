// Bundles the extension into four files so that activation stays cheap:
//   dist/extension.js — the entry point: activate() loads dist/workbench.js once it has returned (src/extension.ts).
//   dist/workbench.js — editor code (views, commands, sign-in, wiring); `vscode` external.
//   dist/admin.js     — the administration commands' forms, loaded on the first use of one (src/commands/admin).
//   dist/api.js       — the HTTP client, undici and zod; loaded with require() on the first request
//                       (see src/apiLoader.ts), never during activation.
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

/** Imports of the API barrel from editor code (src/apiLoader.ts). */
const apiExternal = requireOf('api.js', /^\.\.?\/(\.\.\/)*api$/, (importer) => importer.includes('/src/') && !importer.includes('/src/api/'));
/** The entry point's require of the workbench (src/extension.ts). */
const workbenchExternal = requireOf('workbench.js', /^\.\/workbench$/, (importer) => importer.endsWith('/src/extension.ts'));
/** The administration commands' require of their implementations (src/commands/admin/index.ts). */
const adminExternal = requireOf('admin.js', /^\.\/handlers$/, (importer) => importer.endsWith('/src/commands/admin/index.ts'));

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
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', plugins: [workbenchExternal] },
  { ...common, entryPoints: ['src/workbench.ts'], outfile: 'dist/workbench.js', plugins: [apiExternal, adminExternal] },
  { ...common, entryPoints: ['src/commands/admin/handlers.ts'], outfile: 'dist/admin.js', plugins: [apiExternal] },
  { ...common, entryPoints: ['src/api/index.ts'], outfile: 'dist/api.js' },
];
if (watch) {
  for (const b of builds) (await esbuild.context(b)).watch();
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
