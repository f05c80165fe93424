// The setup most in-host suites share: a test server of their own, signed in as alice with alice/demo the active
// repository; afterwards the account is signed out and the server closed (and, with `closeEditors`, the editors too).
import type { RepoRef } from '../../src/core/services';
import { FIXTURES, startTestServer, type TestServer } from '../server/index';
import { signInAndSelect, signOut } from './viewsSupport';
import { closeEditors } from './workflowsSupport';

export interface DemoSession {
  readonly server: TestServer;
  readonly accountId: string | undefined;
  /** alice/demo on the suite's server, with the signed-in account. */
  readonly repo: RepoRef;
}

/** Registers the suite's hooks; `use` receives the session before the first test. */
export function demoSession(use: (session: DemoSession) => void, options: { closeEditors?: boolean } = {}): void {
  let session: DemoSession | undefined;
  before(async () => {
    const server = await startTestServer();
    const accountId = await signInAndSelect(server.url);
    const demo = FIXTURES.repos.demo;
    session = { server, accountId, repo: { instanceUrl: server.url, owner: demo.owner, repo: demo.name, accountId } };
    use(session);
  });
  after(async () => {
    if (options.closeEditors) await closeEditors();
    await signOut(session?.accountId);
    await session?.server.close();
  });
  if (options.closeEditors) afterEach(closeEditors);
}
