// A comment of a review thread as VS Code shows it (its body rendered from untrusted Markdown, a suggestion as the
// change it makes), and what is known of a pull request under review (its reviews, threads, documents).
import * as vscode from 'vscode';
import type { PullRequestRef } from '../../../core/pullRequestArg';
import { instanceAvatarUrl, instanceImagesOnly } from '../../../shared/instanceImages';
import type { ReviewData } from './reviewData';
import { parseSuggestions, renderSuggestions } from './suggestions';
import type { DiffRanges, ReviewThreadModel, ThreadComment } from './threadModel';

export class ReviewComment implements vscode.Comment {
  /** A string while the user edits it (VS Code writes the edited text here). */
  body: vscode.MarkdownString | string;
  mode = vscode.CommentMode.Preview;
  author: vscode.CommentAuthorInformation;
  label?: string;
  contextValue: string;
  timestamp?: Date;

  /** `workspaceFile`: shown on a checked-out pull request's workspace file, where a suggestion can be applied. */
  constructor(readonly model: ThreadComment, readonly pull: PullState, workspaceFile = false) {
    this.body = this.markdown();
    // Avatars and images load from the instance only (an image elsewhere tells that host who read the comment).
    const avatar = instanceAvatarUrl(model.avatarUrl, pull.pull.repo.instanceUrl);
    this.author = { name: model.author, iconPath: avatar ? vscode.Uri.parse(avatar, true) : undefined };
    this.label = model.pending ? vscode.l10n.t('Pending') : model.outdated ? vscode.l10n.t('Outdated') : undefined;
    this.contextValue = model.draft ? 'giteaDraft' : ['giteaComment', workspaceFile && parseSuggestions(model.body).length === 1 ? 'canApplySuggestion' : ''].filter(Boolean).join(' ');
    this.timestamp = model.createdAt ? new Date(model.createdAt) : undefined;
  }

  /** The body as shown: bodies are other people's text, so no command links, no HTML and no image from elsewhere
   * than the instance (a pending comment is the user's own text, edited as it is). */
  markdown(): vscode.MarkdownString {
    // A suggestion shows as the change it makes (a diff code block: never read as Markdown or HTML).
    const shown = renderSuggestions(this.model.body, this.model.commentedLine, vscode.l10n.t('Suggested change'));
    const text = this.model.draft ? shown : instanceImagesOnly(shown, this.pull.pull.repo.instanceUrl);
    const body = new vscode.MarkdownString(text, false);
    body.isTrusted = false;
    body.supportHtml = false;
    return body;
  }

  /** The text in the comment's editor (while editing), or its body. */
  get text(): string {
    return typeof this.body === 'string' ? this.body : this.body.value;
  }
}

export class PullState {
  data?: ReviewData;
  rangesLoading?: Promise<Map<string, DiffRanges>>;
  loadedAt = 0;
  loading?: Promise<void>;
  error?: string;
  me = '';
  /** The server takes replies at once (Gitea 1.27's reply endpoint); elsewhere a reply joins the pending review. */
  repliesNow = false;
  /** The comment threads shown, by document and thread key (threadId), with their thread key. */
  readonly threads = new Map<string, { thread: vscode.CommentThread; key: string }>();
  readonly models = new Map<string, ReviewThreadModel>();
  /** The documents of each file's sides placed so far: `side|path` → URI string → URI. */
  readonly uris = new Map<string, Map<string, vscode.Uri>>();

  constructor(readonly pull: PullRequestRef, public headSha: string) {}

  get key(): { instanceUrl: string; owner: string; repo: string; index: number } {
    return { instanceUrl: this.pull.repo.instanceUrl, owner: this.pull.repo.owner, repo: this.pull.repo.repo, index: this.pull.index };
  }

  /** The user's own pending review on the server (made on the web page, or earlier by this extension). */
  get serverPendingReviewId(): number | undefined {
    return this.data?.reviews.find((r) => r.state === 'PENDING')?.id;
  }
}
