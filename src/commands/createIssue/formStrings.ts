// The texts of the Create Issue form, translated on the host (the webview script has no vscode.l10n).
import * as vscode from 'vscode';
import type { RepoRef } from '../../core/services';
import { commonFormStrings, type FormStrings } from '../../core/formPage';

export function formStrings(repo: RepoRef): FormStrings {
  return {
    ...commonFormStrings(),
    pageTitle: vscode.l10n.t('New Issue · {0}/{1}', repo.owner, repo.repo),
    heading: vscode.l10n.t('New issue in {0}/{1}', repo.owner, repo.repo),
    projects: vscode.l10n.t('Projects'),
    projectsHelp: vscode.l10n.t('Gitea offers no API to list projects: enter project ids, separated by commas.'),
    projectsIgnored: vscode.l10n.t('This server drops the project ids of a new issue (Gitea 1.27 and later take them): add the issue to a project on its web page once it is created.'),
    projectsInvalid: vscode.l10n.t('Project ids are numbers, separated by commas.'),
    dueDate: vscode.l10n.t('Due date'),
    ref: vscode.l10n.t('Branch or tag'),
    refPlaceholder: vscode.l10n.t('None'),
    /** The label of a tag in the ref picker (its value is `refs/tags/<name>`). */
    refTag: vscode.l10n.t('tag'),
    closed: vscode.l10n.t('Create closed'),
    create: vscode.l10n.t('Create Issue'),
    draftKept: vscode.l10n.t('Your draft is kept until the issue is created.'),
    loadingOptions: vscode.l10n.t('Loading labels, milestones and assignees…'),
    noWrite: vscode.l10n.t('You cannot write to this repository: the server will ignore labels, milestone, assignees and due date.'),
    archivedNotice: vscode.l10n.t('This repository is archived.'),
    unarchive: vscode.l10n.t('Unarchive {0}/{1} and Create', repo.owner, repo.repo),
    chooseTemplate: vscode.l10n.t('Choose a template'),
    getStarted: vscode.l10n.t('Get started'),
    blankIssue: vscode.l10n.t('Blank issue'),
    blankIssueAbout: vscode.l10n.t('An issue without a template.'),
    contactLinks: vscode.l10n.t('Elsewhere'),
    /** {0}: the template's name. */
    templateInUse: vscode.l10n.t('Template: {0}'),
    changeTemplate: vscode.l10n.t('Choose another template'),
    /** {0}: the files, comma-separated. */
    templatesUnreadable: vscode.l10n.t('These issue templates could not be read, so they are not offered: {0}. The blank issue is offered instead.'),
    noneOption: vscode.l10n.t('None'),
  };
}
