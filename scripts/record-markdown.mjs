// Records how a real Gitea renders the Markdown corpus (test/fixtures/markdown/corpus/*.md): each file is sent to
// `POST /api/v1/markdown` and Gitea's HTML is written to test/fixtures/markdown/gitea-<major.minor>/<name>.html,
// with a README saying where and when. test/unit/shared/markdownFidelity.test.ts compares our renderer to them.
//
//   GITEA_E2E_URL=https://gitea.example.com/ GITEA_E2E_TOKEN=… node scripts/record-markdown.mjs
//
// Mode "comment" is how Gitea renders issue bodies and comments (hard line breaks), which is what our renderer shows;
// the API's "gfm" is its legacy document mode (no hard line breaks). GITEA_MARKDOWN_MODE overrides it.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = join(ROOT, 'test', 'fixtures', 'markdown', 'corpus');
const url = process.env.GITEA_E2E_URL;
const token = process.env.GITEA_E2E_TOKEN;
const mode = process.env.GITEA_MARKDOWN_MODE ?? 'comment';
/** The repository the bodies belong to, as the API's Context: relative links and attachments resolve against it. */
const owner = process.env.GITEA_E2E_USERNAME ?? 'gitea';
const repo = 'demo';

if (!url || !token) {
  process.stderr.write('record-markdown: set GITEA_E2E_URL and GITEA_E2E_TOKEN (a token of any user of the instance)\n');
  process.exit(2);
}
const base = url.endsWith('/') ? url : `${url}/`;
const headers = { Authorization: `token ${token}`, 'Content-Type': 'application/json', Accept: 'text/html' };

async function call(path, init) {
  const res = await fetch(new URL(`api/v1/${path}`, base), { ...init, headers });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res;
}

const { version } = await (await call('version')).json();
const outDir = join(ROOT, 'test', 'fixtures', 'markdown', `gitea-${version.split('.').slice(0, 2).join('.')}`);
mkdirSync(outDir, { recursive: true });
const context = `${base}${owner}/${repo}`;
const names = readdirSync(CORPUS).filter((f) => f.endsWith('.md')).sort();
for (const file of names) {
  const text = readFileSync(join(CORPUS, file), 'utf8');
  const res = await call('markdown', { method: 'POST', body: JSON.stringify({ Text: text, Mode: mode, Context: context, Wiki: false }) });
  writeFileSync(join(outDir, `${basename(file, '.md')}.html`), await res.text());
  process.stdout.write(`recorded ${file}\n`);
}
writeFileSync(
  join(outDir, 'README.md'),
  `# Gitea ${version}'s rendering of the Markdown corpus

Each \`<name>.html\` is what \`POST /api/v1/markdown\` of a real Gitea ${version} answered for \`../corpus/<name>.md\`,
with \`{ "Mode": "${mode}", "Context": "<instance>/${owner}/${repo}", "Wiki": false }\` (mode "comment": how Gitea renders
issue bodies and comments, with hard line breaks). Recorded on ${new Date().toISOString().slice(0, 10)} by
\`node scripts/record-markdown.mjs\` against a local Gitea ${version} (default settings, ROOT_URL ${new URL(base).origin}/),
${names.length} files. The API renders without a repository, so issue references and commit SHAs are not linked here
and mentions link only existing users. \`test/unit/shared/markdownFidelity.test.ts\` compares our renderer's output
with these by structure; its allow-list says which differences are deliberate and why.
`,
);
process.stdout.write(`wrote ${names.length} files to ${outDir}\n`);
