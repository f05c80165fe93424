// Create Issue form (webview side), built with media/forms/formKit.js (loaded first): DOM calls only, no inline
// handlers, no HTML from the page except the preview, which the extension rendered with everything escaped. Every
// change is reported to the extension, which keeps the draft; it answers with state, preview, errors and busy.
// @ts-check
(function () {
  const vscode = acquireVsCodeApi();
  // @ts-expect-error -- set by formKit.js
  const { el, field, group, checkboxField, setValue, checkRow, bodyEditor, labelPicker, milestoneOptions, onSubmitKey, onFormMessages } = window.giteaFormKit;
  /** @type {Record<string, string>} */
  const t = JSON.parse(document.getElementById('strings')?.textContent || '{}');

  const EMPTY = { title: '', body: '', assignees: [], labels: [], projects: [], closed: false };
  // @ts-expect-error -- set by templates.js
  const { templateUi } = window.giteaIssueTemplates;
  /** @type {{title: string, body: string, assignees: string[], labels: number[], milestone?: number, projects: number[], dueDate?: string, ref?: string, closed: boolean, template?: string, answers?: Record<string, any>}} */
  let draft = { ...EMPTY };
  /** @type {any} */
  let options;
  let optionsKey = '';

  // Cleared optional fields travel as null: an absent field would mean "unchanged" to the extension.
  function send(type) {
    vscode.postMessage({ type, draft: { ...draft, milestone: draft.milestone ?? null, dueDate: draft.dueDate ?? null, ref: draft.ref ?? null, template: draft.template ?? null, answers: draft.answers ?? null } });
  }

  // The extension applies a chosen template (fills the fields as Gitea does) and answers with the new state.
  const templates = templateUi(t, {
    choose: (file) => {
      draft.template = file === null ? undefined : file;
      send('change');
    },
    openLink: (index) => vscode.postMessage({ type: 'openContactLink', index }),
    answer: (id, value) => {
      draft.answers = { ...(draft.answers || {}), [id]: value };
      // An answered field's message goes (it is checked again when Create is pressed).
      const slot = document.getElementById(`error-answer-${id}`);
      if (slot) slot.textContent = '';
      document.getElementById(`answer-${id}`)?.classList.remove('invalid');
      document.getElementById(`answer-${id}`)?.removeAttribute('aria-invalid');
      send('change');
    },
  });

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
  const editor = bodyEditor(t, [], (shown) => vscode.postMessage({ type: 'previewShown', shown }));
  const labels = labelPicker(t, () => options && options.labels, () => draft.labels, (ids) => {
    draft.labels = ids;
    labels.sync();
    send('change');
  });
  const milestone = /** @type {HTMLSelectElement} */ (el('select', { id: 'milestone' }));
  const assigneeList = el('div', { id: 'assignees', className: 'checklist', role: 'group', 'aria-label': t.assignees });
  const projects = /** @type {HTMLInputElement} */ (el('input', { id: 'projects', type: 'text', inputmode: 'numeric', placeholder: '1, 2', 'aria-describedby': 'projects-help' }));
  const dueDate = /** @type {HTMLInputElement} */ (el('input', { id: 'due-date', type: 'date' }));
  const ref = /** @type {HTMLInputElement} */ (el('input', { id: 'ref', type: 'text', list: 'refs', placeholder: t.refPlaceholder }));
  const refs = el('datalist', { id: 'refs' });
  const closed = /** @type {HTMLInputElement} */ (el('input', { id: 'closed', type: 'checkbox' }));
  const create = /** @type {HTMLButtonElement} */ (el('button', { id: 'create', type: 'button', className: 'primary', text: t.create }));
  const discard = el('button', { id: 'discard', type: 'button', className: 'secondary', text: t.discard });

  const layout = el('div', { className: 'layout' }, [
      el('div', { className: 'main' }, [
        templates.bar,
        field('title', `${t.title} (${t.required})`, title),
        templates.fields,
        editor.container,
        el('div', { className: 'actions' }, [create, discard, el('span', { className: 'muted', text: t.draftKept })]),
      ]),
      el('aside', { className: 'side' }, [
        loading,
        labels.field,
        field('milestone', t.milestone, milestone),
        group('assignees', t.assignees, assigneeList),
        field('due-date', t.dueDate, dueDate),
        field('ref', t.ref, ref, [refs]),
        field('projects', t.projects, projects, [el('div', { className: 'muted small', id: 'projects-help', text: t.projectsHelp })]),
        checkboxField('closed', t.closed, closed),
      ]),
    ]);
  app.append(el('h1', { text: t.heading }), general, archived, noWrite, templates.unreadable, templates.chooser, layout);
  app.setAttribute('aria-busy', 'false');

  // ---- rendering -----------------------------------------------------------------------------------------
  function renderDraft() {
    setValue(title, draft.title);
    setValue(editor.body, draft.body);
    setValue(projects, draft.projects.join(', '));
    setValue(dueDate, draft.dueDate || '');
    setValue(ref, draft.ref || '');
    closed.checked = draft.closed;
    milestone.value = draft.milestone === undefined ? '' : String(draft.milestone);
    labels.sync();
    for (const box of assigneeList.querySelectorAll('input[type=checkbox]')) box.checked = draft.assignees.includes(box.dataset.login || '');
  }

  function renderOptions() {
    const key = JSON.stringify(options);
    if (key === optionsKey) return;
    optionsKey = key;
    loading.hidden = !!options;
    labels.render();
    milestoneOptions(milestone, options && options.milestones, t);
    assigneeList.replaceChildren();
    const assignees = options ? options.assignees : [];
    if (options && assignees.length === 0) assigneeList.append(el('div', { className: 'muted', text: t.noAssignees }));
    for (const a of assignees) {
      assigneeList.append(checkRow(`assignee-${a.login}`, a.fullName ? `${a.login} (${a.fullName})` : a.login, { 'data-login': a.login }, (checked) => {
        draft.assignees = draft.assignees.filter((x) => x !== a.login);
        if (checked) draft.assignees.push(a.login);
        send('change');
      }));
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

  /** The errors beside the fields' (which the kit shows): the general one, or the archived banner. */
  function showErrors(message) {
    general.textContent = message.general || '';
    general.hidden = !message.general || !!message.archived;
    archived.hidden = !message.archived;
    const archivedText = document.getElementById('archived-text');
    if (archivedText) archivedText.textContent = (message.archived && message.general) || t.archivedNotice;
    const unarchive = document.getElementById('unarchive');
    if (unarchive) unarchive.hidden = !(message.archived && message.archived.canUnarchive);
  }

  // ---- events --------------------------------------------------------------------------------------------
  title.addEventListener('input', () => {
    draft.title = title.value;
    send('change');
  });
  editor.body.addEventListener('input', () => {
    draft.body = editor.body.value;
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
  create.addEventListener('click', () => send('submit'));
  discard.addEventListener('click', () => vscode.postMessage({ type: 'discard' }));
  document.getElementById('unarchive')?.addEventListener('click', () => vscode.postMessage({ type: 'unarchive' }));
  onSubmitKey(() => send('submit'));

  // Links in the preview open in the browser through VS Code (it intercepts navigation); nothing else is live.
  onFormMessages(app, create, editor, t, {
    state: (m) => {
      draft = { ...EMPTY, ...m.draft };
      if (m.repo) vscode.setState({ repo: m.repo });
      if (m.options) options = m.options;
      renderOptions();
      renderDraft();
      // The chooser stands in for the form until a template (or the blank issue) is chosen; a form's fields replace the description.
      const shown = templates.render(m.templates, draft);
      layout.hidden = shown.choosing;
      editor.container.hidden = shown.form;
    },
    errors: { idOf: (name) => (name === 'dueDate' ? 'due-date' : name), show: showErrors },
  });

  vscode.postMessage({ type: 'ready' });
})();
