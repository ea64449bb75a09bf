// Placeholder: the common feature registers its providers and commands here.
import * as vscode from 'vscode';
import type { FeatureContext } from '../context';

export function registerCommon(_ctx: FeatureContext): vscode.Disposable {
  return new vscode.Disposable(() => undefined);
}
