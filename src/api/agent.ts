// TLS and proxy options → an undici dispatcher. Reading the settings and files is the editor's job
// (src/auth); readCaFiles is here so that its errors read like every other client error.
import { readFile } from 'node:fs/promises';
import { X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from './undici';
import { GiteaError } from './errorKind';

export interface DispatcherOptions {
  /** Extra trusted CA certificates (PEM text); added to Node's built-in roots. */
  caCertificates?: string[];
  /** false accepts any certificate (only for networks the user trusts). Default true. */
  rejectUnauthorized?: boolean;
  /** e.g. http://proxy:3128 (credentials in the URL are sent to the proxy). */
  proxy?: string;
  /** Hosts (also `host:port`, `.domain`, `*`) reached without the proxy: a list, or comma/space separated. */
  noProxy?: string | readonly string[];
}

export function createDispatcher(options: DispatcherOptions = {}): Dispatcher {
  const tls = {
    ...(options.caCertificates?.length ? { ca: [...rootCertificates, ...options.caCertificates] } : {}),
    rejectUnauthorized: options.rejectUnauthorized ?? true,
  };
  if (!options.proxy) return new Agent({ connect: tls });
  // EnvHttpProxyAgent applies NO_PROXY rules; given explicit values it ignores the environment.
  return new EnvHttpProxyAgent({
    httpProxy: options.proxy,
    httpsProxy: options.proxy,
    noProxy: typeof options.noProxy === 'string' ? options.noProxy : (options.noProxy ?? []).join(','),
    connect: tls,
    requestTls: tls,
    proxyTls: tls,
  });
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Reads PEM files; an unreadable file or one without a valid certificate → GiteaError `tls` naming the file. */
export async function readCaFiles(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new GiteaError('tls', `The CA certificate file "${path}" cannot be read (${code ?? 'error'}). Check the path in the settings.`, {
        operation: 'readCaFiles',
        code: 'CA_FILE_UNREADABLE',
      });
    }
    const blocks = text.match(PEM_BLOCK) ?? [];
    const invalid = (detail: string) =>
      new GiteaError('tls', `The file "${path}" is not a valid PEM certificate (${detail}). Export the CA certificate in PEM (Base64) format.`, {
        operation: 'readCaFiles',
        code: 'CA_FILE_INVALID',
      });
    if (blocks.length === 0) throw invalid('no "BEGIN CERTIFICATE" block');
    for (const pem of blocks) {
      try {
        new X509Certificate(pem);
      } catch (e) {
        throw invalid((e as Error).message);
      }
    }
    out.push(blocks.join('\n'));
  }
  return out;
}
