// Writes test/unit/hostile/swagger-subset.json: the operations the client implements (operationId, method, path,
// parameters, success status and response schema) and every definition those responses reach, without
// descriptions. The full swagger (870 KB) lives outside the repository; the subset keeps the fuzz tests
// runnable on a fresh clone. Regenerate with:
//   npx tsc -p . && node out/test/unit/hostile/extractSwaggerSubset.js test/fixtures/gitea-api/swagger.v1.json
import { readFileSync, writeFileSync } from 'node:fs';
import { SUBSET_PATH, type SwaggerSubset, type SchemaNode, type SubsetOperation } from './swaggerSubset';

/** Operations of the client whose responses are fuzzed: the 20 of the API subset plus those the editor uses. */
export const FUZZED_OPERATIONS = [
  // the 20 operations of the subset
  'orgCreateHook', 'repoListBranches', 'userEditHook', 'orgCreateLabel', 'repoListHooks', 'issueCreateIssue',
  'issueRemoveIssueDependencies', 'repoMigrate', 'repoCreateRelease', 'userListActivityFeeds', 'repoEdit',
  'listWorkflowJobs', 'issueSearchIssues', 'repoGetPullRequestFiles', 'orgListTeamActivityFeeds', 'repoListKeys',
  'repoGetCommitPullRequest', 'userListStarred', 'issueListBlocks', 'orgEditLabel',
  // what the views and commands read
  'userGetCurrent', 'getVersion', 'repoGet', 'issueListIssues', 'issueGetIssue', 'repoListPullRequests',
  'repoGetPullRequest', 'repoListReleases', 'userListHooks', 'orgListLabels', 'issueListLabels',
  'issueListIssueDependencies', 'repoCreateKey', 'getGeneralAPISettings', 'userGetHook', 'repoGetBranch',
  'issueGetMilestonesList', 'userListTeams', 'repoListTags',
  // Clone from and Publish to Gitea
  'userCurrentListRepos', 'repoSearch', 'createCurrentUserRepo', 'orgGetUserPermissions',
] as const;

/** Success statuses where real Gitea differs from the swagger (BEHAVIOR.md wins). */
const STATUS_OVERRIDES: Record<string, number> = { issueRemoveIssueDependencies: 201 };

type Json = Record<string, unknown>;

/** Drops documentation annotations of schema nodes; the keys of a `properties` map are field names and stay. */
function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === 'description' || k.startsWith('x-') || k === 'title' || k === 'example') continue;
    out[k] = k === 'properties' ? stripEach(v as Json) : strip(v);
  }
  return out;
}

function stripEach(properties: Json): Json {
  const out: Json = {};
  for (const [name, schema] of Object.entries(properties)) out[name] = strip(schema);
  return out;
}

export function extractSubset(swagger: Json): SwaggerSubset {
  const paths = swagger.paths as Record<string, Record<string, Json>>;
  const responses = swagger.responses as Record<string, Json>;
  const definitions = swagger.definitions as Record<string, Json>;
  const operations: Record<string, SubsetOperation> = {};
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node as Json)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/definitions/')) {
        const name = v.slice('#/definitions/'.length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(definitions[name]);
        }
      } else visit(v);
    }
  };
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const id = op.operationId as string | undefined;
      if (!id || !(FUZZED_OPERATIONS as readonly string[]).includes(id)) continue;
      const codes = Object.keys(op.responses as Json).filter((c) => /^2\d\d$/.test(c));
      const code = codes[0] ?? '200';
      let response = (op.responses as Json)[code] as Json | undefined;
      if (response && typeof response.$ref === 'string') response = responses[response.$ref.split('/').pop()!];
      const schema = (response?.schema as SchemaNode | undefined) ?? null;
      visit(schema);
      operations[id] = {
        method: method.toUpperCase(),
        path,
        status: STATUS_OVERRIDES[id] ?? Number(code),
        parameters: ((op.parameters as Json[] | undefined) ?? []).map((p) => ({
          name: p.name as string,
          in: p.in as string,
          type: (p.type as string | undefined) ?? 'object',
          required: p.required === true,
        })),
        schema: strip(schema) as SchemaNode | null,
      };
    }
  }
  const missing = FUZZED_OPERATIONS.filter((id) => !operations[id]);
  if (missing.length) throw new Error(`swagger lacks operations: ${missing.join(', ')}`);
  const defs: Record<string, SchemaNode> = {};
  for (const name of [...reached].sort()) defs[name] = strip(definitions[name]) as SchemaNode;
  return { source: 'Gitea swagger.v1.json (operations fuzzed by test/unit/hostile)', operations, definitions: defs };
}

if (require.main === module) {
  const source = process.argv[2];
  if (!source) throw new Error('usage: node extractSwaggerSubset.js <swagger.v1.json>');
  const subset = extractSubset(JSON.parse(readFileSync(source, 'utf8')) as Json);
  writeFileSync(SUBSET_PATH, `${JSON.stringify(subset, null, 1)}\n`);
  process.stdout.write(`wrote ${SUBSET_PATH}: ${Object.keys(subset.operations).length} operations, ${Object.keys(subset.definitions).length} definitions\n`);
}
