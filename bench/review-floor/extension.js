// The floors of the review threads' figure (bench/lib/reviewFloor.mjs) and of the issue page's first paint
// (bench/lib/issuePage.mjs), and the extension host's event-loop probe (`longBody` and `loopProbeStop`, the issue page's long body). The review threads' floor (bench/lib/reviewFloor.mjs): what VS Code itself costs to show a file's
// diff with the same threads as Gitea Workbench shows, made from memory. `load` reads a spec (the file's two sides
// and its threads, as Gitea Workbench groups them) before the measure; `open` is what the measured key runs: the
// threads are created with their comments, labels, state and reply box, then the diff is opened.
const vscode = require('vscode');
const { readFileSync, writeFileSync } = require('node:fs');
const { monitorEventLoopDelay } = require('node:perf_hooks');

exports.activate = function activate(context) {
  const contents = new Map();
  const specs = new Map();
  let threads = [];
  let run = 0;
  const controller = vscode.comments.createCommentController('giteaBenchReviewFloor', 'Review floor');
  context.subscriptions.push(
    controller,
    vscode.workspace.registerTextDocumentContentProvider('review-floor', { provideTextDocumentContent: (uri) => contents.get(uri.toString()) ?? '' }),
    vscode.commands.registerCommand('giteaBenchReviewFloor.load', (args) => {
      // The issue page's long bodies: the commands that open them and where the probe writes (giteaBenchReviewFloor.longBody).
      probeFile = args.probeFile ?? probeFile;
      longBodies = args.longBodies ?? longBodies;
      // Each shape's spec, when the bench has written it (the first shape is prepared before the second is seeded).
      for (const [name, file] of Object.entries(args.files)) {
        try {
          specs.set(name, JSON.parse(readFileSync(file, 'utf8')));
        } catch {
          // expected: the spec of a shape not prepared yet
        }
      }
    }),
    vscode.commands.registerCommand('giteaBenchReviewFloor.open', async (args) => {
      const spec = specs.get(args.name);
      for (const t of threads) t.dispose();
      threads = [];
      run += 1;
      const side = (name) => vscode.Uri.from({ scheme: 'review-floor', path: `/${run}/${name}/${spec.path}` });
      const uris = { old: side('base'), new: side('head') };
      contents.set(uris.old.toString(), spec.base);
      contents.set(uris.new.toString(), spec.head);
      for (const t of spec.threads) {
        const comments = t.comments.map((c) => {
          const body = new vscode.MarkdownString(c.body, false);
          body.isTrusted = false;
          body.supportHtml = false;
          const author = { name: c.author, iconPath: c.avatar ? vscode.Uri.parse(c.avatar, true) : undefined };
          return { body, mode: vscode.CommentMode.Preview, author, timestamp: new Date(c.createdAt), contextValue: 'floorComment' };
        });
        const thread = controller.createCommentThread(uris[t.side], new vscode.Range(t.line - 1, 0, t.line - 1, 0), comments);
        thread.canReply = true;
        if (t.label) thread.label = t.label;
        thread.contextValue = 'floorThread';
        thread.state = t.resolved ? vscode.CommentThreadState.Resolved : vscode.CommentThreadState.Unresolved;
        thread.collapsibleState = t.resolved ? vscode.CommentThreadCollapsibleState.Collapsed : vscode.CommentThreadCollapsibleState.Expanded;
        threads.push(thread);
      }
      await vscode.commands.executeCommand('vscode.diff', uris.old, uris.new, `${spec.path} (floor)`, { preview: true });
    }),
    // The issue page's floor: a webview panel whose HTML already holds a page like the issue page's first paint (a
    // header, a timeline of `args.comments` comments), with no script and no message: what VS Code itself costs from
    // the command to a page on screen.
    vscode.commands.registerCommand('giteaBenchReviewFloor.page', (args) => {
      const panel = vscode.window.createWebviewPanel('giteaBenchPageFloor', args.title, vscode.ViewColumn.Active, {});
      const comment = (i) => `<article class="comment"><header><strong>alice</strong> commented</header><div class="body"><p>Comment ${i}: the <strong>timeline</strong> keeps <code>going</code>, see #1 and @bob.</p><ul><li>a list item</li><li>another one</li></ul></div></article>`;
      const comments = Array.from({ length: args.comments }, (_, i) => comment(i + 1)).join('');
      panel.webview.html = `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'"><title>${args.title}</title></head><body><main id="app"><header><h1>${args.title}</h1></header><section class="timeline"><article class="comment description"><div class="body"><p>A description with a link and #1.</p></div></article>${comments}</section></main></body></html>`;
    }),
    // The extension host's event-loop probe (bench/lib/issuePage.mjs): this extension runs in the same host as Gitea
    // Workbench, so its timer fires late by as long as anything on the host's thread holds it (a perf_hooks delay
    // histogram, 5 ms resolution). `longBody` (run from the palette) first measures 2 s of the idle window, then
    // starts the probe and runs the next of the pages' commands that `load` gave (`longBodies`); `loopProbeStop` writes both, in ms,
    // and when the command ran, to the `probeFile` that `load` gave.
    vscode.commands.registerCommand('giteaBenchReviewFloor.longBody', async () => {
      const idleProbe = monitorEventLoopDelay({ resolution: 5 });
      idleProbe.enable();
      const idleBusy = performance.eventLoopUtilization();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      idleProbe.disable();
      idle = { maxMs: idleProbe.max / 1e6, p99Ms: idleProbe.percentile(99) / 1e6, busyMs: performance.eventLoopUtilization(idleBusy).active };
      probe = monitorEventLoopDelay({ resolution: 5 });
      probe.enable();
      busyFrom = performance.eventLoopUtilization();
      await new Promise((resolve) => setTimeout(resolve, 20));
      openedAt = Date.now();
      // Each run opens the next of the pages given (a page shown again would come from the page cache, unrendered).
      const next = longBodies[longBodyRun++ % longBodies.length];
      void vscode.commands.executeCommand(next.command, next.args);
    }),
    vscode.commands.registerCommand('giteaBenchReviewFloor.loopProbeStop', () => {
      if (!probe) return;
      probe.disable();
      // The time the host's loop was busy at all (event-loop utilization: outside its wait for events) bounds every
      // block by what ran on the thread; the delay histogram also counts the thread's waits for a core.
      const busyMs = performance.eventLoopUtilization(busyFrom).active;
      writeFileSync(probeFile, JSON.stringify({ maxMs: probe.max / 1e6, p99Ms: probe.percentile(99) / 1e6, busyMs, ms: Date.now() - openedAt, openedAt, idle }));
      probe = undefined;
    }),
  );
};

let probe;
let idle;
let busyFrom;
let openedAt = 0;
let probeFile;
let longBodies = [];
let longBodyRun = 0;

exports.deactivate = function deactivate() {};
