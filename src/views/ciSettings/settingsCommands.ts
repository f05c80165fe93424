// The commands of CI Settings' rows: set (create or replace) and delete a secret, add, edit and delete a variable,
// copy a runner registration token, delete a runner. A secret's value is asked in a masked box and sent once: it is
// never shown, logged or kept. Every deletion asks first; a refusal (403) or a server without the endpoint
// (404/405) is told in a sentence.
import * as vscode from 'vscode';
import type { GiteaClient } from '../../api';
import { isGiteaError } from '../../api/errorKind';
import { isCancellation, messageOf, showFailure, signalOf } from '../../core/errors';
import type { Services } from '../../core/services';
import { inertText } from '../../shared/untrustedText';
import { TreeNode } from '../treeNode';
import type { CiSettingsProvider, SettingsData } from './ciSettingsView';
import { isRefusal, ownerLabel, refusalSentence, settingsApi, type SettingsOwner, type SettingsPart } from './settingsOwner';

const t = vscode.l10n.t;

export const CI_SETTINGS_COMMAND = {
  refresh: 'gitea.ciSettings.refresh',
  setSecret: 'gitea.ciSettings.setSecret',
  deleteSecret: 'gitea.ciSettings.deleteSecret',
  addVariable: 'gitea.ciSettings.addVariable',
  editVariable: 'gitea.ciSettings.editVariable',
  deleteVariable: 'gitea.ciSettings.deleteVariable',
  copyRunnerToken: 'gitea.ciSettings.copyRunnerToken',
  deleteRunner: 'gitea.ciSettings.deleteRunner',
} as const;

/** Gitea's rule for secret and variable names (services/secrets/validation.go); undefined when the name is fine. */
export function settingNameProblem(name: string): string | undefined {
  if (!name) return t('A name is required.');
  if (!/^[A-Z_]\w*$/i.test(name)) return t('Use letters, digits and _ only, not starting with a digit.');
  if (/^GIT(?:EA|HUB)_/i.test(name)) return t('Names starting with GITEA_ or GITHUB_ are reserved.');
  if (name.toUpperCase() === 'CI') return t('CI is reserved.');
  return undefined;
}

function dataOf(arg: unknown): SettingsData | undefined {
  return arg instanceof TreeNode ? (arg.data as SettingsData | undefined) : undefined;
}

interface Context {
  readonly services: Services;
  readonly provider: CiSettingsProvider;
}

/** The client of the view's repository: settings nodes belong to it. */
function clientOf(ctx: Context): GiteaClient | undefined {
  return ctx.provider.currentScope?.client;
}

/** What a request does, for its progress and its failure; `missingOn404`: a 404 means a server without the
 * endpoint (the owner exists: the view listed it), not an item that is gone. */
interface Request {
  readonly doing: string;
  readonly failure: string;
  readonly missingOn404?: boolean;
}

/** Runs one request with cancellable progress; a refusal or a missing endpoint is a warning sentence. */
async function send(ctx: Context, owner: SettingsOwner, part: SettingsPart, request: Request, run: (signal?: AbortSignal) => Promise<void>): Promise<boolean> {
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: inertText(request.doing), cancellable: true }, (_p, token) =>
      run(signalOf(token)),
    );
    return true;
  } catch (e) {
    if (isCancellation(e)) return false;
    const missing = isGiteaError(e) && (e.status === 405 || (request.missingOn404 === true && e.kind === 'notFound'));
    const sentence = isRefusal(e) || missing ? refusalSentence(e, owner, part) : undefined;
    if (sentence) {
      ctx.services.log.warn(`${request.failure}: ${messageOf(e)}`);
      void vscode.window.showWarningMessage(inertText(`${request.failure}. ${sentence}`));
    } else showFailure(ctx.services, request.failure, e);
    ctx.provider.reloadPart(owner, part);
    return false;
  }
}

async function confirm(message: string, detail: string, action: string): Promise<boolean> {
  return (await vscode.window.showWarningMessage(inertText(message), { modal: true, detail: inertText(detail) }, action)) === action;
}

