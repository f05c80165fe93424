// Avatars as Gitea 1.27 serves them (routers/web/base.go avatarStorageHandler): the avatar_url the API gives is an
// image — without an uploaded one, a 96×96 PNG generated from the path — cached publicly (6 h) under an ETag.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../../server/index';
import { api } from './helpers';

describe('test server: avatars', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server?.close();
  });

  it("a user's avatar_url answers a PNG of 96×96 with public caching; the same ETag answers 304", async () => {
    const user = (await api(server, '/user', { as: 'alice' })).json as { avatar_url: string };
    const res = await fetch(user.avatar_url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=21600');
    const png = Buffer.from(await res.arrayBuffer());
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [96, 96]);
    const idatAt = png.indexOf('IDAT', 0, 'latin1');
    const pixels = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4)));
    assert.equal(pixels.length, 96 * (1 + 96 * 3), 'one filter byte and 96 RGB pixels per row');
    const again = await fetch(user.avatar_url, { headers: { 'if-none-match': res.headers.get('etag')! } });
    assert.equal(again.status, 304);
  });
});
