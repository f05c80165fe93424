// The few non-API pages an editor client may open: the instance root, repository pages (a placeholder
// HTML page), release asset downloads, avatars, /api/swagger and /api/healthz.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { deflateSync } from 'node:zlib';
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

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 96×96 PNG of one colour taken from `seed`: Gitea draws a random image from the avatar's path (RandomImageWithSize). */
export function avatarPng(seed: string): Buffer {
  const [r, g, b] = createHash('md5').update(seed).digest();
  const size = 96;
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r!, g!, b!], 1 + x * 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.concat(Array(size).fill(row)))), pngChunk('IEND', Buffer.alloc(0))]);
}

export function handleWeb(server: ServerContext, req: IncomingMessage, res: ServerResponse, relPath: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method Not Allowed\n', 'text/plain; charset=utf-8');
  // Gitea 1.27 (routers/web/base.go avatarStorageHandler): any /avatars/<path> is an image — the uploaded one, else one
  // generated from the path — cached publicly under an ETag.
  if (relPath.startsWith('/avatars/') && relPath.length > '/avatars/'.length) {
    const etag = '"avatar-test-server"';
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag, 'Cache-Control': 'public, max-age=21600' });
      return void res.end();
    }
    const png = avatarPng(relPath.slice('/avatars/'.length));
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length, ETag: etag, 'Cache-Control': 'public, max-age=21600' });
    return void res.end(req.method === 'HEAD' ? undefined : png);
  }
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
