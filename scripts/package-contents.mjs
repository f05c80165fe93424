// What may go into the .vsix: the files the extension needs at run time (and the ones its Marketplace page shows),
// nothing else — no screenshots (the packaged README's images point at the repository), no source maps, no tests,
// no sources. test/unit/package/packageContents.test.ts checks .vscodeignore's rules against this list the way
// `vsce ls --no-dependencies` applies them; run as `node scripts/package-contents.mjs <file.vsix>` (the last step of
// `npm run package`) it reads the built package's entries and fails on a file not listed here, on a package over
// the budget, and on an image of the packaged README that vsce left relative (it would not show on the extension's
// page, since the screenshots are not in the package).
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

/**
 * At most 460 KB (460,000 bytes; the bundles compress to about a third). It was 400,000 until #31-#33 (the package was
 * 395,703 bytes then), 430,000 from #31-#33 (about 420,000: the Markdown renderer's worker bundle, the git credentials
 * provider, Sign In Again, the linear parsers, the first language-model tools and their skills). #33-#34 took it to about
 * 438,000 even with the webviews' scripts and styles minified (dist/media/, about 29 KB less): issue templates and forms
 * in Create Issue, time tracking, the four writing tools. The budget keeps what the package ships to what runs; it is a
 * one-time download.
 */
export const VSIX_BUDGET_BYTES = 460_000;

/** Paths as `vsce ls` prints them (relative to the repository), with why each is needed. */
export const RUNTIME_FILES = [
  { pattern: /^dist\/(extension|workbench|admin|branchStatus|signIn|gitCredentials|remoteSources|api)\.js$/, why: 'the entry point (package.json main) and the seven bundles it loads on first use' },
  { pattern: /^dist\/markdownWorker\.js$/, why: 'the Markdown renderer, run on a worker thread (src/shared/markdownOffThread.ts)' },
  { pattern: /^dist\/media\/(forms|createIssue|createPullRequest|issuePage)\/[^/]+\.(js|css)$/, why: "the webviews' scripts and styles, minified from media/ by the build (core/formPage.ts, the forms' panels, pageHtml.ts)" },
  { pattern: /^media\/(icon\.png|gitea\.svg)$/, why: "the extension's icon and the activity bar's (package.json icon, viewsContainers)" },
  { pattern: /^skills\/[a-z0-9-]+\/SKILL\.md$/, why: "the chat skills (package.json chatSkills), read by the editor's chat" },
  { pattern: /^package(\.nls(\.[\w-]+)?)?\.json$/, why: 'the manifest and its strings' },
  { pattern: /^l10n\/bundle\.l10n(\.[\w-]+)?\.json$/, why: "vscode.l10n's translations" },
  { pattern: /^(README\.md|CHANGELOG\.md|LICENSE)$/, why: "the extension's page" },
];

/** Files of a package listing (`vsce ls` paths) that are not needed at run time. */
export function notNeeded(files) {
  return files.filter((f) => !RUNTIME_FILES.some((r) => r.pattern.test(f)));
}

/** vsce's own entries and the names it gives the page's files inside the .vsix. */
const VSIX_OWN = new Set(['extension.vsixmanifest', '[Content_Types].xml']);
const VSIX_RENAMED = new Map([['readme.md', 'README.md'], ['changelog.md', 'CHANGELOG.md'], ['LICENSE.txt', 'LICENSE']]);

/** The paths of a .vsix's files, as `vsce ls` names them (without `extension/`); vsce's own entries left out. */
export function vsixFiles(entries) {
  return entries
    .filter((e) => !VSIX_OWN.has(e) && !e.endsWith('/'))
    .map((e) => {
      const path = e.replace(/^extension\//, '');
      return VSIX_RENAMED.get(path) ?? path;
    });
}

/** The entries of a zip file, from its central directory (a .vsix is a zip): name, method, where the data is. */
export function zipEntries(zip) {
  const END_OF_DIRECTORY = 0x06054b50;
  const ENTRY = 0x02014b50;
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== END_OF_DIRECTORY) end--;
  if (end < 0) throw new Error('not a zip file: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== ENTRY) throw new Error(`not a zip file: entry ${i} of the central directory is damaged`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    names.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localHeader: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** The text of a stored or deflated zip entry. */
export function zipEntryText(zip, entry) {
  const at = entry.localHeader;
  const data = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const raw = zip.subarray(data, data + entry.compressedSize);
  if (entry.method !== 0 && entry.method !== 8) throw new Error(`${entry.name}: zip method ${entry.method} is neither stored nor deflated`);
  return (entry.method === 8 ? inflateRawSync(raw) : raw).toString('utf8');
}

/** Images of a Markdown text (`![alt](src)`, `<img src>`) whose address is not absolute. */
export function relativeImages(markdown) {
  const sources = [...markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)/g), ...markdown.matchAll(/<img\b[^>]+\bsrc=["']([^"']+)["']/gi)].map((m) => m[1]);
  return sources.filter((src) => !/^(?:https:|data:)/i.test(src));
}

/**
 * Links vsce rewrote against the repository though they were not paths: its rewriting also reaches into code spans,
 * so a `[label](command:…)` shown as an example becomes a link to a file of that name.
 */
export function rewrittenNonPaths(markdown) {
  return [...markdown.matchAll(/\]\((https:\/\/[^)\s]+\/(?:blob|raw)\/[^/)\s]+\/[a-z][\w+.-]*:[^)\s]*)\)/gi)].map((m) => m[1]);
}

/** What is wrong with a built .vsix (files not needed at run time, a size over the budget, README images left relative), and what to look at. */
export function vsixProblems(path) {
  const size = statSync(path).size;
  const zip = readFileSync(path);
  const entries = zipEntries(zip);
  const files = vsixFiles(entries.map((e) => e.name));
  const problems = notNeeded(files).map((f) => `${f} is not needed at run time (scripts/package-contents.mjs lists what is; .vscodeignore keeps the rest out)`);
  if (size > VSIX_BUDGET_BYTES) problems.push(`${path} is ${size.toLocaleString('en')} bytes, over the budget of ${VSIX_BUDGET_BYTES.toLocaleString('en')}`);
  const readme = entries.find((e) => e.name === 'extension/readme.md');
  const readmeText = readme ? zipEntryText(zip, readme) : '';
  if (!readme) problems.push(`${path} has no extension/readme.md`);
  for (const src of relativeImages(readmeText)) problems.push(`the packaged README shows ${src} by a relative path, which the extension's page resolves inside the package (no screenshots there): vsce rewrites it against package.json's repository unless --no-rewrite-relative-links is given`);
  const warnings = rewrittenNonPaths(readmeText).map((url) => `the packaged README links to ${url}: vsce took a link that is not a path (in a code span?) for one`);
  return { size, files, problems, warnings };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const path = process.argv[2];
  if (!path) {
    process.stderr.write('usage: node scripts/package-contents.mjs <file.vsix>\n');
    process.exit(2);
  }
  const { size, files, problems, warnings } = vsixProblems(path);
  for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
  if (problems.length > 0) {
    process.stderr.write(`${problems.join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write(`${path}: ${files.length} files, ${size.toLocaleString('en')} bytes (budget ${VSIX_BUDGET_BYTES.toLocaleString('en')}), nothing that is not needed at run time\n`);
}
