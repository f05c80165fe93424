// The few non-API pages an editor client may open: the instance root, repository pages (a placeholder
// HTML page), release asset downloads, /api/swagger and /api/healthz.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerContext } from './context';
import { accessMode } from './permissions';
import { Access } from './state';

function send(res: ServerResponse, status: number, body: string | Buffer, type: string): void {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': buf.length });
  res.end(buf);
}

const page = (title: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title.replace(/[<&>]/g, '')} - Gitea</title></head><body><h1>${title.replace(/[<&>]/g, '')}</h1></body></html>\n`;

export function handleWeb(server: ServerContext, req: IncomingMessage, res: ServerResponse, relPath: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method Not Allowed\n', 'text/plain; charset=utf-8');
  if (relPath === '/' || relPath === '') return send(res, 200, page('Gitea test server'), 'text/html; charset=utf-8');
  if (relPath === '/api/healthz') {
    return send(res, 200, JSON.stringify({ status: 'pass', description: 'Gitea: Git with a cup of tea' }), 'application/health+json');
  }
  if (relPath === '/api/swagger') return send(res, 200, page('Gitea API'), 'text/html; charset=utf-8');
  const parts = relPath.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
  const state = server.state;
  if (parts.length >= 2) {
    const repo = state.repoByName(parts[0], parts[1]);
    if (repo && accessMode(state, undefined, repo) >= Access.Read) {
      if (parts[2] === 'releases' && parts[3] === 'download' && parts.length === 6) {
        const rel = state.releases.find((r) => r.repoId === repo.id && r.tagName === parts[4] && !r.draft);
        const asset = rel?.assets.find((a) => a.name === parts[5]);
        if (asset) {
          asset.downloadCount++;
          return send(res, 200, asset.content, 'application/octet-stream');
        }
        return send(res, 404, page('Not found'), 'text/html; charset=utf-8');
      }
      return send(res, 200, page(`${state.fullName(repo)}${parts.length > 2 ? ` – ${parts.slice(2).join('/')}` : ''}`), 'text/html; charset=utf-8');
    }
  }
  if (parts.length === 1 && state.accountByName(parts[0])) return send(res, 200, page(parts[0]), 'text/html; charset=utf-8');
  send(res, 404, page('Page Not Found'), 'text/html; charset=utf-8');
}
