// Where each branch's Create Pull Request draft is kept (core/formDraftStore.ts keeps it): one draft per branch of a
// clone's repository.
import type { DraftState } from '../../core/durableState';
import { FormDraftStore } from '../../core/formDraftStore';
import { isEmptyPullDraft, parsePullDraft, type PullDraft } from './pullDraft';

const PREFIX = 'gitea.createPullRequest.draft:';

export type PullDraftStore = FormDraftStore<PullDraft>;

/** One draft per branch of a clone's repository. */
export function pullDraftKey(repo: { instanceUrl: string; owner: string; repo: string }, branch: string): string {
  return `${PREFIX}${repo.instanceUrl}|${repo.owner}/${repo.repo}|${branch}`;
}

export function pullDraftStore(state: DraftState): PullDraftStore {
  return new FormDraftStore(state, { parse: (stored) => parsePullDraft(stored), isEmpty: isEmptyPullDraft });
}
