// Records how a real Gitea answers the Actions settings endpoints (secrets, variables, runners, registration token,
// deleting a run and an artifact, refusals) into test/fixtures/gitea-api/recordings/actions-settings-<version>.jsonl,
// in the format of the other recordings (see that folder's README). Needs a throw-away instance with a runner:
//   GITEA_E2E_URL=http://127.0.0.1:3127/ GITEA_E2E_USERNAME=alice GITEA_E2E_TOKEN=… GITEA_E2E_PASSWORD=… \
//   GITEA_REC_READER=bob GITEA_REC_READER_PASSWORD=… node scripts/record-actions-settings.mjs
// It creates the repository <user>/cisettings-rec and the organization cisettings-rec-org, and deletes both at the
// end. The instance URL becomes http://gitea.test:3000/; tokens are replaced by <redacted>.
import { writeFileSync } from 'node:fs';

const env = (name) => process.env[name] ?? (() => { throw new Error(`${name} is not set`); })();
const root = env('GITEA_E2E_URL').replace(/\/?$/, '/');
const api = `${root}api/v1`;
const user = env('GITEA_E2E_USERNAME');
const adminAuth = `token ${env('GITEA_E2E_TOKEN')}`;
const reader = env('GITEA_REC_READER');
const readerBasic = `Basic ${Buffer.from(`${reader}:${env('GITEA_REC_READER_PASSWORD')}`).toString('base64')}`;
const repo = `${user}/cisettings-rec`;
const org = 'cisettings-rec-org';
const secrets = new Set([env('GITEA_E2E_TOKEN')]);
const lines = [];

function scrub(text) {
  let out = text.split(root).join('http://gitea.test:3000/').split(root.replace(/\/$/, '')).join('http://gitea.test:3000');
  for (const s of secrets) out = out.split(s).join('<redacted>');
  return out;
}

async function call(operationId, pathTemplate, method, path, { auth = adminAuth, body, record = true } = {}) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { Authorization: auth, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : '';
  } catch {
    parsed = text;
  }
  if (parsed && typeof parsed === 'object' && typeof parsed.token === 'string') secrets.add(parsed.token);
  if (parsed && typeof parsed === 'object' && typeof parsed.sha1 === 'string') secrets.add(parsed.sha1);
  const headers = Object.fromEntries([...res.headers].filter(([k]) => !['set-cookie', 'date'].includes(k)));
  if (record) {
    lines.push({ operationId, pathTemplate, method, url: `/api/v1${path}`, requestHeaders: body ? { 'content-type': 'application/json' } : {},
      requestBody: body ?? null, status: res.status, responseHeaders: headers, responseBody: parsed });
  }
  console.log(method, path, res.status, text.slice(0, 160).replace(/\s+/g, ' '));
  return { status: res.status, body: parsed };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const R = '/repos/{owner}/{repo}';

// Setup (not recorded): the repository with a workflow that uploads an artifact, the reader as a read collaborator,
// the reader's token, an organization.
await call('', '', 'POST', '/user/repos', { body: { name: 'cisettings-rec', auto_init: true, default_branch: 'main' }, record: false });
await call('', '', 'PUT', `/repos/${repo}/collaborators/${reader}`, { body: { permission: 'read' }, record: false });
const tok = await call('', '', 'POST', `/users/${reader}/tokens`, { auth: readerBasic, body: { name: `rec-${Date.now()}`, scopes: ['all'] }, record: false });
const readerAuth = `token ${tok.body.sha1}`;
await call('', '', 'POST', '/orgs', { body: { username: org, visibility: 'public' }, record: false });

// Secrets.
await call('repoListActionsSecrets', `${R}/actions/secrets`, 'GET', `/repos/${repo}/actions/secrets`);
await call('updateRepoSecret', `${R}/actions/secrets/{secretname}`, 'PUT', `/repos/${repo}/actions/secrets/deploy_token`, { body: { data: 'first-value' } });
await call('updateRepoSecret', `${R}/actions/secrets/{secretname}`, 'PUT', `/repos/${repo}/actions/secrets/DEPLOY_TOKEN`, { body: { data: 'second-value', description: 'Pushes the site' } });
await call('updateRepoSecret', `${R}/actions/secrets/{secretname}`, 'PUT', `/repos/${repo}/actions/secrets/GITEA_X`, { body: { data: 'x' } });
await call('updateRepoSecret', `${R}/actions/secrets/{secretname}`, 'PUT', `/repos/${repo}/actions/secrets/EMPTY`, { body: { data: '' } });
await call('repoListActionsSecrets', `${R}/actions/secrets`, 'GET', `/repos/${repo}/actions/secrets`);
await call('repoListActionsSecrets', `${R}/actions/secrets`, 'GET', `/repos/${repo}/actions/secrets`, { auth: readerAuth });
await call('updateRepoSecret', `${R}/actions/secrets/{secretname}`, 'PUT', `/repos/${repo}/actions/secrets/X`, { auth: readerAuth, body: { data: 'x' } });
await call('deleteRepoSecret', `${R}/actions/secrets/{secretname}`, 'DELETE', `/repos/${repo}/actions/secrets/DEPLOY_TOKEN`);
await call('deleteRepoSecret', `${R}/actions/secrets/{secretname}`, 'DELETE', `/repos/${repo}/actions/secrets/DEPLOY_TOKEN`);

