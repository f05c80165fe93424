// Issues, pull requests, labels, milestones, a project, dependencies and comments of the seeded repositories.
import { FIXTURES } from '../fixtures';
import type { IssueRec, PullRec, RepoRec, ServerState } from '../state';
import type { DemoCommit } from './demoHistory';

const d = (iso: string) => new Date(iso);

export function newIssue(state: ServerState, repo: RepoRec, init: Partial<IssueRec> & { title: string; posterId: number }): IssueRec {
  const created = init.created ?? new Date();
  const issue: IssueRec = {
    id: state.nextId('issue'),
    repoId: repo.id,
    index: repo.nextIssueIndex++,
    body: '',
    state: 'open',
    labelIds: [],
    assigneeIds: [],
    projectIds: [],
    created,
    updated: created,
    comments: 0,
    isLocked: false,
    contentVersion: 0,
    timeEstimate: 0,
    pinOrder: 0,
    ref: '',
    mentionIds: [],
    ...init,
  };
  state.issues.push(issue);
  return issue;
}

function pull(init: Partial<PullRec> & { headBranch: string; headRepoId: number }): PullRec {
  return {
    baseBranch: 'main',
    merged: false,
    draft: false,
    allowMaintainerEdit: false,
    reviewComments: 0,
    requestedReviewerIds: [],
    ...init,
  };
}

