// Every setting is documented, in the README's table that scripts/readme-settings.mjs writes from package.json, and
// each says who may set it (its scope): a setting added without `npm run readme:settings`, or one without a scope or
// a description, fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../../harness/paths';

interface Property { scope?: string; default?: unknown; description?: string; markdownDescription?: string }
interface Manifest { contributes: { configuration: { properties: Record<string, Property> } } }
interface ReadmeSettings {
  START: string;
  END: string;
  settingsMarkdown(manifest: Manifest, strings: Record<string, string>): string;
}

const read = (name: string): string => readFileSync(join(REPO_ROOT, name), 'utf8');
const manifest = (): Manifest => JSON.parse(read('package.json')) as Manifest;
const strings = (): Record<string, string> => JSON.parse(read('package.nls.json')) as Record<string, string>;
const script = async (): Promise<ReadmeSettings> => (await import(pathToFileURL(join(REPO_ROOT, 'scripts', 'readme-settings.mjs')).href)) as ReadmeSettings;

test("the README's settings table is what scripts/readme-settings.mjs makes of package.json", async () => {
  const s = await script();
  const readme = read('README.md');
  const from = readme.indexOf(s.START);
  const to = readme.indexOf(s.END);
  assert.ok(from >= 0 && to > from, 'README.md has the markers');
  assert.equal(readme.slice(from + s.START.length, to).trim(), s.settingsMarkdown(manifest(), strings()).trim(), 'run npm run readme:settings');
});

test('every setting has a scope and a description, and the table names each one', async () => {
  const s = await script();
  const properties = Object.entries(manifest().contributes.configuration.properties);
  const table = s.settingsMarkdown(manifest(), strings());
  for (const [id, p] of properties) {
    assert.ok(p.scope, `${id} has a scope`);
    const key = /^%(.+)%$/.exec(p.markdownDescription ?? p.description ?? '')?.[1];
    assert.ok(key && strings()[key]?.trim(), `${id} has a description in package.nls.json`);
    assert.ok(table.includes(`| \`${id}\` |`), `${id} is in the table`);
  }
  assert.ok(properties.length >= 16);
});

test('a setting added to package.json changes the table', async () => {
  const s = await script();
  const m = manifest();
  m.contributes.configuration.properties['gitea.example'] = { scope: 'resource', default: 1, markdownDescription: 'An example.' };
  assert.match(s.settingsMarkdown(m, strings()), /\| `gitea\.example` \| `1` \| user, workspace, folder \| An example\. \|/);
});
