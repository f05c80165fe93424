// Hooks, releases, activity records and the server's own descriptions (version, API settings).
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { bool, list, num, str, stringMap } from './common';
import { Attachment, Comment } from './issue';
import { Repository } from './repo';
import { User } from './user';

export const Hook = z.object({
  id: z.number(),
  /** gitea, gogs, slack, … (Forgejo adds `forgejo`). */
  type: z.string(),
  /** Gitea only (Forgejo has none). */
  name: str(),
  config: stringMap(),
  events: list(z.string()),
  branch_filter: str(),
  /** Always "" in answers: the server never reveals it. */
  authorization_header: str(),
  active: bool(),
  created_at: str(),
  updated_at: str(),
});
export type Hook = z.infer<typeof Hook>;

export const Release = z.object({
  id: z.number(),
  tag_name: z.string(),
  target_commitish: str(),
  name: str(),
  body: str(),
  url: str(),
  html_url: str(),
  tarball_url: str(),
  zipball_url: str(),
  upload_url: str(),
  draft: bool(),
  prerelease: bool(),
  created_at: str(),
  published_at: str(),
  author: z.optional(User),
  assets: list(Attachment),
});
export type Release = z.infer<typeof Release>;

export const Activity = z.object({
  id: z.number(),
  /** create_repo, commit_repo, create_issue, … */
  op_type: z.string(),
  user_id: num(),
  act_user_id: num(),
  act_user: z.optional(User),
  repo_id: num(),
  repo: z.optional(Repository),
  comment_id: num(),
  comment: z.optional(Comment),
  ref_name: str(),
  is_private: bool(),
  content: str(),
  created: str(),
});
export type Activity = z.infer<typeof Activity>;

export const ServerVersion = z.object({ version: z.string() });
export type ServerVersion = z.infer<typeof ServerVersion>;

/** GET /settings/api (swagger: GeneralAPISettings). */
export const ApiSettings = z.object({
  max_response_items: num(),
  default_paging_num: num(),
  default_git_trees_per_page: num(),
  default_max_blob_size: num(),
  default_max_response_size: num(),
});
export type ApiSettings = z.infer<typeof ApiSettings>;

/** GET /settings/ui (swagger: GeneralUISettings): `allowed_reactions` is the instance's [ui] REACTIONS. */
export const UiSettings = z.object({
  default_theme: str(),
  allowed_reactions: list(z.string()),
  custom_emojis: list(z.string()),
});
export type UiSettings = z.infer<typeof UiSettings>;

/** One user's reaction to an issue or a comment (swagger: Reaction). */
export const Reaction = z.object({
  /** The reaction's name (`+1`, `heart`, …), one of the instance's allowed set. */
  content: z.string(),
  user: z.optional(User),
  created_at: str(),
});
export type Reaction = z.infer<typeof Reaction>;
