// The guarding modules `npm run mutate` mutates (StrykerJS, stryker.config.mjs) and the unit tests that must kill
// their mutants: the one list. stryker.config.mjs takes `mutate` from it, scripts/run-guard-tests.mjs the tests.
// A guard is code whose silent breakage would leak a secret, run untrusted text or lose what the user typed; a
// surviving mutant there is a change no test would notice. To add one: an entry with what it guards, the code
// (a whole file, or `part(file, first line's text)` for a function of a bigger file) and the tests, all `.ts`
// paths; tests must need no editor, no network and nothing outside the repository (Stryker runs them in a copy).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A part of a bigger file: from the one line containing `start` through the end of its block (see `mutatePatterns`). */
export function part(file, start, end) {
  return { file, start, end };
}

/**
 * Stryker's `mutate` patterns. A part becomes `file:first-last`: the one line containing `start` through the first
 * later line with its indentation that closes its block (`}`, `};`, `];`), or through the first later line containing
 * `end` when given; a line that opens no block is a part by itself. Found by text so that the range follows the code
 * (resolved here, in the project, not in Stryker's copy whose sources are instrumented); a missing text stops the run.
 */
export function mutatePatterns() {
  return GUARDS.flatMap((g) => g.mutate).map((m) => (typeof m === 'string' ? m : lineRange(m)));
}

