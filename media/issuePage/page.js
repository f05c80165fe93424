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

  /** A label chip in its colour; the text colour is chosen for contrast. @param {{name: string, color?: string, description?: string}} l */
  function chip(l) {
    const c = el('span', { className: 'chip', text: l.name, title: l.description });
    if (l.color && /^#[0-9a-f]{6}$/.test(l.color)) {
      const n = parseInt(l.color.slice(1), 16);
      const luminance = (0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
      c.style.backgroundColor = l.color;
      c.style.color = luminance > 0.6 ? '#000' : '#fff';
    }
    return c;
  }

  const header = el('header');
  const error = el('div', { className: 'error', role: 'alert' });
  const side = el('aside', { className: 'side' });
  const timeline = el('section', { className: 'timeline' });
  const composerBox = /** @type {HTMLTextAreaElement} */ (el('textarea', { id: 'comment', placeholder: t.commentPlaceholder, 'aria-label': t.comment }));
  const commentButton = button(t.comment, sendComment, 'primary');
  const stateButton = button(t.close, () => page && vscode.postMessage({ type: 'setState', state: page.header.state === 'open' ? 'closed' : 'open' }));
  const composer = el('section', { className: 'composer' }, [composerBox, el('div', { className: 'actions' }, [stateButton, commentButton]), el('p', { className: 'muted', text: t.draftKept })]);
  app.append(header, error, el('div', { className: 'layout' }, [el('div', { className: 'main' }, [timeline, composer]), side]));

  /** @type {any} */
  let page;
  let busy = false;
  /** The comment being edited, kept across re-renders. @type {{id: number, body: string} | undefined} */
  let editing;

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
    const title = el('h1', {}, [el('span', { text: h.title }), ' ', el('span', { className: 'muted', text: `#${h.number}` })]);
    const meta = el('div', { className: 'meta' }, [state]);
    if (h.draft) meta.append(el('span', { className: 'badge', text: t.draft }));
    if (h.locked) meta.append(el('span', { className: 'badge', text: t.locked }));
    if (h.author) meta.append(el('span', { text: fmt(t.openedBy, h.author) }));
    if (h.createdAt) meta.append(el('span', { className: 'muted', text: fmt(t.created, date(h.createdAt)) }));
    if (h.updatedAt) meta.append(el('span', { className: 'muted', text: fmt(t.updated, date(h.updatedAt)) }));
    if (h.base && h.head) meta.append(el('code', { className: 'branches', text: `${h.base} ← ${h.head}` }));
    const tools = el('div', { className: 'tools' }, [button(t.refresh, () => vscode.postMessage({ type: 'refresh' }))]);
    if (h.url) tools.append(el('a', { href: h.url, text: t.openInBrowser }));
    header.replaceChildren(title, meta, tools);
    stateButton.textContent = h.state === 'open' ? t.close : t.reopen;
    stateButton.hidden = h.state === 'merged';
  }

  function sideSection(title, content) {
    return el('div', { className: 'side-section' }, [el('h2', { text: title }), ...(content.length ? content : [el('span', { className: 'muted', text: t.none })])]);
  }

  function renderSide() {
    side.replaceChildren(
      sideSection(t.labels, page.labels.map(chip)),
      sideSection(t.assignees, page.assignees.map((a) => el('div', { text: a }))),
      sideSection(t.milestone, page.milestone ? [el('div', { text: page.milestone })] : []),
      sideSection(t.dueDate, page.dueDate ? [el('div', { text: date(page.dueDate) })] : []),
      sideSection(t.dependencies, page.dependencies.map((d) => el('div', { className: d.state, text: `#${d.number} ${d.title}` }))),
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
      const save = () => !busy && box.value.trim() && vscode.postMessage({ type: 'editComment', id: c.id, body: box.value });
      box.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          save();
        }
      });
      body.append(box, el('div', { className: 'actions' }, [button(t.cancel, () => ((editing = undefined), renderTimeline())), button(t.save, save, 'primary')]));
    } else if (c.html) {
      // Rendered by the extension: every character of the source escaped, only safe links and instance images.
      body.innerHTML = c.html;
    } else {
      body.append(el('p', { className: 'muted', text: t.noDescription }));
    }
    if (c.own && !(editing && editing.id === c.id)) {
      head.append(
        el('span', { className: 'comment-tools' }, [
          button(t.edit, () => ((editing = { id: c.id, body: c.source || '' }), renderTimeline())),
          button(t.delete, () => !busy && vscode.postMessage({ type: 'deleteComment', id: c.id })),
        ]),
      );
    }
    return el('article', { className: c.description ? 'comment description' : 'comment', id: `comment-${c.id}` }, [head, body]);
  }

  function eventRow(e) {
    const row = el('div', { className: `event ${e.type}` }, [el('strong', { text: e.actor || '' }), ' ', el('span', { text: e.text || e.type })]);
    if (e.label) row.append(' ', chip(e.label));
    row.append(' ', el('span', { className: 'muted', text: date(e.createdAt) }));
    return row;
  }

  function renderTimeline() {
    timeline.replaceChildren(...page.timeline.map((e) => (e.kind === 'comment' ? commentCard(e) : eventRow(e))));
  }

  function render(loading) {
    renderHeader();
    renderSide();
    if (loading) timeline.replaceChildren(el('p', { className: 'muted', text: t.loading }));
    else renderTimeline();
    app.setAttribute('aria-busy', String(loading || busy));
  }

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    switch (m.type) {
      case 'page':
        page = m.page;
        if (page.ref) vscode.setState({ ref: page.ref });
        // A saved edit is gone from the page once the server has it.
        if (editing && !m.loading) {
          const still = page.timeline.find((c) => c.kind === 'comment' && c.id === editing?.id);
          if (!still || still.source === editing.body) editing = undefined;
        }
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
        break;
    }
  });

  vscode.postMessage({ type: 'ready' });
})();
