// Gitea Actions artifacts (v4, the only kind the API lists): what GET /actions/runs/{run}/artifacts answers.
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { bool, num, str } from './common';

export const ActionArtifact = z.object({
  id: z.number(),
  name: str(),
  size_in_bytes: num(),
  /** Gitea keeps listing an expired artifact (status expired) but answers its download with 404. */
  expired: bool(),
  expires_at: str(),
  created_at: str(),
  updated_at: str(),
  url: str(),
  archive_download_url: str(),
});
export type ActionArtifact = z.infer<typeof ActionArtifact>;
