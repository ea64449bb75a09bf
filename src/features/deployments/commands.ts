// The Contracts view's commands: call, simulate and estimate a function (its arguments asked and
// checked, or given by a CodeLens or a test), reveal a deployment or its history, compare its
// state with an earlier moment, copy a value, open a record, find contracts named in code.
import * as vscode from 'vscode';
import type { AbiFunction, IndexedItem } from '../../abi';
import { notify } from '../../app/notifications';
import type { FeatureHost } from '../context';
import { askArguments, blockAt, runCall, type CallDeps, type CallMode } from './calls';
import { parseMoment } from './stateRows';
import type { DeploymentDiscovery } from './discovery';
import type { HistoryLoader } from './history';
import { findInCode, type InCodeDeps } from './inCode';
import { addressForms, type KnownDeployment } from './model';
import { FunctionNode, GroupNode, type CallOutcome, type DeploymentsTreeNode } from './nodes';
import type { StateLoader } from './state';
import type { DeploymentsProvider } from './tree';
import { tokenUnitsOf } from './units';

export interface CommandParts {
  readonly provider: DeploymentsProvider;
  readonly treeView: vscode.TreeView<DeploymentsTreeNode>;
  readonly discovery: DeploymentDiscovery;
  readonly state: StateLoader;
  readonly history: HistoryLoader;
  readonly calls: CallDeps;
  readonly inCode: InCodeDeps;
}

/** A function named by a command: a row of the view, or `{ key, signature, args?, from? }` (CodeLens, tests). */
interface FunctionTarget {
  readonly deployment: KnownDeployment;
  readonly fn: IndexedItem<AbiFunction>;
  readonly args?: readonly string[];
  readonly from?: string;
  /** A moment to call at (a consensus timestamp or date), given by a test instead of asked. */
  readonly at?: string;
}

const VERB: Readonly<Record<CallMode, string>> = { read: 'Call', simulate: 'Simulate', estimate: 'Estimate gas of' };

export function registerDeploymentCommands(host: FeatureHost, parts: CommandParts): vscode.Disposable[] {
  const { provider, treeView, discovery, state, history } = parts;
  const units = tokenUnitsOf(parts.calls);
  const senders = new Map<string, string>();
  const find = (key: unknown) => provider.current.deployments.find(d => d.key === key);
  const nodeOfKey = (arg: unknown) => {
    const key = arg !== null && typeof arg === 'object' && 'key' in arg ? arg.key : undefined;
    const node = typeof key === 'string' ? provider.nodeOf(key) : undefined;
    if (!node) throw new Error('That deployment is no longer in the Contracts view');
    return node;
  };

  async function run(arg: unknown, mode: CallMode, at = false): Promise<CallOutcome | undefined> {
    const target = functionTarget(arg, find);
    if (!target) throw new Error('Call needs a function of a contract in the Contracts view');
    const { deployment: d, fn } = target;
    const shown = mode === 'read' ? 'read' : 'simulate';
    const title = `${VERB[mode]} ${d.name}.${fn.item.name} on ${d.network}`;
    const args = target.args ?? (await askArguments(fn.item, title, d.network, provider.outcomeOf(d, shown, fn)?.args));
    if (args === undefined) return undefined;
    // A write depends on who sends it (an owner-only function): asked unless given.
    const from = target.from ?? (mode === 'read' || target.args ? undefined : await askSender(title, senders));
    if (from === null) return undefined;
    const block = at ? await blockOfMoment(parts.calls, target.at, d, title) : undefined;
    if (block === null) return undefined;
    const outcome = await vscode.window.withProgress(
      { location: { viewId: 'ledgerLens.deployments' }, title },
      async () =>
        runCall(parts.calls, d, fn, args, mode, {
          ...(from !== undefined && from !== '' ? { from } : {}),
          ...(block !== undefined ? { block } : {}),
          ...(await units(d, fn.item)),
        }),
    );
    provider.setOutcome(d, shown, fn, outcome);
    const node = provider.nodeOf(d.key);
    if (node && treeView.visible) {
      const row = new FunctionNode(new GroupNode(node, shown), fn, shown, outcome);
      await Promise.resolve(treeView.reveal(row, { select: true, focus: false, expand: true })).catch(() => undefined);
    }
    return outcome;
  }

  return [
    host.registerCommand('ledgerLens.refreshDeployments', async () => {
      state.reset();
      history.reset();
      await discovery.refresh();
    }),
    host.registerCommand('ledgerLens.callFunction', arg => run(arg, 'read')),
    host.registerCommand('ledgerLens.callFunctionAt', arg => run(arg, 'read', true)),
    host.registerCommand('ledgerLens.simulateFunction', arg => run(arg, 'simulate')),
    host.registerCommand('ledgerLens.estimateFunction', arg => run(arg, 'estimate')),
    host.registerCommand('ledgerLens.openDeploymentRecord', arg => openRecord(arg)),
    host.registerCommand('ledgerLens.revealDeployment', async arg => {
      const node = nodeOfKey(arg);
      await treeView.reveal(node, { select: true, focus: true, expand: true });
      return node.deployment.key;
    }),
    host.registerCommand('ledgerLens.showDeploymentHistory', async arg => {
      const group = new GroupNode(nodeOfKey(arg), 'history');
      await treeView.reveal(group, { select: true, focus: true, expand: true });
    }),
    host.registerCommand('ledgerLens.loadMoreDeploymentHistory', arg => history.loadMore(arg)),
    host.registerCommand('ledgerLens.retryDeploymentState', arg => state.retry(arg)),
    host.registerCommand('ledgerLens.compareDeploymentState', async arg => {
      if (!(arg instanceof GroupNode) || arg.group !== 'state')
        throw new Error('Compare needs the State row of a contract');
      const moment = await vscode.window.showInputBox({
        title: `Compare ${arg.deployment.name}'s state with an earlier moment`,
        prompt: 'A consensus timestamp (1700000000.123456789) or a date and time (2026-11-27T10:00:00Z)',
        ignoreFocusOut: true,
      });
      return moment === undefined ? undefined : state.compareAsOf(arg, moment);
    }),
    host.registerCommand('ledgerLens.copyDeploymentValue', async arg => {
      const text =
        arg !== null && typeof arg === 'object' && 'copyText' in arg && typeof arg.copyText === 'string'
          ? arg.copyText
          : undefined;
      if (text === undefined) throw new Error('Copy value needs a value row of the Contracts view');
      await vscode.env.clipboard.writeText(text);
      vscode.window.setStatusBarMessage('Copied', 3000);
      return text;
    }),
    host.registerCommand('ledgerLens.findDeploymentsInCode', async () => {
      const found = await findInCode(parts.inCode);
      if (found === undefined) return undefined;
      discovery.setFoundInCode(found.deployments);
      void notify('information', found.summary);
      return found.deployments.length;
    }),
  ];
}

