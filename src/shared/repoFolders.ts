// The entries of a repository folder through GET …/contents/{folder} (the templates' folders of the Create Issue and
// Create Pull Request forms): none when the folder does not exist.
import type { GiteaClient } from '../api';
import { isGiteaError } from '../api/errorKind';

/** The names of the folder's files at `ref` (the default branch when undefined). */
export async function folderNames(
  client: GiteaClient,
  owner: string,
  repo: string,
  folder: string,
  ref: string | undefined,
  signal?: AbortSignal,
): Promise<string[]> {
  try {
    const entries = await client.repoGetContents({ owner, repo, filepath: folder, ref }, { signal });
    return (Array.isArray(entries) ? entries : []).filter((e) => e.type === 'file').map((e) => e.name ?? '').filter(Boolean);
  } catch (e) {
    if (isGiteaError(e) && e.kind === 'notFound') return [];
    throw e;
  }
}
