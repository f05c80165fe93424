// Builds the in-memory state of a seed from FIXTURES and the SHAs of the freshly created repositories (the
// recorded seed: seed/recorded*.ts).
import { seedBig } from '../seedBig';
import { ServerState } from '../state';
import { seedAccounts } from './accounts';
import { seedDemoActivity } from './demoActivity';
import { seedDemoArtifacts } from './demoArtifacts';
import { seedDemoExtras } from './demoExtras';
import { seedDemoIssues } from './demoIssues';
import { buildRecordedState } from './recordedState';
import type { SeedShas } from './repositories';

export function buildState(shas: SeedShas): ServerState {
  if (shas.recorded) return buildRecordedState(shas.recorded);
  if (!shas.demo) throw new Error('the seed has no alice/demo history');
  const state = new ServerState();
  seedAccounts(state);
  seedDemoIssues(state, shas.demo);
  seedDemoExtras(state, shas.demo);
  seedDemoArtifacts(state);
  seedDemoActivity(state, shas.demo);
  if (shas.big) seedBig(state, shas.big);
  return state;
}
