// Releases (repoListReleases): tag, name, draft / pre-release badges; a click opens the release (openRelease);
// each expands to its assets and the source archives. "Create Release" is in createRelease.ts.
import * as vscode from 'vscode';
import type { Attachment, Release } from '../api';
import { isGiteaError } from '../api/errorKind';
import type { Services } from '../core/services';
import { appendField, escapeMarkdown, formatBytes, formatDate, relativeDate, tooltip } from './format';
import { PagedTreeProvider } from './pagedTree';
import type { ViewScope } from './scope';
import { contextValue, leaf, type ListSpec, type NodeChildren, type TreeNode } from './treeNode';
import { openServerUrl } from '../core/openExternal';

export const RELEASES_VIEW = 'gitea.releases';
/** What a click on a release runs (registered in viewCommands.ts). */
export const OPEN_RELEASE_COMMAND = 'gitea.releases.open';

/** Release notes in a tooltip are cut here: the full text is one click away (Open in Browser). */
const NOTES_PREVIEW_CHARS = 600;

export class ReleasesProvider extends PagedTreeProvider {
  constructor(services: Services) {
    super(services, RELEASES_VIEW);
  }

  /** Shows a newly created release (drops the cached pages of the active repository). */
  reload(): void {
    this.refresh();
  }

  protected rootChildren(scope: ViewScope): NodeChildren {
    return {
      list: {
        key: 'releases',
        fetch: (page, signal) => scope.client.repoListReleases({ ...scope.params, page }, { signal }),
        render: (r: Release, now: number) => releaseNode(scope, r, now),
        identity: (r: Release) => r.id,
        emptyLabel: vscode.l10n.t('No releases yet'),
      },
    };
  }
}

export function releaseBadges(r: Release): string[] {
  return [r.draft && vscode.l10n.t('draft'), r.prerelease && vscode.l10n.t('pre-release')].filter((b): b is string => !!b);
}

/** What a click on a release does: its web page, for now. The one place to change when releases get a page in
 * the editor. */
export function openRelease(node: TreeNode | undefined): Thenable<boolean> | undefined {
  return node?.url ? openServerUrl(node.url, node.instanceUrl) : undefined;
}

function releaseNode(scope: ViewScope, r: Release, now: number): TreeNode {
  const icon = r.draft
    ? new vscode.ThemeIcon('tag', new vscode.ThemeColor('disabledForeground'))
    : r.prerelease
      ? new vscode.ThemeIcon('tag', new vscode.ThemeColor('charts.orange'))
      : new vscode.ThemeIcon('tag', new vscode.ThemeColor('charts.green'));
  const badges = releaseBadges(r).map((b) => `[${b}]`);
  const title = r.name && r.name !== r.tag_name ? r.name : '';
  const node = leaf(r.tag_name, icon, {
    // `[draft] Version 1.2 · 3 days ago`: the age set apart as in the other views.
    description: [[...badges, title].filter(Boolean).join(' '), relativeDate(r.published_at || r.created_at, now)].filter(Boolean).join(' · '),
    context: contextValue('release', r.draft && 'draft', r.prerelease && 'prerelease'),
    url: r.html_url ?? undefined,
    data: r,
    tooltip: () => releaseTooltip(r),
    children: () => releaseChildren(scope, r),
  });
  if (node.url) node.item.command = { command: OPEN_RELEASE_COMMAND, title: vscode.l10n.t('Open Release'), arguments: [node] };
  return node;
}

/** A "Source code" download of a release. */
interface SourceArchive {
  readonly label: string;
  readonly url: string;
}

function sourceArchives(r: Release): SourceArchive[] {
  return [
    { label: vscode.l10n.t('Source code (zip)'), url: r.zipball_url ?? '' },
    { label: vscode.l10n.t('Source code (tar.gz)'), url: r.tarball_url ?? '' },
  ].filter((a) => a.url);
}

function archiveNode(a: SourceArchive): TreeNode {
  return leaf(a.label, new vscode.ThemeIcon('file-zip'), { context: 'releaseArchive', url: a.url });
}

/**
 * Assets, then the source archives. Gitea answers archive URLs for every release, but they work only while the
 * tag exists: a published release always has its tag (publishing creates it; deleting the tag turns the release
 * back into a draft), a draft often has none yet. So only a draft asks, when expanded, whether its tag exists.
 */
function releaseChildren(scope: ViewScope, r: Release): NodeChildren {
  const assets = r.assets.map(assetNode);
  if (r.draft) return { fixed: assets, list: draftArchives(scope, r) };
  const nodes = [...assets, ...sourceArchives(r).map(archiveNode)];
  if (nodes.length === 0) nodes.push(leaf(vscode.l10n.t('No assets'), new vscode.ThemeIcon('circle-slash'), { context: 'empty' }));
  return { fixed: nodes };
}

/** The archives of a draft: one request for its tag (repoGetTag); none when the tag does not exist (404). */
function draftArchives(scope: ViewScope, r: Release): ListSpec<SourceArchive> {
  return {
    key: `release:${r.id}:archives:${r.tag_name}`,
    fetch: async (page, signal) => {
      try {
        await scope.client.repoGetTag({ ...scope.params, tag: r.tag_name }, { signal });
        return { items: sourceArchives(r), page, hasMore: false };
      } catch (e) {
        if (isGiteaError(e) && e.kind === 'notFound') return { items: [], page, hasMore: false };
        throw e;
      }
    },
    render: archiveNode,
    identity: (a) => a.url,
    emptyLabel: vscode.l10n.t('No source code yet: the tag {0} is created when the release is published', r.tag_name),
  };
}

function assetNode(a: Attachment): TreeNode {
  const downloads = a.download_count ? vscode.l10n.t('{0} downloads', a.download_count) : '';
  return leaf(a.name ?? String(a.id), new vscode.ThemeIcon('package'), {
    description: [formatBytes(a.size), downloads].filter(Boolean).join(' · '),
    context: 'releaseAsset',
    url: a.browser_download_url ?? undefined,
    data: a,
    tooltip: () => {
      const md = tooltip();
      md.appendMarkdown(`**${escapeMarkdown(a.name ?? '')}**\n\n`);
      appendField(md, vscode.l10n.t('Size'), formatBytes(a.size));
      appendField(md, vscode.l10n.t('Downloads'), a.download_count ?? 0);
      appendField(md, vscode.l10n.t('Uploaded'), formatDate(a.created_at));
      return md;
    },
  });
}

function releaseTooltip(r: Release): vscode.MarkdownString {
  const md = tooltip();
  md.appendMarkdown(`$(tag) **${escapeMarkdown(r.name || r.tag_name)}**`);
  const badges = releaseBadges(r);
  if (badges.length) md.appendMarkdown(` — ${escapeMarkdown(badges.join(', '))}`);
  md.appendMarkdown('\n\n');
  appendField(md, vscode.l10n.t('Tag'), r.tag_name);
  appendField(md, vscode.l10n.t('Target'), r.target_commitish);
  appendField(md, vscode.l10n.t('Author'), r.author?.login);
  appendField(md, vscode.l10n.t('Published'), formatDate(r.published_at) || formatDate(r.created_at));
  appendField(md, vscode.l10n.t('Assets'), r.assets.length);
  const notes = (r.body ?? '').trim();
  if (notes) {
    const cut = notes.length > NOTES_PREVIEW_CHARS ? `${notes.slice(0, NOTES_PREVIEW_CHARS)}…` : notes;
    md.appendMarkdown(`\n\n---\n\n${escapeMarkdown(cut)}`);
  }
  return md;
}
