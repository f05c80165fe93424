// Bundle figures: the size of each file the extension ships and of the .vsix, and which activation events wake
// it up (declared ones plus those VS Code derives from contributed views, commands and auth providers).
import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * JavaScript shipped, every bundle: ≤ 1,100 KiB since #33-#34 (issue templates and forms, time tracking, the writing
 * language-model tools, and the lazy sign-in, branch status and git credentials bundles that keep dist/extension.js small
 * each carry their own copy of a few shared helpers: about 1,060 KiB); ≤ 1,000 KiB since markdown-it (about 100 KiB, in
 * dist/markdownWorker.js since #31); ≤ 700 KiB before. It is read from disk when used, never all at once.
 */
export const BUNDLE_BUDGET_BYTES = 1100 * 1024;
/** dist/extension.js, what every window loads at activation. */
export const ACTIVATION_BUNDLE_BUDGET_BYTES = 60 * 1024;

export function fileSize(path) {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}

export function bundleSizes(root) {
  const extension = fileSize(join(root, 'dist', 'extension.js'));
  const workbench = fileSize(join(root, 'dist', 'workbench.js'));
  const admin = fileSize(join(root, 'dist', 'admin.js'));
  const branchStatus = fileSize(join(root, 'dist', 'branchStatus.js'));
  const signIn = fileSize(join(root, 'dist', 'signIn.js'));
  const gitCredentials = fileSize(join(root, 'dist', 'gitCredentials.js'));
  const remoteSources = fileSize(join(root, 'dist', 'remoteSources.js'));
  const api = fileSize(join(root, 'dist', 'api.js'));
  const markdownWorker = fileSize(join(root, 'dist', 'markdownWorker.js'));
  const vsix = fileSize(join(root, 'dist', 'gitea-workbench.vsix'));
  const parts = [extension, workbench, admin, branchStatus, signIn, gitCredentials, remoteSources, api, markdownWorker];
  return { extension, workbench, admin, branchStatus, signIn, gitCredentials, remoteSources, api, markdownWorker, total: parts.every((p) => p !== null) ? parts.reduce((a, b) => a + b, 0) : null, vsix };
}

/** Activation events as VS Code computes them for a manifest. */
export function activationEvents(manifest) {
  const declared = [...(manifest.activationEvents ?? [])];
  const implied = [];
  const c = manifest.contributes ?? {};
  for (const views of Object.values(c.views ?? {})) for (const v of views) implied.push(`onView:${v.id}`);
  for (const cmd of c.commands ?? []) implied.push(`onCommand:${cmd.command}`);
  for (const a of c.authentication ?? []) implied.push(`onAuthenticationRequest:${a.id}`);
  for (const e of c.customEditors ?? []) implied.push(`onCustomEditor:${e.viewType}`);
  for (const w of c.walkthroughs ?? []) implied.push(`onWalkthrough:${w.id}`);
  const all = [...new Set([...declared, ...implied])];
  const eager = all.filter((e) => e === '*' || e === 'onStartupFinished');
  return { declared, implied, all, eager };
}

export function readManifest(root) {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
}
