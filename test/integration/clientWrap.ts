// The clients the extension gets, seen through a wrapper for the in-host tests: a test alters what the server
// answered (a hostile server the test server will not impersonate) or holds a call until it is cancelled.
import type { GiteaClient } from '../../src/api';
import type { Services } from '../../src/core/services';

type AsyncCall = (...args: unknown[]) => Promise<unknown>;

/**
 * Until the returned restore(): every client the extension gets has its methods passed to `wrap` (with the name and
 * the client's own method, bound), which returns a replacement or undefined to keep it.
 */
export function wrapClients(services: Services, wrap: (method: string, call: AsyncCall) => AsyncCall | undefined): () => void {
  const accounts = services.accounts as { getClient(accountId: string): Promise<GiteaClient> };
  const original = accounts.getClient;
  accounts.getClient = async (accountId) => {
    const client = await original.call(accounts, accountId);
    // Over an empty target: the client's own properties are read-only, which a proxy of it must return unchanged.
    return new Proxy({} as GiteaClient, {
      get: (_, prop) => {
        const value = Reflect.get(client, prop, client) as unknown;
        if (typeof value !== 'function') return value;
        const call = (value as AsyncCall).bind(client);
        return (typeof prop === 'string' && wrap(prop, call)) || call;
      },
    });
  };
  return () => void delete (accounts as { getClient?: unknown }).getClient;
}
