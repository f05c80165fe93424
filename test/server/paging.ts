// Gitea's paging: `page` < 1 → 1, `limit` <= 0 → DEFAULT_PAGING_NUM (30), `limit` > MAX_RESPONSE_ITEMS (50)
// silently cut; `Link` (next/last/first/prev as they apply) built from ROOT_URL plus the request path;
// `X-Total-Count`.
import type { Ctx } from './context';

export const DEFAULT_PAGING_NUM = 30;
export const MAX_RESPONSE_ITEMS = 50;

export interface ListOptions {
  page: number;
  limit: number;
}

/** Go's strconv.Atoi as ctx.FormInt uses it: anything unparsable is 0. */
export function formInt(value: string | null | undefined): number {
  if (value === null || value === undefined || !/^[+-]?\d+$/.test(value.trim())) return 0;
  return parseInt(value.trim(), 10);
}

export function listOptions(ctx: Ctx, opts: { clamp?: boolean } = {}): ListOptions {
  const page = Math.max(1, formInt(ctx.query.get('page')));
  let limit = formInt(ctx.query.get('limit'));
  if (limit <= 0) limit = DEFAULT_PAGING_NUM;
  else if (opts.clamp !== false && limit > MAX_RESPONSE_ITEMS) limit = MAX_RESPONSE_ITEMS;
  return { page, limit };
}

export function pageOf<T>(items: T[], opts: ListOptions): T[] {
  const start = (opts.page - 1) * opts.limit;
  return items.slice(start, start + opts.limit);
}

/** Go's url.QueryEscape. */
function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Go's url.Values.Encode(): keys sorted, values in order. */
function encodeQuery(params: URLSearchParams): string {
  const keys = [...new Set(params.keys())].sort();
  return keys.flatMap((k) => params.getAll(k).map((v) => `${queryEscape(k)}=${queryEscape(v)}`)).join('&');
}

/** Gitea's genAPILinks + paginator semantics. */
export function linkHeader(ctx: Ctx, total: number, pageSize: number): string | undefined {
  const size = pageSize <= 0 ? 1 : pageSize;
  const totalPages = total === 0 ? 1 : Math.ceil(total / size);
  let current = formInt(ctx.query.get('page'));
  if (current <= 0) current = 1;
  if (current > totalPages) current = totalPages;
  const hasNext = total > current * size;
  const isLast = total === 0 ? true : total > (current - 1) * size && !hasNext;
  const link = (page: number, rel: string) => {
    const q = new URLSearchParams(ctx.query);
    q.set('page', String(page));
    return `<${ctx.server.rootUrl}${ctx.relPath.slice(1)}?${encodeQuery(q)}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (hasNext) links.push(link(current + 1, 'next'));
  if (!isLast) links.push(link(totalPages, 'last'));
  if (current !== 1) links.push(link(1, 'first'));
  if (current > 1) links.push(link(current - 1, 'prev'));
  return links.length ? links.join(',') : undefined;
}

export function setLinkHeader(ctx: Ctx, total: number, pageSize: number): void {
  const link = linkHeader(ctx, total, pageSize);
  if (link) {
    ctx.setHeader('Link', link);
    ctx.exposeHeaders('Link');
  }
}

export function setTotalCount(ctx: Ctx, total: number): void {
  ctx.setHeader('X-Total-Count', String(total));
  ctx.exposeHeaders('X-Total-Count');
}

/** Slices `items` for the request and sets Link + X-Total-Count (the common list answer). */
export function paged<T>(ctx: Ctx, items: T[], opts: ListOptions = listOptions(ctx)): T[] {
  setLinkHeader(ctx, items.length, opts.limit);
  setTotalCount(ctx, items.length);
  return pageOf(items, opts);
}

/** Lists that send only X-Total-Count (repo hooks, deploy keys, user feed, collaborators, milestones, labels). */
export function pagedTotalOnly<T>(ctx: Ctx, items: T[], opts: ListOptions = listOptions(ctx)): T[] {
  setTotalCount(ctx, items.length);
  return pageOf(items, opts);
}
