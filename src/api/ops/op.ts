// Operation descriptors: every client method is one of these, declaring its swagger operationId, HTTP method,
// path template, which parameters go to the query and which body fields are sent, and what the answer is.
// The swagger conformance test reads them; the client builds its methods from them.
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import type { HttpMethod, ResponseStream } from '../http';
import type { Page } from '../paging';

export type { ResponseStream };

export type ResultSpec<R> = { readonly __result?: R } & (
  /** `emptyIsNone`: an empty answer (204) is `undefined`, for operations whose body a query flag asks for. */
  | { readonly kind: 'json'; readonly schema: z.ZodMiniType; readonly emptyIsNone?: boolean }
  /** A JSON array, or `{ [itemsKey]: [...], [totalKey]: n }`; `paged: false` for lists without page/limit. */
  | { readonly kind: 'list'; readonly item: z.ZodMiniType; readonly itemsKey?: string; readonly totalKey?: string; readonly paged: boolean }
  | { readonly kind: 'text' }
  | { readonly kind: 'bytes' }
  /** The body unread, for the caller to stream (to a file): never held in memory whole. */
  | { readonly kind: 'stream' }
  | { readonly kind: 'none' }
);


export function json<S extends z.ZodMiniType>(schema: S): ResultSpec<z.output<S>> {
  return { kind: 'json', schema };
}
/** JSON when the server sends a body, `undefined` on an empty answer (a 204 of a server without the flag that asks for it). */
export function jsonOrNone<S extends z.ZodMiniType>(schema: S): ResultSpec<z.output<S> | undefined> {
  return { kind: 'json', schema, emptyIsNone: true };
}
export function list<S extends z.ZodMiniType>(item: S, wrapper?: { itemsKey: string; totalKey?: string }): ResultSpec<Page<z.output<S>>> {
  return { kind: 'list', item, paged: true, ...wrapper };
}
/** A list the API returns whole (no page/limit parameters). */
export function unpagedList<S extends z.ZodMiniType>(item: S): ResultSpec<Page<z.output<S>>> {
  return { kind: 'list', item, paged: false };
}
export const text: ResultSpec<string> = { kind: 'text' };
export const bytes: ResultSpec<Uint8Array> = { kind: 'bytes' };
export const none: ResultSpec<void> = { kind: 'none' };
export const stream: ResultSpec<ResponseStream> = { kind: 'stream' };

type BodyOf<P> = P extends { body?: infer B } ? NonNullable<B> : never;

export interface Operation<P = unknown, R = unknown> {
  /** The swagger `operationId`; also the client method's name. */
  readonly id: string;
  readonly method: HttpMethod;
  /** The swagger path template, e.g. `/repos/{owner}/{repo}/branches`; `{x}` are filled from the params. */
  readonly path: string;
  /** Names of params sent as query parameters (swagger names). */
  readonly query: readonly string[];
  /** Fields of `params.body` sent as the JSON body; undefined = no body. */
  readonly body?: readonly string[];
  /** Path params whose `/` stay unescaped (file paths, branch names). */
  readonly slashParams?: readonly string[];
  /** No timeout unless the caller gives one (e.g. a migration runs for minutes). */
  readonly longRunning?: boolean;
  /** A redirect leads to a URL that authenticates itself (a signed URL): no credentials are sent after one. */
  readonly signedRedirect?: boolean;
  readonly result: ResultSpec<R>;
  /** Phantom: the params type. */
  readonly __params?: P;
}

export interface OperationInit<P, R> {
  id: string;
  method: HttpMethod;
  path: string;
  query?: readonly (keyof P & string)[];
  body?: readonly (keyof BodyOf<P> & string)[];
  slashParams?: readonly (keyof P & string)[];
  longRunning?: boolean;
  signedRedirect?: boolean;
  result: ResultSpec<R>;
}

/** `op<Params>()({ ... })`: the params type is given, the result type comes from `result`. */
export function op<P extends object = Record<string, never>>() {
  return <R>(init: OperationInit<P, R>): Operation<P, R> => ({ ...init, query: init.query ?? [] });
}

export const PAGING = ['page', 'limit'] as const;

export interface RepoParams {
  owner: string;
  repo: string;
}
export interface PageParams {
  /** 1-based. */
  page?: number;
  /** Clamped to the server's maximum page size. */
  limit?: number;
}