/** The block of the moment given (or asked); null when the user cancelled. */
async function blockOfMoment(
  calls: CallDeps,
  given: string | undefined,
  d: KnownDeployment,
  title: string,
): Promise<bigint | null> {
  const text =
    given ??
    (await vscode.window.showInputBox({
      title: `${title} · at a moment`,
      prompt: 'A consensus timestamp (1700000000.123456789) or a date and time (2026-11-27T10:00:00Z)',
      ignoreFocusOut: true,
      validateInput: value => {
        const moment = parseMoment(value);
        return moment.ok ? undefined : moment.message;
      },
    }));
  if (text === undefined) return null;
  const moment = parseMoment(text);
  if (!moment.ok) throw new Error(moment.message);
  return blockAt(calls.clientFor(d.network), moment.timestamp);
}

/**
 * Who a simulation or estimate is sent as: an id or EVM address, empty for none (the zero
 * address), or null when cancelled. The last one given for the same title is offered again.
 */
async function askSender(title: string, last: Map<string, string>): Promise<string | undefined | null> {
  const text = await vscode.window.showInputBox({
    title: `${title} · sender`,
    prompt: 'Sent as: an account id (0.0.1234) or EVM address; empty for no sender',
    value: last.get(title) ?? '',
    ignoreFocusOut: true,
    validateInput: value => {
      const v = value.trim();
      return v === '' || addressForms(v).evmAddress !== undefined ? undefined : 'Not a 0.0.x id or a 0x EVM address';
    },
  });
  if (text === undefined) return null;
  last.set(title, text.trim());
  return text.trim();
}

function functionTarget(arg: unknown, find: (key: unknown) => KnownDeployment | undefined): FunctionTarget | undefined {
  if (arg instanceof FunctionNode) return { deployment: arg.deployment, fn: arg.fn };
  if (arg === null || typeof arg !== 'object' || !('key' in arg) || !('signature' in arg)) return undefined;
  const deployment = find(arg.key);
  const fn = deployment?.contract?.functions.find(f => f.signature === arg.signature);
  if (!deployment || !fn) return undefined;
  const args =
    'args' in arg && Array.isArray(arg.args) && arg.args.every(a => typeof a === 'string') ? arg.args : undefined;
  const from = 'from' in arg && typeof arg.from === 'string' ? arg.from : undefined;
  const at = 'at' in arg && typeof arg.at === 'string' ? arg.at : undefined;
  return {
    deployment,
    fn,
    ...(args ? { args } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(at !== undefined ? { at } : {}),
  };
}

async function openRecord(arg: unknown): Promise<void> {
  const file =
    arg !== null && typeof arg === 'object' && 'file' in arg && typeof arg.file === 'string' ? arg.file : undefined;
  const line =
    arg !== null && typeof arg === 'object' && 'line' in arg && typeof arg.line === 'number' ? arg.line : undefined;
  if (file === undefined) throw new Error('Open needs a deployment record');
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uri = vscode.Uri.joinPath(folder.uri, file);
    const exists = await vscode.workspace.fs.stat(uri).then(
      () => true,
      () => false,
    );
    if (!exists) continue;
    const at = line !== undefined ? new vscode.Position(Math.max(0, line - 1), 0) : undefined;
    await vscode.window.showTextDocument(uri, at ? { selection: new vscode.Range(at, at) } : {});
    return;
  }
  throw new Error(`${file} is not in the workspace any more`);
}
