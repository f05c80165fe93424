// Sending Request Review's changes: the new requests (POST) and the withdrawals (DELETE) are two requests, and
// either may fail while the other went through. Both are tried; the outcome says what was done and what failed, so
// the command can tell the user and refresh the views either way. Pure (no vscode): unit-tested.
import type { Translate } from '../../shared/validation';
import { inertText } from '../../shared/untrustedText';
import { isEmpty, type ReviewerNames } from './reviewerChanges';

export interface ReviewerCalls {
  request(names: ReviewerNames): Promise<unknown>;
  withdraw(names: ReviewerNames): Promise<unknown>;
}

export interface ReviewerFailure {
  readonly step: 'request' | 'withdraw';
  readonly names: ReviewerNames;
  readonly error: unknown;
}

export interface ReviewerUpdate {
  /** Requested and withdrawn on the server. */
  readonly requested: ReviewerNames;
  readonly withdrawn: ReviewerNames;
  readonly failures: readonly ReviewerFailure[];
}

const NONE: ReviewerNames = { reviewers: [], team_reviewers: [] };

/** Sends the requests, then the withdrawals (each only when there is something to send); a failure of one does not
 * stop the other. */
export async function updateReviewers(changes: { added: ReviewerNames; removed: ReviewerNames }, calls: ReviewerCalls): Promise<ReviewerUpdate> {
  const failures: ReviewerFailure[] = [];
  const send = async (step: ReviewerFailure['step'], names: ReviewerNames): Promise<ReviewerNames> => {
    if (isEmpty(names)) return NONE;
    try {
      await (step === 'request' ? calls.request(names) : calls.withdraw(names));
      return names;
    } catch (error) {
      failures.push({ step, names, error });
      return NONE;
    }
  };
  const requested = await send('request', changes.added);
  const withdrawn = await send('withdraw', changes.removed);
  return { requested, withdrawn, failures };
}

export interface UpdateSummary {
  readonly severity: 'info' | 'warning' | 'error';
  /** Inert: the names are the server's. */
  readonly text: string;
}

/** What to tell the user: what was done, then each failure with its reason (`reason` is the sentence of an error). */
export function updateSummary(index: number, update: ReviewerUpdate, reason: (e: unknown) => string, t: Translate): UpdateSummary {
  const names = (n: ReviewerNames): string => [...n.reviewers, ...n.team_reviewers].join(', ');
  const done: string[] = [];
  if (!isEmpty(update.requested)) done.push(t('Review of #{0} requested from {1}.', index, names(update.requested)));
  if (!isEmpty(update.withdrawn)) done.push(t('Review request of #{0} withdrawn from {1}.', index, names(update.withdrawn)));
  if (done.length === 2) done.splice(0, 2, t('Review of #{0} requested from {1}; withdrawn from {2}.', index, names(update.requested), names(update.withdrawn)));
  const failed = update.failures.map((f) =>
    f.step === 'request'
      ? t('Requesting a review of #{0} from {1} failed: {2}', index, names(f.names), reason(f.error))
      : t('Withdrawing the review request of #{0} from {1} failed: {2}', index, names(f.names), reason(f.error)),
  );
  const severity = failed.length === 0 ? 'info' : done.length === 0 ? 'error' : 'warning';
  return { severity, text: inertText([...done, ...failed].join(' ')) };
}
