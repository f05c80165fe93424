// Gitea Actions settings of a repository or organization: secrets (names only, never values), variables, runners.
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { bool, list, num, str } from './common';

/** A secret as listed: its name (upper case), description and creation date; the server never returns a value. */
export const ActionSecret = z.object({
  name: z.string(),
  description: str(),
  created_at: str(),
});
export type ActionSecret = z.infer<typeof ActionSecret>;

/** A variable: `data` is its value; `repo_id` is 0 for an organization's. */
export const ActionVariable = z.object({
  name: z.string(),
  data: str(),
  description: str(),
  owner_id: num(),
  repo_id: num(),
});
export type ActionVariable = z.infer<typeof ActionVariable>;

/** A runner: `status` is `online` or `offline`; `busy` while it runs a task; labels are its `runs-on` names. */
export const ActionRunner = z.object({
  id: z.number(),
  name: str(),
  status: str(),
  busy: bool(),
  disabled: bool(),
  ephemeral: bool(),
  /** Not sent by Gitea 1.27 (kept when a server adds it). */
  version: str(),
  labels: list(z.object({ id: num(), name: z.string(), type: str() })),
});
export type ActionRunner = z.infer<typeof ActionRunner>;

export const RegistrationToken = z.object({ token: z.string() });
export type RegistrationToken = z.infer<typeof RegistrationToken>;
