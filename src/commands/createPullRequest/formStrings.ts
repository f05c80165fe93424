// The texts of the Create Pull Request form, translated on the host (the webview script has no vscode.l10n); the ones
// every form shows are in core/formPage.ts.
import * as vscode from 'vscode';
import { commonFormStrings, type FormStrings } from '../../core/formPage';

export function pullFormStrings(branch: string, wipPrefix: string): FormStrings {
  return {
    ...commonFormStrings(),
    pageTitle: vscode.l10n.t('New Pull Request · {0}', branch),
    heading: vscode.l10n.t('New pull request from {0}', branch),
    baseRepo: vscode.l10n.t('Into repository'),
    base: vscode.l10n.t('Into branch'),
    head: vscode.l10n.t('From branch'),
    parentNote: vscode.l10n.t('(the fork\'s parent)'),
    draft: vscode.l10n.t('Draft: a work in progress (the title starts with "{0}")', wipPrefix),
    template: vscode.l10n.t('From the template {0}'),
    reviewers: vscode.l10n.t('Reviewers'),
    noReviewers: vscode.l10n.t('Nobody can be asked to review.'),
    team: vscode.l10n.t('team'),
    create: vscode.l10n.t('Create Pull Request'),
    draftKept: vscode.l10n.t('Your text is kept until the pull request is created.'),
    loadingOptions: vscode.l10n.t('Loading branches, reviewers, labels and the template…'),
    noWrite: vscode.l10n.t('You cannot write to this repository: the server will ignore labels, milestone, assignees and reviewers.'),
    existing: vscode.l10n.t('This branch has an open pull request already:'),
    openExisting: vscode.l10n.t('Open Pull Request'),
    unpushed: vscode.l10n.t('Create pushes the branch first.'),
  };
}
