// The one choice of a clone URL for the sidebar's Clone (Starred) and Git: Clone's "Clone from Gitea": the server's
// https or ssh URL, as `gitea.cloneProtocol` says.
import { cloneUrlOf, type CloneUrls } from '../shared/cloneUrl';
import { cloneProtocol } from './settings';

export function repoCloneUrl(repo: CloneUrls): string | undefined {
  return cloneUrlOf(repo, cloneProtocol());
}
