// The git history of alice/demo: a protected `main`, feature branches, a pull request merged with a real
// merge commit (#3), one merged by rebase (#4), an open one (#6: added/deleted/renamed/changed files, a
// re-indented line and a whitespace-only file) and a closed one (#8); annotated tags v1.0.0 and v1.1.0-rc1.
import { FastImport, type Person } from './fastImport';

export const PEOPLE: Record<'alice' | 'bob' | 'carol', Person> = {
  alice: { name: 'Alice Liddell', email: 'alice@example.com' },
  bob: { name: 'Bob Builder', email: 'bob@example.com' },
  carol: { name: 'Carol Danvers', email: 'carol@example.com' },
};

/** 2024-01-01T09:00:00Z; fixture commits are one hour apart from here. */
export const HISTORY_START = Date.UTC(2024, 0, 1, 9) / 1000;
const at = (hours: number) => HISTORY_START + hours * 3600;

/** A 1×1 transparent PNG (binary content for the raw endpoint). */
export const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const README_V1 = `# demo

A small project used by the Gitea Workbench tests.

## Usage

Run \`npm strat\` to start the demo.
`;
const README_V2 = README_V1.replace('npm strat', 'npm start');
const README_LOGIN = `${README_V2}
## Login

Sign in with your instance account.
`;
const UTIL_TS = `export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
`;
const MAIN_V1 = `import { slugify } from './util';

export function main(args: string[]): number {
  console.log(slugify(args.join(' ')));
  return 0;
}
`;
const MAIN_V2 = `import { slugify } from './util';

export function main(args: string[]): number {
  if (args.length === 0) {
    console.error('usage: demo <words>');
    return 1;
  }
  console.log(slugify(args.join(' ')));
  return 0;
}
`;
const MAIN_LOGIN = MAIN_V2.replace("    return 1;", "      return 1;").replace('./util', './utils/strings');
const SEARCH_V1 = `export function search(items: string[], query: string): string[] {
  return items.filter((i) => i.includes(query));
}
`;
const SEARCH_V2 = `export function search(items: string[], query: string): string[] {
  if (!query) return [];
  return items.filter((i) => i.includes(query));
}
`;
const AUTH_V1 = `export interface Credentials {
  username: string;
  password: string;
}

export function login(c: Credentials): boolean {
  return c.username.length > 0;
}
`;
const AUTH_V2 = AUTH_V1.replace('return c.username.length > 0;', 'return c.username.length > 0 && c.password.length >= 8;');
/** ci.yml's workflow_dispatch trigger, its inputs of each kind (the real-server story's ci.yml declares the same). */
export const CI_DISPATCH_TRIGGER = `  workflow_dispatch:
    inputs:
      suite:
        description: Which tests to run
        type: choice
        options: [unit, integration, all]
        default: unit
        required: true
      verbose:
        description: Print every test
        type: boolean
        default: false
      retries:
        description: Retries of a failing test
        type: number
        default: 0
      note:
        description: A note for the log
        type: string
`;
const CI_YML = `name: CI
on:
  push:
  pull_request:
${CI_DISPATCH_TRIGGER}jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npm ci
      - run: npm test
`;
const PACKAGE_V1 = `{\n  "name": "demo",\n  "version": "0.9.0",\n  "license": "MIT"\n}\n`;

/** Named commits of the demo history (resolved to SHAs after the import). */
export type DemoCommit =
  | 'c1' | 'c2' | 'c3' | 'c4' | 'c5' | 'c6'
  | 't1' | 'm1' | 's1' | 's2' | 'r1' | 'r2'
  | 'd1' | 'l1' | 'l2' | 'e1';

