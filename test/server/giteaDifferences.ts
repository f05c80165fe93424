// Where the test server's answer to a recorded exchange (test/fixtures/gitea-api/recordings/gitea-1.27.0.jsonl)
// cannot have the shape of the recorded Gitea answer, and why. test/unit/server/matchesGitea.test.ts
// tolerates exactly these and fails when an entry is no longer needed. Paths: `$…` JSON paths (array
// elements as `[]`), `#status`, `#header:<name>`, `#content-type`.

export interface GiteaDifference {
  /** Line of the recordings file. */
  line: number;
  operationId: string;
  paths: string[];
  reason: string;
}

/**
 * Empty: every recorded answer is matched. The one thing the test server cannot reproduce, the recorded commit
 * ids (its commits are rebuilt, not copied), appears only in request URLs (lines 54, 55), which the test
 * translates to the same commits here (giteaExchanges.ts, commitTranslation); answers are compared by shape.
 */
export const GITEA_DIFFERENCES: GiteaDifference[] = [];