async function setSecret(ctx: Context, arg: unknown): Promise<boolean> {
  const data = dataOf(arg);
  const client = clientOf(ctx);
  if (!client || (data?.kind !== 'ciSecret' && !(data?.kind === 'ciSettingsGroup' && data.part === 'secrets'))) return false;
  const { owner } = data;
  const where = ownerLabel(owner);
  let name = data.kind === 'ciSecret' ? data.secret.name : undefined;
  name ??= (
    await vscode.window.showInputBox({
      title: t('New secret of {0}', where),
      prompt: t('The name workflows read as secrets.NAME'),
      placeHolder: 'DEPLOY_TOKEN',
      ignoreFocusOut: true,
      validateInput: (v) => settingNameProblem(v.trim()),
    })
  )?.trim().toUpperCase();
  if (!name) return false;
  const value = await vscode.window.showInputBox({
    title: data.kind === 'ciSecret' ? t('Replace the secret {0} of {1}', name, where) : t('Value of the secret {0} of {1}', name, where),
    prompt: t('The value is sent once and never shown again, here or on the server.'),
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (v ? undefined : t('A value is required.')),
  });
  if (!value) return false;
  const api = settingsApi(client, owner);
  const ok = await send(ctx, owner, 'secrets', { doing: t('Saving the secret {0}…', name), failure: t('Could not save the secret {0}', name) }, (signal) => api.putSecret(name, value, { signal }));
  if (!ok) return false;
  ctx.services.log.info(`Saved the Actions secret ${name} of ${where} (value not logged).`);
  void vscode.window.showInformationMessage(inertText(t('Secret {0} of {1} saved. Workflows read it as secrets.{0}.', name, where)));
  ctx.provider.reloadPart(owner, 'secrets');
  return true;
}

async function deleteSecret(ctx: Context, arg: unknown): Promise<boolean> {
  const data = dataOf(arg);
  const client = clientOf(ctx);
  if (!client || data?.kind !== 'ciSecret') return false;
  const { owner, secret } = data;
  const where = ownerLabel(owner);
  if (!(await confirm(t('Delete the secret {0} of {1}?', secret.name, where), t('Workflows that use it get an empty value. This cannot be undone.'), t('Delete')))) return false;
  const api = settingsApi(client, owner);
  if (!(await send(ctx, owner, 'secrets', { doing: t('Deleting the secret {0}…', secret.name), failure: t('Could not delete the secret {0}', secret.name) }, (signal) => api.deleteSecret(secret.name, { signal })))) return false;
  void vscode.window.showInformationMessage(inertText(t('Secret {0} of {1} deleted.', secret.name, where)));
  ctx.provider.reloadPart(owner, 'secrets');
  return true;
}

async function askValue(title: string, value?: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title,
    prompt: t('The value workflows read; stored as it is (shown to whoever manages these settings).'),
    value,
    ignoreFocusOut: true,
    validateInput: (v) => (v ? undefined : t('A value is required.')),
  });
}

async function addVariable(ctx: Context, arg: unknown): Promise<boolean> {
  const data = dataOf(arg);
  const client = clientOf(ctx);
  if (!client || data?.kind !== 'ciSettingsGroup' || data.part !== 'variables') return false;
  const { owner } = data;
  const where = ownerLabel(owner);
  const name = (
    await vscode.window.showInputBox({
      title: t('New variable of {0}', where),
      prompt: t('The name workflows read as vars.NAME'),
      placeHolder: 'NODE_VERSION',
      ignoreFocusOut: true,
      validateInput: (v) => settingNameProblem(v.trim()),
    })
  )?.trim().toUpperCase();
  if (!name) return false;
  const value = await askValue(t('Value of the variable {0} of {1}', name, where));
  if (!value) return false;
  const api = settingsApi(client, owner);
  if (!(await send(ctx, owner, 'variables', { doing: t('Adding the variable {0}…', name), failure: t('Could not add the variable {0}', name) }, (signal) => api.createVariable(name, value, { signal })))) return false;
  void vscode.window.showInformationMessage(inertText(t('Variable {0} of {1} added.', name, where)));
  ctx.provider.reloadPart(owner, 'variables');
  return true;
}

