// The issue page's timeline requests: the newest pages on load (timelinePaging.ts), the page before on "Load
// earlier", and the page's links (a reference opens its page, a mention or commit link opens in the browser when
// it is on the instance). What the page keeps between them is a PageSnapshot, also what the page cache holds.
import * as vscode from 'vscode';
import type { GiteaClient, TimelineComment } from '../../api';
import { COMMAND } from '../../core/commandIds';
import { isInstanceUrl } from '../../shared/markdownRefs';
import type { PageRef } from './messages';
import { buildPage, type PageData, type PageInput, type TimelineEntry } from './pageModel';
import { TimelinePaging, type TimelineHints } from './timelinePaging';
import { openServerUrl } from '../../core/openExternal';

interface IssueParams {
  readonly owner: string;
  readonly repo: string;
  readonly index: number;
}

/** What a loaded page keeps: its data, the input it was built from (for earlier entries) and where paging is. */
export interface PageSnapshot {
  readonly data: PageData;
  readonly input: PageInput;
  readonly paging: TimelinePaging<TimelineComment>;
  /** The account it was loaded with (its user's comments are marked as their own). */
  readonly accountId: string;
}

/** The newest pages of the timeline (whole when short); `hints`: what the issue's (and pull request's) request
 * tells of its length (timelineHints). `onCapped`: the server still said "more" at MAX_TIMELINE_PAGES (the timeline
 * is taken to end there). */
export function readTimeline(client: GiteaClient, params: IssueParams, hints: Promise<TimelineHints>, signal: AbortSignal, onCapped?: (pages: number) => void) {
  return TimelinePaging.newest<TimelineComment>(
    (page, limit) => client.issueGetCommentsAndTimeline({ ...params, page, limit }, { signal }),
    () => hints,
    (t) => t.id,
    onCapped,
  );
}

/** The page before the shown ones, as entries to put above them, and the snapshot with them. */
export async function loadEarlier(
  client: GiteaClient,
  params: IssueParams,
  snapshot: PageSnapshot,
  withText: (page: PageData) => PageData,
): Promise<{ snapshot: PageSnapshot; entries: readonly TimelineEntry[] } | undefined> {
  const { paging, input, data } = snapshot;
  const items = await paging.loadEarlier((page, limit) => client.issueGetCommentsAndTimeline({ ...params, page, limit }), input.timeline);
  if (!items) return undefined;
  // buildPage puts the description first: the earlier entries are what follows it.
  const entries = withText(await buildPage({ ...input, timeline: items })).timeline.slice(1);
  const [description, ...rest] = data.timeline;
  return {
    entries,
    snapshot: {
      ...snapshot,
      input: { ...input, timeline: [...items, ...input.timeline] },
      data: { ...data, timeline: description ? [description, ...entries, ...rest] : entries, earlier: paging.earlierPages },
    },
  };
}

/** Opens the page of a reference in a body (same instance and account as the page it is on). */
export function openReference(ref: PageRef, to: { owner: string; repo: string; number: number }): Thenable<unknown> {
  return vscode.commands.executeCommand(COMMAND.openIssue, {
    repo: { instanceUrl: ref.instanceUrl, owner: to.owner, repo: to.repo, accountId: ref.accountId },
    number: to.number,
  });
}

/** Opens a mention's or commit's web page, only when it is on the page's instance. */
export async function openInstanceUrl(ref: PageRef, url: string): Promise<boolean> {
  if (!isInstanceUrl(url, ref.instanceUrl)) return false;
  return openServerUrl(url, ref.instanceUrl);
}
