// Create Issue form (webview side). Builds the form with DOM calls only (no inline handlers, no HTML from the
// page except the preview, which the extension rendered with everything escaped). Every change is reported to
// the extension, which keeps the draft; the extension answers with state, preview, errors and busy messages.
// @ts-check
(function () {
  const vscode = acquireVsCodeApi();
  /** @type {Record<string, string>} */
  const t = JSON.parse(document.getElementById('strings')?.textContent || '{}');

  /** @type {{title: string, body: string, assignees: string[], labels: number[], milestone?: number, projects: number[], dueDate?: string, ref?: string, closed: boolean}} */
  let draft = { title: '', body: '', assignees: [], labels: [], projects: [], closed: false };
  /** @type {any} */
  let options;
  let optionsKey = '';
  let labelFilter = '';

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

  const EMPTY = { title: '', body: '', assignees: [], labels: [], projects: [], closed: false };

  // Cleared optional fields travel as null: an absent field would mean "unchanged" to the extension.
  function send(type) {
    vscode.postMessage({ type, draft: { ...draft, milestone: draft.milestone ?? null, dueDate: draft.dueDate ?? null, ref: draft.ref ?? null } });
  }

  function field(id, label, control, extra = []) {
    return el('div', { className: 'field', id: `field-${id}` }, [
      el('label', { for: id, text: label }),
      control,
      ...extra,
      el('div', { className: 'error', id: `error-${id}`, role: 'alert' }),
    ]);
  }

  // ---- skeleton -------------------------------------------------------------------------------------------
  const app = /** @type {HTMLElement} */ (document.getElementById('app'));
  const general = el('div', { id: 'general-error', className: 'banner error-banner', role: 'alert', hidden: true });
  const archived = el('div', { id: 'archived', className: 'banner', hidden: true }, [
    el('span', { id: 'archived-text', text: t.archivedNotice }),
    el('button', { id: 'unarchive', type: 'button', className: 'secondary', text: t.unarchive, hidden: true }),
  ]);
  const noWrite = el('div', { id: 'no-write', className: 'banner', text: t.noWrite, hidden: true });
  const loading = el('div', { id: 'loading', className: 'muted', text: t.loadingOptions });

  const title = /** @type {HTMLInputElement} */ (el('input', { id: 'title', type: 'text', placeholder: t.titlePlaceholder, maxlength: 255, required: true, 'aria-required': 'true' }));
  const body = /** @type {HTMLTextAreaElement} */ (el('textarea', { id: 'body', rows: 14, placeholder: t.bodyPlaceholder }));
  const preview = el('div', { id: 'preview', className: 'markdown', hidden: true });
  const tabWrite = el('button', { id: 'tab-write', type: 'button', className: 'tab selected', role: 'tab', 'aria-selected': 'true', text: t.write });
  const tabPreview = el('button', { id: 'tab-preview', type: 'button', className: 'tab', role: 'tab', 'aria-selected': 'false', text: t.preview });

  const labelSearch = /** @type {HTMLInputElement} */ (el('input', { id: 'label-filter', type: 'search', placeholder: t.filterLabels }));
  const labelList = el('div', { id: 'labels', className: 'checklist', role: 'group', 'aria-label': t.labels });
  const milestone = /** @type {HTMLSelectElement} */ (el('select', { id: 'milestone' }));
  const assigneeList = el('div', { id: 'assignees', className: 'checklist', role: 'group', 'aria-label': t.assignees });
  const projects = /** @type {HTMLInputElement} */ (el('input', { id: 'projects', type: 'text', inputmode: 'numeric', placeholder: '1, 2' }));
  const dueDate = /** @type {HTMLInputElement} */ (el('input', { id: 'due-date', type: 'date' }));
  const ref = /** @type {HTMLInputElement} */ (el('input', { id: 'ref', type: 'text', list: 'refs', placeholder: t.refPlaceholder }));
  const refs = el('datalist', { id: 'refs' });
  const closed = /** @type {HTMLInputElement} */ (el('input', { id: 'closed', type: 'checkbox' }));
  const create = /** @type {HTMLButtonElement} */ (el('button', { id: 'create', type: 'button', className: 'primary', text: t.create }));
  const discard = el('button', { id: 'discard', type: 'button', className: 'secondary', text: t.discard });

  app.append(
    el('h1', { text: t.heading }),
    general,
    archived,
    noWrite,
    el('div', { className: 'layout' }, [
      el('div', { className: 'main' }, [
        field('title', `${t.title} (${t.required})`, title),
        el('div', { className: 'field', id: 'field-body' }, [
          el('div', { className: 'tabs', role: 'tablist' }, [el('span', { className: 'label', text: t.body }), tabWrite, tabPreview]),
          body,
          preview,
          el('div', { className: 'error', id: 'error-body', role: 'alert' }),
        ]),
        el('div', { className: 'actions' }, [create, discard, el('span', { className: 'muted', text: t.draftKept })]),
      ]),
      el('aside', { className: 'side' }, [
        loading,
        field('labels', t.labels, labelSearch, [labelList]),
        field('milestone', t.milestone, milestone),
        el('div', { className: 'field', id: 'field-assignees' }, [
          el('span', { className: 'label', text: t.assignees }),
          assigneeList,
          el('div', { className: 'error', id: 'error-assignees', role: 'alert' }),
        ]),
        field('due-date', t.dueDate, dueDate),
        field('ref', t.ref, ref, [refs]),
        field('projects', t.projects, projects, [el('div', { className: 'muted small', id: 'projects-help', text: t.projectsHelp })]),
        el('div', { className: 'field checkbox', id: 'field-closed' }, [closed, el('label', { for: 'closed', text: t.closed }), el('div', { className: 'error', id: 'error-closed', role: 'alert' })]),
      ]),
    ]),
  );
  app.setAttribute('aria-busy', 'false');

  // ---- rendering -----------------------------------------------------------------------------------------
  function setValue(input, value) {
    if (input.value !== value) input.value = value;
  }

  function renderDraft() {
    setValue(title, draft.title);
    setValue(body, draft.body);
    setValue(projects, draft.projects.join(', '));
    setValue(dueDate, draft.dueDate || '');
    setValue(ref, draft.ref || '');
    closed.checked = draft.closed;
    milestone.value = draft.milestone === undefined ? '' : String(draft.milestone);
    for (const box of labelList.querySelectorAll('input[type=checkbox]')) box.checked = draft.labels.includes(Number(box.dataset.id));
    for (const box of assigneeList.querySelectorAll('input[type=checkbox]')) box.checked = draft.assignees.includes(box.dataset.login || '');
  }

  function labelScope(name) {
    const i = name.lastIndexOf('/');
    return i > 0 ? name.slice(0, i) : undefined;
  }

  function renderLabels() {
    labelList.replaceChildren();
    const labels = options ? options.labels : [];
    if (options && labels.length === 0) labelList.append(el('div', { className: 'muted', text: t.noLabels }));
    for (const label of labels) {
      if (labelFilter && !label.name.toLowerCase().includes(labelFilter)) continue;
      const id = `label-${label.id}`;
      const box = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox', id, 'data-id': label.id, 'data-name': label.name }));
      box.checked = draft.labels.includes(label.id);
      box.addEventListener('change', () => {
        let ids = draft.labels.filter((x) => x !== label.id);
        if (box.checked) {
          // An exclusive scoped label ("priority/high") replaces the other labels of its scope.
          const scope = label.exclusive ? labelScope(label.name) : undefined;
          if (scope) ids = ids.filter((x) => labelScope(options.labels.find((l) => l.id === x)?.name || '') !== scope);
          ids.push(label.id);
        }
        draft.labels = ids;
        renderDraft();
        send('change');
      });
      const swatch = el('span', { className: 'swatch' });
      // Colors were checked by the extension (six hex digits); setting style from script is allowed by the CSP.
      if (label.color) swatch.style.backgroundColor = `#${label.color}`;
      const row = el('div', { className: 'check' }, [box, el('label', { for: id }, [swatch, el('span', { text: label.name })])]);
      if (label.org) row.append(el('span', { className: 'badge', text: t.orgLabel }));
      if (label.description) row.title = label.description;
      labelList.append(row);
    }
  }

  function renderOptions() {
    const key = JSON.stringify(options);
    if (key === optionsKey) return;
    optionsKey = key;
    loading.hidden = !!options;
    renderLabels();
    milestone.replaceChildren(el('option', { value: '', text: t.noMilestone }));
    for (const m of options ? options.milestones : []) {
      milestone.append(el('option', { value: m.id, text: m.dueOn ? `${m.title} (${m.dueOn.slice(0, 10)})` : m.title }));
    }
    assigneeList.replaceChildren();
    const assignees = options ? options.assignees : [];
    if (options && assignees.length === 0) assigneeList.append(el('div', { className: 'muted', text: t.noAssignees }));
    for (const a of assignees) {
      const id = `assignee-${a.login}`;
      const box = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox', id, 'data-login': a.login }));
      box.addEventListener('change', () => {
        draft.assignees = draft.assignees.filter((x) => x !== a.login);
        if (box.checked) draft.assignees.push(a.login);
        send('change');
      });
      assigneeList.append(el('div', { className: 'check' }, [box, el('label', { for: id, text: a.fullName ? `${a.login} (${a.fullName})` : a.login })]));
    }
    // Branches as plain names (as always); tags after them as full refs (`refs/tags/v1.0`), labelled as tags.
    refs.replaceChildren(
      ...(options ? options.branches : []).map((b) => el('option', { value: b })),
      ...(options && options.tags ? options.tags : []).map((tag) => el('option', { value: tag.ref, label: t.refTag })),
    );
    noWrite.hidden = !options || options.canWrite;
    // Projects: typed ids; shown disabled with why on a server that drops them; hidden when the repository has none.
    const projectsField = document.getElementById('field-projects');
    if (projectsField) projectsField.hidden = !!options && options.projects === 'off';
    const ignored = !!options && options.projects === 'ignored';
    projects.disabled = ignored;
    const projectsHelp = document.getElementById('projects-help');
    if (projectsHelp) projectsHelp.textContent = ignored ? t.projectsIgnored : t.projectsHelp;
    renderDraft();
  }

  function showErrors(message) {
    for (const node of document.querySelectorAll('.error[id^="error-"]')) node.textContent = '';
    for (const node of document.querySelectorAll('.invalid')) node.classList.remove('invalid');
    const fields = message.fields || {};
    for (const [name, text] of Object.entries(fields)) {
      const id = name === 'dueDate' ? 'due-date' : name;
      const slot = document.getElementById(`error-${id}`);
      if (slot) slot.textContent = String(text);
      document.getElementById(id)?.classList.add('invalid');
      document.getElementById(id)?.setAttribute('aria-invalid', 'true');
    }
    general.textContent = message.general || '';
    general.hidden = !message.general || !!message.archived;
    archived.hidden = !message.archived;
    const archivedText = document.getElementById('archived-text');
    if (archivedText) archivedText.textContent = (message.archived && message.general) || t.archivedNotice;
    const unarchive = document.getElementById('unarchive');
    if (unarchive) unarchive.hidden = !(message.archived && message.archived.canUnarchive);
    const first = Object.keys(fields)[0];
    if (first) document.getElementById(first === 'dueDate' ? 'due-date' : first)?.focus();
  }

  // ---- events --------------------------------------------------------------------------------------------
  title.addEventListener('input', () => {
    draft.title = title.value;
    send('change');
  });
  body.addEventListener('input', () => {
    draft.body = body.value;
    send('change');
  });
  projects.addEventListener('input', () => {
    const parts = projects.value.split(',').map((s) => s.trim()).filter(Boolean);
    const ids = parts.map(Number);
    const valid = ids.every((n) => Number.isSafeInteger(n) && n > 0);
    const slot = document.getElementById('error-projects');
    if (slot) slot.textContent = valid ? '' : t.projectsInvalid;
    if (!valid) return;
    draft.projects = ids;
    send('change');
  });
  dueDate.addEventListener('input', () => {
    draft.dueDate = dueDate.value || undefined;
    send('change');
  });
  ref.addEventListener('input', () => {
    draft.ref = ref.value.trim() || undefined;
    send('change');
  });
  closed.addEventListener('change', () => {
    draft.closed = closed.checked;
    send('change');
  });
  milestone.addEventListener('change', () => {
    draft.milestone = milestone.value ? Number(milestone.value) : undefined;
    send('change');
  });
  labelSearch.addEventListener('input', () => {
    labelFilter = labelSearch.value.trim().toLowerCase();
    renderLabels();
  });
  function selectTab(showPreview) {
    preview.hidden = !showPreview;
    body.hidden = showPreview;
    tabWrite.classList.toggle('selected', !showPreview);
    tabPreview.classList.toggle('selected', showPreview);
    tabWrite.setAttribute('aria-selected', String(!showPreview));
    tabPreview.setAttribute('aria-selected', String(showPreview));
  }
  tabWrite.addEventListener('click', () => selectTab(false));
  tabPreview.addEventListener('click', () => selectTab(true));
  create.addEventListener('click', () => send('submit'));
  discard.addEventListener('click', () => vscode.postMessage({ type: 'discard' }));
  document.getElementById('unarchive')?.addEventListener('click', () => vscode.postMessage({ type: 'unarchive' }));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      send('submit');
    }
  });

  // Links in the preview open in the browser through VS Code (it intercepts navigation); nothing else is live.
  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    switch (m.type) {
      case 'state':
        draft = { ...EMPTY, ...m.draft };
        if (m.repo) vscode.setState({ repo: m.repo });
        if (m.options) options = m.options;
        renderOptions();
        renderDraft();
        break;
      case 'preview':
        // Rendered by the extension with all source text escaped and only http(s)/mailto links.
        preview.innerHTML = typeof m.html === 'string' && m.html ? m.html : '';
        if (!m.html) preview.append(el('p', { className: 'muted', text: t.emptyPreview }));
        break;
      case 'errors':
        showErrors(m);
        break;
      case 'busy':
        create.disabled = !!m.busy;
        create.textContent = m.busy ? t.creating : t.create;
        app.setAttribute('aria-busy', String(!!m.busy));
        break;
    }
  });

  vscode.postMessage({ type: 'ready' });
})();
