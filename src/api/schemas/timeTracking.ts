// Time tracking: the user's running stopwatches and an issue's tracked times (Gitea's StopWatch, TrackedTime).
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { num, str } from './common';

export const StopWatch = z.object({
  /** When it was started (RFC 3339). */
  created: str(),
  /** Elapsed seconds when the server answered. */
  seconds: num(),
  duration: str(),
  issue_index: z.number(),
  issue_title: str(),
  repo_owner_name: z.string(),
  repo_name: z.string(),
});
export type StopWatch = z.infer<typeof StopWatch>;

/** The `issue` field is not read: the caller asked for the times of an issue it knows. */
export const TrackedTime = z.object({
  id: z.number(),
  created: str(),
  /** Seconds. */
  time: z.number(),
  user_id: num(),
  user_name: str(),
});
export type TrackedTime = z.infer<typeof TrackedTime>;
