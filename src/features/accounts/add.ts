// "Add account": asks for an account (validated as typed), checks it exists on the current
// network, asks for an optional label and the settings scope, then writes `ledgerLens.accounts`.
// The lookup made to check the account is the one the view would make, so the new node shows
// without another.
import * as vscode from 'vscode';
import { isAbortError, type AccountResponse } from '../../mirror';
import type { AccountCommandsInputs } from './commands';
import { checkAccountEntry } from '../../ledger';
import { describeProblem } from './problem';

interface Found {
  readonly path: string;
  readonly request: string;
  readonly account: AccountResponse;
}

export async function addAccount(
  inputs: AccountCommandsInputs,
  given: string | undefined,
  givenLabel: unknown,
  givenScope: unknown,
): Promise<string | undefined> {
  const { store, treeView, writer } = inputs;
  const found = given === undefined ? await askForAccount(inputs) : await checkExists(inputs, given);
  if (!found) return undefined;
  const label =
    typeof givenLabel === 'string'
      ? givenLabel
      : await vscode.window.showInputBox({
          title: `Label for ${found.path} (optional)`,
          prompt: 'Shown instead of the id in the Accounts view. Leave empty to show the id.',
        });
  if (label === undefined) return undefined;
  const scope = givenScope === 'workspace' || givenScope === 'user' ? givenScope : await pickScope();
  if (!scope) return undefined;
  store.seed(found.path, found.account);
  await writer.append(label.trim() ? { id: found.request, label: label.trim() } : found.request, scope);
  const node = store.find(found.path);
  if (node) await treeView.reveal(node, { select: true, focus: false, expand: false }).then(undefined, () => undefined);
  return found.path;
}

async function checkExists(inputs: AccountCommandsInputs, text: string): Promise<Found | undefined> {
  const r = await lookup(inputs, text, undefined);
  if ('message' in r) throw new Error(r.message);
  return r;
}

async function lookup(
  inputs: AccountCommandsInputs,
  text: string,
  signal: AbortSignal | undefined,
): Promise<Found | { message: string }> {
  const { store } = inputs;
  const { network, networkLabel } = inputs.settings.current;
  const check = checkAccountEntry(text, network);
  if (!check.ok) return { message: check.message };
  if (store.find(check.path) && !store.find(check.path)!.entry.temporary)
    return { message: `${check.path} is already in the Accounts view.` };
  try {
    const account = await inputs
      .mirror()
      .getAccount(check.request, store.queryFor(undefined), signal ? { signal } : {});
    return { path: check.path, request: check.request, account };
  } catch (e) {
    if (isAbortError(e)) return { message: 'Cancelled' };
    const p = describeProblem(e, networkLabel);
    return {
      message:
        p.status === 404 ? `No account ${check.path} on ${networkLabel}: ${p.detail}` : `${p.title}: ${p.detail}`,
    };
  }
}

function askForAccount(inputs: AccountCommandsInputs): Promise<Found | undefined> {
  return new Promise(resolve => {
    const box = vscode.window.createInputBox();
    box.title = `Ledger Lens: add account (${inputs.settings.current.networkLabel})`;
    box.placeholder = '0.0.1234, an EVM address (0x…) or an account alias';
    box.prompt = 'Enter an account id, EVM address or alias; it is checked on the current network.';
    box.ignoreFocusOut = true;
    let controller: AbortController | undefined;
    let settled = false;
    const finish = (value: Found | undefined) => {
      if (settled) return;
      settled = true;
      controller?.abort();
      resolve(value);
      box.dispose();
    };
    box.onDidChangeValue(v => {
      const check = v.trim() === '' ? undefined : checkAccountEntry(v, inputs.settings.current.network);
      box.validationMessage = check && !check.ok ? check.message : undefined;
    });
    box.onDidAccept(async () => {
      const text = box.value.trim();
      if (!text || box.busy) return;
      controller?.abort();
      controller = new AbortController();
      box.busy = true;
      box.enabled = false;
      const r = await lookup(inputs, text, controller.signal);
      if (settled) return;
      box.busy = false;
      box.enabled = true;
      if ('message' in r) box.validationMessage = r.message;
      else finish(r);
    });
    box.onDidHide(() => finish(undefined));
    box.show();
  });
}

async function pickScope(): Promise<'user' | 'workspace' | undefined> {
  if (!vscode.workspace.workspaceFolders?.length) return 'user';
  const pick = await vscode.window.showQuickPick(
    [
      { label: 'User settings', description: 'every window', scope: 'user' as const },
      { label: 'Workspace settings', description: 'this workspace only', scope: 'workspace' as const },
    ],
    { title: 'Save the account in' },
  );
  return pick?.scope;
}
