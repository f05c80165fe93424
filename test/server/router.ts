// A tiny router: `{name}` matches one path segment, `{name...}` the rest of the path; a segment may mix
// literals and parameters (`{index}.{diffType}`). Routes match in registration order.
import type { ScopeCategory } from './auth';
import type { Ctx } from './context';

export type Handler = (ctx: Ctx) => Promise<void> | void;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  scopes: ScopeCategory[];
  handler: Handler;
}

export type RouteMatch =
  | { kind: 'found'; handler: Handler; params: Record<string, string>; scopes: ScopeCategory[] }
  | { kind: 'methodNotAllowed' }
  | { kind: 'none' };

function compile(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = path.replace(/\{(\w+)(\.\.\.)?\}|[.*+?^$()|[\]\\]/g, (m, name: string | undefined, rest: string | undefined) => {
    if (!name) return `\\${m}`;
    keys.push(name);
    return rest ? '(.+)' : '([^/]+?)';
  });
  return { pattern: new RegExp(`^${source}$`), keys };
}

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, path: string, scopes: ScopeCategory[], handler: Handler): this {
    this.routes.push({ method, ...compile(path), scopes, handler });
    return this;
  }
  get(path: string, scopes: ScopeCategory[], handler: Handler): this {
    return this.add('GET', path, scopes, handler);
  }
  post(path: string, scopes: ScopeCategory[], handler: Handler): this {
    return this.add('POST', path, scopes, handler);
  }
  patch(path: string, scopes: ScopeCategory[], handler: Handler): this {
    return this.add('PATCH', path, scopes, handler);
  }
  put(path: string, scopes: ScopeCategory[], handler: Handler): this {
    return this.add('PUT', path, scopes, handler);
  }
  delete(path: string, scopes: ScopeCategory[], handler: Handler): this {
    return this.add('DELETE', path, scopes, handler);
  }

  match(method: string, path: string): RouteMatch {
    const wanted = method === 'HEAD' ? 'GET' : method;
    let pathMatched = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== wanted) continue;
      const params: Record<string, string> = {};
      route.keys.forEach((k, i) => {
        try {
          params[k] = decodeURIComponent(m[i + 1]);
        } catch {
          params[k] = m[i + 1];
        }
      });
      return { kind: 'found', handler: route.handler, params, scopes: route.scopes };
    }
    return pathMatched ? { kind: 'methodNotAllowed' } : { kind: 'none' };
  }
}