export function seedDemoIssues(state: ServerState, shas: Record<DemoCommit, string>): void {
  const R = FIXTURES.repos;
  const demo = state.repo(R.demo.id)!;
  const id = (n: string) => state.userByName(n)!.id;
  const [alice, bob, carol] = [id('alice'), id('bob'), id('carol')];

  const label = (name: string, color: string, description: string) => {
    const l = { id: state.nextId('label'), repoId: demo.id, name, color, description, exclusive: false };
    state.labels.push(l);
    return l.id;
  };
  state.useId('label', 3);
  const bug = label('bug', '#ee0701', "Something isn't working");
  const enhancement = label('enhancement', '#84b6eb', 'New feature');
  const question = label('question', '#cc317c', 'Further information is requested');
  const docs = label('docs', '#0075ca', 'Documentation');

  const v10 = { id: state.nextId('milestone'), repoId: demo.id, title: 'v1.0', description: 'First stable release',
    state: 'open' as const, dueOn: d('2024-03-31T23:59:59Z'), created: d('2024-01-02T09:00:00Z'), updated: d('2024-01-02T09:00:00Z') };
  const v09 = { id: state.nextId('milestone'), repoId: demo.id, title: 'v0.9', description: 'Preview', state: 'closed' as const,
    created: d('2023-12-20T09:00:00Z'), updated: d('2024-01-11T10:00:00Z'), closedAt: d('2024-01-11T10:00:00Z') };
  state.milestones.push(v10, v09);
  const roadmap = { id: state.nextId('project'), repoId: demo.id, title: 'Roadmap', description: 'What comes next',
    creatorId: alice, isClosed: false, created: d('2024-01-02T09:00:00Z'), updated: d('2024-01-02T09:00:00Z') };
  state.projects.push(roadmap);

  newIssue(state, demo, { title: 'Crash when opening settings', posterId: alice,
    body: 'Opening the settings page crashes the app.\n\n@bob can you take a look?', labelIds: [bug], milestoneId: v10.id,
    assigneeIds: [alice, bob], projectIds: [roadmap.id], dueDate: d('2024-03-01T23:59:59Z'), mentionIds: [bob],
    created: d('2024-01-03T10:00:00Z'), updated: d('2024-01-12T10:00:00Z'), comments: 2, contentVersion: 1 });
  newIssue(state, demo, { title: 'Add dark mode', posterId: bob, body: 'A dark theme would be nice.', labelIds: [enhancement],
    created: d('2024-01-03T11:00:00Z'), updated: d('2024-01-12T09:00:00Z') });
  newIssue(state, demo, { title: 'Fix typo in README', posterId: carol, body: '`npm strat` → `npm start`', labelIds: [docs],
    created: d('2024-01-01T12:30:00Z'), updated: d('2024-01-01T17:00:00Z'), state: 'closed', closedAt: d('2024-01-01T17:00:00Z'),
    pull: pull({ headBranch: 'fix/typo', headRepoId: demo.id, headSha: shas.t1, mergeBase: shas.c3, merged: true,
      mergedAt: d('2024-01-01T17:00:00Z'), mergedById: alice, mergeCommitSha: shas.m1, mergeStyle: 'merge' }) });
  newIssue(state, demo, { title: 'Add search', posterId: bob, body: 'Adds a simple search module.', labelIds: [enhancement],
    created: d('2024-01-01T14:30:00Z'), updated: d('2024-01-09T12:00:00Z'), state: 'closed', closedAt: d('2024-01-01T18:00:00Z'),
    comments: 1, pull: pull({ headBranch: 'feature/search', headRepoId: demo.id, headSha: shas.s2, mergeBase: shas.c3, merged: true,
      mergedAt: d('2024-01-01T18:00:01Z'), mergedById: alice, mergeCommitSha: shas.r2, mergeStyle: 'rebase', reviewComments: 2 }) });
  newIssue(state, demo, { title: 'Document the API', posterId: alice, body: 'Write API docs.', labelIds: [docs], milestoneId: v09.id,
    created: d('2024-01-02T10:00:00Z'), updated: d('2024-01-11T10:00:00Z'), state: 'closed', closedAt: d('2024-01-11T10:00:00Z') });
  newIssue(state, demo, { title: 'Add login page', posterId: alice, body: 'Adds a login page.\n\nFixes #1', labelIds: [enhancement],
    milestoneId: v10.id, assigneeIds: [alice], created: d('2024-01-13T10:00:00Z'), updated: d('2024-01-14T10:00:00Z'),
    pull: pull({ headBranch: 'feature/login', headRepoId: demo.id, requestedReviewerIds: [bob], reviewComments: 1,
      allowMaintainerEdit: true }) });
  newIssue(state, demo, { title: 'Refactor utils', posterId: bob, body: 'Split util.ts once #1 is fixed.',
    created: d('2024-01-05T10:00:00Z'), updated: d('2024-01-05T10:00:00Z') });
  newIssue(state, demo, { title: 'Experiment: different approach', posterId: bob, body: 'Trying something else.',
    created: d('2024-01-01T15:30:00Z'), updated: d('2024-01-15T10:00:00Z'), state: 'closed', closedAt: d('2024-01-15T10:00:00Z'),
    pull: pull({ headBranch: 'experiment', headRepoId: demo.id, headSha: shas.e1, mergeBase: shas.c3 }) });
  newIssue(state, demo, { title: 'Question about install', posterId: carol, body: 'Which Node version is needed?', labelIds: [question],
    created: d('2024-01-21T10:00:00Z'), updated: d('2024-01-21T10:00:00Z') });

  for (const dep of R.demo.dependencies) {
    state.dependencies.push({ issueId: state.issueByIndex(demo.id, dep.issue)!.id,
      dependsOnId: state.issueByIndex(demo.id, dep.dependsOn)!.id, created: d('2024-01-05T10:00:00Z') });
  }
  const comment = (issueIndex: number, posterId: number, body: string, when: string) => {
    const c = { id: state.nextId('comment'), issueId: state.issueByIndex(demo.id, issueIndex)!.id, posterId, body,
      created: d(when), updated: d(when) };
    state.comments.push(c);
    return c.id;
  };
  comment(1, bob, 'I can reproduce this on Linux.', '2024-01-04T10:00:00Z');
  comment(4, carol, 'Looks good to me!', '2024-01-09T10:00:00Z');
  comment(1, alice, 'Fixed in develop, needs a release.', '2024-01-12T10:00:00Z');

  const priv = state.repo(R.privateRepo.id)!;
  newIssue(state, priv, { title: 'Rotate the deploy keys', posterId: alice, body: 'Internal.', created: d('2024-01-20T10:00:00Z'),
    updated: d('2024-01-20T10:00:00Z') });
  const archivedRepo = state.repo(R.archived.id)!;
  newIssue(state, archivedRepo, { title: 'Old bug', posterId: alice, state: 'closed', created: d('2024-01-02T10:00:00Z'),
    updated: d('2024-01-24T10:00:00Z'), closedAt: d('2024-01-24T10:00:00Z') });
  newIssue(state, archivedRepo, { title: 'Still open in the archive', posterId: alice, created: d('2024-01-03T10:00:00Z'),
    updated: d('2024-01-03T10:00:00Z') });
  const notes = state.repo(R.notes.id)!;
  newIssue(state, notes, { title: 'Tidy up the notes', posterId: carol, assigneeIds: [carol], created: d('2024-01-22T10:00:00Z'),
    updated: d('2024-01-22T10:00:00Z') });
}
