// What the stand-ins of index.ts run, bundled apart (dist/remoteSources.js): loaded the first time Git: Clone lists a
// Gitea instance's repositories or Publish Branch publishes to Gitea.
export { remoteSourcesOf } from './cloneSources';
export { publishToGitea, type PublishOutcome } from './publish';
