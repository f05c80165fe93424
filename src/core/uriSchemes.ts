// The URI schemes of the documents the extension provides. Here, not beside their providers, because the entry
// point looks for restored diffs of them at activation without loading the features that serve them.

/** A file at a commit of a pull request (read-only, from the raw-file endpoint). */
export const FILE_SCHEME = 'gitea-file';
/** A changed file's row, decorated with its status (Changed Files and the Pull Requests view). */
export const CHANGES_SCHEME = 'gitea-changes';
