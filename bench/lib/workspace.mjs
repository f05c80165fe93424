// The bench's workspace: an empty git repository whose `origin` is alice/big on the test server. The extension
// finds the repository through the git extension's remotes; nothing needs to be cloned.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './proc.mjs';

export async function gitWorkspace(parent, remoteUrl) {
  const path = join(parent, 'big');
  rmSync(path, { recursive: true, force: true });
  mkdirSync(path, { recursive: true });
  await run('git', ['init', '--quiet', '-b', 'main', path]);
  await run('git', ['-C', path, 'remote', 'add', 'origin', remoteUrl]);
  return path;
}
