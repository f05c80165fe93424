// The client: one method per operation descriptor (ops/), plus paging helpers. Requests are built from the
// descriptors, so what a method sends is exactly what its descriptor declares.
import * as z from 'zod/mini'; // namespace import: tree-shakes (the `z` object pulls in all of zod)
import { GiteaError, isGiteaError } from './errorKind';
import { Transport, type ClientOptions, type HttpRequest, type RequestOptions } from './http';
import { operations, type Operations } from './ops';
import type { Operation, ResultSpec } from './ops/op';
import { DEFAULT_PAGING, buildPage, effectivePaging, iteratePages, singlePage, type Page, type PageParams, type PagingLimits } from './paging';
import { ApiSettings, validate } from './schemas';
import { nullsToUndefined } from './schemas/common';

type MethodOf<O> =
  O extends Operation<infer P, infer R>
    ? // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends P`: every parameter is optional
      {} extends P
      ? (params?: P, opts?: RequestOptions) => Promise<R>
      : (params: P, opts?: RequestOptions) => Promise<R>
    : never;

/** `client.repoListBranches({ owner, repo, q, page, limit }, { signal })`, … — one per operationId. */
export type OperationMethods = { readonly [K in keyof Operations]: MethodOf<Operations[K]> };

/** Names of the operations that answer with a Page. */
export type PagedOperationName = {
  [K in keyof Operations]: Operations[K] extends Operation<infer P, Page<unknown>> ? (P extends PageParams ? K : never) : never;
}[keyof Operations];

type ParamsOf<K extends keyof Operations> = Operations[K] extends Operation<infer P, unknown> ? P : never;
type ItemOf<K extends keyof Operations> = Operations[K] extends Operation<unknown, Page<infer T>> ? T : never;

/** What a ranged read of a job's log got: the bytes from `start` (`partial`, normally the offset asked), the whole log (a server that
 * ignored the Range header, or an empty log: `whole`), or nothing new (416: the log is no longer than the offset). */
export type JobLogRead =
  | { readonly kind: 'partial'; readonly bytes: Uint8Array; readonly start: number; readonly size?: number }
  | { readonly kind: 'whole'; readonly bytes: Uint8Array }
  | { readonly kind: 'nothingNew'; readonly size?: number };

export interface GiteaClient extends OperationMethods {
  /** Instance root with trailing slash. */
  readonly instanceUrl: string;
  /** `<instance>/api/v1`. */
  readonly apiUrl: string;
  /** The server's default and maximum page size, read once from GET /settings/api (30/50 if unavailable). */
  pagingLimits(opts?: RequestOptions): Promise<PagingLimits>;
  /** Iterates the items of all pages: `for await (const b of client.paginate('repoListBranches', { owner, repo }))`. */
  /**
   * downloadActionsRunJobLogs from byte `from` on (`Range: bytes=N-`): Gitea serves job logs with Go's ServeContent,
   * which answers 206 with `Content-Range: bytes N-M/size`, also while the job runs (the log grows in its DB file),
   * and 416 with `Content-Range: bytes *\/size` when `from` is at or past the end (200 with the whole body when the
   * log is empty). `from` 0 asks for the whole log.
   */
  readJobLogFrom(params: { owner: string; repo: string; job_id: number; from: number }, opts?: RequestOptions): Promise<JobLogRead>;
  paginate<K extends PagedOperationName>(operation: K, params: ParamsOf<K>, opts?: RequestOptions): AsyncGenerator<ItemOf<K>, void, undefined>;
  paginate<P extends PageParams, T>(
    method: (params: P, opts?: RequestOptions) => Promise<Page<T>>,
    params: P,
    opts?: RequestOptions,
  ): AsyncGenerator<T, void, undefined>;
}

const listSchemas = new WeakMap<z.ZodMiniType, z.ZodMiniType>();
function arraySchema(item: z.ZodMiniType): z.ZodMiniType {
  let s = listSchemas.get(item);
  if (!s) listSchemas.set(item, (s = z.array(item)));
  return s;
}

function parseJson(body: Uint8Array, operation: string): unknown {
  const textBody = Buffer.from(body).toString('utf8');
  if (!textBody.trim()) {
    throw new GiteaError('malformed', `${operation}: the server sent an empty answer where data was expected.`, { operation, field: '(body)' });
  }
  let data: unknown;
  try {
    data = JSON.parse(textBody);
  } catch {
    // expected: not JSON (a proxy's HTML page, a truncated answer): a malformed-answer error says which.
    const html = /^\s*<(?:!doctype|html|head|body)/i.test(textBody);
    throw new GiteaError(
      'malformed',
      html
        ? `${operation}: the server sent a web page instead of API data. Check the instance URL (including a sub-path such as ` +
            'https://host/git/) and whether a login page or proxy sits in front of the server.'
        : `${operation}: the server's answer is not valid JSON.`,
      { operation, field: '(body)' },
    );
  }
  return nullsToUndefined(data);
}

