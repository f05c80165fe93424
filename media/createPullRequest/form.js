// Create Pull Request form (webview side). Builds the form with DOM calls only (no inline handlers, no HTML from the
// page except the preview, which the extension rendered with everything escaped). Every change is reported to the
// extension, which keeps the draft; it answers with state, preview, errors and busy messages.
// @ts-check
(function () {
  const vscode = acquireVsCodeApi();
  /** @type {Record<string, string>} */
  const t = JSON.parse(document.getElementById('strings')?.textContent || '{}');

  const EMPTY = { title: '', body: '', base: '', head: '', baseRepo: '', reviewers: [], teamReviewers: [], assignees: [], labels: [], draft: false, prefilled: false };
  /** @type {any} */
  let draft = { ...EMPTY };
  /** @type {any} */
  let options;
  /** @type {any} */
  let view;
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

  // A cleared milestone travels as null: an absent field would mean "unchanged" to the extension.
  function send(type) {
    vscode.postMessage({ type, draft: { ...draft, milestone: draft.milestone ?? null } });
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
  const existing = el('div', { id: 'existing', className: 'banner', hidden: true }, [
    el('span', { id: 'existing-text' }),
    el('button', { id: 'open-existing', type: 'button', className: 'secondary', text: t.openExisting }),
  ]);
  const noWrite = el('div', { id: 'no-write', className: 'banner', text: t.noWrite, hidden: true });
  const loading = el('div', { id: 'loading', className: 'muted', text: t.loadingOptions });

  const baseRepo = /** @type {HTMLSelectElement} */ (el('select', { id: 'baseRepo' }));
  const base = /** @type {HTMLInputElement} */ (el('input', { id: 'base', type: 'text', list: 'base-branches', 'aria-required': 'true' }));
  const baseBranches = el('datalist', { id: 'base-branches' });
  const head = /** @type {HTMLInputElement} */ (el('input', { id: 'head', type: 'text', list: 'head-branches', 'aria-required': 'true' }));
  const headBranches = el('datalist', { id: 'head-branches' });
  const unpushed = el('div', { id: 'unpushed', className: 'muted small', text: t.unpushed, hidden: true });
  const title = /** @type {HTMLInputElement} */ (el('input', { id: 'title', type: 'text', placeholder: t.titlePlaceholder, maxlength: 255, required: true, 'aria-required': 'true' }));
  const isDraft = /** @type {HTMLInputElement} */ (el('input', { id: 'draft', type: 'checkbox' }));
  const body = /** @type {HTMLTextAreaElement} */ (el('textarea', { id: 'body', rows: 14, placeholder: t.bodyPlaceholder }));
  const preview = el('div', { id: 'preview', className: 'markdown', hidden: true });
  const templateNote = el('div', { id: 'template-note', className: 'muted small', hidden: true });
  const tabWrite = el('button', { id: 'tab-write', type: 'button', className: 'tab selected', role: 'tab', 'aria-selected': 'true', text: t.write });
  const tabPreview = el('button', { id: 'tab-preview', type: 'button', className: 'tab', role: 'tab', 'aria-selected': 'false', text: t.preview });
  const reviewerList = el('div', { id: 'reviewers', className: 'checklist', role: 'group', 'aria-label': t.reviewers });
  const assigneeList = el('div', { id: 'assignees', className: 'checklist', role: 'group', 'aria-label': t.assignees });
  const labelSearch = /** @type {HTMLInputElement} */ (el('input', { id: 'label-filter', type: 'search', placeholder: t.filterLabels }));
  const labelList = el('div', { id: 'labels', className: 'checklist', role: 'group', 'aria-label': t.labels });
  const milestone = /** @type {HTMLSelectElement} */ (el('select', { id: 'milestone' }));
  const create = /** @type {HTMLButtonElement} */ (el('button', { id: 'create', type: 'button', className: 'primary', text: t.create }));
  const discard = el('button', { id: 'discard', type: 'button', className: 'secondary', text: t.discard });

  const group = (id, label, list) =>
    el('div', { className: 'field', id: `field-${id}` }, [el('span', { className: 'label', text: label }), list, el('div', { className: 'error', id: `error-${id}`, role: 'alert' })]);

  app.append(
    el('h1', { text: t.heading }),
    general,
    existing,
    noWrite,
    el('div', { className: 'targets' }, [
      field('baseRepo', t.baseRepo, baseRepo),
      field('base', `${t.base} (${t.required})`, base, [baseBranches]),
      el('span', { className: 'arrow', text: '←' }),
      field('head', `${t.head} (${t.required})`, head, [headBranches, unpushed]),
    ]),
    el('div', { className: 'layout' }, [
      el('div', { className: 'main' }, [
        field('title', `${t.title} (${t.required})`, title),
        el('div', { className: 'field checkbox', id: 'field-draft' }, [isDraft, el('label', { for: 'draft', text: t.draft }), el('div', { className: 'error', id: 'error-draft', role: 'alert' })]),
        el('div', { className: 'field', id: 'field-body' }, [
          el('div', { className: 'tabs', role: 'tablist' }, [el('span', { className: 'label', text: t.body }), tabWrite, tabPreview]),
          body,
          preview,
          templateNote,
          el('div', { className: 'error', id: 'error-body', role: 'alert' }),
        ]),
        el('div', { className: 'actions' }, [create, discard, el('span', { className: 'muted', text: t.draftKept })]),
      ]),
      el('aside', { className: 'side' }, [
        loading,
        group('reviewers', t.reviewers, reviewerList),
        group('assignees', t.assignees, assigneeList),
        field('labels', t.labels, labelSearch, [labelList]),
        field('milestone', t.milestone, milestone),
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
    setValue(base, draft.base);
    setValue(head, draft.head);
    isDraft.checked = draft.draft;
    if (draft.baseRepo) baseRepo.value = draft.baseRepo;
    milestone.value = draft.milestone === undefined ? '' : String(draft.milestone);
    for (const box of labelList.querySelectorAll('input[type=checkbox]')) box.checked = draft.labels.includes(Number(box.dataset.id));
    for (const box of assigneeList.querySelectorAll('input[type=checkbox]')) box.checked = draft.assignees.includes(box.dataset.login || '');
    for (const box of reviewerList.querySelectorAll('input[type=checkbox]')) {
      box.checked = box.dataset.team ? draft.teamReviewers.includes(box.dataset.team) : draft.reviewers.includes(box.dataset.login || '');
    }
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

  /** A check box that adds or removes `value` in the draft's list `key`. */
  function checkRow(id, text, key, value, data) {
    const box = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox', id, ...data }));
    box.addEventListener('change', () => {
      draft[key] = draft[key].filter((x) => x !== value);
      if (box.checked) draft[key].push(value);
      send('change');
    });
    return el('div', { className: 'check' }, [box, el('label', { for: id, text })]);
  }

  function renderOptions() {
    const key = JSON.stringify([options, view]);
    if (key === optionsKey) return;
    optionsKey = key;
    loading.hidden = !!options;
    baseRepo.replaceChildren(...(view ? view.baseChoices : []).map((c) => el('option', { value: c.fullName, text: c.parent ? `${c.fullName} ${t.parentNote}` : c.fullName })));
    baseRepo.disabled = !view || view.baseChoices.length < 2;
    baseBranches.replaceChildren(...(options ? options.branches : []).map((b) => el('option', { value: b })));
    headBranches.replaceChildren(...(view ? view.headBranches : []).map((b) => el('option', { value: b })));
    renderLabels();
    milestone.replaceChildren(el('option', { value: '', text: t.noMilestone }));
    for (const m of options ? options.milestones : []) {
      milestone.append(el('option', { value: m.id, text: m.dueOn ? `${m.title} (${m.dueOn.slice(0, 10)})` : m.title }));
    }
    assigneeList.replaceChildren();
    const assignees = options ? options.assignees : [];
    if (options && assignees.length === 0) assigneeList.append(el('div', { className: 'muted', text: t.noAssignees }));
    for (const a of assignees) assigneeList.append(checkRow(`assignee-${a.login}`, a.fullName ? `${a.login} (${a.fullName})` : a.login, 'assignees', a.login, { 'data-login': a.login }));
    reviewerList.replaceChildren();
    const reviewers = options ? options.reviewers : [];
    const teams = options ? options.teams : [];
    if (options && reviewers.length === 0 && teams.length === 0) reviewerList.append(el('div', { className: 'muted', text: t.noReviewers }));
    for (const r of reviewers) reviewerList.append(checkRow(`reviewer-${r.login}`, r.fullName ? `${r.login} (${r.fullName})` : r.login, 'reviewers', r.login, { 'data-login': r.login }));
    for (const team of teams) reviewerList.append(checkRow(`team-${team.name}`, `${team.name} (${t.team})`, 'teamReviewers', team.name, { 'data-team': team.name }));
    noWrite.hidden = !options || options.canWrite;
    templateNote.hidden = !(options && options.template);
    templateNote.textContent = options && options.template ? t.template.replace('{0}', options.template.path) : '';
    renderDraft();
  }

  function showErrors(message) {
    for (const node of document.querySelectorAll('.error[id^="error-"]')) node.textContent = '';
    for (const node of document.querySelectorAll('.invalid')) {
      node.classList.remove('invalid');
      node.removeAttribute('aria-invalid');
    }
    const fields = message.fields || {};
    for (const [name, text] of Object.entries(fields)) {
      const slot = document.getElementById(`error-${name}`);
      if (slot) slot.textContent = String(text);
      document.getElementById(name)?.classList.add('invalid');
      document.getElementById(name)?.setAttribute('aria-invalid', 'true');
    }
    general.textContent = message.general || '';
    general.hidden = !message.general;
    const first = Object.keys(fields)[0];
    if (first) document.getElementById(first)?.focus();
  }

  // ---- events --------------------------------------------------------------------------------------------
  const onInput = (input, key, trim = false) =>
    input.addEventListener('input', () => {
      draft[key] = trim ? input.value.trim() : input.value;
      send('change');
    });
  onInput(title, 'title');
  onInput(body, 'body');
  onInput(base, 'base', true);
  onInput(head, 'head', true);
  isDraft.addEventListener('change', () => {
    draft.draft = isDraft.checked;
    send('change');
  });
  baseRepo.addEventListener('change', () => {
    draft.baseRepo = baseRepo.value;
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
  document.getElementById('open-existing')?.addEventListener('click', () => vscode.postMessage({ type: 'openExisting' }));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      send('submit');
    }
  });

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    switch (m.type) {
      case 'state':
        draft = { ...EMPTY, ...m.draft };
        if (m.panelState) vscode.setState(m.panelState);
        if (m.options) options = m.options;
        if (m.view) view = m.view;
        renderOptions();
        renderDraft();
        existing.hidden = !m.existing;
        document.getElementById('existing-text').textContent = m.existing ? `${t.existing} #${m.existing.number} ${m.existing.title || ''}` : '';
        unpushed.hidden = !m.unpushed;
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