function lineRange({ file, start, end }) {
  const lines = readFileSync(`${root}${file}`, 'utf8').split('\n');
  const hits = lines.flatMap((line, i) => (line.includes(start) ? [i] : []));
  if (hits.length !== 1) throw new Error(`mutation-guards: "${start}" is on ${hits.length} lines of ${file}, expected 1`);
  const first = hits[0];
  const indent = /^\s*/.exec(lines[first])[0];
  const closes = (line) => (end === undefined ? [`${indent}}`, `${indent}};`, `${indent}];`].includes(line) : line.includes(end));
  const single = end === undefined && !/[{[(]\s*$/.test(lines[first]);
  const last = single ? first : lines.findIndex((line, i) => i > first && closes(line));
  if (last < 0) throw new Error(`mutation-guards: no end of the block at "${start}" in ${file}`);
  return `${file}:${first + 1}-${last + 1}`;
}

export const GUARDS = [
  {
    guards: 'Secrets out of client errors: URL credentials and known secrets removed from server messages and transport failures',
    mutate: [
      part('src/api/errors.ts', 'export function redact('),
      part('src/api/errors.ts', 'export function parseErrorBody('),
      part('src/api/errors.ts', 'redact(String((e as Error)?.message ?? e), ctx.secrets)'),
    ],
    tests: ['test/unit/security/redaction.test.ts', 'test/unit/security/errorBody.test.ts'],
  },
  {
    guards: 'The secrets the client knows: token, password, its Basic header, one-time codes, secret-looking body fields',
    mutate: [
      part('src/api/http.ts', 'this.secrets =', '[];'),
      part('src/api/http.ts', 'secrets: [...this.secrets'),
      part('src/api/http.ts', 'const SECRET_FIELD ='),
      part('src/api/http.ts', 'function bodySecrets('),
    ],
    tests: ['test/unit/security/redaction.test.ts'],
  },
  {
    guards: 'Secrets out of the explanations the views and administration forms show',
    mutate: [
      part('src/shared/explainError.ts', 'export function explainListError('),
      part('src/commands/admin/explainError.ts', 'export function explainAdminError('),
    ],
    tests: ['test/unit/security/redaction.test.ts'],
  },
  {
    guards: 'Shared checks: secret redaction of shown text, http(s)-only URLs (link safety), real calendar dates, repository names (the server\'s rule, the default made from a folder)',
    mutate: ['src/shared/validation.ts'],
    tests: ['test/unit/shared/validation.test.ts', 'test/unit/admin/validation.test.ts', 'test/unit/commands/issueDraft.test.ts', 'test/unit/shared/repoName.test.ts'],
  },
  {
    guards: 'Create Issue drafts: untrusted input checked field by field, nothing typed is lost or counted as empty',
    mutate: ['src/commands/createIssue/issueDraft.ts'],
    tests: ['test/unit/commands/issueDraft.test.ts'],
  },
  {
    guards: 'The forms\' draft store (Create Issue, Create Pull Request): every change written (debounced), kept until the server accepted it',
    mutate: ['src/core/formDraftStore.ts', 'src/commands/createIssue/draftStore.ts', 'src/commands/createPullRequest/pullDraftStore.ts'],
    tests: ['test/unit/core/formDraftStore.test.ts'],
  },
  {
    guards: 'Server ref names checked before git sees them: no option (-Bmain), range (a..b), reflog entry or pattern',
    mutate: ['src/shared/refName.ts'],
    tests: ['test/unit/shared/refName.test.ts'],
  },
  {
    guards: 'Untrusted Markdown stays inert: escaping, http(s)/mailto-only links, instance-only images and reference links, safe fence classes',
    mutate: [
      'src/shared/htmlSafety.ts',
      part('src/shared/markdownRules.ts', 'function safeLinks('),
      part('src/shared/markdownRules.ts', 'export function installRules('),
      part('src/shared/markdownRefs.ts', 'function parseRoot('),
      part('src/shared/markdownRefs.ts', 'export function isInstanceUrl('),
      'src/shared/markdownLinks.ts',
    ],
    tests: [
      'test/unit/security/linkGuard.test.ts',
      'test/unit/security/markdownLinks.test.ts',
      'test/unit/security/markdownInert.test.ts',
      'test/unit/security/markdownRules.test.ts',
      'test/unit/shared/markdownGfm.test.ts',
      'test/unit/shared/markdownRefs.test.ts',
    ],
  },
  {
    guards: 'A body cannot swell the editor\'s memory (#41): its HTML at most 8 times its text and 5 MiB, the render stopped once over, past it plain text whole; at most 10,000 reference links; the page cache bounded in bytes, expired pages freed on time',
    mutate: [
      part('src/shared/markdown.ts', 'export function htmlBudget('),
      part('src/shared/markdown.ts', 'function plainBody('),
      part('src/shared/markdown.ts', 'function bounded('),
      part('src/shared/markdownRules.ts', 'function installBudget('),
      part('src/shared/markdownRules.ts', 'function withReferences('),
      part('src/shared/markdownRules.ts', 'function references('),
      'src/commands/issuePage/pageCache.ts',
    ],
    tests: ['test/unit/shared/markdownBudget.test.ts', 'test/unit/commands/issuePage/pageCache.test.ts', 'test/unit/commands/issuePage/timelinePaging.test.ts', 'test/unit/shared/markdownRefs.test.ts'],
  },
  {
    guards: 'Server text shown by VS Code stays text: no [label](command:…) link, no $(icon)',
    mutate: ['src/shared/untrustedText.ts'],
    tests: ['test/unit/security/untrustedText.test.ts'],
  },
  {
    guards: 'Server URLs open only when http(s) without credentials; another host than the instance asks first, and opens only on its Open button',
    mutate: ['src/shared/externalUrl.ts'],
    tests: ['test/unit/security/externalUrl.test.ts'],
  },
  {
    guards: 'Server text in a trusted MarkdownString (the hovers that allow our commands) and the views\' tooltips: escaped whole, link targets percent-encoded',
    mutate: ['src/shared/markdownText.ts'],
    tests: ['test/unit/security/markdownText.test.ts', 'test/unit/views/text.test.ts', 'test/unit/security/tooltipText.test.ts'],
  },
  {
    guards: 'A fork\'s remote only on the instance: http(s) of its origin, SSH to its host or its configured sshHosts',
    mutate: [
      part('src/commands/checkout/contributorBranch.ts', 'export function isForkUrl('),
      part('src/commands/checkout/contributorBranch.ts', 'function isInstanceSshHost('),
    ],
    tests: ['test/unit/commands/contributorBranch.test.ts'],
  },
  {
    guards: 'An artifact\'s file name is never a Windows device (CON, NUL, COM¹, LPT².tar …)',
    mutate: [
      part('src/shared/artifactDownload.ts', 'const WINDOWS_DEVICE ='),
      part('src/shared/artifactDownload.ts', 'export function isWindowsDeviceName('),
    ],
    tests: ['test/unit/security/windowsDeviceNames.test.ts'],
  },
  {
    guards: 'What was typed is never dropped as empty: a review with only its summary, a pull request draft with only a body',
    mutate: [
      part('src/views/changedFiles/review/draftStore.ts', 'private async put('),
      part('src/views/changedFiles/review/draftStore.ts', 'async setSummary('),
      part('src/commands/createPullRequest/pullDraft.ts', 'export function isEmptyPullDraft('),
    ],
    tests: ['test/unit/security/draftsKept.test.ts'],
  },
  {
    guards: 'Credentials stay on the instance\'s origin on a redirect, and go nowhere after the signed redirect of an artifact download',
    mutate: [
      part('src/api/http.ts', '...(sendCredentials ? creds.headers : {}),'),
      part('src/api/http.ts', 'if (sendCredentials && next.origin !== this.origin) {', 'ctx.redirectedTo = next.origin;'),
      part('src/api/http.ts', 'if (req.signedRedirect) sendCredentials = false;'),
    ],
    tests: ['test/unit/security/signedRedirect.test.ts', 'test/unit/security/redirect.test.ts'],
  },
  {
    guards: 'Drafts on disk whole: written through a temporary file renamed over the old one, never half a draft',
    mutate: [part('src/core/durableState.ts', 'private async write(')],
    tests: ['test/unit/core/durableState.test.ts'],
  },
  {
    guards: 'Changed-file paths from the server cannot climb (./.., absolute, backslash, control characters)',
    mutate: ['src/shared/repoPath.ts'],
    tests: ['test/unit/security/repoPath.test.ts'],
  },
  {
    guards: 'Review-thread images and avatars load from the instance only',
    mutate: ['src/shared/instanceImages.ts'],
    tests: ['test/unit/security/instanceImages.test.ts'],
  },
  {
    guards: 'git started safely: checked refs and full SHAs, `--` before refs and paths, absolute git path, no shell',
    mutate: [
      'src/git/gitCommands.ts',
      part('src/git/gitProcess.ts', 'export async function resolveGitExecutable('),
      part('src/git/gitProcess.ts', 'export function gitSpawnSpec('),
    ],
    tests: ['test/unit/git/gitProcess.test.ts'],
  },
  {
    guards: 'Tool results for a language model: server text quoted with its author in a fence nothing inside closes, short values as one-line JSON strings, every block and result capped',
    mutate: ['src/lm/quote.ts'],
    tests: ['test/unit/lm/quote.test.ts'],
  },
  {
    guards: 'A writing tool sends only what the user was asked about that very input: once, unexpired, never pushed out by other questions',
    mutate: ['src/lm/consent.ts'],
    tests: ['test/unit/lm/consent.test.ts'],
  },
  {
    guards: 'Who receives a token from git\'s requests: the instance\'s scheme, host and port; a sub-path instance only for a path under it; else git\'s own helpers',
    mutate: ['src/git/credentialMatch.ts', 'src/git/credentialsAnswer.ts'],
    tests: ['test/unit/git/credentialMatch.test.ts', 'test/unit/git/gitCredentials.test.ts'],
  },
  {
    guards: 'Only a 401 to a request that carried the account\'s credential refuses the account (not a signed artifact link, a redirect elsewhere, a request without credentials)',
    mutate: [
      part('src/api/errorKind.ts', 'export function refusesStoredCredential('),
      part('src/api/http.ts', "ctx.auth = sendCredentials ? creds.scheme : 'none';"),
      part('src/api/http.ts', 'if (req.signedRedirect) ctx.signedLink = true;'),
      part('src/api/errors.ts', 'if (ctx.signedLink && ctx.auth'),
    ],
    tests: ['test/unit/security/accountRefusal.test.ts'],
  },
];

/** Where `tsc -p .` writes a file of the project: src/x.ts → out/src/x.js. */
export function compiledPath(file) {
  return `out/${file.replace(/\.ts$/, '.js')}`;
}

/** The files a guard mutates (a part's file included). */
export function mutatedFiles(guard) {
  return guard.mutate.map((m) => (typeof m === 'string' ? m : m.file));
}
