// Deploy keys: GET/POST /repos/{o}/{r}/keys (admins only; filters key_id and fingerprint; only
// X-Total-Count), GET/DELETE /repos/{o}/{r}/keys/{id} (DELETE answers 204 even for an unknown id).
import { bind } from '../binding';
import type { Ctx } from '../context';
import { toDeployKey } from '../convert/misc';
import { forbidden, notFound, unprocessable } from '../errors';
import { formInt, pagedTotalOnly } from '../paging';
import type { Router } from '../router';
import { parsePublicKey } from '../sshKeys';

function adminRepo(ctx: Ctx) {
  const a = ctx.repoAssignment();
  ctx.requireSigned();
  ctx.requireRepoAdmin(a);
  return a;
}

async function listKeys(ctx: Ctx): Promise<void> {
  const { repo } = adminRepo(ctx);
  const keyId = formInt(ctx.query.get('key_id'));
  const fingerprint = ctx.query.get('fingerprint') ?? '';
  const keys = ctx.state.deployKeys.filter(
    (k) => k.repoId === repo.id && (!keyId || k.keyId === keyId) && (!fingerprint || k.fingerprint === fingerprint),
  );
  ctx.json(200, await Promise.all(pagedTotalOnly(ctx, keys).map((k) => toDeployKey(ctx, repo, k))));
}

async function createKey(ctx: Ctx): Promise<void> {
  const { repo } = adminRepo(ctx);
  const form = bind<{ title: string; key: string; read_only?: boolean }>(ctx, 'CreateKeyOption', [
    { go: 'Title', json: 'title', type: 'string', rules: ['Required'] },
    { go: 'Key', json: 'key', type: 'string', rules: ['Required'] },
    { go: 'ReadOnly', json: 'read_only', type: 'bool' },
  ]);
  const parsed = parsePublicKey(form.key);
  if ('error' in parsed) return unprocessable(`Invalid key content: ${parsed.error}`);
  const state = ctx.state;
  const sameContent = state.deployKeys.find((k) => k.content === parsed.content);
  if (sameContent?.repoId === repo.id) unprocessable('This key has already been added to this repository');
  if (state.deployKeys.some((k) => k.repoId === repo.id && k.title === form.title)) unprocessable('A key with the same name already exists');
  const key = {
    id: state.nextId('deploy_key'),
    keyId: sameContent?.keyId ?? state.nextId('public_key'),
    repoId: repo.id,
    title: form.title,
    content: parsed.content,
    fingerprint: parsed.fingerprint,
    readOnly: form.read_only ?? false,
    created: new Date(),
  };
  state.deployKeys.push(key);
  ctx.json(201, await toDeployKey(ctx, repo, key, { created: true }));
}

export function registerKeyRoutes(r: Router): void {
  r.get('/repos/{owner}/{repo}/keys', ['repository'], listKeys);
  r.post('/repos/{owner}/{repo}/keys', ['repository'], createKey);
  r.get('/repos/{owner}/{repo}/keys/{id}', ['repository'], async (ctx) => {
    const { repo } = adminRepo(ctx);
    const key = ctx.state.deployKeys.find((k) => k.id === formInt(ctx.params.id) && k.repoId === repo.id);
    if (!key) return notFound();
    ctx.json(200, await toDeployKey(ctx, repo, key));
  });
  r.delete('/repos/{owner}/{repo}/keys/{id}', ['repository'], (ctx) => {
    const { repo } = adminRepo(ctx);
    const idx = ctx.state.deployKeys.findIndex((k) => k.id === formInt(ctx.params.id));
    if (idx >= 0) {
      if (ctx.state.deployKeys[idx].repoId !== repo.id) forbidden('You do not have access to this key');
      ctx.state.deployKeys.splice(idx, 1);
    }
    ctx.noContent();
  });
}
