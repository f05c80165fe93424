// What the extension posts to the webviews it creates (the forms' state, errors), read by in-host tests.
import * as vscode from 'vscode';

/** Records what the extension posts to the webviews it creates, until `restore()`. */
export function recordWebviewMessages() {
  const win = vscode.window as unknown as { createWebviewPanel: (...args: unknown[]) => vscode.WebviewPanel };
  const original = win.createWebviewPanel;
  const posted: unknown[] = [];
  // Proxies that forward to the real objects (`this` stays the real object: VS Code's classes use private fields).
  const forward = <T extends object>(target: T, override: (prop: PropertyKey) => unknown): T =>
    new Proxy(target, {
      get: (t, prop) => {
        const own = override(prop);
        if (own !== undefined) return own;
        const value = Reflect.get(t, prop, t) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
      },
      set: (t, prop, value) => Reflect.set(t, prop, value, t),
    });
  win.createWebviewPanel = (...args: unknown[]) => {
    const panel = original.apply(vscode.window, args);
    const webview = forward(panel.webview, (prop) =>
      prop === 'postMessage'
        ? (message: unknown) => {
            posted.push(message);
            return panel.webview.postMessage(message);
          }
        : undefined,
    );
    return forward(panel, (prop) => (prop === 'webview' ? webview : undefined));
  };
  return { posted, restore: () => (win.createWebviewPanel = original) };
}