async function editVariable(ctx: Context, arg: unknown): Promise<boolean> {
  const data = dataOf(arg);
  const client = clientOf(ctx);
  if (!client || data?.kind !== 'ciVariable') return false;
  const { owner, variable } = data;
  const value = await askValue(t('Edit the variable {0} of {1}', variable.name, ownerLabel(owner)), variable.data);
  if (value === undefined || value === '' || value === variable.data) return false;
  const api = settingsApi(client, owner);
  if (!(await send(ctx, owner, 'variables', { doing: t('Changing the variable {0}…', variable.name), failure: t('Could not change the variable {0}', variable.name) }, (signal) => api.updateVariable(variable.name, value, { signal })))) return false;
  void vscode.window.showInformationMessage(inertText(t('Variable {0} of {1} changed.', variable.name, ownerLabel(owner))));
  ctx.provider.reloadPart(owner, 'variables');
  return true;
}

async function deleteVariable(ctx: Context, arg: unknown): Promise<boolean> {
  const data = dataOf(arg);
  const client = clientOf(ctx);
  if (!client || data?.kind !== 'ciVariable') return false;
  const { owner, variable } = data;
  const where = ownerLabel(owner);
  if (!(await confirm(t('Delete the variable {0} of {1}?', variable.name, where), t('Its value: {0}', (variable.data ?? '').slice(0, 200)), t('Delete')))) return false;
  const api = settingsApi(client, owner);
  if (!(await send(ctx, owner, 'variables', { doing: t('Deleting the variable {0}…', variable.name), failure: t('Could not delete the variable {0}', variable.name) }, (signal) => api.deleteVariable(variable.name, { signal })))) return false;
  void vscode.window.showInformationMessage(inertText(t('Variable {0} of {1} deleted.', variable.name, where)));
  ctx.provider.reloadPart(owner, 'variables');
  return true;
}

async function copyRunnerToken(ctx: Context, arg: unknown): Promise<boolean> {
  const data = dataOf(arg);
  const client = clientOf(ctx);
  if (!client || data?.kind !== 'ciSettingsGroup' || data.part !== 'runners') return false;
  const { owner } = data;
  const where = ownerLabel(owner);
  let token = '';
  const api = settingsApi(client, owner);
  const ok = await send(ctx, owner, 'runners', { doing: t('Getting a runner registration token…'), failure: t('Could not get a runner registration token'), missingOn404: true }, async (signal) => {
    token = await api.registrationToken({ signal });
  });
  if (!ok) return false;
  await vscode.env.clipboard.writeText(token);
  void vscode.window.showInformationMessage(
    inertText(t('Copied a runner registration token of {0}. Keep it secret: anyone who has it can register a runner for {0} and receive its jobs (and their secrets).', where)),
  );
  return true;
}

async function deleteRunner(ctx: Context, arg: unknown): Promise<boolean> {
  const data = dataOf(arg);
  const client = clientOf(ctx);
  if (!client || data?.kind !== 'ciRunner') return false;
  const { owner, runner } = data;
  const name = runner.name || String(runner.id);
  if (!(await confirm(t('Delete the runner {0} of {1}?', name, ownerLabel(owner)), t('It takes no more jobs; to use that machine again, register it with a new token.'), t('Delete')))) return false;
  const api = settingsApi(client, owner);
  if (!(await send(ctx, owner, 'runners', { doing: t('Deleting the runner {0}…', name), failure: t('Could not delete the runner {0}', name) }, (signal) => api.deleteRunner(runner.id, { signal })))) return false;
  void vscode.window.showInformationMessage(inertText(t('Runner {0} deleted.', name)));
  ctx.provider.reloadPart(owner, 'runners');
  return true;
}

export function registerSettingsCommands(services: Services, provider: CiSettingsProvider): vscode.Disposable[] {
  const ctx: Context = { services, provider };
  const reg = (id: string, fn: (c: Context, arg: unknown) => Promise<boolean>) => vscode.commands.registerCommand(id, (arg: unknown) => fn(ctx, arg));
  return [
    vscode.commands.registerCommand(CI_SETTINGS_COMMAND.refresh, () => provider.refresh()),
    reg(CI_SETTINGS_COMMAND.setSecret, setSecret),
    reg(CI_SETTINGS_COMMAND.deleteSecret, deleteSecret),
    reg(CI_SETTINGS_COMMAND.addVariable, addVariable),
    reg(CI_SETTINGS_COMMAND.editVariable, editVariable),
    reg(CI_SETTINGS_COMMAND.deleteVariable, deleteVariable),
    reg(CI_SETTINGS_COMMAND.copyRunnerToken, copyRunnerToken),
    reg(CI_SETTINGS_COMMAND.deleteRunner, deleteRunner),
  ];
}
