// Issue page (webview side): the reactions under the description and each comment. Key 0 is the issue, any other a
// comment id. The extension reads them after the page painted (a comment's once it comes on screen, reported here)
// and sends every change; this only shows them and reports clicks. Names and users go in as text and attributes.
// @ts-check
(function () {
  function createIssuePageReactions({ el, fmt, t, post, timeline }) {
    const EMOJI = { '+1': '👍', '-1': '👎', laugh: '😄', hooray: '🎉', confused: '😕', heart: '❤️', rocket: '🚀', eyes: '👀' };
    /** @type {string[]} */
    let allowed = [];
    /** @type {Map<number, {content: string, users: string[], mine: boolean}[]>} */
    const reactions = new Map();
    /** Comment ids reported (their reactions are on the way). */
    const asked = new Set();
    /** @type {number[]} */
    const wanted = [];
    const onScreen = new window.IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const id = Number(/** @type {HTMLElement} */ (e.target).dataset.reactions);
          if (!e.isIntersecting || !(id > 0) || reactions.has(id) || asked.has(id)) continue;
          asked.add(id);
          wanted.push(id);
        }
        // Until the extension sent the allowed set it reads nothing: the cards are reported again then.
        if (wanted.length && allowed.length) post({ type: 'reactionsWanted', ids: wanted.splice(0, 200) });
      },
      { rootMargin: '200px' },
    );

    /** A smiley drawn in the text colour (as Gitea's page has): an emoji glyph shows as a box where no emoji font is. */
    function smiley() {
      const ns = 'http://www.w3.org/2000/svg';
      const svg = document.createElementNS(ns, 'svg');
      svg.setAttribute('viewBox', '0 0 16 16');
      svg.setAttribute('class', 'smiley');
      svg.setAttribute('aria-hidden', 'true');
      const shapes = [
        ['circle', { cx: '8', cy: '8', r: '6.5', fill: 'none' }],
        ['path', { d: 'M5.3 9.6c.7 1 1.6 1.5 2.7 1.5s2-.5 2.7-1.5', fill: 'none' }],
        ['circle', { cx: '6', cy: '6.5', r: '.9', fill: 'currentColor' }],
        ['circle', { cx: '10', cy: '6.5', r: '.9', fill: 'currentColor' }],
      ];
      for (const [tag, attrs] of shapes) {
        const shape = document.createElementNS(ns, tag);
        for (const [k, v] of Object.entries(attrs)) shape.setAttribute(k, v);
        svg.append(shape);
      }
      return svg;
    }

    /** @param {string} name */
    function emoji(name) {
      return EMOJI[name] || `:${name}:`;
    }

    /** The reactions of `key`: one button per reaction (pressed: the user's), then the picker of the allowed set. */
    function bar(key, loading) {
      const node = el('div', { className: 'reactions', role: 'group', 'aria-label': t.reactionsOf, 'data-key': String(key) });
      // Until its reactions are read, a body shows none and offers none.
      const groups = reactions.get(key);
      if (!allowed.length || loading || !groups) return node;
      for (const g of groups) {
        const users = g.users.join(', ');
        node.append(
          el('button', {
            type: 'button',
            className: g.mine ? 'reaction mine' : 'reaction',
            'data-reaction': g.content,
            'aria-pressed': String(g.mine),
            'aria-label': fmt(t.reactionLabel, g.content, g.users.length, users),
            title: fmt(t.reactedBy, users, g.content),
            text: `${emoji(g.content)} ${g.users.length}`,
          }),
        );
      }
      const picker = el('div', { className: 'reaction-picker' });
      for (const name of allowed) {
        const mine = groups.some((g) => g.content === name && g.mine);
        picker.append(el('button', { type: 'button', className: 'reaction-choice', 'data-reaction': name, 'aria-pressed': String(mine), 'aria-label': name, title: name, text: emoji(name) }));
      }
      const summary = el('summary', { 'aria-label': t.addReaction, title: t.addReaction, text: '+ ' });
      summary.append(smiley());
      node.append(el('details', { className: 'reaction-add' }, [summary, picker]));
      return node;
    }

    /** Draws the bars of `keys` again (all when absent). */
    function redraw(keys) {
      for (const node of timeline.querySelectorAll('.reactions')) {
        const key = Number(/** @type {HTMLElement} */ (node).dataset.key);
        if (!keys || keys.includes(key)) node.replaceWith(bar(key, false));
      }
    }

    timeline.addEventListener('click', (event) => {
      const target = /** @type {HTMLElement | null} */ (event.target);
      const b = target && typeof target.closest === 'function' ? /** @type {HTMLElement | null} */ (target.closest('.reactions button[data-reaction]')) : null;
      const node = b && /** @type {HTMLElement | null} */ (b.closest('.reactions'));
      if (!b || !node) return;
      b.closest('details')?.removeAttribute('open');
      post({ type: 'react', target: Number(node.dataset.key), content: b.dataset.reaction, add: b.getAttribute('aria-pressed') !== 'true' });
    });
    // Escape closes an open picker and puts the focus back on its "+" control.
    timeline.addEventListener('keydown', (event) => {
      const target = /** @type {HTMLElement} */ (event.target);
      const open = event.key === 'Escape' && typeof target.closest === 'function' ? target.closest('details.reaction-add[open]') : null;
      if (!open) return;
      open.removeAttribute('open');
      /** @type {HTMLElement | null} */ (open.querySelector('summary'))?.focus();
    });

    return {
      bar,
      /** @param {Element} card a comment's article (data-reactions: its id) */
      observe(card) {
        onScreen.observe(card);
      },
      /** A `reactions` message of the extension; `shown`: the page is on screen. */
      update(m, shown) {
        if (!Array.isArray(m.entries)) return;
        if (m.reset) {
          reactions.clear();
          asked.clear();
        }
        if (Array.isArray(m.allowed)) allowed = m.allowed.filter((a) => typeof a === 'string');
        for (const e of m.entries) if (e && typeof e.id === 'number' && Array.isArray(e.groups)) reactions.set(e.id, e.groups);
        if (!shown) return;
        if (!m.reset) return redraw(m.entries.map((e) => e.id));
        redraw();
        // The comments already on screen are reported again, now that the extension reads their reactions.
        for (const card of timeline.querySelectorAll('article[data-reactions]')) {
          onScreen.unobserve(card);
          onScreen.observe(card);
        }
      },
    };
  }
  // Called by page.js, which the page loads after this script.
  window.createIssuePageReactions = createIssuePageReactions;
})();
