// Request Review sends two requests (new requests, then withdrawals): when one fails the other is still sent, the
// outcome says what went through, and the message names what was done and what failed (inert: names are the
// server's).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { updateReviewers, updateSummary, type ReviewerCalls } from '../../../src/commands/requestReview/reviewerUpdate';
import type { ReviewerNames } from '../../../src/commands/requestReview/reviewerChanges';
import { plainText } from '../../../src/shared/validation';
import { WORD_JOINER } from '../../../src/shared/untrustedText';

const names = (reviewers: string[], team_reviewers: string[] = []): ReviewerNames => ({ reviewers, team_reviewers });
const NONE = names([]);

function calls(fail: { request?: Error; withdraw?: Error } = {}): ReviewerCalls & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    request: async (n) => {
      sent.push(`POST ${[...n.reviewers, ...n.team_reviewers].join(',')}`);
      if (fail.request) throw fail.request;
    },
    withdraw: async (n) => {
      sent.push(`DELETE ${[...n.reviewers, ...n.team_reviewers].join(',')}`);
      if (fail.withdraw) throw fail.withdraw;
    },
  };
}

const reason = (e: unknown) => (e as Error).message;

describe('Request Review: both requests, partial failure', () => {
  it('both go through: requested and withdrawn, no failure, an information', async () => {
    const c = calls();
    const update = await updateReviewers({ added: names(['carol']), removed: names(['bob'], ['Owners']) }, c);
    assert.deepEqual(c.sent, ['POST carol', 'DELETE bob,Owners']);
    assert.deepEqual(update, { requested: names(['carol']), withdrawn: names(['bob'], ['Owners']), failures: [] });
    assert.deepEqual(updateSummary(7, update, reason, plainText), { severity: 'info', text: 'Review of #7 requested from carol; withdrawn from bob, Owners.' });
  });

  it('the withdrawal fails after the request went through: the request counts, the failure is told with its reason', async () => {
    const c = calls({ withdraw: new Error('The server failed (HTTP 500).') });
    const update = await updateReviewers({ added: names(['carol']), removed: names(['bob']) }, c);
    assert.deepEqual(c.sent, ['POST carol', 'DELETE bob']);
    assert.deepEqual(update.requested, names(['carol']));
    assert.deepEqual(update.withdrawn, NONE);
    assert.deepEqual(update.failures.map((f) => [f.step, f.names]), [['withdraw', names(['bob'])]]);
    assert.deepEqual(updateSummary(7, update, reason, plainText), {
      severity: 'warning',
      text: 'Review of #7 requested from carol. Withdrawing the review request of #7 from bob failed: The server failed (HTTP 500).',
    });
  });

  it('the request fails: the withdrawal is still sent', async () => {
    const c = calls({ request: new Error('Not found.') });
    const update = await updateReviewers({ added: names(['carol']), removed: names(['bob']) }, c);
    assert.deepEqual(c.sent, ['POST carol', 'DELETE bob']);
    assert.deepEqual(update.withdrawn, names(['bob']));
    assert.deepEqual(updateSummary(7, update, reason, plainText), {
      severity: 'warning',
      text: 'Review request of #7 withdrawn from bob. Requesting a review of #7 from carol failed: Not found.',
    });
  });

  it('everything fails: an error naming each failure', async () => {
    const update = await updateReviewers({ added: names(['carol']), removed: names(['bob']) }, calls({ request: new Error('A.'), withdraw: new Error('B.') }));
    const summary = updateSummary(3, update, reason, plainText);
    assert.equal(summary.severity, 'error');
    assert.equal(summary.text, 'Requesting a review of #3 from carol failed: A. Withdrawing the review request of #3 from bob failed: B.');
  });

  it('nothing to send on a side: that request is not made', async () => {
    const c = calls();
    const update = await updateReviewers({ added: NONE, removed: names([], ['Owners']) }, c);
    assert.deepEqual(c.sent, ['DELETE Owners']);
    assert.deepEqual(updateSummary(2, update, reason, plainText).text, 'Review request of #2 withdrawn from Owners.');
  });

  it('the message is inert: a team name or a server reason with a command link shows as text', async () => {
    const hostile = '[x](command:workbench.action.quit)';
    const update = await updateReviewers({ added: names([], [hostile]), removed: names(['bob']) }, calls({ withdraw: new Error(hostile) }));
    const { text } = updateSummary(1, update, reason, plainText);
    assert.ok(!text.includes('](command:'), text);
    assert.ok(text.includes(`[x]${WORD_JOINER}(command:workbench.action.quit)`), text);
  });
});
