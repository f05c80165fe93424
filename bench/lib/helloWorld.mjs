// Prepares the activation floor: a copy of bench/hello-world with the same activation events as Gitea
// Workbench, packaged as a .vsix so that it is installed exactly like the extension under test.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './proc.mjs';

// The bench runs the floor and Gitea Workbench in code-servers of their own. (When they shared one, the
// extension woken second had what ran before it counted in its figures; the floor's id still sorts after Gitea
// Workbench's, from those days.)
export const HELLO_ID = 'gitea-workbench.zz-bench-hello-world';

/** @returns {Promise<string>} the path of the .vsix */
export async function packageHelloWorld(root, tmpDir, events) {
  const dir = join(tmpDir, 'hello-world');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(tmpDir, { recursive: true });
  cpSync(join(root, 'bench', 'hello-world'), dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  manifest.activationEvents = events;
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'LICENSE'), 'MIT\n');
  const vsix = join(tmpDir, 'hello-world.vsix');
  await run(join(root, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', vsix], { cwd: dir });
  return vsix;
}
