// Gitea Actions: workflow runs, jobs and their steps.
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { list, num, str } from './common';
import { Repository } from './repo';
import { User } from './user';

export const ActionWorkflowStep = z.object({
  name: str(),
  number: num(),
  status: str(),
  conclusion: str(),
  started_at: str(),
  completed_at: str(),
});
export type ActionWorkflowStep = z.infer<typeof ActionWorkflowStep>;

export const ActionWorkflowJob = z.object({
  id: z.number(),
  run_id: num(),
  run_url: str(),
  run_attempt: num(),
  name: str(),
  /** pending, waiting, queued, in_progress, completed, …; a job no runner picked up stays queued. */
  status: str(),
  conclusion: str(),
  head_branch: str(),
  head_sha: str(),
  labels: list(z.string()),
  runner_id: num(),
  runner_name: str(),
  /** The Unix epoch for a job that has not started. */
  started_at: str(),
  completed_at: str(),
  created_at: str(),
  html_url: str(),
  url: str(),
  steps: list(ActionWorkflowStep),
});
export type ActionWorkflowJob = z.infer<typeof ActionWorkflowJob>;

export const ActionWorkflowRun = z.object({
  id: z.number(),
  run_number: num(),
  run_attempt: num(),
  display_title: str(),
  path: str(),
  event: str(),
  status: str(),
  conclusion: str(),
  head_branch: str(),
  head_sha: str(),
  actor: z.optional(User),
  trigger_actor: z.optional(User),
  repository_id: num(),
  repository: z.optional(Repository),
  head_repository: z.optional(Repository),
  html_url: str(),
  url: str(),
  previous_attempt_url: str(),
  started_at: str(),
  completed_at: str(),
});
export type ActionWorkflowRun = z.infer<typeof ActionWorkflowRun>;

/** A workflow file of the repository (`id` is the file name, e.g. `ci.yml`); `state` is `active` or `disabled_manually`. */
export const ActionWorkflow = z.object({
  id: z.string(),
  name: str(),
  path: str(),
  state: str(),
  html_url: str(),
  url: str(),
  badge_url: str(),
  created_at: str(),
  updated_at: str(),
});
export type ActionWorkflow = z.infer<typeof ActionWorkflow>;

/** The answer of a dispatch with `return_run_details` (Gitea 1.26+). */
export const RunDetails = z.object({
  workflow_run_id: z.number(),
  html_url: str(),
  run_url: str(),
});
export type RunDetails = z.infer<typeof RunDetails>;
