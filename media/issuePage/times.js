// Issue page (webview side): the time-tracking section of the side bar, where the repository tracks time. The
// stopwatch buttons (Start, or Stop and Cancel while the user's runs here), Add Time…, and the tracked times with
// their authors (the user's own with a Delete button). The extension reads them and runs every action (asking
// before a delete); names go in as text.
// @ts-check
(function () {
  function createIssuePageTimes({ el, fmt, t, post }) {
    const node = el('div', { className: 'side-section times', 'data-section': 'times', hidden: true });
    /** @type {any} */
    let state = { enabled: false };

    function action(text, name, className = 'secondary') {
      const b = el('button', { type: 'button', className, text, 'data-time-action': name });
      b.addEventListener('click', () => post({ type: 'timeAction', action: name }));
      return b;
    }

    function render() {
      node.hidden = !state.enabled;
      if (!state.enabled) return node.replaceChildren();
      // Gitea's page hides the buttons from who may not track time here (its server would refuse them).
      const stopwatch = state.canStopwatch === false ? [] : state.running
        ? [action(t.stopStopwatch, 'stop', 'primary'), action(t.cancelStopwatch, 'cancel')]
        : [action(t.startStopwatch, 'start')];
      const buttons = state.canTrack === false
        ? el('div', { className: 'muted', text: t.cannotTrack })
        : el('div', { className: 'time-buttons' }, [...stopwatch, action(t.addTime, 'addTime')]);
      const list = el('ul', { className: 'time-list' });
      for (const e of state.entries || []) {
        const created = e.created ? new Date(e.created) : undefined;
        const row = el('li', { 'data-time-id': String(e.id), title: created && !isNaN(created.getTime()) ? created.toLocaleString() : undefined }, [
          el('span', { className: 'time-user', text: e.user }), ' ', el('span', { className: 'time-amount', text: e.time }),
        ]);
        if (e.mine) {
          const del = el('button', { type: 'button', className: 'link', text: t.deleteTime, 'aria-label': fmt(t.deleteTimeOf, e.time, e.user), 'data-delete-time': String(e.id) });
          del.addEventListener('click', () => post({ type: 'deleteTime', id: e.id }));
          row.append(' ', del);
        }
        list.append(row);
      }
      node.replaceChildren(
        el('h2', { text: t.timeTracking }),
        ...(state.running ? [el('div', { className: 'muted', text: t.stopwatchRunning })] : []),
        buttons,
        (state.entries || []).length ? list : el('span', { className: 'muted', text: t.noTimes }),
        ...((state.entries || []).length ? [el('div', { className: 'muted time-total', text: fmt(t.totalTime, state.total || '') })] : []),
      );
    }

    return {
      /** The section's node: the side bar puts it back after each render. */
      section: () => node,
      /** @param {any} m a `times` message */
      update(m) {
        state = m && m.times && typeof m.times === 'object' ? m.times : { enabled: false };
        render();
      },
    };
  }
  // Called by page.js, which the page loads after this script.
  window.createIssuePageTimes = createIssuePageTimes;
})();
