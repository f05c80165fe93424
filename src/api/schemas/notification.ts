// Notifications (Gitea's notification threads). Gitea says what a thread is about (its subject) and its state, not
// why the user got it: there is no `reason` field as on GitHub.
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { bool, str } from './common';
import { Repository } from './repo';

export const NotificationSubject = z.object({
  title: str(),
  /** The API URL of the issue or pull request; for a commit the web page; for a repository a path on the instance. */
  url: str(),
  html_url: str(),
  latest_comment_url: str(),
  latest_comment_html_url: str(),
  /** Issue, Pull, Commit or Repository. */
  type: str(),
  /** open, closed or merged (issues and pull requests only). */
  state: str(),
});
export type NotificationSubject = z.infer<typeof NotificationSubject>;

export const NotificationThread = z.object({
  id: z.number(),
  /** Absent when the user lost access to the repository (Gitea then leaves out the subject too). */
  repository: z.optional(Repository),
  subject: z.optional(NotificationSubject),
  unread: bool(),
  pinned: bool(),
  updated_at: str(),
  url: str(),
});
export type NotificationThread = z.infer<typeof NotificationThread>;

export const NotificationCount = z.object({ new: z.number() });
export type NotificationCount = z.infer<typeof NotificationCount>;
