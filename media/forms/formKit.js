// What the forms (Create Issue, Create Pull Request) build alike, loaded before each form's own script: DOM
// elements from plain props (no HTML strings, no inline handlers), fields with their error slot, the description with
// its Write / Preview tabs, the label list (scoped exclusive labels replace each other), check box rows, errors shown
// at their fields, and Ctrl/Cmd+Enter. Nothing here talks to the extension: each form wires the callbacks.
// @ts-check
(function () {
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

  /** A labelled control with its error slot (`error-<id>`). */
  function field(id, label, control, extra = []) {
    return el('div', { className: 'field', id: `field-${id}` }, [
      el('label', { for: id, text: label }),
      control,
      ...extra,
      el('div', { className: 'error', id: `error-${id}`, role: 'alert' }),
    ]);
  }

  /** A titled group of check boxes with its error slot. */
  function group(id, label, list) {
    return el('div', { className: 'field', id: `field-${id}` }, [el('span', { className: 'label', text: label }), list, el('div', { className: 'error', id: `error-${id}`, role: 'alert' })]);
  }

  /** A check box on its own line with its error slot. */
  function checkboxField(id, label, box) {
    return el('div', { className: 'field checkbox', id: `field-${id}` }, [box, el('label', { for: id, text: label }), el('div', { className: 'error', id: `error-${id}`, role: 'alert' })]);
  }

  /** Sets an input's value only when it differs, so the caret of the field being typed in stays. */
  function setValue(input, value) {
    if (input.value !== value) input.value = value;
  }

  /** A check box row; `onToggle(checked)` runs on each change. */
  function checkRow(id, text, data, onToggle) {
    const box = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox', id, ...data }));
    box.addEventListener('change', () => onToggle(box.checked));
    return el('div', { className: 'check' }, [box, el('label', { for: id, text })]);
  }

  /**
   * The description: a text area and the preview the extension renders, behind Write / Preview tabs.
   * `onPreviewShown(shown)` tells the form when the preview is opened or closed (the extension renders it only then).
   */
  function bodyEditor(t, extra, onPreviewShown) {
    const body = /** @type {HTMLTextAreaElement} */ (el('textarea', { id: 'body', rows: 14, placeholder: t.bodyPlaceholder }));
    const preview = el('div', { id: 'preview', className: 'markdown', hidden: true });
    const tabWrite = el('button', { id: 'tab-write', type: 'button', className: 'tab selected', role: 'tab', 'aria-selected': 'true', text: t.write });
    const tabPreview = el('button', { id: 'tab-preview', type: 'button', className: 'tab', role: 'tab', 'aria-selected': 'false', text: t.preview });
    const select = (showPreview) => {
      preview.hidden = !showPreview;
      body.hidden = showPreview;
      tabWrite.classList.toggle('selected', !showPreview);
      tabPreview.classList.toggle('selected', showPreview);
      tabWrite.setAttribute('aria-selected', String(!showPreview));
      tabPreview.setAttribute('aria-selected', String(showPreview));
      onPreviewShown(showPreview);
    };
    tabWrite.addEventListener('click', () => select(false));
    tabPreview.addEventListener('click', () => select(true));
    // Keyboard: the arrow keys move between the two tabs (the tab pattern screen readers announce); Escape in the
    // preview goes back to writing, with the caret in the text.
    const tabKeys = (e) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      e.preventDefault();
      const toPreview = body.hidden === false;
      select(toPreview);
      (toPreview ? tabPreview : tabWrite).focus();
    };
    tabWrite.addEventListener('keydown', tabKeys);
    tabPreview.addEventListener('keydown', tabKeys);
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !preview.hidden) {
        select(false);
        body.focus();
      }
    });
    tabWrite.setAttribute('aria-controls', 'body');
    tabPreview.setAttribute('aria-controls', 'preview');
    body.setAttribute('aria-labelledby', 'body-label');
    preview.setAttribute('role', 'tabpanel');
    preview.setAttribute('aria-labelledby', 'tab-preview');
    const container = el('div', { className: 'field', id: 'field-body' }, [
      el('div', { className: 'tabs', role: 'tablist', 'aria-labelledby': 'body-label' }, [el('span', { id: 'body-label', className: 'label', text: t.body }), tabWrite, tabPreview]),
      body,
      preview,
      ...extra,
      el('div', { className: 'error', id: 'error-body', role: 'alert' }),
    ]);
    /** Shows HTML the extension rendered with all source text escaped and only http(s)/mailto links. */
    const showPreview = (html) => {
      preview.innerHTML = typeof html === 'string' && html ? html : '';
      if (!html) preview.append(el('p', { className: 'muted', text: t.emptyPreview }));
    };
    return { body, container, showPreview };
  }

  function labelScope(name) {
    const i = name.lastIndexOf('/');
    return i > 0 ? name.slice(0, i) : undefined;
  }

  /**
   * The label list with its filter. `labels()` gives the options' labels (undefined while loading), `selected()` and
   * `select(ids)` the draft's label ids.
   */
  function labelPicker(t, labels, selected, select) {
    const search = /** @type {HTMLInputElement} */ (el('input', { id: 'label-filter', type: 'search', placeholder: t.filterLabels, 'aria-label': t.filterLabels }));
    const list = el('div', { id: 'labels', className: 'checklist', role: 'group', 'aria-label': t.labels });
    let filter = '';
    const render = () => {
      list.replaceChildren();
      const all = labels();
      if (all && all.length === 0) list.append(el('div', { className: 'muted', text: t.noLabels }));
      for (const label of all || []) {
        if (filter && !label.name.toLowerCase().includes(filter)) continue;
        const id = `label-${label.id}`;
        const box = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox', id, 'data-id': label.id, 'data-name': label.name }));
        box.checked = selected().includes(label.id);
        box.addEventListener('change', () => {
          let ids = selected().filter((x) => x !== label.id);
          if (box.checked) {
            // An exclusive scoped label ("priority/high") replaces the other labels of its scope.
            const scope = label.exclusive ? labelScope(label.name) : undefined;
            if (scope) ids = ids.filter((x) => labelScope(all.find((l) => l.id === x)?.name || '') !== scope);
            ids.push(label.id);
          }
          select(ids);
        });
        const swatch = el('span', { className: 'swatch' });
        // Colors were checked by the extension (six hex digits); setting style from script is allowed by the CSP.
        if (label.color) swatch.style.backgroundColor = `#${label.color}`;
        const row = el('div', { className: 'check' }, [box, el('label', { for: id }, [swatch, el('span', { text: label.name })])]);
        if (label.org) row.append(el('span', { className: 'badge', text: t.orgLabel }));
        if (label.description) row.title = label.description;
        list.append(row);
      }
    };
    search.addEventListener('input', () => {
      filter = search.value.trim().toLowerCase();
      render();
    });
    /** Ticks the boxes of the draft's labels without rebuilding the list. */
    const sync = () => {
      for (const box of list.querySelectorAll('input[type=checkbox]')) /** @type {HTMLInputElement} */ (box).checked = selected().includes(Number(/** @type {HTMLElement} */ (box).dataset.id));
    };
    return { field: field('labels', t.labels, search, [list]), render, sync };
  }

  /**
   * Clears the previous errors and shows `fields` (name → message) at their fields; `idOf` maps a field name to its
   * element id. The first field with an error gets the focus.
   */
  function showFieldErrors(fields, idOf = (name) => name) {
    for (const node of document.querySelectorAll('.error[id^="error-"]')) node.textContent = '';
    for (const node of document.querySelectorAll('.invalid')) {
      node.classList.remove('invalid');
      node.removeAttribute('aria-invalid');
    }
    for (const [name, text] of Object.entries(fields || {})) {
      const id = idOf(name);
      const slot = document.getElementById(`error-${id}`);
      if (slot) slot.textContent = String(text);
      document.getElementById(id)?.classList.add('invalid');
      document.getElementById(id)?.setAttribute('aria-invalid', 'true');
    }
    const first = Object.keys(fields || {})[0];
    if (first) document.getElementById(idOf(first))?.focus();
  }

  /** Ctrl+Enter (Cmd+Enter on a Mac) anywhere in the form. */
  function onSubmitKey(submit) {
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        submit();
      }
    });
  }

  /** Shows the busy state on the Create button. */
  function showBusy(app, create, t, busy) {
    create.disabled = !!busy;
    create.textContent = busy ? t.creating : t.create;
    app.setAttribute('aria-busy', String(!!busy));
  }

  /** The milestone picker's options: none, then each milestone with its due date. */
  function milestoneOptions(select, milestones, t) {
    select.replaceChildren(el('option', { value: '', text: t.noMilestone }));
    for (const m of milestones || []) select.append(el('option', { value: m.id, text: m.dueOn ? `${m.title} (${m.dueOn.slice(0, 10)})` : m.title }));
  }

  /**
   * The extension's messages: `state` to the form, `preview` and `busy` shown here, `errors` to the form (after the
   * fields' errors are shown here).
   */
  function onFormMessages(app, create, editor, t, { state, errors }) {
    let shown = false;
    window.addEventListener('message', (event) => {
      const m = event.data;
      if (!m || typeof m !== 'object') return;
      if (m.type === 'state') {
        state(m);
        // The form opens ready to type: the title has the focus, unless the user already put it elsewhere.
        if (!shown && (document.activeElement === document.body || !document.activeElement)) document.getElementById('title')?.focus();
        shown = true;
      }
      else if (m.type === 'preview') editor.showPreview(m.html);
      else if (m.type === 'busy') showBusy(app, create, t, m.busy);
      else if (m.type === 'errors') {
        showFieldErrors(m.fields, errors.idOf);
        errors.show(m);
      }
    });
  }

  // @ts-expect-error -- the forms' scripts find the kit here
  window.giteaFormKit = { el, field, group, checkboxField, setValue, checkRow, bodyEditor, labelPicker, milestoneOptions, onSubmitKey, onFormMessages };
})();
