// The account commands' code (the sign-in flows, Sign In Again, Sign Out, Add CA Certificate, the sign-in from the
// environment) and the clients' TLS and proxy options are bundled apart (src/auth/signInActions.ts, dist/signIn.js):
// activation registers the commands only, and the first use loads them. esbuild leaves this require to
// dist/signIn.js (scripts/build.mjs).
import type * as SignIn from './signInActions';

let loaded: typeof SignIn | undefined;

export function loadSignIn(): typeof SignIn {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (another bundle)
  loaded ??= require('./signInActions') as typeof SignIn;
  return loaded;
}

/** True once loadSignIn() ran: what it holds (the problems shown once per window) exists only then. */
export function signInLoaded(): boolean {
  return loaded !== undefined;
}
