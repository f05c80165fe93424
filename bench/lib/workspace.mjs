// The bench's workspaces: empty git repositories with an `origin` remote — alice/big on the test server (a Gitea
// workspace once the server is in `gitea.instances` or signed in), or a repository on another forge. The extension
// finds the repository through the git remotes; nothing needs to be cloned.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './proc.mjs';

export async function gitWorkspace(parent, remoteUrl, name = 'big') {
  const path = join(parent, name);
  rmSync(path, { recursive: true, force: true });
  mkdirSync(path, { recursive: true });
  await run('git', ['init', '--quiet', '-b', 'main', path]);
  await run('git', ['-C', path, 'remote', 'add', 'origin', remoteUrl]);
  return path;
}
