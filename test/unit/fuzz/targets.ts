// Every parser and formatter of src/ that meets text a server (or another user) wrote, with the tokens of its
// patterns: what the fuzz suite's hostile inputs are made of (hostile.ts). `run` feeds one text to the code the way
// the extension does, through each entry point that reads it. The unit tests (test/unit/fuzz/*.test.ts) check each
// target's outputs on these inputs; `npm run bench` (BENCH_ONLY=fuzz, bench/lib/fuzz.mjs) times `run` on them and
// reports each target's worst time per MB. A parser added to src/ that reads server text belongs here.
import { errorFromResponse, parseErrorBody, redact, type ErrorContext } from '../../../src/api/errors';
import { parseLinkHeader } from '../../../src/api/paging';
import { compareVersions, parseServerVersion } from '../../../src/api/version';
import { prefillPull, closesIssue } from '../../../src/commands/createPullRequest/prefill';
import { parsePullTemplate } from '../../../src/commands/createPullRequest/pullTemplate';
import { minQuotes, missingAnswers, renderFormBody } from '../../../src/commands/createIssue/templates/formBody';
import { readIssueConfig, readIssueTemplates } from '../../../src/commands/createIssue/templates/issueTemplate';
import { isForkUrl } from '../../../src/commands/checkout/contributorBranch';
import { mergeRefusal, requiredChecks } from '../../../src/commands/merge/mergeModel';
import { branchSentence, issueBranchName } from '../../../src/git/issueBranch';
import { parseRemoteUrl, resolveRemote } from '../../../src/git/remoteParser';
import { artifactFileName, pathInside } from '../../../src/shared/artifactDownload';
import { parseLogProblems } from '../../../src/shared/ciLogProblems';
import { cloneUrlOf, isCloneUrl } from '../../../src/shared/cloneUrl';
import { JobLogFormatter } from '../../../src/shared/jobLogFormat';
import { instanceImagesOnly } from '../../../src/shared/instanceImages';
import MarkdownItClass from 'markdown-it';
import type MarkdownIt from 'markdown-it';
import { MARKDOWN_PARSER_OPTIONS, renderMarkdown } from '../../../src/shared/markdown';
import { subjectTarget } from '../../../src/shared/notificationSubject';
import { checkServerRefName, refNameProblem } from '../../../src/shared/refName';
import { inertText } from '../../../src/shared/untrustedText';
import { parseDispatchInputs } from '../../../src/shared/workflowDispatch';
import { commentedLine, parseDiffRanges } from '../../../src/views/changedFiles/review/threadModel';
import { parseSuggestions, renderSuggestions, suggestionBlockOf } from '../../../src/views/changedFiles/review/suggestions';
import { escapeMarkdown } from '../../../src/views/text';

export interface FuzzTarget {
  /** The bench row's name. */
  readonly name: string;
  /** Where the code is. */
  readonly source: string;
  /** The tokens of its patterns: what hostile text is made of. */
  readonly tokens: readonly string[];
  /** Reads one text through every entry point that takes it; returns what they made (kept alive until timed). */
  readonly run: (text: string) => unknown;
  /** A figure printed beside the budgeted ones (an earlier measure of a row), not judged. */
  readonly unbudgeted?: boolean;
}

/** The YAML readers' hostile tokens (workflow files and pull request templates). */
const YAML_TOKENS = ['k{i}: 1', '- ', '[', '{', '&a{i} ', '*a', '? ', '"', "'", '|', '>', '#', '!!str ', '%YAML 1.2\n', '---\n', '...\n', 'on:\n  workflow_dispatch:\n    inputs:\n',
  '      i{i}:\n        type: choice\n        options: [a, b]\n', ': ', '\t', 'a: &x [*x]'];

/** Markdown's hostile tokens: its inline and block markers and Gitea's references. */
const MARKDOWN_TOKENS = ['*', '_', '**', '`', '[', '](', '![', '<', '>', '|', '~~', '\\', '&amp;', '#12', '@u', 'alice/demo#1', 'deadbeef1', 'http://', 'a@b.c', '> ', '- ', '1. ',
  '```', '    ', '- [ ] ', '[a]: http://x\n'];

let plainParser: MarkdownIt.MarkdownIt | undefined;
/** markdown-it as markdown.ts creates it (MARKDOWN_PARSER_OPTIONS), without our rules. */
const plainMarkdownIt = (): MarkdownIt.MarkdownIt => (plainParser ??= new MarkdownItClass('default', MARKDOWN_PARSER_OPTIONS));

