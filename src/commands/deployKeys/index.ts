// Deploy key commands: add, remove, find.
import * as vscode from 'vscode';
import type { Services } from '../../core/services';
import { ADD_DEPLOY_KEY, addDeployKey } from './addDeployKey';
import { FIND_DEPLOY_KEY, REMOVE_DEPLOY_KEY, findDeployKey, removeDeployKey } from './manageDeployKeys';

export function registerDeployKeys(services: Services): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(ADD_DEPLOY_KEY, (arg?: unknown) => addDeployKey(services, arg)),
    vscode.commands.registerCommand(REMOVE_DEPLOY_KEY, (arg?: unknown) => removeDeployKey(services, arg)),
    vscode.commands.registerCommand(FIND_DEPLOY_KEY, (arg?: unknown) => findDeployKey(services, arg)),
  );
}
