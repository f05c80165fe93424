// What the form webviews (Create Issue, Create Pull Request) send and how their description's preview is kept: the
// same for every form, so each panel handles only its own messages. No vscode: unit-tested.
import { renderMarkdownOffThread } from '../shared/markdownOffThread';

/** What a form does with the messages every form's webview sends. */
export interface FormHandlers {
  /** The webview (re)loaded: send it the whole state. */
  ready(): void;
  /** The draft as the webview has it (untrusted until parsed). */
  change(draft: unknown): void;
  /** After `change` with the draft sent along. */
  submit(): void;
  discard(): void;
  readonly preview: FormPreview;
}

/**
 * Runs the handler of a webview message: one of every form's, or one of the form's own (`own`, by type, no payload).
 * Anything else is ignored.
 */
export function handleFormMessage(message: unknown, h: FormHandlers, own: Readonly<Record<string, () => void>> = {}): void {
  if (typeof message !== 'object' || message === null) return;
  const m = message as { type?: unknown; draft?: unknown; shown?: unknown };
  switch (m.type) {
    case 'ready':
      return h.ready();
    case 'discard':
      return h.discard();
    case 'previewShown':
      return void h.preview.setShown(m.shown === true);
    case 'change':
      return h.change(m.draft);
    case 'submit':
      h.change(m.draft);
      return h.submit();
  }
  if (typeof m.type === 'string' && Object.hasOwn(own, m.type)) own[m.type]!();
}

/**
 * The description's preview, rendered (shared/markdown.ts: untrusted text) only while the Preview tab is open: on
 * opening it, and again after typing pauses. A form that is filled and sent without a look at the preview renders none.
 */
export class FormPreview {
  private shown = false;
  private timer: NodeJS.Timeout | undefined;
  /** Renders started: only the newest one's HTML is posted (renders end in any order). */
  private renders = 0;

  /** `cutNote`: what a preview cut short says (shared/markdown.ts). */
  constructor(
    private readonly post: (message: Record<string, unknown>) => void,
    private readonly body: () => string,
    private readonly cutNote: string,
  ) {}

  /** Renders the description on the Markdown worker thread and posts it, unless a newer render or a close came first. */
  private async send(): Promise<void> {
    const render = ++this.renders;
    const html = await renderMarkdownOffThread(this.body(), { cutNote: this.cutNote });
    if (render === this.renders && this.shown) this.post({ type: 'preview', html });
  }

  /** The Preview tab was opened or closed; resolves once its preview is posted. */
  setShown(shown: boolean): Promise<void> {
    this.shown = shown;
    return shown ? this.send() : Promise.resolve();
  }

  /** The form was sent anew (a reload, another draft): its preview too, when open. */
  resend(): Promise<void> {
    return this.shown ? this.send() : Promise.resolve();
  }

  /** The description changed: the preview follows once typing pauses. */
  bodyChanged(): void {
    if (!this.shown) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.send(), 120);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
