// Where each repository's Create Issue draft is kept (core/formDraftStore.ts keeps it): one draft per repository of
// an instance, under the key earlier versions stored it under.
import type { DraftState } from '../../core/durableState';
import { FormDraftStore } from '../../core/formDraftStore';
import { isEmptyDraft, parseDraft, type IssueDraft } from './issueDraft';

const PREFIX = 'gitea.createIssue.draft:';

export type IssueDraftStore = FormDraftStore<IssueDraft>;

export function draftKey(repo: { instanceUrl: string; owner: string; repo: string }): string {
  return `${PREFIX}${repo.instanceUrl}|${repo.owner}/${repo.repo}`;
}

export function issueDraftStore(state: DraftState): IssueDraftStore {
  return new FormDraftStore(state, { parse: (stored) => parseDraft(stored), isEmpty: isEmptyDraft });
}
