// Real-server mode: where the real server is (environment variables) and plain fetch calls to its API, so the
// provisioning does not depend on the code under test. Errors name the operation and the server's message,
// never the credentials.
import { sleep } from './proc';

export interface RealServerEnv {
  url: string;
  username: string;
  password?: string;
  token?: string;
  /** An account with TOTP enrolled: GITEA_E2E_OTP_USERNAME, GITEA_E2E_OTP_PASSWORD, GITEA_E2E_OTP_SECRET. */
  twoFactor?: { username: string; password: string; totpSecret: string };
}

export const OTP_ENV_VARS = ['GITEA_E2E_OTP_USERNAME', 'GITEA_E2E_OTP_PASSWORD', 'GITEA_E2E_OTP_SECRET'] as const;

/** GITEA_E2E_URL + GITEA_E2E_USERNAME + (GITEA_E2E_PASSWORD | GITEA_E2E_TOKEN), or undefined. */
export function readRealServerEnv(env: NodeJS.ProcessEnv = process.env): RealServerEnv | undefined {
  const url = env.GITEA_E2E_URL;
  const username = env.GITEA_E2E_USERNAME;
  const password = env.GITEA_E2E_PASSWORD || undefined;
  const token = env.GITEA_E2E_TOKEN || undefined;
  if (!url) return undefined;
  if (!username || (!password && !token)) {
    throw new Error('GITEA_E2E_URL is set: also set GITEA_E2E_USERNAME and GITEA_E2E_PASSWORD or GITEA_E2E_TOKEN');
  }
  const [otpUser, otpPassword, otpSecret] = OTP_ENV_VARS.map((name) => env[name] || undefined);
  const otpGiven = [otpUser, otpPassword, otpSecret].filter(Boolean).length;
  if (otpGiven > 0 && otpGiven < 3) throw new Error(`set all of ${OTP_ENV_VARS.join(', ')} or none`);
  return {
    url: url.endsWith('/') ? url : `${url}/`,
    username,
    password,
    token,
    ...(otpUser && otpPassword && otpSecret ? { twoFactor: { username: otpUser, password: otpPassword, totpSecret: otpSecret } } : {}),
  };
}

export interface ApiAnswer<T> {
  status: number;
  data: T;
}

/** Gitea answers a merge with 405 "Please try again later" while it still checks mergeability. */
const RETRY_LATER = /try again later/i;
const RETRY_DELAY_MS = 1_000;
const RETRY_ATTEMPTS = 30;

export class RealApi {
  constructor(
    private readonly server: RealServerEnv,
    /** Act as this user (site administrators only: Gitea's `Sudo` header). */
    private readonly sudo?: string,
  ) {}

  get url(): string {
    return this.server.url;
  }

  /** The same credentials, acting as `username`. */
  as(username: string): RealApi {
    return new RealApi(this.server, username);
  }

  private headers(body: unknown, basic: boolean): Record<string, string> {
    const s = this.server;
    const authorization =
      s.token && !basic ? `token ${s.token}` : `Basic ${Buffer.from(`${s.username}:${s.password ?? s.token}`).toString('base64')}`;
    return {
      authorization,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(this.sudo ? { sudo: this.sudo } : {}),
    };
  }

  /**
   * One API call. Statuses in `okStatuses` are answered instead of thrown; a 405 "Please try again later" is
   * retried (for up to 30 s). `basic` sends Basic auth with the password (token routes refuse tokens).
   */
  async call<T>(method: string, path: string, body?: unknown, okStatuses: number[] = [], basic = false): Promise<ApiAnswer<T>> {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${this.server.url}api/v1${path}`, {
        method,
        headers: this.headers(body, basic),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      if (res.status === 405 && RETRY_LATER.test(text) && attempt < RETRY_ATTEMPTS) {
        if (attempt === 1) process.stdout.write(`[provision] ${method} ${path}: 405 "Please try again later", retrying\n`);
        await sleep(RETRY_DELAY_MS);
        continue;
      }
      if (!res.ok && !okStatuses.includes(res.status)) {
        throw new Error(`${method} ${path}${this.sudo ? ` (as ${this.sudo})` : ''} → ${res.status}: ${text.slice(0, 300)}`);
      }
      return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T };
    }
  }

  /** Every page of a list (50 per page, Gitea's usual maximum). */
  async all<T>(path: string, okStatuses: number[] = []): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const sep = path.includes('?') ? '&' : '?';
      const { status, data } = await this.call<T[] | null>('GET', `${path}${sep}limit=50&page=${page}`, undefined, okStatuses);
      if (status >= 400 || !data?.length) return items;
      items.push(...data);
      if (data.length < 50) return items;
    }
  }
}
