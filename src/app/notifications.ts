// The one door to VS Code's notifications. VS Code renders `[label](command:…)` (and https:, file:)
// in a notification's text as a live link, and nothing escapes it; much of what we show quotes a
// server's message or a name from the workspace. Every notification's whole text therefore goes
// through forNotification here (links broken, controls shown, one line, bounded), and
// test/unit/common/notifications.test.ts fails on any other show*Message call in src.
import * as vscode from 'vscode';
import { forNotification } from '../present/text';

export type NoticeSeverity = 'information' | 'warning' | 'error';

/**
 * Shows `message`, made inert, as a notification of `severity` with buttons `actions` (our own
 * words). Settles with the button picked, or undefined when dismissed.
 */
export function notify<Action extends string>(
  severity: NoticeSeverity,
  message: string,
  ...actions: Action[]
): Thenable<Action | undefined> {
  const text = forNotification(message);
  switch (severity) {
    case 'error':
      return vscode.window.showErrorMessage(text, ...actions);
    case 'warning':
      return vscode.window.showWarningMessage(text, ...actions);
    case 'information':
      return vscode.window.showInformationMessage(text, ...actions);
  }
}
