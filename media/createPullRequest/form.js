// Create Pull Request form (webview side), built with media/forms/formKit.js (loaded first): DOM calls only, no inline
// handlers, no HTML from the page except the preview, which the extension rendered with everything escaped. Every
// change is reported to the extension, which keeps the draft; it answers with state, preview, errors and busy.
// @ts-check
(function () {
  const vscode = acquireVsCodeApi();
  // @ts-expect-error -- set by formKit.js
  const { el, field, group, checkboxField, setValue, checkRow, bodyEditor, labelPicker, milestoneOptions, onSubmitKey, onFormMessages } = window.giteaFormKit;
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

  // A cleared milestone travels as null: an absent field would mean "unchanged" to the extension.
  function send(type) {
    vscode.postMessage({ type, draft: { ...draft, milestone: draft.milestone ?? null } });
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
  const templateNote = el('div', { id: 'template-note', className: 'muted small', hidden: true });
  const editor = bodyEditor(t, [templateNote], (shown) => vscode.postMessage({ type: 'previewShown', shown }));
  const reviewerList = el('div', { id: 'reviewers', className: 'checklist', role: 'group', 'aria-label': t.reviewers });
  const assigneeList = el('div', { id: 'assignees', className: 'checklist', role: 'group', 'aria-label': t.assignees });
  const labels = labelPicker(t, () => options && options.labels, () => draft.labels, (ids) => {
    draft.labels = ids;
    labels.sync();
    send('change');
  });
  const milestone = /** @type {HTMLSelectElement} */ (el('select', { id: 'milestone' }));
  const create = /** @type {HTMLButtonElement} */ (el('button', { id: 'create', type: 'button', className: 'primary', text: t.create }));
  const discard = el('button', { id: 'discard', type: 'button', className: 'secondary', text: t.discard });

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
        checkboxField('draft', t.draft, isDraft),
        editor.container,
        el('div', { className: 'actions' }, [create, discard, el('span', { className: 'muted', text: t.draftKept })]),
      ]),
      el('aside', { className: 'side' }, [
        loading,
        group('reviewers', t.reviewers, reviewerList),
        group('assignees', t.assignees, assigneeList),
        labels.field,
        field('milestone', t.milestone, milestone),
      ]),
    ]),
  );
  app.setAttribute('aria-busy', 'false');

  // ---- rendering -----------------------------------------------------------------------------------------
  function renderDraft() {
    setValue(title, draft.title);
    setValue(editor.body, draft.body);
    setValue(base, draft.base);
    setValue(head, draft.head);
    isDraft.checked = draft.draft;
    if (draft.baseRepo) baseRepo.value = draft.baseRepo;
    milestone.value = draft.milestone === undefined ? '' : String(draft.milestone);
    labels.sync();
    for (const box of assigneeList.querySelectorAll('input[type=checkbox]')) box.checked = draft.assignees.includes(box.dataset.login || '');
    for (const box of reviewerList.querySelectorAll('input[type=checkbox]')) {
      box.checked = box.dataset.team ? draft.teamReviewers.includes(box.dataset.team) : draft.reviewers.includes(box.dataset.login || '');
    }
  }

  /** A check box that adds or removes `value` in the draft's list `key`. */
  function listRow(id, text, key, value, data) {
    return checkRow(id, text, data, (checked) => {
      draft[key] = draft[key].filter((x) => x !== value);
      if (checked) draft[key].push(value);
      send('change');
    });
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
    labels.render();
    milestoneOptions(milestone, options && options.milestones, t);
    assigneeList.replaceChildren();
    const assignees = options ? options.assignees : [];
    if (options && assignees.length === 0) assigneeList.append(el('div', { className: 'muted', text: t.noAssignees }));
    for (const a of assignees) assigneeList.append(listRow(`assignee-${a.login}`, a.fullName ? `${a.login} (${a.fullName})` : a.login, 'assignees', a.login, { 'data-login': a.login }));
    reviewerList.replaceChildren();
    const reviewers = options ? options.reviewers : [];
    const teams = options ? options.teams : [];
    if (options && reviewers.length === 0 && teams.length === 0) reviewerList.append(el('div', { className: 'muted', text: t.noReviewers }));
    for (const r of reviewers) reviewerList.append(listRow(`reviewer-${r.login}`, r.fullName ? `${r.login} (${r.fullName})` : r.login, 'reviewers', r.login, { 'data-login': r.login }));
    for (const team of teams) reviewerList.append(listRow(`team-${team.name}`, `${team.name} (${t.team})`, 'teamReviewers', team.name, { 'data-team': team.name }));
    noWrite.hidden = !options || options.canWrite;
    templateNote.hidden = !(options && options.template);
    templateNote.textContent = options && options.template ? t.template.replace('{0}', options.template.path) : '';
    renderDraft();
  }

  /** The general error beside the fields' (which the kit shows). */
  function showErrors(message) {
    general.textContent = message.general || '';
    general.hidden = !message.general;
  }

  // ---- events --------------------------------------------------------------------------------------------
  const onInput = (input, key, trim = false) =>
    input.addEventListener('input', () => {
      draft[key] = trim ? input.value.trim() : input.value;
      send('change');
    });
  onInput(title, 'title');
  onInput(editor.body, 'body');
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
  create.addEventListener('click', () => send('submit'));
  discard.addEventListener('click', () => vscode.postMessage({ type: 'discard' }));
  document.getElementById('open-existing')?.addEventListener('click', () => vscode.postMessage({ type: 'openExisting' }));
  onSubmitKey(() => send('submit'));

  onFormMessages(app, create, editor, t, {
    state: (m) => {
      draft = { ...EMPTY, ...m.draft };
      if (m.panelState) vscode.setState(m.panelState);
      if (m.options) options = m.options;
      if (m.view) view = m.view;
      renderOptions();
      renderDraft();
      existing.hidden = !m.existing;
      document.getElementById('existing-text').textContent = m.existing ? `${t.existing} #${m.existing.number} ${m.existing.title || ''}` : '';
      unpushed.hidden = !m.unpushed;
    },
    errors: { idOf: (name) => name, show: showErrors },
  });

  vscode.postMessage({ type: 'ready' });
})();