// Variables.
await call('getRepoVariablesList', `${R}/actions/variables`, 'GET', `/repos/${repo}/actions/variables`);
await call('createRepoVariable', `${R}/actions/variables/{variablename}`, 'POST', `/repos/${repo}/actions/variables/node_version`, { body: { value: '20' } });
await call('createRepoVariable', `${R}/actions/variables/{variablename}`, 'POST', `/repos/${repo}/actions/variables/NODE_VERSION`, { body: { value: '22' } });
await call('getRepoVariable', `${R}/actions/variables/{variablename}`, 'GET', `/repos/${repo}/actions/variables/node_version`);
await call('updateRepoVariable', `${R}/actions/variables/{variablename}`, 'PUT', `/repos/${repo}/actions/variables/NODE_VERSION`, { body: { value: '22' } });
await call('updateRepoVariable', `${R}/actions/variables/{variablename}`, 'PUT', `/repos/${repo}/actions/variables/MISSING`, { body: { value: '1' } });
await call('getRepoVariablesList', `${R}/actions/variables`, 'GET', `/repos/${repo}/actions/variables`);
await call('getRepoVariablesList', `${R}/actions/variables`, 'GET', `/repos/${repo}/actions/variables`, { auth: readerAuth });
await call('deleteRepoVariable', `${R}/actions/variables/{variablename}`, 'DELETE', `/repos/${repo}/actions/variables/NODE_VERSION`);

// Runners: the instance's runner is global, so the repository's own list is empty and it cannot be deleted there.
await call('getRepoRunners', `${R}/actions/runners`, 'GET', `/repos/${repo}/actions/runners`);
await call('getRepoRunners', `${R}/actions/runners`, 'GET', `/repos/${repo}/actions/runners`, { auth: readerAuth });
await call('repoCreateRunnerRegistrationToken', `${R}/actions/runners/registration-token`, 'POST', `/repos/${repo}/actions/runners/registration-token`);
await call('repoCreateRunnerRegistrationToken', `${R}/actions/runners/registration-token`, 'POST', `/repos/${repo}/actions/runners/registration-token`);
await call('repoCreateRunnerRegistrationToken', `${R}/actions/runners/registration-token`, 'POST', `/repos/${repo}/actions/runners/registration-token`, { auth: readerAuth });
const admin = await call('getAdminRunners', '/admin/actions/runners', 'GET', '/admin/actions/runners');
await call('getAdminRunners', '/admin/actions/runners', 'GET', '/admin/actions/runners', { auth: readerAuth });
await call('getUserRunners', '/user/actions/runners', 'GET', '/user/actions/runners');
const globalRunner = admin.body?.runners?.[0]?.id;
if (globalRunner) await call('deleteRepoRunner', `${R}/actions/runners/{runner_id}`, 'DELETE', `/repos/${repo}/actions/runners/${globalRunner}`);
await call('deleteRepoRunner', `${R}/actions/runners/{runner_id}`, 'DELETE', `/repos/${repo}/actions/runners/999999`);

// The organization's settings: its owner, a non-member, and a user's name in place of an organization.
await call('orgListActionsSecrets', '/orgs/{org}/actions/secrets', 'GET', `/orgs/${org}/actions/secrets`);
await call('updateOrgSecret', '/orgs/{org}/actions/secrets/{secretname}', 'PUT', `/orgs/${org}/actions/secrets/REGISTRY_PASSWORD`, { body: { data: 'org-secret' } });
await call('orgListActionsSecrets', '/orgs/{org}/actions/secrets', 'GET', `/orgs/${org}/actions/secrets`);
await call('orgListActionsSecrets', '/orgs/{org}/actions/secrets', 'GET', `/orgs/${org}/actions/secrets`, { auth: readerAuth });
await call('orgListActionsSecrets', '/orgs/{org}/actions/secrets', 'GET', `/orgs/${user}/actions/secrets`);
await call('createOrgVariable', '/orgs/{org}/actions/variables/{variablename}', 'POST', `/orgs/${org}/actions/variables/REGISTRY`, { body: { value: 'registry.example' } });
await call('getOrgVariablesList', '/orgs/{org}/actions/variables', 'GET', `/orgs/${org}/actions/variables`);
await call('getOrgRunners', '/orgs/{org}/actions/runners', 'GET', `/orgs/${org}/actions/runners`);
await call('orgCreateRunnerRegistrationToken', '/orgs/{org}/actions/runners/registration-token', 'POST', `/orgs/${org}/actions/runners/registration-token`);
await call('deleteOrgSecret', '/orgs/{org}/actions/secrets/{secretname}', 'DELETE', `/orgs/${org}/actions/secrets/REGISTRY_PASSWORD`);
await call('deleteOrgVariable', '/orgs/{org}/actions/variables/{variablename}', 'DELETE', `/orgs/${org}/actions/variables/REGISTRY`);