export const INSTANCE = 'https://git.example.com/';
export const SECRET = 'tok3nS3cr3tValue';
export const ERROR_CONTEXT: ErrorContext = { operation: 'repoGet', auth: 'token', origin: 'https://git.example.com', secrets: [SECRET] };
export const LOG_REPO = { owner: 'alice', repo: 'demo' } as const;
export const MARKDOWN_OPTIONS = { imageOrigin: INSTANCE, refs: { instanceUrl: INSTANCE, owner: 'alice', repo: 'demo' }, pageUrl: `${INSTANCE}alice/demo/issues/1` };
export const KNOWN_INSTANCES = [{ url: INSTANCE, sshHosts: ['ssh.example.com'] }, { url: 'https://git.example.com/sub/' }];
/** Contexts a hostile required-context pattern is matched against: usual names and long ones made of its characters. */
export const statusContexts = (pattern: string): string[] => ['ci/build', 'build (push)', 'a'.repeat(pattern.length), `${pattern.replace(/\*/g, 'a')}!`, pattern];

/** An issue form as the API serves it with `t` in every text a repository writes (labels, values, options, regex). */
export const hostileIssueTemplate = (t: string) => ({
  name: t || 'n', about: t || 'a', title: t, labels: [t], assignees: t, ref: t, file_name: `.gitea/ISSUE_TEMPLATE/${t.slice(0, 40)}.yaml`,
  body: [
    { type: 'markdown', id: '0', attributes: { value: t || 'm' } },
    { type: 'input', id: 'i', attributes: { label: t || 'l', placeholder: t, value: t, description: t }, validations: { regex: t, is_number: true } },
    { type: 'textarea', id: 't', attributes: { label: t || 'l', render: 'shell', value: t } },
    { type: 'dropdown', id: 'd', attributes: { label: 'D', options: [t, 'b'], list: true, multiple: true } },
    { type: 'checkboxes', id: 'c', attributes: { label: 'C', options: [{ label: t || 'x', required: true }] } },
  ],
});
export const hostileAnswers = (t: string) => ({ i: t, t, d: [0, 1], c: [false] });

/** Hostile text as issue templates meet it: in every field of one, as the whole answer (JSON), as a contact link. */
function readHostileTemplates(t: string): unknown[] {
  let json: unknown;
  try {
    json = JSON.parse(t);
  } catch {
    // expected: most hostile text is no JSON; the answer's own texts are fed above.
    json = undefined;
  }
  const list = readIssueTemplates([hostileIssueTemplate(t), ...(Array.isArray(json) ? json : [json])]);
  return [list, list.templates.map((x) => [renderFormBody(x, hostileAnswers(t)), missingAnswers(x, hostileAnswers(t))]),
    readIssueConfig({ blank_issues_enabled: false, contact_links: [{ name: t, url: t, about: t }, json] }), minQuotes(t)];
}