export function demoHistory(): { stream: Buffer; marks: Record<DemoCommit, number> } {
  const fi = new FastImport();
  const { alice, bob, carol } = PEOPLE;
  const main = 'refs/heads/main';
  const c1 = fi.commit({
    ref: main, author: alice, time: at(0), message: 'Initial commit\n',
    files: {
      'README.md': README_V1, LICENSE: 'MIT License\n\nCopyright (c) 2024 Alice Liddell\n',
      'package.json': PACKAGE_V1, 'src/main.ts': MAIN_V1, 'src/util.ts': UTIL_TS,
      'docs/old.md': '# Old notes\n\nThese notes are outdated.\n', '.gitea/workflows/ci.yml': CI_YML,
      'media/logo.png': LOGO_PNG,
    },
  });
  const c2 = fi.commit({ ref: main, author: alice, time: at(1), message: 'Add guide\n', from: c1,
    files: { 'docs/guide.md': '# Guide\n\n1. Install\n2. Run\n' } });
  const c3 = fi.commit({ ref: main, author: bob, time: at(2), message: 'Improve main entry\n\nPrint usage when no words are given.\n', from: c2,
    files: { 'src/main.ts': MAIN_V2 } });
  const t1 = fi.commit({ ref: 'refs/heads/fix/typo', author: carol, time: at(3), message: 'Fix typo in README\n', from: c3,
    files: { 'README.md': README_V2 } });
  const s1 = fi.commit({ ref: 'refs/heads/feature/search', author: bob, time: at(4), message: 'Add search module\n', from: c3,
    files: { 'src/search.ts': SEARCH_V1 } });
  const s2 = fi.commit({ ref: 'refs/heads/feature/search', author: bob, time: at(5), message: 'Search: handle empty query\n', from: s1,
    files: { 'src/search.ts': SEARCH_V2 } });
  const e1 = fi.commit({ ref: 'refs/heads/experiment', author: bob, time: at(6), message: 'Try a different approach\n', from: c3,
    files: { 'src/experiment.ts': 'export const experiment = true;\n' } });
  const c4 = fi.commit({ ref: main, author: alice, time: at(7), message: 'Bump version to 0.9.1\n', from: c3,
    files: { 'package.json': PACKAGE_V1.replace('0.9.0', '0.9.1') } });
  const m1 = fi.commit({ ref: main, author: alice, time: at(8),
    message: "Merge pull request 'Fix typo in README' (#3) from fix/typo into main\n", from: c4, merges: [t1],
    // fast-import does not merge trees: the merge commit states the merged content itself.
    files: { 'README.md': README_V2 } });
  // #4 merged by rebase: s1/s2 replayed on top of main (new committer dates → new SHAs).
  const r1 = fi.commit({ ref: main, author: bob, committer: alice, time: at(4), committerTime: at(9),
    message: 'Add search module\n', from: m1, files: { 'src/search.ts': SEARCH_V1 } });
  const r2 = fi.commit({ ref: main, author: bob, committer: alice, time: at(5), committerTime: at(9) + 1,
    message: 'Search: handle empty query\n', from: r1, files: { 'src/search.ts': SEARCH_V2 } });
  const c5 = fi.commit({ ref: main, author: alice, time: at(10), message: 'Prepare 1.0 release\n', from: r2,
    files: { 'CHANGELOG.md': '# Changelog\n\n## 1.0.0\n\n- Search\n- Usage message\n', 'package.json': PACKAGE_V1.replace('0.9.0', '1.0.0') } });
  fi.reset('refs/heads/release/1.0', c5);
  fi.annotatedTag('v1.0.0', c5, alice, at(10) + 60, 'Version 1.0.0\n');
  const c6 = fi.commit({ ref: main, author: alice, time: at(11), message: 'Start 1.1 development\n', from: c5,
    files: { 'package.json': PACKAGE_V1.replace('0.9.0', '1.1.0-rc1') } });
  fi.annotatedTag('v1.1.0-rc1', c6, alice, at(11) + 60, 'Version 1.1.0-rc1\n');
  const d1 = fi.commit({ ref: 'refs/heads/develop', author: bob, time: at(12), message: 'WIP: refactoring\n', from: c6,
    files: { 'src/main.ts': MAIN_V2.replace('usage: demo', 'usage: demo [options]') } });
  const l1 = fi.commit({
    ref: 'refs/heads/feature/login', author: alice, time: at(13), message: 'Add login page\n', from: c6,
    renames: [['src/util.ts', 'src/utils/strings.ts']],
    files: {
      'src/auth.ts': AUTH_V1, 'README.md': README_LOGIN, 'docs/old.md': null, 'src/main.ts': MAIN_LOGIN,
      // Whitespace only: disappears from the files list with whitespace=ignore-all.
      'docs/guide.md': '# Guide\n\n1.  Install\n2.  Run\n',
      'src/utils/strings.ts': UTIL_TS.replace('export function capitalize', '/** Upper-cases the first letter. */\nexport function capitalize'),
    },
  });
  const l2 = fi.commit({ ref: 'refs/heads/feature/login', author: alice, time: at(14), message: 'Login: validate input\n', from: l1,
    files: { 'src/auth.ts': AUTH_V2 } });
  return { stream: fi.toBuffer(), marks: { c1, c2, c3, c4, c5, c6, t1, m1, s1, s2, r1, r2, d1, l1, l2, e1 } };
}

/** A one- or two-commit history for the small repositories. */
export function simpleHistory(title: string, author: Person, hoursOffset: number, extra?: string): Buffer {
  const fi = new FastImport();
  const first = fi.commit({ ref: 'refs/heads/main', author, time: at(hoursOffset), message: 'Initial commit\n',
    files: { 'README.md': `# ${title}\n` } });
  if (extra) {
    fi.commit({ ref: 'refs/heads/main', author, time: at(hoursOffset + 1), message: `${extra}\n`, from: first,
      files: { 'NOTES.md': `${extra}\n` } });
  }
  return fi.toBuffer();
}