// Two runs of one push: `rec` (an artifact) and `stuck` (a job no runner carries the label of: it stays queued).
const rec = ['name: Rec', 'on: [push]', 'jobs:', '  build:', '    runs-on: ubuntu-latest', '    steps:',
  '      - run: echo hi > out.txt', '      - uses: actions/upload-artifact@v4', '        with:', '          name: out', '          path: out.txt'].join('\n');
const stuck = ['name: Stuck', 'on: [push]', 'jobs:', '  nowhere:', '    runs-on: [self-hosted, gpu]', '    steps:', '      - run: echo never'].join('\n');
const file = (path, text) => ({ operation: 'create', path, content: Buffer.from(text).toString('base64') });
await call('', '', 'POST', `/repos/${repo}/contents`, { body: { message: 'rec', files: [file('.gitea/workflows/rec.yml', rec), file('.gitea/workflows/stuck.yml', stuck)] }, record: false });
let runs = [];
for (let i = 0; i < 30 && runs.length < 2; i++) {
  await sleep(2000);
  runs = (await call('', '', 'GET', `/repos/${repo}/actions/runs`, { record: false })).body?.workflow_runs ?? [];
}
const recRun = runs.find((r) => r.path?.startsWith('rec.yml'));
const stuckRun = runs.find((r) => r.path?.startsWith('stuck.yml'));
if (stuckRun) {
  await call('listWorkflowRunJobs', `${R}/actions/runs/{run}/jobs`, 'GET', `/repos/${repo}/actions/runs/${stuckRun.id}/jobs`);
  await call('deleteActionRun', `${R}/actions/runs/{run}`, 'DELETE', `/repos/${repo}/actions/runs/${stuckRun.id}`);
}
if (recRun) {
  let done = false;
  for (let i = 0; i < 90 && !done; i++) {
    done = (await call('', '', 'GET', `/repos/${repo}/actions/runs/${recRun.id}`, { record: false })).body?.status === 'completed';
    if (!done) await sleep(2000);
  }
  const arts = await call('getArtifactsOfRun', `${R}/actions/runs/{run}/artifacts`, 'GET', `/repos/${repo}/actions/runs/${recRun.id}/artifacts`);
  const art = arts.body?.artifacts?.[0];
  if (art) {
    await call('deleteArtifact', `${R}/actions/artifacts/{artifact_id}`, 'DELETE', `/repos/${repo}/actions/artifacts/${art.id}`, { auth: readerAuth });
    await call('deleteArtifact', `${R}/actions/artifacts/{artifact_id}`, 'DELETE', `/repos/${repo}/actions/artifacts/${art.id}`);
    await call('getArtifactsOfRun', `${R}/actions/runs/{run}/artifacts`, 'GET', `/repos/${repo}/actions/runs/${recRun.id}/artifacts`);
  }
  await call('deleteActionRun', `${R}/actions/runs/{run}`, 'DELETE', `/repos/${repo}/actions/runs/${recRun.id}`, { auth: readerAuth });
  await call('deleteActionRun', `${R}/actions/runs/{run}`, 'DELETE', `/repos/${repo}/actions/runs/${recRun.id}`);
  await call('GetWorkflowRun', `${R}/actions/runs/{run}`, 'GET', `/repos/${repo}/actions/runs/${recRun.id}`);
}

// Teardown (not recorded).
await call('', '', 'DELETE', `/repos/${repo}`, { record: false });
await call('', '', 'DELETE', `/orgs/${org}`, { record: false });
const out = new URL(`../test/fixtures/gitea-api/recordings/actions-settings-${process.env.GITEA_REC_VERSION ?? '1.27.0'}.jsonl`, import.meta.url);
writeFileSync(out, lines.map((l) => scrub(JSON.stringify(l))).join('\n') + '\n');
console.log(`${lines.length} exchanges → ${out.pathname}`);
