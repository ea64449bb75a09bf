// Placeholder: the accounts feature registers its providers and commands here.
import * as vscode from 'vscode';
import type { FeatureContext } from '../context';

export function registerAccounts(_ctx: FeatureContext): vscode.Disposable {
  return new vscode.Disposable(() => undefined);
}