export const FUZZ_TARGETS: readonly FuzzTarget[] = [
  {
    name: 'error bodies',
    source: 'src/api/errors.ts',
    tokens: ['<title', '<title>', '</title>', '<h1', '<h1 class="x">', '</h1>', '<!doctype html>', '<html>', '{"message":"', '[field]:', 'a://', 'https://u:p@',
      'token does not have at least one of required scope(s) [', 'otp', '2fa', SECRET],
    run: (t) => [
      parseErrorBody(t, 'text/html', []),
      parseErrorBody(t, undefined, []),
      errorFromResponse(401, t, 'text/plain', ERROR_CONTEXT),
      errorFromResponse(403, t, 'application/json', ERROR_CONTEXT),
      errorFromResponse(422, t, undefined, ERROR_CONTEXT),
      errorFromResponse(502, t, 'text/html', ERROR_CONTEXT),
      redact(t, [SECRET]),
    ],
  },
  {
    name: 'job logs',
    source: 'src/shared/ciLogProblems.ts',
    tokens: ['[a', 'src/a.ts:1:2', 'a.ts:', '--> ', './', '/workspace/alice/demo/', 'File "a.py", line ', '  at f (', 'file:///', 'a.js:1:2)', '::error ',
      'file=a.ts,line=1::', 'a.ts(1,2): error TS2322: ', '  1:2  error  x  rule', 'error', 'warning: ', '\u001b[31m', '2024-01-14T10:05:10.0000000Z ', 'Traceback',
      '::group::Run ', '::endgroup::', 'shell: bash\n', 'with:\n', 'env:\n', '  k: v\n'],
    run: (t) => parseLogProblems(t, LOG_REPO),
  },
  {
    name: 'job log display',
    source: 'src/shared/jobLogFormat.ts, jobLogLines.ts',
    tokens: ['2026-12-06T11:52:03.1234567Z ', '::group::Run ', '::group::', '##[group]', '::endgroup::', '##[endgroup]', '::error file=a.ts,line=1::', '::warning ', '::',
      'shell: bash\n', 'with:\n', 'env:\n', '  k: v\n', 'Job succeeded\n', 'Job failed\n', '\u001b[31m', '\u001b]8;;http://x\u0007', '\r', '\n', 'a'],
    run: (t) => {
      const f = new JobLogFormatter();
      return { chunk: f.feed(t), sections: f.sections };
    },
  },
  {
    name: 'pull request templates and prefill',
    source: 'src/commands/createPullRequest/prefill.ts, pullTemplate.ts',
    tokens: ['closes', 'Closes ', 'fixes: ', 'resolved', ' ', ':', '#12', 'alice/demo#12', '---\n', 'name: a\n', 'about: b\n', 'title: [x]: \n', 'labels: a,b\n', '\r\n', '\n\n'],
    run: (t) => {
      const template = parsePullTemplate('PULL_REQUEST_TEMPLATE.md', t);
      return [template, prefillPull(t.slice(0, 256), [{ message: t }], template, '#12'), prefillPull('issue-12-x', [{ message: t }, { message: t }], undefined, 'alice/demo#12'),
        closesIssue(t, '#12')];
    },
  },
  // A workflow file is read by the workflow reader, a pull request template by the template reader: each row times
  // one reader. The third row is the measure this row had before (both readers on every text), kept beside, unbudgeted.
  {
    name: 'workflow YAML (Run Workflow inputs)',
    source: 'src/shared/yaml.ts, workflowDispatch.ts',
    tokens: YAML_TOKENS,
    run: (t) => [parseDispatchInputs(t)],
  },
  {
    name: 'pull request template YAML',
    source: 'src/shared/yaml.ts, pullTemplate.ts',
    tokens: YAML_TOKENS,
    run: (t) => [parsePullTemplate('.gitea/PULL_REQUEST_TEMPLATE.yaml', t)],
  },
  {
    name: 'workflow and template YAML',
    source: 'both readers on the same text, as this row measured until the rows above',
    tokens: YAML_TOKENS,
    run: (t) => [parseDispatchInputs(t), parsePullTemplate('.gitea/PULL_REQUEST_TEMPLATE.yaml', t)],
    unbudgeted: true,
  },
  {
    name: 'issue templates and forms',
    source: 'src/commands/createIssue/templates/issueTemplate.ts, formBody.ts',
    tokens: ['```', '````', '`', '\n', '\r\n', ' ', '\u0085', '\u00a0', '[{"name":"n","about":"a","file_name":"f{i}.yaml","body":[', '{"type":"textarea","id":"a{i}",',
      '"attributes":{"label":"l","options":["', '"visible":["form"', ']}', '}', ',', '"', 'https://x/', 'javascript:', 'command:'],
    run: readHostileTemplates,
  },
  {
    name: 'artifact names',
    source: 'src/shared/artifactDownload.ts',
    tokens: ['a', 'é', '😀', '.', ' ', '/', '\\', '\u202e', 'con', 'COM1', 'LPT¹', 'nul.tar', '.zip', '\u0000', '..', ':'],
    run: (t) => {
      const name = artifactFileName(t, 7);
      return [name, pathInside('/downloads', name)];
    },
  },
  {
    name: 'suggestion blocks',
    source: 'src/views/changedFiles/review/suggestions.ts',
    tokens: ['```', '`', '~~~', '```suggestion\n', '````suggestion\n', '   ```', '\n', '\r\n', 'x'],
    run: (t) => [parseSuggestions(t), renderSuggestions(t, t.slice(0, 200), 'Suggested change'), suggestionBlockOf(t.split('\n'))],
  },
  {
    name: 'required status context patterns',
    source: 'src/commands/merge/mergeModel.ts',
    tokens: ['*', '*x', 'a*', '**x', '.', '?', '[', '\\', 'ci/', 'build (push)'],
    run: (t) => [
      requiredChecks({ statuses: statusContexts(t).map((context) => ({ context, status: 'success' })) } as Parameters<typeof requiredChecks>[0], [t]),
      mergeRefusal(405, t),
      mergeRefusal(409, t),
    ],
  },
  {
    name: 'remote and fork URLs',
    source: 'src/git/remoteParser.ts, src/commands/checkout/contributorBranch.ts',
    tokens: ['https://', 'ssh://', 'git+ssh://', 'git@', '@', ':', '/', '[', ']', '[::1]', '%', '%2F', '.git', '.wiki', '#', '?', '\\', 'C:', '::', 'ext::', '~', 'git.example.com'],
    run: (t) => [parseRemoteUrl(t), resolveRemote(t, KNOWN_INSTANCES), isForkUrl(t, INSTANCE)],
  },
  {
    name: 'clone URLs',
    source: 'src/shared/cloneUrl.ts',
    tokens: ['https://', 'http://', 'ssh://', 'ext::', 'file://', 'git@', '@', ':', '/', '-', '--upload-pack=', ' ', '\n', '\u0000', '\u202e', 'git.example.com', '.git', 'a'],
    run: (t) => [cloneUrlOf({ clone_url: t, ssh_url: t }, 'https'), cloneUrlOf({ clone_url: t, ssh_url: t }, 'ssh'), isCloneUrl(t)],
  },
  {
    name: 'ref names',
    source: 'src/shared/refName.ts',
    tokens: ['.', '..', '@{', '@', '/', '//', '.lock', '-', ' ', '~', '^', ':', '\u0000', '\u007f', 'HEAD', 'refs/heads/', 'a'],
    run: (t) => [refNameProblem(t), checkServerRefName(t, 'the default branch of alice/demo')],
  },
  {
    name: 'Markdown bodies',
    source: 'src/shared/markdown.ts, markdownRules.ts, markdownRefs.ts',
    tokens: MARKDOWN_TOKENS,
    // As the worker renders a body (markdownWorker.ts). renderInline has no caller in src/ (tests only), so it is not
    // timed here; until #31's fix this target also rendered each text a second time through it. markdown.test.ts
    // still checks what both make of every hostile input.
    run: (t) => renderMarkdown(t, MARKDOWN_OPTIONS),
  },
  // The floor under the row above, printed beside it, unbudgeted: markdown-it with the options markdown.ts gives it
  // and none of our rules. What the row above takes beyond it is ours; the rest only another parser can change.
  {
    name: 'Markdown bodies, markdown-it alone',
    source: 'markdown-it as markdown.ts configures it, without markdownRules.ts',
    tokens: MARKDOWN_TOKENS,
    run: (t) => plainMarkdownIt().render(t),
    unbudgeted: true,
  },
  {
    name: 'notification subjects',
    source: 'src/shared/notificationSubject.ts',
    tokens: [INSTANCE, 'api/v1/repos/', 'alice/demo/issues/1', '/', '..', '%', '%2e', '%2F', 'issues/', '9', '?', '#', '@', ':'],
    run: (t) => [subjectTarget({ subject: { type: 'Issue', url: t, html_url: t } } as Parameters<typeof subjectTarget>[0], INSTANCE)],
  },
  {
    name: 'Link headers (paging)',
    source: 'src/api/paging.ts',
    tokens: ['<', '>', ';', 'rel=', 'rel="next"', '"', ',', ' ', '?page=', '<https://h/x?page=2>; rel="next"', ', <', 'page=9999999999999999999'],
    run: (t) => parseLinkHeader(t),
  },
  {
    name: 'server text shown by VS Code (inertText)',
    source: 'src/shared/untrustedText.ts',
    tokens: ['](', '$(', '[', ']', '(', '$', '[a](command:x)', '$(icon)'],
    run: (t) => inertText(t),
  },
  {
    name: 'server versions',
    source: 'src/api/version.ts',
    tokens: ['1', '.', '-', '+gitea-', 'v', '1.27.0', '11.0.0+gitea-1.22.0', '9'.repeat(20)],
    run: (t) => [parseServerVersion(t), compareVersions(t, '1.27.0')],
  },
  {
    name: 'pull request diffs and diff hunks',
    source: 'src/views/changedFiles/review/threadModel.ts',
    tokens: ['diff --git a/x b/x\n', '--- a/x\n', '+++ b/x\n', '+++ "b/\\303\\251"\n', '@@ -1,2 +3,4 @@', '@@ -', '"', '\\', '\\0', '+', '-', ' ', '\n'],
    run: (t) => [parseDiffRanges(t), commentedLine(t)],
  },
  {
    name: 'issue titles and branch names',
    source: 'src/git/issueBranch.ts',
    tokens: ['a', ' ', 'é', '-', '_', '.', '/', '${slug}', '12-', 'issue-', 'Ａ'],
    run: (t) => [issueBranchName('issue-${number}-${slug}', { number: 12, title: t }), branchSentence(t)],
  },
  {
    name: 'review comment images',
    source: 'src/shared/instanceImages.ts',
    tokens: ['![', '![a](', `${INSTANCE}a.png`, ')', ' "t"', '\\', '[', ']', '(', '&'],
    run: (t) => instanceImagesOnly(t, INSTANCE),
  },
  {
    name: 'tooltip Markdown of server text',
    source: 'src/views/text.ts',
    tokens: ['*', '[', '](', '<', '&', '`', '\\', '\n', '\r\n', 'command:'],
    run: (t) => escapeMarkdown(t),
  },
];
