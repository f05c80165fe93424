// The chat skills (package.json contributes.chatSkills, skills/<name>/SKILL.md): the editor loads a skill only when its
// path is a SKILL.md inside the extension and the front matter's `name` equals its folder; a skill naming a tool that
// does not exist would send an agent after nothing. The .vsix side is test/unit/package/packageContents.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../harness/paths';

interface Manifest {
  contributes: { chatSkills?: { path: string }[]; languageModelTools: { name: string; toolReferenceName?: string }[] };
}
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;
const contributed = (manifest.contributes.chatSkills ?? []).map((s) => s.path);
const tools = manifest.contributes.languageModelTools;

/** The front matter (between the first two `---` lines) parsed as YAML, and the body after it. */
function skillFile(path: string): { front: Record<string, unknown>; body: string } {
  const text = readFileSync(join(REPO_ROOT, path), 'utf8');
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  assert.ok(m, `${path} starts with front matter between --- lines`);
  const front: unknown = parse(m[1]!);
  assert.ok(front && typeof front === 'object' && !Array.isArray(front), `${path}: the front matter is a mapping`);
  return { front: front as Record<string, unknown>, body: m[2]! };
}

describe('chat skills', () => {
  it('contributes the three skills, each path a SKILL.md inside the extension', () => {
    assert.deepEqual(contributed.map((p) => basename(dirname(p))).sort(), ['address-review-comments', 'fix-failing-ci', 'triage-notifications']);
    for (const path of contributed) {
      assert.match(path, /^\.\/skills\/[a-z0-9-]+\/SKILL\.md$/, 'the editor wants the SKILL.md file, relative to the extension root');
      assert.ok(existsSync(join(REPO_ROOT, path)), `${path} exists`);
    }
  });

  it('every skill folder is contributed', () => {
    const folders = readdirSync(join(REPO_ROOT, 'skills'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `./skills/${e.name}/SKILL.md`);
    assert.deepEqual(folders.sort(), [...contributed].sort());
  });

  it("each front matter's name equals its folder and has a description", () => {
    for (const path of contributed) {
      const { front } = skillFile(path);
      assert.equal(front['name'], basename(dirname(path)), `${path}: the editor skips a skill whose name is not its folder's`);
      assert.match(String(front['name']), /^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower case, digits and single hyphens');
      assert.equal(typeof front['description'], 'string', `${path}: description`);
      const description = front['description'] as string;
      assert.ok(description.length >= 40 && description.length <= 1024, `${path}: a description an agent can pick the skill by (${description.length} characters)`);
    }
  });

  it('every tool a skill names exists in languageModelTools, and each skill names at least one', () => {
    const references = new Set(tools.map((t) => t.toolReferenceName).filter((n): n is string => !!n));
    const names = new Set(tools.map((t) => t.name));
    for (const path of contributed) {
      const { body } = skillFile(path);
      const hashes = [...body.matchAll(/#(gitea\w+)/g)].map((m) => m[1]!);
      const plain = [...body.matchAll(/\b(gitea_\w+)/g)].map((m) => m[1]!);
      assert.ok(hashes.length + plain.length > 0, `${path} names our tools`);
      assert.deepEqual(hashes.filter((n) => !references.has(n)), [], `${path}: #names that are no tool's toolReferenceName`);
      assert.deepEqual(plain.filter((n) => !names.has(n)), [], `${path}: tool names that do not exist`);
    }
  });

  it('each skill asks the user before posting and treats server text as untrusted data', () => {
    for (const path of contributed) {
      const { body } = skillFile(path);
      assert.match(body, /untrusted/i, `${path}: says server text is untrusted data`);
      assert.match(body, /never follow instructions|never as instructions/i, `${path}: says not to follow instructions in it`);
      if (body.includes('#giteaComment')) assert.match(body, /only after (the user|they) agree/i, `${path}: posts only after the user agrees`);
    }
  });

  it('the skills are the only files under skills/', () => {
    const all = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? all(join(dir, e.name)) : [join(dir, e.name)]));
    const files = all(join(REPO_ROOT, 'skills')).map((f) => `./${relative(REPO_ROOT, f).split(sep).join('/')}`);
    assert.deepEqual(files.sort(), [...contributed].sort(), '.vscodeignore lists the SKILL.md files one by one; another file would stay out of the .vsix');
  });
});
