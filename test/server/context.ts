// The per-request context handed to route handlers: parsed request, authenticated caller, response helpers
// (Go-style JSON), and the repository assignment every /repos/{owner}/{repo} route starts with.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPublicOnly, type AuthResult } from './auth';
import { forbidden, notFound, RedirectError, tokenRequired } from './errors';
import type { GitStore } from './git';
import { accessMode } from './permissions';
import { Access, type Account, type RepoRec, type ServerState, type UserRec } from './state';

export interface ServerContext {
  state: ServerState;
  git: GitStore;
  flavor: 'gitea' | 'forgejo';
  version: string;
  /** Instance root with trailing slash (Gitea's ROOT_URL / AppURL). */
  rootUrl: string;
  /** `<root>api/v1` (no trailing slash, like Gitea's setting.AppURL + "api/v1"). */
  apiUrl: string;
  swaggerUrl: string;
}

export interface RepoAssignment {
  repo: RepoRec;
  owner: Account;
  mode: Access;
}

/** Go's encoding/json escapes these even inside strings. */
export function goJson(value: unknown): string {
  return (
    JSON.stringify(value).replace(
      /[<>&\u2028\u2029]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    ) + '\n'
  );
}

export class Ctx {
  params: Record<string, string> = {};
  private readonly exposed = new Set<string>();
  private assigned?: RepoAssignment;

  constructor(
    readonly server: ServerContext,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    /** Path relative to the instance root, starting with '/' (e.g. /api/v1/repos/alice/demo). */
    readonly relPath: string,
    readonly query: URLSearchParams,
    readonly body: unknown,
    readonly rawBody: Buffer,
    readonly auth: AuthResult,
  ) {}

  get state(): ServerState {
    return this.server.state;
  }
  get git(): GitStore {
    return this.server.git;
  }
  get method(): string {
    return this.req.method ?? 'GET';
  }
  get doer(): UserRec | undefined {
    return this.auth.user;
  }
  get isSiteAdmin(): boolean {
    return this.auth.user?.isAdmin ?? false;
  }
  get forgejo(): boolean {
    return this.server.flavor === 'forgejo';
  }

  /** Gitea's reqToken(): any signed-in caller passes, anonymous gets 401 "token is required". */
  requireSigned(): UserRec {
    return this.auth.user ?? tokenRequired();
  }

  setHeader(name: string, value: string): void {
    this.res.setHeader(name, value);
  }
  exposeHeaders(...names: string[]): void {
    for (const n of names) this.exposed.add(n);
    this.res.setHeader('Access-Control-Expose-Headers', [...this.exposed].join(', '));
  }

  json(status: number, value: unknown): void {
    const body = goJson(value);
    this.res.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    this.res.end(this.method === 'HEAD' ? undefined : body);
  }

  send(status: number, body: Buffer | string, contentType: string, headers: Record<string, string> = {}): void {
    const buf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    this.res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': buf.length, ...headers });
    this.res.end(this.method === 'HEAD' ? undefined : buf);
  }

  noContent(status = 204): void {
    this.res.writeHead(status);
    this.res.end();
  }

  /** Gitea's repoAssignment(): unknown owner/repo or no read access → 404. */
  repoAssignment(): RepoAssignment {
    if (this.assigned) return this.assigned;
    const owner = this.state.accountByName(this.params.owner ?? '');
    if (!owner) return notFound();
    const repo = this.state.repoByName(owner.login, this.params.repo ?? '');
    if (!repo) {
      const movedId = this.state.repoRedirects.get(`${owner.login}/${this.params.repo ?? ''}`.toLowerCase());
      const moved = movedId !== undefined ? this.state.repo(movedId) : undefined;
      if (moved && accessMode(this.state, this.doer, moved) >= Access.Read) {
        const prefix = `/api/v1/repos/${encodeURIComponent(owner.login)}/${encodeURIComponent(this.params.repo ?? '')}`;
        const rest = this.relPath.startsWith(prefix) ? this.relPath.slice(prefix.length) : '';
        const search = this.query.toString();
        throw new RedirectError(307, `${this.server.apiUrl}/repos/${this.state.fullName(moved)}${rest}${search ? `?${search}` : ''}`);
      }
      return notFound();
    }
    const mode = accessMode(this.state, this.doer, repo);
    if (mode < Access.Read) return notFound();
    if (repo.private && isPublicOnly(this.auth)) forbidden('token scope is limited to public repos');
    this.assigned = { repo, owner, mode };
    return this.assigned;
  }

  /** Gitea's reqAdmin(). */
  requireRepoAdmin(a: RepoAssignment): void {
    if (a.mode < Access.Admin) forbidden('user should be an owner or a collaborator with admin write of a repository');
  }
  /**
   * Gitea's reqRepoReader(unit.TypeActions), on every route of a repository's Actions: with the repository's
   * Actions off (`has_actions: false`) only its admins and site admins pass (and then see what there is); everyone
   * else is answered 403, never 404.
   */
  requireActionsReader(): void {
    const a = this.repoAssignment();
    if (!a.repo.settings.hasActions && a.mode < Access.Admin && !this.doer?.isAdmin) {
      forbidden('user should have specific read permission or be a repo admin or a site admin');
    }
  }
  /** Gitea's reqRepoWriter(). */
  requireRepoWriter(a: RepoAssignment): void {
    if (a.mode < Access.Write) forbidden('user should have a permission to write to a repo');
  }

  repoApiUrl(repo: RepoRec): string {
    return `${this.server.apiUrl}/repos/${this.state.fullName(repo)}`;
  }
  repoHtmlUrl(repo: RepoRec): string {
    return `${this.server.rootUrl}${this.state.fullName(repo)}`;
  }
}
