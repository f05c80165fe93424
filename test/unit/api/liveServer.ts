// Starts the project's Gitea-compatible test server (test/server/index.ts, built by another engineer at the same
// time) for the operation tests. It is loaded at run time so that this folder compiles before it exists; the
// contract is docs/ARCHITECTURE.md.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type ClientAuth, type GiteaClient } from '../../../src/api';
import { FIXTURES } from '../../server/fixtures';

export interface TestServer {
  url: string;
  apiUrl: string;
  close(): Promise<void>;
}
export interface TestServerOptions {
  subPath?: string;
  flavor?: 'gitea' | 'forgejo';
  version?: string;
}

const serverModule = join(__dirname, '..', '..', 'server', 'index.js');

export async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  if (!existsSync(serverModule)) {
    throw new Error(`The test server is not built: ${serverModule} is missing (test/server/index.ts does not exist yet or did not compile).`);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (another bundle or a module that may not be built)
  const mod = require(serverModule) as { startTestServer(o?: TestServerOptions): Promise<TestServer> };
  return mod.startTestServer(options);
}

type UserName = keyof typeof FIXTURES.users;

/** Token, Basic (password) or anonymous clients for the fixture users. */
export function clients(server: TestServer) {
  const make = (auth?: ClientAuth): GiteaClient => createClient({ baseUrl: server.url, auth, timeoutMs: 20_000 });
  return {
    token: (user: UserName) => make({ kind: 'token', token: FIXTURES.users[user].tokens.all }),
    basic: (user: UserName, otp?: string) => make({ kind: 'basic', username: user, password: FIXTURES.users[user].password, otp }),
    withAuth: make,
    anonymous: () => make(),
  };
}

export { FIXTURES };
