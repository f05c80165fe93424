// What the form webviews (Create Issue, Create Pull Request) send and how their description's preview is kept: the
// same for every form, so each panel handles only its own messages. No vscode: unit-tested.
import { renderMarkdown } from '../shared/markdown';

/** What a form's webview may send: the messages every form has, and the form's own (`extra`, no payload). */
export type FormMessage<Extra extends string> =
  | { type: 'ready' | 'discard' | Extra }
  | { type: 'change' | 'submit'; draft: unknown }
  | { type: 'previewShown'; shown: boolean };

/** The message, or undefined for anything else (ignored). */
export function formMessage<Extra extends string>(message: unknown, extra: readonly Extra[]): FormMessage<Extra> | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const m = message as { type?: unknown; draft?: unknown; shown?: unknown };
  if (m.type === 'ready' || m.type === 'discard' || extra.includes(m.type as Extra)) return { type: m.type as 'ready' | 'discard' | Extra };
  if (m.type === 'change' || m.type === 'submit') return { type: m.type, draft: m.draft };
  if (m.type === 'previewShown') return { type: 'previewShown', shown: m.shown === true };
  return undefined;
}

/**
 * The description's preview, rendered (shared/markdown.ts: untrusted text) only while the Preview tab is open: on
 * opening it, and again after typing pauses. A form that is filled and sent without a look at the preview renders none.
 */
export class FormPreview {
  private shown = false;
  private timer: NodeJS.Timeout | undefined;

  /** `cutNote`: what a preview cut short says (shared/markdown.ts). */
  constructor(
    private readonly post: (message: Record<string, unknown>) => void,
    private readonly body: () => string,
    private readonly cutNote: string,
  ) {}

  private send(): void {
    this.post({ type: 'preview', html: renderMarkdown(this.body(), { cutNote: this.cutNote }) });
  }

  /** The Preview tab was opened or closed. */
  setShown(shown: boolean): void {
    this.shown = shown;
    if (shown) this.send();
  }

  /** The form was sent anew (a reload, another draft): its preview too, when open. */
  resend(): void {
    if (this.shown) this.send();
  }

  /** The description changed: the preview follows once typing pauses. */
  bodyChanged(): void {
    if (!this.shown) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.send(), 120);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
