// The identities and names of the seeded instance, so tests never hard-code them. Everything the seed
// creates (issues, pull requests, releases, hooks, jobs, ...) is described in seed/*.ts; SHAs are computed
// by git at startup (fixed dates make them deterministic) and are found in `server.state`.
import { createHash } from 'node:crypto';

/** Deterministic 40-hex token value, shaped like Gitea's SHA1 tokens. */
const token = (label: string) => createHash('sha1').update(`gitea-workbench-fixture:${label}`).digest('hex');

/** A syntactically valid `ssh-ed25519` public key whose key bytes derive from `label` (deterministic). */
export function sshEd25519PublicKey(label: string, comment = `${label}@test`): string {
  const type = Buffer.from('ssh-ed25519');
  const key = createHash('sha256').update(`ssh-key:${label}`).digest();
  const blob = Buffer.concat([u32(type.length), type, u32(key.length), key]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}
function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

export const FIXTURES = {
  users: {
    root: {
      id: 1,
      login: 'root',
      fullName: 'Site Administrator',
      email: 'root@example.com',
      password: 'root-password-1',
      isAdmin: true,
      tokens: { all: token('root:all') },
    },
    alice: {
      id: 2,
      login: 'alice',
      fullName: 'Alice Liddell',
      email: 'alice@example.com',
      password: 'alice-password-1',
      isAdmin: false,
      /** `all` can do everything; `readRepository` has only `read:repository` (for the missing-scope 403). */
      tokens: { all: token('alice:all'), readRepository: token('alice:read:repository') },
    },
    bob: {
      id: 3,
      login: 'bob',
      fullName: 'Bob Builder',
      email: 'bob@example.com',
      password: 'bob-password-1',
      isAdmin: false,
      /** Base32 TOTP secret: Basic auth with the password needs `X-Gitea-OTP: totp(secret)`; each code works once. */
      totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      tokens: { all: token('bob:all') },
    },
    carol: {
      id: 4,
      login: 'carol',
      fullName: 'Carol Danvers',
      email: 'carol@example.com',
      password: 'carol-password-1',
      isAdmin: false,
      tokens: { all: token('carol:all') },
    },
  },
  orgs: {
    acme: {
      id: 5,
      name: 'acme',
      fullName: 'ACME Corporation',
      /** Only owners may change the visibility of acme's repositories (repoEdit `private` → 422 for others). */
      visibilityChangeOwnersOnly: true,
      teams: {
        owners: { id: 1, name: 'Owners', visibility: 'limited', members: ['alice'] },
        releaseManagers: { id: 2, name: 'Release Managers', visibility: 'private', members: ['alice'] },
        developers: { id: 3, name: 'Developers', visibility: 'limited', members: ['carol'] },
      },
      labels: {
        priorityHigh: { id: 1, name: 'priority/high', color: 'e11d21', exclusive: true },
        kindBug: { id: 2, name: 'kind/bug', color: 'ee0701', exclusive: false },
        legacy: { id: 3, name: 'legacy', color: 'cccccc', exclusive: false, archived: true },
      },
    },
  },
  repos: {
    /** The rich repository: history, protected `main`, issues, pull requests, releases, hooks, keys, CI. */
    demo: {
      id: 1,
      owner: 'alice',
      name: 'demo',
      fullName: 'alice/demo',
      defaultBranch: 'main',
      protectedBranch: 'main',
      branches: ['develop', 'experiment', 'feature/login', 'feature/search', 'fix/typo', 'main', 'release/1.0'],
      tags: ['v1.0.0', 'v1.1.0-rc1'],
      collaborators: { bob: 'write', carol: 'read' },
      issues: { crash: 1, darkMode: 2, docs: 5, refactor: 7, question: 9 },
      pulls: {
        /** Merged with a merge commit: its merge_commit_sha is that merge commit. */
        mergedMerge: 3,
        /** Merged by rebase: merge_commit_sha is the rebased head on main. */
        mergedRebase: 4,
        /** Open, head `feature/login`: files added, deleted, renamed, changed, whitespace-only. */
        open: 6,
        /** Closed without merging. */
        closed: 8,
      },
      /** #1 blocks #2 and #7; #7 also depends on the closed #5. */
      dependencies: [
        { issue: 2, dependsOn: 1 },
        { issue: 7, dependsOn: 1 },
        { issue: 7, dependsOn: 5 },
      ],
      releases: { published: 'v1.0.0', prerelease: 'v1.1.0-rc1', draft: 'v1.2.0' },
    },
    archived: { id: 2, owner: 'alice', name: 'archived', fullName: 'alice/archived', defaultBranch: 'main' },
    privateRepo: { id: 3, owner: 'acme', name: 'private-repo', fullName: 'acme/private-repo', defaultBranch: 'main' },
    empty: { id: 4, owner: 'alice', name: 'empty', fullName: 'alice/empty', defaultBranch: 'main' },
    notes: { id: 5, owner: 'carol', name: 'notes', fullName: 'carol/notes', defaultBranch: 'main' },
    mirror: { id: 6, owner: 'alice', name: 'mirror', fullName: 'alice/mirror', defaultBranch: 'main' },
    /** Public acme repository on which carol is an admin collaborator (not an org owner). */
    site: { id: 7, owner: 'acme', name: 'site', fullName: 'acme/site', defaultBranch: 'main' },
    /** Only with `seed: 'big'`. */
    big: {
      id: 8,
      owner: 'alice',
      name: 'big',
      fullName: 'alice/big',
      defaultBranch: 'main',
      branchCount: 10_000,
      issueCount: 5_000,
      jobCount: 2_000,
      bigPull: 1,
      bigPullFiles: 1_500,
    },
  },
  /** Repositories alice has starred, in starring order. */
  aliceStarred: ['alice/demo', 'carol/notes', 'acme/private-repo'],
  /** Test hooks of the (simulated) migration: these make `POST /repos/migrate` fail like a real clone would. */
  migration: {
    /** A clone_addr host under this suffix fails with "Migration failed: …" (unreachable remote). */
    unreachableHostSuffix: '.invalid',
    /** This auth_password (or auth_token) fails with "Authentication failed: …". */
    rejectedPassword: 'wrong-password',
  },
} as const;

export type Fixtures = typeof FIXTURES;
export type FixtureUserName = keyof typeof FIXTURES.users;
