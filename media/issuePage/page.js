// Issue page (webview side). Builds the page with DOM calls only: server text goes in as textContent; the one
// exception is the bodies' HTML, which the extension rendered with every source character escaped (src/shared/
// markdown.ts). Reports the comment being typed and the user's actions; the extension validates every message.
// @ts-check
(function () {
  const vscode = acquireVsCodeApi();
  /** @type {Record<string, string>} */
  const t = JSON.parse(document.getElementById('strings')?.textContent || '{}');
  const app = /** @type {HTMLElement} */ (document.getElementById('app'));

  /** @param {string} tag @param {Record<string, any>} [props] @param {(Node|string)[]} [children] */
  function el(tag, props = {}, children = []) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'text') node.textContent = String(v);
      else if (k === 'className') node.className = String(v);
      else node.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children) node.append(c);
    return node;
  }

  /** @param {string} template @param {...(string|number)} args */
  function fmt(template, ...args) {
    return String(template || '').replace(/\{(\d+)\}/g, (_, i) => String(args[Number(i)] ?? ''));
  }

  /** @param {string|undefined} iso */
  function date(iso) {
    if (!iso) return '';
    const d = new Date(iso);
    return isNaN(d.getTime()) ? '' : d.toLocaleString();
  }

  function button(text, onClick, className = 'secondary') {
    const b = el('button', { type: 'button', className, text });
    b.addEventListener('click', onClick);
    return b;
  }

  /** Paints `node` in `color` (`#rrggbb`) with a readable text colour; `shade` darkens (<1) or lightens (>1). */
  function paint(node, color, shade = 1) {
    if (!color || !/^#[0-9a-f]{6}$/.test(color)) return;
    const n = parseInt(color.slice(1), 16);
    const rgb = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.max(0, Math.min(255, Math.round(shade >= 1 ? v + (255 - v) * (shade - 1) : v * shade))));
    const luminance = (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) / 255;
    node.style.backgroundColor = `rgb(${rgb.join(',')})`;
    node.style.color = luminance > 0.6 ? '#000' : '#fff';
  }

  /** A label chip in its colour; a scoped (exclusive) label in two parts, scope then name, as Gitea shows it.
   * @param {{name: string, scope?: string, color?: string, description?: string}} l */
  function chip(l) {
    if (!l.scope) {
      const c = el('span', { className: 'chip', text: l.name, title: l.description });
      paint(c, l.color);
      return c;
    }
    const scope = el('span', { className: 'chip-scope', text: l.scope });
    const name = el('span', { className: 'chip-name', text: l.name });
    paint(scope, l.color);
    // The name part a shade apart, like Gitea's: darker for light colours, lighter for dark ones.
    const n = l.color ? parseInt(l.color.slice(1), 16) : 0;
    const light = (0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255 > 0.6;
    paint(name, l.color, light ? 0.8 : 1.35);
    return el('span', { className: 'chip scoped', title: l.description }, [scope, name]);
  }

  const header = el('header');
  const error = el('div', { className: 'error', role: 'alert' });
  const side = el('aside', { className: 'side' });
  const timeline = el('section', { className: 'timeline' });
  // @ts-expect-error -- set by reactions.js
  const reactionsView = window.createIssuePageReactions({ el, fmt, t, post: (m) => vscode.postMessage(m), timeline });
  // @ts-expect-error -- set by times.js
  const timesView = window.createIssuePageTimes({ el, fmt, t, post: (m) => vscode.postMessage(m) });
  const pullBox = el('section', { className: 'pull', hidden: true });
  const composerBox = /** @type {HTMLTextAreaElement} */ (el('textarea', { id: 'comment', placeholder: t.commentPlaceholder, 'aria-label': t.comment }));
  const commentButton = button(t.comment, sendComment, 'primary');
  const stateButton = button(t.close, () => page && vscode.postMessage({ type: 'setState', state: page.header.state === 'open' ? 'closed' : 'open' }));
  const composer = el('section', { className: 'composer' }, [composerBox, el('div', { className: 'actions' }, [stateButton, commentButton]), el('p', { className: 'muted', text: t.draftKept })]);
  app.append(header, error, el('div', { className: 'layout' }, [el('div', { className: 'main' }, [pullBox, timeline, composer]), side]));

  /** @type {any} */
  let page;
  let busy = false;
  /** Kept in the webview state (survives hiding and reloads) until the page shows the text saved. */
  const saved = vscode.getState() || {};
  /** The comment (id 0: the description) being edited. @type {{id: number, body: string} | undefined} */
  let editing = saved.editing && typeof saved.editing.id === 'number' && typeof saved.editing.body === 'string' ? saved.editing : undefined;
  /** The title being edited. @type {string | undefined} */
  let titleEdit = typeof saved.titleEdit === 'string' ? saved.titleEdit : undefined;

  function keep() {
    vscode.setState({ ref: page && page.ref, editing, titleEdit });
  }

  function sendComment() {
    if (busy || composerBox.value.trim() === '') return;
    vscode.postMessage({ type: 'comment', body: composerBox.value });
  }

  composerBox.addEventListener('input', () => vscode.postMessage({ type: 'draft', body: composerBox.value }));
  composerBox.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      sendComment();
    }
  });

  function renderHeader() {
    const h = page.header;
    const state = el('span', { className: `state ${h.state}`, text: t[h.state] || h.state });
    let title;
    if (titleEdit !== undefined) {
      const input = /** @type {HTMLInputElement} */ (el('input', { type: 'text', className: 'title-input', 'aria-label': t.title, maxlength: '255' }));
      input.value = titleEdit;
      input.addEventListener('input', () => ((titleEdit = input.value), keep()));
      const save = () => !busy && input.value.trim() && vscode.postMessage({ type: 'editTitle', title: input.value.trim() });
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') save();
        if (e.key === 'Escape') {
          titleEdit = undefined;
          keep();
          renderHeader();
        }
      });
      title = el('div', { className: 'title-edit' }, [input, button(t.cancel, () => ((titleEdit = undefined), keep(), renderHeader())), button(t.save, save, 'primary')]);
    } else {
      title = el('h1', {}, [el('span', { text: h.title }), ' ', el('span', { className: 'muted', text: `#${h.number}` })]);
      if (!page.loading) title.append(' ', button(t.edit, () => ((titleEdit = h.title), keep(), renderHeader()), 'secondary small'));
    }
    const meta = el('div', { className: 'meta' }, [state]);
    if (h.draft) meta.append(el('span', { className: 'badge', text: t.draft }));
    if (h.locked) meta.append(el('span', { className: 'badge', text: t.locked }));
    if (h.author) meta.append(el('span', { text: fmt(t.openedBy, h.author) }));
    if (h.createdAt) meta.append(el('span', { className: 'muted', text: fmt(t.created, date(h.createdAt)) }));
    if (h.updatedAt) meta.append(el('span', { className: 'muted', text: fmt(t.updated, date(h.updatedAt)) }));
    if (h.base && h.head) meta.append(el('code', { className: 'branches', text: `${h.base} ← ${h.head}` }));
    const tools = el('div', { className: 'tools' }, [button(t.refresh, () => vscode.postMessage({ type: 'refresh' }))]);
    if (!h.isPull && h.state === 'open') tools.append(button(t.startWorking, () => vscode.postMessage({ type: 'pullAction', action: 'startWorking' })));
    if (h.url) tools.append(el('a', { href: h.url, text: t.openInBrowser }));
    header.replaceChildren(title, meta, tools);
    stateButton.textContent = h.state === 'open' ? t.close : t.reopen;
    stateButton.hidden = h.state === 'merged';
  }

  /** @param {string} title @param {Node[]} content @param {string} [field] a field the host's picker changes */
  function sideSection(title, content, field) {
    const heading = el('h2', { text: title });
    if (field && page.canWrite !== false && !page.loading) {
      const change = button(t.change, () => !busy && vscode.postMessage({ type: 'pick', field }), 'link');
      change.setAttribute('aria-label', t[`change${field[0].toUpperCase()}${field.slice(1)}`] || t.change);
      change.dataset.field = field;
      heading.append(' ', change);
    }
    return el('div', { className: 'side-section', 'data-section': field || '' }, [heading, ...(content.length ? content : [el('span', { className: 'muted', text: t.none })])]);
  }

  /** @param {{ number: number, title: string, state: string }} d an issue on the other side of a dependency */
  function relatedIssue(d) {
    return el('div', { className: d.state, text: `#${d.number} ${d.title}` });
  }

  function renderSide() {
    side.replaceChildren(
      sideSection(t.labels, page.labels.map(chip), 'labels'),
      sideSection(t.assignees, page.assignees.map((a) => el('div', { text: a })), 'assignees'),
      sideSection(t.milestone, page.milestone ? [el('div', { text: page.milestone })] : [], 'milestone'),
      sideSection(t.dueDate, page.dueDate ? [el('div', { text: new Date(page.dueDate).toLocaleDateString() })] : [], 'dueDate'),
      sideSection(t.dependencies, page.dependencies.map(relatedIssue)),
      sideSection(t.blocks, page.blocks.map(relatedIssue)),
      timesView.section(),
    );
  }

  const VERDICT_TEXT = { approved: 'approved', changes: 'changesRequested', commented: 'commented' };
  const CI_TEXT = { pending: 'ciPending', success: 'ciSuccess', failure: 'ciFailure', error: 'ciError', warning: 'ciWarning' };

  /** Pull requests: branches, mergeability, merge, commits and files, reviews, CI, and the pull request commands. */
  function renderPull() {
    const p = page.pull;
    pullBox.hidden = !p;
    if (!p) return pullBox.replaceChildren();
    const facts = el('div', { className: 'pull-facts' });
    if (p.merged) facts.append(el('span', { className: 'merge merged', text: fmt(t.mergedBy, p.mergedBy || '', date(p.mergedAt)) }));
    else if (p.mergeable === true) facts.append(el('span', { className: 'merge ok', text: `✓ ${t.mergeable}` }));
    else if (p.mergeable === false) facts.append(el('span', { className: 'merge conflict', text: `✗ ${t.conflicting}` }));
    const counts = [];
    if (typeof p.commits === 'number') counts.push(p.commits === 1 ? t.commitsOne : fmt(t.commits, p.commits));
    if (typeof p.changedFiles === 'number') counts.push(p.changedFiles === 1 ? t.changedFilesOne : fmt(t.changedFiles, p.changedFiles));
    if (typeof p.additions === 'number' && typeof p.deletions === 'number') counts.push(`+${p.additions} −${p.deletions}`);
    if (counts.length) facts.append(el('span', { text: counts.join(' · ') }));
    const actions = el('div', { className: 'pull-actions' }, [
      button(t.showChangedFiles, () => vscode.postMessage({ type: 'pullAction', action: 'changedFiles' })),
      button(t.review, () => vscode.postMessage({ type: 'pullAction', action: 'review' })),
    ]);
    if (page.header.state === 'open') {
      actions.append(
        button(t.requestReview, () => vscode.postMessage({ type: 'pullAction', action: 'requestReview' })),
        button(t.checkout, () => vscode.postMessage({ type: 'pullAction', action: 'checkout' })),
      );
      if (p.mergeable !== false) actions.append(button(t.merge, () => vscode.postMessage({ type: 'pullAction', action: 'merge' }), 'primary'));
    }
    const reviews = p.reviews.map((r) => el('div', { className: `review ${r.verdict}` }, [el('strong', { text: r.reviewer }), ' ', el('span', { text: t[VERDICT_TEXT[r.verdict]] || r.verdict })]));
    for (const name of p.requestedReviewers) reviews.push(el('div', { className: 'review requested' }, [el('strong', { text: name }), ' ', el('span', { className: 'muted', text: t.reviewRequested })]));
    const ci = p.status
      ? el('span', { className: `ci ${p.status.state}`, text: fmt(p.status.total === 1 ? t.ciStateOne : t.ciState, t[CI_TEXT[p.status.state]] || p.status.state, p.status.total) })
      : el('span', { className: 'muted', text: t.noChecks });
    pullBox.replaceChildren(
      facts,
      el('div', { className: 'pull-row' }, [el('h2', { text: t.reviews }), ...(reviews.length ? reviews : [el('span', { className: 'muted', text: t.none })])]),
      el('div', { className: 'pull-row' }, [el('h2', { text: t.ci }), ci, ' ', button(t.showCiJobs, () => vscode.postMessage({ type: 'pullAction', action: 'ciJobs' }), 'link')]),
      actions,
    );
  }

  function commentCard(c) {
    const head = el('div', { className: 'comment-head' }, [el('strong', { text: c.author || '' }), ' ', el('span', { className: 'muted', text: date(c.createdAt) })]);
    if (c.edited) head.append(' ', el('span', { className: 'muted', text: `(${t.edited})` }));
    const body = el('div', { className: 'markdown' });
    if (editing && editing.id === c.id) {
      const box = /** @type {HTMLTextAreaElement} */ (el('textarea', { 'aria-label': t.edit }));
      box.value = editing.body;
      box.addEventListener('input', () => editing && (editing.body = box.value));
      box.addEventListener('input', keep);
      const save = () =>
        !busy && (c.description ? vscode.postMessage({ type: 'editBody', body: box.value }) : box.value.trim() && vscode.postMessage({ type: 'editComment', id: c.id, body: box.value }));
      box.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          save();
        }
      });
      body.append(box, el('div', { className: 'actions' }, [button(t.cancel, () => ((editing = undefined), keep(), renderTimeline())), button(t.save, save, 'primary')]));
      if (c.description) body.append(el('p', { className: 'muted', text: t.editKept }));
    } else if (c.html) {
      // Rendered by the extension: every character of the source escaped, only safe links and instance images.
      body.innerHTML = c.html;
    } else {
      body.append(el('p', { className: 'muted', text: t.noDescription }));
    }
    const editable = c.own || (c.description && page.canWrite === true);
    if (editable && !(editing && editing.id === c.id)) {
      const tools = el('span', { className: 'comment-tools' }, [button(t.edit, () => ((editing = { id: c.id, body: c.source || '' }), keep(), renderTimeline()))]);
      if (!c.description) tools.append(button(t.delete, () => !busy && vscode.postMessage({ type: 'deleteComment', id: c.id })));
      head.append(tools);
    }
    const card = el('article', { className: c.description ? 'comment description' : 'comment', id: `comment-${c.id}`, 'data-reactions': String(c.id) }, [head, body, reactionBar(c.id)]);
    if (c.id > 0) reactionsView.observe(card);
    return card;
  }

  const reactionBar = (key) => reactionsView.bar(key, !page || page.loading);

  function eventRow(e) {
    const row = el('div', { className: `event ${e.type}` }, [el('strong', { text: e.actor || '' }), ' ', el('span', { text: e.text || e.type })]);
    if (e.label) row.append(' ', chip(e.label));
    row.append(' ', el('span', { className: 'muted', text: date(e.createdAt) }));
    return row;
  }

  function timelineNode(e) {
    return e.kind === 'comment' ? commentCard(e) : eventRow(e);
  }

  // A long timeline shows its newest pages; "Load earlier" sits under the description and fetches the page before.
  const earlierButton = button(t.loadEarlier, () => {
    earlierButton.disabled = true;
    vscode.postMessage({ type: 'loadEarlier' });
  });
  const earlierRow = el('div', { className: 'load-earlier' }, [earlierButton]);

  function renderTimeline() {
    const nodes = page.timeline.map(timelineNode);
    earlierButton.disabled = false;
    if (page.earlier > 0) nodes.splice(1, 0, earlierRow);
    timeline.replaceChildren(...nodes);
  }

  /** Puts earlier entries above the shown ones; what the user was reading stays where it was on screen. */
  function prependEarlier(entries, earlier) {
    const [description, ...rest] = page.timeline;
    page.timeline = description ? [description, ...entries, ...rest] : entries;
    page.earlier = earlier;
    const anchor = earlierRow.nextElementSibling;
    const top = anchor ? anchor.getBoundingClientRect().top : 0;
    for (const e of entries) timeline.insertBefore(timelineNode(e), anchor);
    earlierButton.disabled = false;
    if (!(earlier > 0)) earlierRow.remove();
    // Chromium's scroll anchoring may have kept the position already: correct only what is left.
    if (anchor) window.scrollBy(0, anchor.getBoundingClientRect().top - top);
  }

  // References in bodies: an issue or pull request opens its page, a mention or commit its page on the instance.
  // The extension checks both (names, number, the instance's origin) before acting.
  timeline.addEventListener('click', (event) => {
    const target = /** @type {HTMLElement | null} */ (event.target);
    const a = target && typeof target.closest === 'function' ? /** @type {HTMLAnchorElement | null} */ (target.closest('.markdown a.ref')) : null;
    if (!a) return;
    event.preventDefault();
    const d = a.dataset;
    if (d.number) vscode.postMessage({ type: 'openRef', owner: d.owner, repo: d.repo, number: Number(d.number) });
    else if (d.url) vscode.postMessage({ type: 'openUrl', url: d.url });
  });

  function render(loading) {
    renderHeader();
    renderSide();
    renderPull();
    if (loading) timeline.replaceChildren(el('p', { className: 'muted', text: t.loading }));
    else renderTimeline();
    app.setAttribute('aria-busy', String(loading || busy));
  }

  // A long message comes in parts of its JSON (src/commands/issuePage/partedPost.ts): joined, then read as one.
  let parts = [];
  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    if (m.type !== 'part') return receive(m);
    if (typeof m.json !== 'string') return;
    parts.push(m.json);
    if (!m.last) return;
    const whole = parts.join('');
    parts = [];
    receive(JSON.parse(whole));
  });

  function receive(m) {
    if (!m || typeof m !== 'object') return;
    switch (m.type) {
      case 'page':
        page = m.page;
        page.loading = !!m.loading;
        // A saved edit is gone from the page once the server has it.
        if (editing && !m.loading) {
          const still = page.timeline.find((c) => c.kind === 'comment' && c.id === editing?.id);
          if (!still || still.source === editing.body) editing = undefined;
        }
        if (titleEdit !== undefined && !m.loading && page.header.title === titleEdit.trim()) titleEdit = undefined;
        keep();
        render(!!m.loading);
        break;
      case 'draft':
        if (typeof m.body === 'string' && (m.body === '' || document.activeElement !== composerBox)) composerBox.value = m.body;
        break;
      case 'busy':
        busy = !!m.busy;
        commentButton.disabled = busy;
        stateButton.disabled = busy;
        app.setAttribute('aria-busy', String(busy));
        break;
      case 'error':
        error.textContent = typeof m.message === 'string' ? m.message : '';
        // The server refused the account's token: the way out is on the page (the host runs Sign In Again).
        if (m.signInAgain && error.textContent) error.append(' ', button(t.signInAgain, () => vscode.postMessage({ type: 'signInAgain' }), 'link'));
        earlierButton.disabled = false;
        break;
      case 'earlier':
        if (page && Array.isArray(m.entries)) prependEarlier(m.entries, m.earlier);
        break;
      case 'reactions':
        reactionsView.update(m, !!page);
        break;
      case 'times':
        timesView.update(m);
        break;
    }
  }

  vscode.postMessage({ type: 'ready' });
})();
