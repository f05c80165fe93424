// Branch protection rules as `GET /repos/{owner}/{repo}/branch_protections` lists them (repository admins only).
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { num, str } from './common';

export const BranchProtection = z.object({
  /** The rule: a branch name or a glob (Gitea 1.19+). */
  rule_name: str(),
  /** Deprecated: the same as rule_name. */
  branch_name: str(),
  priority: num(),
});
export type BranchProtection = z.infer<typeof BranchProtection>;
