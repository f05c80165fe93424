// Releases and deploy keys of a repository.
import { DeployKey, Release } from '../schemas';
import { PAGING, json, list, none, op, type PageParams, type RepoParams } from './op';

export interface CreateReleaseOption {
  tag_name: string;
  /** Branch or commit the tag is created at when it does not exist. */
  target_commitish?: string;
  name?: string;
  body?: string;
  draft?: boolean;
  prerelease?: boolean;
  tag_message?: string;
}
const CREATE_RELEASE_FIELDS = [
  'tag_name', 'target_commitish', 'name', 'body', 'draft', 'prerelease', 'tag_message',
] as const satisfies readonly (keyof CreateReleaseOption)[];

export interface CreateKeyOption {
  title: string;
  /** The public key, e.g. "ssh-ed25519 AAAA… comment". */
  key: string;
  read_only?: boolean;
}
const CREATE_KEY_FIELDS = ['title', 'key', 'read_only'] as const satisfies readonly (keyof CreateKeyOption)[];

export const releaseAndKeyOperations = {
  repoListReleases: op<RepoParams & PageParams & { draft?: boolean; 'pre-release'?: boolean }>()({
    id: 'repoListReleases',
    method: 'GET',
    path: '/repos/{owner}/{repo}/releases',
    query: ['draft', 'pre-release', ...PAGING],
    result: list(Release),
  }),
  repoGetRelease: op<RepoParams & { id: number }>()({
    id: 'repoGetRelease',
    method: 'GET',
    path: '/repos/{owner}/{repo}/releases/{id}',
    result: json(Release),
  }),
  /** validation "repo is empty"; conflict when the tag already has a release; notFound "target not found". */
  repoCreateRelease: op<RepoParams & { body: CreateReleaseOption }>()({
    id: 'repoCreateRelease',
    method: 'POST',
    path: '/repos/{owner}/{repo}/releases',
    body: CREATE_RELEASE_FIELDS,
    result: json(Release),
  }),
  /** Repository admins only. */
  repoListKeys: op<RepoParams & PageParams & { key_id?: number; fingerprint?: string }>()({
    id: 'repoListKeys',
    method: 'GET',
    path: '/repos/{owner}/{repo}/keys',
    query: ['key_id', 'fingerprint', ...PAGING],
    result: list(DeployKey),
  }),
  repoGetKey: op<RepoParams & { id: number }>()({ id: 'repoGetKey', method: 'GET', path: '/repos/{owner}/{repo}/keys/{id}', result: json(DeployKey) }),
  repoCreateKey: op<RepoParams & { body: CreateKeyOption }>()({
    id: 'repoCreateKey',
    method: 'POST',
    path: '/repos/{owner}/{repo}/keys',
    body: CREATE_KEY_FIELDS,
    result: json(DeployKey),
  }),
  /** 204, also for an unknown id. */
  repoDeleteKey: op<RepoParams & { id: number }>()({ id: 'repoDeleteKey', method: 'DELETE', path: '/repos/{owner}/{repo}/keys/{id}', result: none }),
};
