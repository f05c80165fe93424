// Keyboard and themes (#24 item 11): the Create Issue form and the issue page are used with the keyboard alone. Each
// Tab stop has a name a screen reader reads and a focus ring that can be seen, the stops follow the page's order,
// Ctrl+Enter sends; and the pages take their colours from the theme, a High Contrast one included (README picture).
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { session } from './session';
import { VscodePage } from './vscodePage';
import { activeWebview, openIssuePage, openSignedIn } from './steps';

interface Stop {
  /** What a screen reader announces: aria-label, aria-labelledby, the <label>s, or a button's text. */
  readonly name: string;
  readonly tag: string;
  readonly id: string;
  /** The focus ring: an outline or a box shadow that is drawn. */
  readonly ring: boolean;
  /** Position in document order, to check that Tab follows the page. */
  readonly order: number;
}

/** The few DOM members read inside the page (the UI tests compile without the DOM's types). */
interface DomElement {
  readonly tagName: string;
  readonly id: string;
  readonly textContent: string | null;
  readonly labels?: ArrayLike<DomElement> | null;
  readonly ownerDocument: DomDocument;
  getAttribute(name: string): string | null;
}
interface DomDocument {
  readonly defaultView: { getComputedStyle(e: DomElement): Record<'outlineStyle' | 'outlineWidth' | 'boxShadow' | 'color' | 'backgroundColor', string> } | null;
  readonly body: DomElement & { readonly className: string };
  getElementById(id: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
}

/** The focused element of the page, described as a screen reader and a sighted keyboard user meet it; undefined
 * once the focus has left the page. */
async function focusedStop(frame: FrameLocator): Promise<Stop | undefined> {
  const focused = frame.locator('*:focus');
  if ((await focused.count()) === 0) return undefined;
  return focused.first().evaluate((node) => {
    const el = node as unknown as DomElement;
    const doc = el.ownerDocument;
    const text = (n: DomElement | null | undefined): string => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const labelled = el.getAttribute('aria-labelledby');
    const labels = el.labels ? Array.from(el.labels) : [];
    const name =
      el.getAttribute('aria-label')?.trim() ||
      (labelled ? labelled.split(/\s+/).map((id: string) => text(doc.getElementById(id))).join(' ').trim() : '') ||
      labels.map((l) => text(l)).join(' ').trim() ||
      (/^(?:BUTTON|A|SUMMARY)$/.test(el.tagName) || el.getAttribute('role') === 'tab' ? text(el) : '') ||
      (el.getAttribute('title') ?? '').trim();
    const style = doc.defaultView!.getComputedStyle(el);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== 'none' && style.boxShadow !== '');
    return { name, tag: el.tagName.toLowerCase(), id: el.id, ring, order: Array.from(doc.querySelectorAll('*')).indexOf(el) };
  });
}

/** Presses Tab until `done` holds for a stop (or `max` stops), and gives the stops met on the way. */
async function tabThrough(vs: VscodePage, frame: FrameLocator, done: (s: Stop) => boolean, max = 60): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < max; i++) {
    await vs.page.keyboard.press('Tab');
    const stop = await focusedStop(frame);
    if (!stop) break;
    stops.push(stop);
    if (done(stop)) break;
  }
  return stops;
}

function assertAccessible(stops: readonly Stop[]): void {
  const describe = (s: Stop): string => `${s.tag}${s.id ? `#${s.id}` : ''} "${s.name}"`;
  assert.deepEqual(stops.filter((s) => !s.name).map(describe), [], 'every Tab stop has a name');
  assert.deepEqual(stops.filter((s) => !s.ring).map(describe), [], 'every Tab stop shows a focus ring');
  const backwards = stops.filter((s, i) => i > 0 && s.order < stops[i - 1]!.order).map(describe);
  assert.deepEqual(backwards, [], 'Tab follows the order of the page');
}

describe('keyboard and themes', function () {
  this.timeout(300_000);
  let vs: VscodePage;

  before(async function () {
    vs = await openSignedIn();
  });

  after(async function () {
    await vs?.close();
  });

  it('the Create Issue form by keyboard alone: named stops with a focus ring, in page order; Ctrl+Enter creates', async function () {
    const { target } = session();
    await vs.runCommand('Gitea: Create Issue…');
    const form = activeWebview(vs);
    await form.locator('#field-labels .check, #field-labels .muted').first().waitFor({ timeout: 30_000 });
    // The form opens with the title focused: the user types at once.
    await form.locator('#title:focus').waitFor({ timeout: 10_000 });
    const title = `Typed without a mouse at ${new Date().toISOString().slice(11, 19)} UTC`;
    await vs.page.keyboard.type(title);
    const stops = await tabThrough(vs, form, () => false);
    assertAccessible(stops);
    const ids = stops.map((s) => s.id);
    for (const id of ['tab-write', 'tab-preview', 'body', 'create']) assert.ok(ids.includes(id), `${id} is reached by Tab: ${ids.join(' → ')}`);
    // Back to the description with Shift+Tab, write it, and send the form from there.
    for (let i = 0; i < 60 && (await focusedStop(form))?.id !== 'body'; i++) await vs.page.keyboard.press('Shift+Tab');
    await vs.page.keyboard.type('Steps: open the form, press Tab.');
    await vs.page.keyboard.press('Control+Enter');
    const repoPath = `/repos/${target.repo.owner}/${target.repo.name}`;
    const created = async (): Promise<{ body: string } | undefined> => {
      const res = await fetch(`${target.apiUrl}${repoPath}/issues?state=open&type=issues&q=${encodeURIComponent(title)}`, { headers: { authorization: `token ${target.user.token}` } });
      return ((await res.json()) as { title: string; body: string }[]).find((i) => i.title === title);
    };
    let issue = await created();
    for (let i = 0; i < 60 && !issue; i++) {
      await vs.page.waitForTimeout(500);
      issue = await created();
    }
    assert.equal(issue?.body, 'Steps: open the form, press Tab.');
    await vs.runCommand('View: Close All Editors');
  });

  it('the issue page by keyboard alone: named stops with a focus ring, in page order', async function () {
    const { target } = session();
    const number = target.repo.issues.blocker;
    const page = await openIssuePage(vs, number);
    await page.locator('#comment').waitFor({ timeout: 30_000 });
    await page.locator('body').focus();
    const stops = await tabThrough(vs, page, (s) => s.id === 'comment');
    assertAccessible(stops);
    assert.equal(stops.at(-1)?.id, 'comment', `the comment box is reached by Tab: ${stops.map((s) => s.id || s.name).join(' → ')}`);
  });

  it('in a High Contrast theme the issue page takes the theme’s colours', async function () {
    await vs.runCommand('Preferences: Color Theme');
    await vs.fillQuickInput('Dark High Contrast', { submit: false });
    await vs.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Dark High Contrast' }).first().click();
    await vs.page.locator('.monaco-workbench.hc-black').waitFor({ timeout: 15_000 });
    const page = activeWebview(vs);
    // VS Code hands the theme to the webview as CSS variables; the page uses them and no colour of its own.
    const colours = await page.locator('body').evaluate((node) => {
      const doc = (node as unknown as DomElement).ownerDocument;
      const s = doc.defaultView!.getComputedStyle(doc.body);
      return { color: s.color, background: s.backgroundColor, theme: doc.body.className };
    });
    assert.match(colours.theme, /vscode-high-contrast/);
    assert.equal(colours.color, 'rgb(255, 255, 255)');
    await vs.screenshot('issue-page-high-contrast');
  });
});
