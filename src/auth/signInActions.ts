// What the account commands run, bundled apart from the entry point (dist/signIn.js, loaded by signInLoader.ts on
// the first use): a window that never signs in, out or again loads none of it. The clients' TLS and proxy options
// are here too, so that their one record of the problems shown is the sign-in checks' and the accounts' alike.
export { autoLogin } from './autoLogin';
export { buildHttpOptions, resetShownProblems } from './httpOptions';
export { hasCredential, isSignInArgs, signInWithArgs } from './signInArgs';
export { signInAgain } from './signInAgain';
export { runSignInForm } from './signInFlow';
export { signOut } from './signOut';
export { addCaCertificate } from './transportSecurity';
