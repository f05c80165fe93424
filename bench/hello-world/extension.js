// The "Hello World" of `yo code`: registers one command and returns. Its activation time in the same
// code-server run is the floor that Gitea Workbench's activation is compared with.
const vscode = require('vscode');

exports.activate = function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('giteaBenchHelloWorld.hello', () => vscode.window.showInformationMessage('Hello World')),
  );
};

exports.deactivate = function deactivate() {};
