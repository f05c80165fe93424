// What the Create Issue form offers before its fields: the default branch's issue templates and config.yaml, read
// through the API (Gitea parses the files), and the template files Gitea could not read. The API leaves those out
// (only a header counts them), so the template folders of .gitea and .github are listed and a candidate file that
// the answer does not name is reported by name: the form says so and offers the blank form.
import type { GiteaClient } from '../../../api';
import { folderNames } from '../../../shared/repoFolders';
import { readIssueConfig, readIssueTemplates, type IssueConfig, type IssueTemplate } from './issueTemplate';

export interface TemplateOffer {
  readonly templates: readonly IssueTemplate[];
  readonly config: IssueConfig;
  /** Template files that could not be read (paths, or `#n` for an entry of the answer without one). */
  readonly unreadable: readonly string[];
}

/** Gitea's template folders (services/issue/template.go templateDirCandidates) under .gitea and .github: where
 * teams keep them. Each is listed at once (a missing one answers 404), so the form waits no longer than for its
 * pickers; the root's and .gitlab's folders are not listed (their broken files go unreported). */
const LISTED_FOLDERS = ['.gitea/ISSUE_TEMPLATE', '.gitea/issue_template', '.github/ISSUE_TEMPLATE', '.github/issue_template'];

/** template.CouldBe: Markdown or YAML, config.yaml/yml excepted. */
export function couldBeTemplate(name: string): boolean {
  if (name === 'config.yaml' || name === 'config.yml') return false;
  return name.endsWith('.md') || name.endsWith('.yaml') || name.endsWith('.yml');
}

async function candidateFiles(client: GiteaClient, owner: string, repo: string, signal?: AbortSignal): Promise<string[]> {
  const files = await Promise.all(LISTED_FOLDERS.map(async (folder) => (await folderNames(client, owner, repo, folder, undefined, signal)).filter(couldBeTemplate).map((f) => `${folder}/${f}`)));
  return files.flat();
}

export async function loadTemplateOffer(client: GiteaClient, owner: string, repo: string, signal?: AbortSignal): Promise<TemplateOffer> {
  const params = { owner, repo };
  const [answer, config, candidates] = await Promise.all([
    client.repoGetIssueTemplates(params, { signal }),
    client.repoGetIssueConfig(params, { signal }),
    candidateFiles(client, owner, repo, signal).catch((e: unknown): string[] => {
      // expected: folders that cannot be listed leave broken files unreported; the templates are still offered.
      if (signal?.aborted) throw e;
      return [];
    }),
  ]);
  const list = readIssueTemplates(answer.items);
  const named = new Set([...list.templates.map((t) => t.fileName), ...list.unreadable.map((u) => u.name)]);
  return {
    templates: list.templates,
    config: readIssueConfig(config),
    unreadable: [...list.unreadable.map((u) => u.name), ...candidates.filter((c) => !named.has(c))],
  };
}
