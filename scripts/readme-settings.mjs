// npm run readme:settings — writes the README's settings table from package.json (contributes.configuration) and
// package.nls.json, between `<!-- settings:start -->` and `<!-- settings:end -->`: every setting with its default,
// scope and description, as VS Code's Settings editor shows them. `--check` changes nothing and exits 1 when the
// README differs (test/unit/package/readmeSettings.test.ts does the same).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const START = '<!-- settings:start -->';
export const END = '<!-- settings:end -->';

const cell = (text) => String(text).replace(/(?<!\s)\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const localized = (text, strings) => (typeof text === 'string' ? text.replace(/^%(.+)%$/, (_, key) => strings[key] ?? key) : '');

/** What the scope means for who can set the setting. */
const SCOPES = {
  application: 'user',
  machine: 'user (this machine)',
  window: 'user, workspace',
  resource: 'user, workspace, folder',
  'machine-overridable': 'user, workspace (machine default)',
  'language-overridable': 'user, workspace, folder, language',
};

/** The generated table (without the markers). */
export function settingsMarkdown(manifest, strings) {
  const config = manifest.contributes?.configuration ?? {};
  const properties = (Array.isArray(config) ? config : [config]).flatMap((c) => Object.entries(c.properties ?? {}));
  const lines = ['| Setting | Default | Set in | What it does |', '|---|---|---|---|'];
  for (const [id, p] of properties) {
    const description = localized(p.markdownDescription ?? p.description, strings);
    const values = Array.isArray(p.enum) ? ` Values: ${p.enum.map((v, i) => `\`${v}\`${p.enumDescriptions?.[i] ? ` (${localized(p.enumDescriptions[i], strings).replace(/\.$/, '')})` : ''}`).join(', ')}.` : '';
    lines.push(`| \`${id}\` | \`${cell(JSON.stringify(p.default))}\` | ${SCOPES[p.scope ?? 'window'] ?? p.scope} | ${cell(description + values)} |`);
  }
  return lines.join('\n');
}

export function withSettings(readme, manifest, strings) {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END}`);
  return `${readme.slice(0, from + START.length)}\n${settingsMarkdown(manifest, strings)}\n${readme.slice(to)}`;
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const read = (name) => readFileSync(join(root, name), 'utf8');
  const readme = read('README.md');
  const next = withSettings(readme, JSON.parse(read('package.json')), JSON.parse(read('package.nls.json')));
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      process.stderr.write('README.md: the settings table differs from package.json; run npm run readme:settings\n');
      process.exit(1);
    }
  } else if (next !== readme) {
    writeFileSync(join(root, 'README.md'), next);
  }
}
