// Releases (repoListReleases): tag, name, draft / pre-release badges; each expands to its assets and the source
// archives. "Create Release" is in createRelease.ts.
import * as vscode from 'vscode';
import type { Attachment, Release } from '../api';
import type { Services } from '../services';
import { appendField, escapeMarkdown, formatBytes, formatDate, relativeDate, tooltip } from './format';
import { PagedTreeProvider } from './pagedTree';
import type { ViewScope } from './scope';
import { contextValue, leaf, type NodeChildren, type TreeNode } from './treeNode';

export const RELEASES_VIEW = 'gitea.releases';

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
        render: (r: Release) => releaseNode(r),
        identity: (r: Release) => r.id,
        emptyLabel: vscode.l10n.t('No releases yet'),
      },
    };
  }
}

export function releaseBadges(r: Release): string[] {
  return [r.draft && vscode.l10n.t('draft'), r.prerelease && vscode.l10n.t('pre-release')].filter((b): b is string => !!b);
}

function releaseNode(r: Release): TreeNode {
  const icon = r.draft
    ? new vscode.ThemeIcon('tag', new vscode.ThemeColor('disabledForeground'))
    : r.prerelease
      ? new vscode.ThemeIcon('tag', new vscode.ThemeColor('charts.orange'))
      : new vscode.ThemeIcon('tag', new vscode.ThemeColor('charts.green'));
  const badges = releaseBadges(r).map((b) => `[${b}]`);
  const title = r.name && r.name !== r.tag_name ? r.name : '';
  return leaf(r.tag_name, icon, {
    description: [...badges, title, relativeDate(r.published_at || r.created_at)].filter(Boolean).join(' '),
    context: contextValue('release', r.draft && 'draft', r.prerelease && 'prerelease'),
    url: r.html_url ?? undefined,
    data: r,
    tooltip: () => releaseTooltip(r),
    children: () => ({ fixed: releaseChildren(r) }),
  });
}

function releaseChildren(r: Release): TreeNode[] {
  const nodes = r.assets.map(assetNode);
  const archive = (label: string, url: string | null | undefined): TreeNode | undefined =>
    url ? leaf(label, new vscode.ThemeIcon('file-zip'), { context: 'releaseArchive', url }) : undefined;
  for (const n of [archive(vscode.l10n.t('Source code (zip)'), r.zipball_url), archive(vscode.l10n.t('Source code (tar.gz)'), r.tarball_url)]) {
    if (n) nodes.push(n);
  }
  if (nodes.length === 0) nodes.push(leaf(vscode.l10n.t('No assets'), new vscode.ThemeIcon('circle-slash'), { context: 'empty' }));
  return nodes;
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