class Client {
  readonly instanceUrl: string;
  readonly apiUrl: string;
  private readonly transport: Transport;
  private limits?: PagingLimits;
  private limitsInFlight?: Promise<PagingLimits>;
  /** The limits came from an earlier session: read them again once, beside the first request that uses them. */
  private limitsToRefresh: boolean;
  private readonly log: ClientOptions['log'];
  private readonly onPagingLimits: ClientOptions['onPagingLimits'];

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
    this.log = options.log;
    this.limits = keptLimits(options.pagingLimits);
    this.limitsToRefresh = this.limits !== undefined;
    this.onPagingLimits = options.onPagingLimits;
    this.instanceUrl = this.transport.instanceUrl;
    this.apiUrl = this.transport.apiUrl;
    for (const [name, operation] of Object.entries(operations)) {
      Object.defineProperty(this, name, {
        value: (params?: Record<string, unknown>, opts?: RequestOptions) => this.call(operation as Operation, params ?? {}, opts),
        enumerable: false,
      });
    }
  }

  pagingLimits(opts: RequestOptions = {}): Promise<PagingLimits> {
    return this.limitsFor('getGeneralAPISettings', opts);
  }

  /**
   * The paging limits, fetched once per client with the caller's signal and timeout (so an abandoned request
   * leaves no connection behind). Concurrent callers share one fetch; if its starter gives up, the others
   * fetch again. Transport failures are the caller's (named after its operation); an HTTP answer that is not
   * usable settings (404, an HTML page, …) means "use Gitea's defaults", for good.
   */
  private async limitsFor(operation: string, opts: RequestOptions): Promise<PagingLimits> {
    for (;;) {
      if (this.limits) {
        if (this.limitsToRefresh) this.refreshLimits();
        return this.limits;
      }
      if (opts.signal?.aborted) throw cancelledError(operation);
      const started = !this.limitsInFlight;
      const inFlight = this.limitsInFlight ?? this.fetchLimits(opts);
      if (started) {
        this.limitsInFlight = inFlight;
        // expected: a failed read of the paging limits is reported to the list call that waits for it; here it only ends.
        void inFlight.then(
          () => this.limitsInFlight === inFlight && (this.limitsInFlight = undefined),
          () => this.limitsInFlight === inFlight && (this.limitsInFlight = undefined),
        );
      }
      try {
        return await untilAborted(inFlight, opts.signal, operation);
      } catch (e) {
        if (!started && isGiteaError(e) && e.kind === 'cancelled' && !opts.signal?.aborted) continue;
        throw isGiteaError(e) && e.operation !== operation ? new GiteaError(e.kind, e.message, { ...e.details, operation }) : e;
      }
    }
  }

  /** Reads the limits again in the background (what was kept may be stale); a failure keeps the ones in use. */
  private refreshLimits(): void {
    this.limitsToRefresh = false;
    this.fetchLimits({}).catch((e: unknown) => this.log?.info(`Paging limits not refreshed: ${e instanceof Error ? e.message : String(e)}`));
  }

  private async fetchLimits(opts: RequestOptions): Promise<PagingLimits> {
    try {
      const res = await this.transport.send(
        { operation: 'getGeneralAPISettings', method: 'GET', path: '/settings/api', withoutOtp: true },
        { signal: opts.signal, timeoutMs: opts.timeoutMs },
      );
      const s = validate(ApiSettings, parseJson(res.body, 'getGeneralAPISettings'), 'getGeneralAPISettings', '');
      this.limits = {
        defaultLimit: s.default_paging_num && s.default_paging_num > 0 ? s.default_paging_num : DEFAULT_PAGING.defaultLimit,
        maxLimit: s.max_response_items && s.max_response_items > 0 ? s.max_response_items : DEFAULT_PAGING.maxLimit,
      };
    } catch (e) {
      if (!isGiteaError(e) || (e.status === undefined && e.kind !== 'malformed')) throw e;
      this.limits = DEFAULT_PAGING;
    }
    this.onPagingLimits?.(this.limits);
    return this.limits;
  }

  async readJobLogFrom(params: { owner: string; repo: string; job_id: number; from: number }, opts: RequestOptions = {}): Promise<JobLogRead> {
    const operation = operations.downloadActionsRunJobLogs;
    const from = Math.max(0, Math.floor(params.from));
    const req: HttpRequest = {
      operation: operation.id,
      method: operation.method,
      path: buildPath(operation, params),
      ...(from > 0 ? { headers: { range: `bytes=${from}-` } } : {}),
    };
    let res;
    try {
      res = await this.transport.send(req, opts);
    } catch (e) {
      if (isGiteaError(e) && e.status === 416) return { kind: 'nothingNew' };
      throw e;
    }
    if (res.status !== 206) return { kind: 'whole', bytes: res.body };
    const range = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(res.headers['content-range'] ?? '');
    const start = range ? Number(range[1]) : from;
    return { kind: 'partial', bytes: res.body, start, ...(range && range[2] !== '*' ? { size: Number(range[2]) } : {}) };
  }

  paginate(operation: string | ((p: PageParams, o?: RequestOptions) => Promise<Page<unknown>>), params: PageParams, opts?: RequestOptions) {
    const fn = typeof operation === 'string' ? (this as unknown as Record<string, (p: PageParams, o?: RequestOptions) => Promise<Page<unknown>>>)[operation] : operation;
    if (typeof fn !== 'function') throw new GiteaError('badRequest', `paginate: unknown operation ${String(operation)}.`, { operation: 'paginate' });
    return iteratePages(fn, params, opts, { onCapped: (pages) => this.log?.warn(`paginate: stopped after ${pages} pages; the server still said there were more.`) });
  }

  private async call(operation: Operation, params: Record<string, unknown>, opts: RequestOptions = {}): Promise<unknown> {
    const result = operation.result as ResultSpec<unknown>;
    const query = new URLSearchParams();
    let asked: { page: number; limit: number } | undefined;
    if (result.kind === 'list' && result.paged && operation.query.includes('limit')) {
      asked = effectivePaging(params as PageParams, await this.limitsFor(operation.id, opts));
    }
    for (const name of operation.query) {
      const value = asked && (name === 'page' || name === 'limit') ? asked[name] : params[name];
      if (value === undefined || value === null) continue;
      for (const v of Array.isArray(value) ? value : [value]) query.append(name, String(v));
    }
    const req: HttpRequest = {
      operation: operation.id,
      method: operation.method,
      path: buildPath(operation, params),
      query,
      longRunning: operation.longRunning,
      signedRedirect: operation.signedRedirect,
    };
    if (operation.body) {
      const given = (params.body ?? {}) as Record<string, unknown>;
      const body: Record<string, unknown> = {};
      for (const key of operation.body) if (given[key] !== undefined) body[key] = given[key];
      req.body = body;
    }
    if (result.kind === 'stream') return this.transport.sendStream(req, opts);
    const res = await this.transport.send(req, opts);
    switch (result.kind) {
      case 'none':
        return undefined;
      case 'text':
        return Buffer.from(res.body).toString('utf8');
      case 'bytes':
        return res.body;
      case 'json':
        if (result.emptyIsNone && res.body.length === 0) return undefined;
        return validate(result.schema, parseJson(res.body, operation.id), operation.id, '');
      case 'list': {
        let data = parseJson(res.body, operation.id);
        let bodyTotal: number | undefined;
        if (result.itemsKey) {
          if (!data || typeof data !== 'object' || Array.isArray(data)) {
            throw new GiteaError('malformed', `${operation.id}: expected an object with "${result.itemsKey}", got ${Array.isArray(data) ? 'an array' : typeof data}.`, {
              operation: operation.id,
              field: '(body)',
            });
          }
          const wrapper = data as Record<string, unknown>;
          // `{"jobs": null, "total_count": 0}` is an empty list; an object with neither key is not this answer
          // at all (a proxy's or another server's JSON) and must not pass for "no items".
          if (!(result.itemsKey in wrapper) && !(result.totalKey && result.totalKey in wrapper)) {
            throw new GiteaError('malformed', `${operation.id}: expected an object with "${result.itemsKey}", got one without it.`, {
              operation: operation.id,
              field: result.itemsKey,
            });
          }
          if (result.totalKey && typeof wrapper[result.totalKey] === 'number') bodyTotal = wrapper[result.totalKey] as number;
          data = wrapper[result.itemsKey];
        }
        // Go encodes a nil slice as null (e.g. the branches of an empty repository); parseJson made it undefined.
        const items = data === undefined ? [] : (validate(arraySchema(result.item), data, operation.id, result.itemsKey ?? 'items') as unknown[]);
        return asked ? buildPage(items, res.headers, asked, bodyTotal) : singlePage(items, res.headers);
      }
    }
  }
}

/** Fills `{name}` in the path template with the URL-encoded params. */
export function buildPath(operation: Pick<Operation, 'id' | 'path' | 'slashParams'>, params: Record<string, unknown>): string {
  return operation.path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new GiteaError('badRequest', `${operation.id}: the parameter "${name}" is missing.`, { operation: operation.id });
    }
    const encoded = encodeURIComponent(String(value as string | number));
    return operation.slashParams?.includes(name) ? encoded.replace(/%2F/gi, '/') : encoded;
  });
}

function cancelledError(operation: string): GiteaError {
  return new GiteaError('cancelled', 'The request was cancelled.', { operation });
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, operation: string): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(cancelledError(operation));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelledError(operation));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Paging limits kept from an earlier session, if they are limits. */
function keptLimits(kept: unknown): PagingLimits | undefined {
  const o = typeof kept === 'object' && kept !== null ? (kept as Partial<Record<keyof PagingLimits, unknown>>) : undefined;
  const valid = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
  return o && valid(o.defaultLimit) && valid(o.maxLimit) ? { defaultLimit: o.defaultLimit, maxLimit: o.maxLimit } : undefined;
}

export function createClient(options: ClientOptions): GiteaClient {
  return new Client(options) as unknown as GiteaClient;
}
