// Create Issue's templates (webview side), loaded after media/forms/formKit.js and before form.js: the chooser shown
// before the fields (templates by name and about, the blank issue where allowed, config.yaml's contact links, the
// files that could not be read), the bar naming the template in use, and an issue form's fields. DOM calls only: the
// only HTML is the fields' Markdown, which the extension rendered with everything escaped. Links open through the
// extension by their index (it checks the URL it holds), never by a URL from the page.
// @ts-check
(function () {
  // @ts-expect-error -- set by formKit.js
  const { el, setValue } = window.giteaFormKit;

  /** Shows HTML the extension rendered (shared/markdown.ts): escaped source text, only http(s)/mailto links. */
  function rendered(id, html, className) {
    const node = el('div', { id, className });
    node.innerHTML = typeof html === 'string' ? html : '';
    return node;
  }

  /**
   * `choose(file | null)`: a template (its file), the blank issue (''), or back to the chooser (null).
   * `openLink(index)`: a contact link. `answer(id, value)`: a field's answer changed.
   */
  function templateUi(t, { choose, openLink, answer }) {
    const chooser = el('section', { id: 'template-chooser', className: 'template-chooser', hidden: true, 'aria-labelledby': 'template-chooser-heading' });
    const unreadable = el('div', { id: 'templates-unreadable', className: 'banner', role: 'status', hidden: true });
    const bar = el('div', { id: 'template-bar', className: 'template-bar', hidden: true });
    const fields = el('div', { id: 'template-fields', hidden: true });
    let chooserKey = '';
    let fieldsKey = '';
    /** @type {any[]} */
    let shownFields = [];

    function choice(id, name, about, onClick) {
      const button = el('button', { id, type: 'button', className: 'secondary', text: t.getStarted });
      button.addEventListener('click', onClick);
      return el('div', { className: 'template-choice' }, [el('div', {}, [el('strong', { text: name }), el('div', { className: 'muted', text: about })]), button]);
    }

    function renderChooser(view) {
      const key = JSON.stringify([view.list, view.blank, view.links]);
      if (key === chooserKey) return;
      chooserKey = key;
      const items = view.list.map((tpl, i) => choice(`choose-${i}`, tpl.name, tpl.about, () => choose(tpl.fileName)));
      if (view.blank) items.push(choice('choose-blank', t.blankIssue, t.blankIssueAbout, () => choose('')));
      const links = view.links.map((l, i) => {
        // The URL is shown (and was checked: http(s) only); a click asks the extension to open link i.
        const a = el('a', { id: `contact-link-${i}`, href: l.url, text: l.name, title: l.url });
        a.addEventListener('click', (e) => {
          e.preventDefault();
          openLink(i);
        });
        return el('div', { className: 'template-choice' }, [el('div', {}, [a, el('div', { className: 'muted', text: l.about })])]);
      });
      chooser.replaceChildren(
        el('h2', { id: 'template-chooser-heading', text: t.chooseTemplate }),
        ...items,
        ...(links.length ? [el('h3', { text: t.contactLinks }), ...links] : []),
      );
    }

    const requiredMark = (label, required) => (required ? `${label} (${t.required})` : label);

    function fieldNode(f) {
      const id = `answer-${f.id}`;
      const desc = f.descriptionHtml ? [rendered(`desc-${f.id}`, f.descriptionHtml, 'field-description small')] : [];
      const described = f.descriptionHtml ? `desc-${f.id}` : undefined;
      const slot = el('div', { className: 'error', id: `error-${id}`, role: 'alert' });
      switch (f.type) {
        case 'markdown':
          return rendered(`answer-md-${f.id}`, f.valueHtml, 'form-markdown');
        case 'input':
        case 'textarea': {
          const control = /** @type {HTMLInputElement} */ (
            el(f.type === 'input' ? 'input' : 'textarea', {
              id,
              type: f.type === 'input' ? (f.isNumber ? 'number' : 'text') : undefined,
              rows: f.type === 'textarea' ? 6 : undefined,
              placeholder: f.placeholder || undefined,
              required: f.required,
              'aria-required': f.required ? 'true' : undefined,
              'aria-describedby': described,
              'data-field': f.id,
            })
          );
          // As on Gitea's page, the browser checks the pattern (a DOM property: the page's own text, never markup).
          if (f.type === 'input' && f.regex) control.pattern = f.regex;
          control.addEventListener('input', () => answer(f.id, control.value));
          return el('div', { className: 'field', id: `field-${id}` }, [el('label', { for: id, text: requiredMark(f.label, f.required) }), ...desc, control, slot]);
        }
        case 'dropdown': {
          const select = /** @type {HTMLSelectElement} */ (el('select', { id, multiple: f.multiple, 'aria-required': f.required ? 'true' : undefined, 'aria-describedby': described, 'data-field': f.id }));
          if (!f.multiple) select.append(el('option', { value: '', text: t.noneOption }));
          else select.size = Math.min(f.options.length, 6);
          f.options.forEach((o, i) => select.append(el('option', { value: String(i), text: o })));
          select.addEventListener('change', () => answer(f.id, [...select.selectedOptions].filter((o) => o.value !== '').map((o) => Number(o.value))));
          return el('div', { className: 'field', id: `field-${id}` }, [el('label', { for: id, text: requiredMark(f.label, f.required) }), ...desc, select, slot]);
        }
        case 'checkboxes': {
          const boxes = f.options.map((o, i) => {
            const box = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox', id: `${id}-${i}`, 'aria-required': o.required ? 'true' : undefined, hidden: !o.onForm }));
            box.addEventListener('change', () => answer(f.id, f.options.map((_, k) => /** @type {HTMLInputElement} */ (document.getElementById(`${id}-${k}`))?.checked === true)));
            return el('div', { className: 'check', hidden: !o.onForm }, [box, el('label', { for: `${id}-${i}`, text: requiredMark(o.label, o.required) })]);
          });
          const group = el('div', { id, className: 'checklist', role: 'group', 'aria-label': f.label, tabindex: '-1', 'aria-describedby': described }, boxes);
          return el('div', { className: 'field', id: `field-${id}` }, [el('span', { className: 'label', text: f.label }), ...desc, group, slot]);
        }
        default:
          return el('div');
      }
    }

    /** Puts the draft's answers into the controls (without moving a caret). */
    function sync(answers) {
      for (const f of shownFields) {
        const a = answers ? answers[f.id] : undefined;
        const id = `answer-${f.id}`;
        if (f.type === 'input' || f.type === 'textarea') {
          const control = /** @type {HTMLInputElement|null} */ (document.getElementById(id));
          if (control) setValue(control, typeof a === 'string' ? a : '');
        } else if (f.type === 'dropdown') {
          const select = /** @type {HTMLSelectElement|null} */ (document.getElementById(id));
          const chosen = Array.isArray(a) ? a : [];
          if (select) for (const o of select.options) o.selected = o.value === '' ? chosen.length === 0 : chosen.includes(Number(o.value));
        } else if (f.type === 'checkboxes') {
          f.options.forEach((_, i) => {
            const box = /** @type {HTMLInputElement|null} */ (document.getElementById(`${id}-${i}`));
            if (box) box.checked = Array.isArray(a) && a[i] === true;
          });
        }
      }
    }

    /** Shows the view; returns whether the chooser stands in for the form. */
    function render(view, draft) {
      const loaded = !!view && view.loaded;
      unreadable.hidden = !loaded || view.unreadable.length === 0;
      if (loaded && view.unreadable.length) unreadable.textContent = t.templatesUnreadable.replace('{0}', () => view.unreadable.join(', '));
      const choosing = loaded && view.chosen === undefined && view.list.length > 0;
      chooser.hidden = !choosing;
      if (choosing) renderChooser(view);
      const current = loaded && view.chosen ? view.list.find((tpl) => tpl.fileName === view.chosen) : undefined;
      bar.hidden = !loaded || choosing || view.list.length === 0;
      if (!bar.hidden) {
        const again = el('button', { id: 'change-template', type: 'button', className: 'secondary', text: t.changeTemplate });
        again.addEventListener('click', () => choose(null));
        bar.replaceChildren(el('span', { id: 'template-name', text: current ? t.templateInUse.replace('{0}', () => current.name) : t.blankIssue }), again);
      }
      const formFields = loaded && !choosing && view.fields ? view.fields : undefined;
      fields.hidden = !formFields;
      const key = formFields ? JSON.stringify([view.chosen, formFields]) : '';
      if (key !== fieldsKey) {
        fieldsKey = key;
        shownFields = formFields || [];
        fields.replaceChildren(...shownFields.map(fieldNode));
      }
      sync(draft.answers);
      return { choosing, form: !!formFields };
    }

    return { chooser, unreadable, bar, fields, render };
  }

  // @ts-expect-error -- form.js finds it here
  window.giteaIssueTemplates = { templateUi };
})();
