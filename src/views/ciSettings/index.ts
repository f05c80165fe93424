// CI Settings (#40): the view of the repository's (and its organization's) Actions secrets, variables and runners
// with their commands, and Delete Run / Delete Artifact on CI Jobs' rows. Registered with the views.
import * as vscode from 'vscode';
import type { Services } from '../../core/services';
import type { CiJobsProvider } from '../ciJobsView';
import { createCiSettingsView } from './ciSettingsView';
import { registerRunCleanup } from './runCleanup';
import { registerSettingsCommands } from './settingsCommands';

export function registerCiSettings(services: Services, ciJobs: CiJobsProvider): vscode.Disposable[] {
  const provider = createCiSettingsView(services);
  return [
    provider,
    ...registerSettingsCommands(services, provider),
    ...registerRunCleanup(services, ciJobs),
    services.views.register('ciSettings', () => provider.refresh()),
    // Not in the palette: how the in-host tests reach the provider.
    vscode.commands.registerCommand('gitea.ciSettings.provider', () => provider),
  ];
}
