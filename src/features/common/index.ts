// Commands shared by every view: network selection, the log, copy, HashScan, and "Open as JSON".
import * as vscode from 'vscode';
import { formatTransactionIdAt, formatTransactionIdDash, parseTransactionId } from '../../ledger';
import type { SettingsWriter } from '../../app/config';
import type { MirrorClient } from '../../mirror';
import type { LedgerLensConfig, Network } from '../../app/settings';
import type { EntityTarget } from '../../ledger';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import { prettyJson } from './json';
import { networkPickItems, type NetworkPickItem } from './networkPick';
import { hashscanUrl } from './links';
import { JSON_SCHEME } from './manifest';
import { targetOf } from './targets';

/** The settings the shared commands read: the network, and where each network's requests go. */
export type CommonSettings = Pick<LedgerLensConfig, 'network' | 'customMirror' | 'mirrorBaseUrl' | 'endpoints'>;

/** What the shared commands use (see the pattern in ../context.ts). */
export interface CommonInputs {
  readonly mirror: () => MirrorClient;
  readonly settings: Setting<CommonSettings>;
  /** Writes `network` and `mirrorNodeUrl` (Select network). */
  readonly config: SettingsWriter;
  readonly log: FeatureLog;
}

/** What the shared commands keep: the text of each "Open as JSON" document. */
export interface CommonFeature {
  readonly jsonDocuments: vscode.TextDocumentContentProvider;
}

export function registerCommon(host: FeatureHost, inputs: CommonInputs): vscode.Disposable {
  const documents = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.Uri>();
  const disposables: vscode.Disposable[] = [changed];
  // "Open as JSON" documents: the manifest's stand-in provider of JSON_SCHEME hands them here.
  const feature: CommonFeature = {
    jsonDocuments: {
      onDidChange: changed.event,
      provideTextDocumentContent: uri => documents.get(uri.toString()) ?? '',
    },
  };
  host.exports.features['common'] = feature;
  disposables.push(
    host.registerCommand('ledgerLens.showLog', () => inputs.log.show()),
    host.registerCommand('ledgerLens.selectNetwork', () => selectNetwork(inputs)),
    host.registerCommand('ledgerLens.copyId', async arg => {
      const target = requireTarget(arg);
      await vscode.env.clipboard.writeText(target.id);
      vscode.window.setStatusBarMessage(`Copied ${target.id}`, 3000);
      return target.id;
    }),
    host.registerCommand('ledgerLens.copyEvmAddress', async arg => {
      const target = requireTarget(arg);
      if (!target.evmAddress) throw new Error(`${target.id} has no EVM address`);
      await vscode.env.clipboard.writeText(target.evmAddress);
      vscode.window.setStatusBarMessage(`Copied ${target.evmAddress}`, 3000);
      return target.evmAddress;
    }),
    host.registerCommand('ledgerLens.copyTransactionId', async (arg, form) => {
      const target = requireTarget(arg);
      const id = parseTransactionId(target.id);
      if (target.kind !== 'transaction' || !id) throw new Error(`${target.id} is not a transaction id`);
      const forms = [
        { label: formatTransactionIdAt(id), description: 'SDK form (payer@seconds.nanos)', form: 'at' },
        { label: formatTransactionIdDash(id), description: 'mirror node form (payer-seconds-nanos)', form: 'dash' },
      ];
      const pick =
        forms.find(f => f.form === form) ??
        (await vscode.window.showQuickPick(forms, { title: 'Copy transaction id as' }));
      if (!pick) return undefined;
      await vscode.env.clipboard.writeText(pick.label);
      vscode.window.setStatusBarMessage(`Copied ${pick.label}`, 3000);
      return pick.label;
    }),
    host.registerCommand('ledgerLens.openInHashScan', async arg => {
      const target = requireTarget(arg);
      const url = hashscanUrl(inputs.settings.current, target.kind, target.id);
      if (!url) throw new Error('HashScan has no page for a mirror node whose network nothing says');
      await vscode.env.openExternal(vscode.Uri.parse(url, true));
      return url;
    }),
    host.registerCommand('ledgerLens.openAsJson', async arg => {
      const target = requireTarget(arg);
      const raw = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: `Ledger Lens: loading ${target.id}` },
        () => rawJsonOf(inputs.mirror(), target),
      );
      const network = inputs.settings.current.network;
      const uri = vscode.Uri.from({
        scheme: JSON_SCHEME,
        path: `/${network}/${target.kind}/${target.id.replace(/[^\w.@-]/g, '_')}.json`,
      });
      documents.set(uri.toString(), prettyJson(raw));
      changed.fire(uri);
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.languages.setTextDocumentLanguage(doc, 'json');
      await vscode.window.showTextDocument(doc, { preview: true });
      return uri.toString();
    }),
    vscode.workspace.onDidCloseTextDocument(doc => {
      if (doc.uri.scheme === JSON_SCHEME) documents.delete(doc.uri.toString());
    }),
  );
  return vscode.Disposable.from(...disposables);
}

function requireTarget(arg: unknown): EntityTarget {
  const target = targetOf(arg);
  if (!target) throw new Error('this command needs an account, transaction or other entity to act on');
  return target;
}

/** The response body the mirror node gave for a target (from the client's cache when fresh). */
async function rawJsonOf(client: MirrorClient, target: EntityTarget): Promise<string> {
  let result: object;
  switch (target.kind) {
    case 'account':
      result = await client.getAccount(target.id);
      break;
    case 'transaction':
      result = await client.getTransaction(target.id);
      break;
    case 'block':
      result = await client.getBlock(target.id);
      break;
    case 'contract':
      result = await client.getContract(target.id);
      break;
    case 'token':
      result = await client.getToken(target.id);
      break;
    case 'topic':
      result = await client.getTopic(target.id);
      break;
    case 'schedule':
      result = await client.getSchedule(target.id);
      break;
  }
  const raw = client.rawJson(result);
  if (raw === undefined) throw new Error(`no response body kept for ${target.id}`);
  return raw;
}

async function selectNetwork(inputs: CommonInputs): Promise<Network | undefined> {
  const config = inputs.settings.current;
  const { items, active, placeholder } = networkPickItems(config);
  type Item = vscode.QuickPickItem & NetworkPickItem;
  const shown: Item[] = items.map(i => (i.separator ? { ...i, kind: vscode.QuickPickItemKind.Separator } : i));
  const quickPick = vscode.window.createQuickPick<Item>();
  quickPick.title = 'Ledger Lens: select network';
  quickPick.placeholder = placeholder;
  quickPick.matchOnDetail = true;
  quickPick.items = shown;
  // Starts on the current network: Enter keeps it, the arrows move from where the user is.
  quickPick.activeItems = [shown[active]];
  const pick = await new Promise<Item | undefined>(resolve => {
    quickPick.onDidAccept(() => {
      resolve(quickPick.selectedItems[0] ?? quickPick.activeItems[0]);
      quickPick.hide();
    });
    quickPick.onDidHide(() => resolve(undefined));
    quickPick.show();
  });
  quickPick.dispose();
  if (!pick) return undefined;
  if (pick.clearCustom) {
    await inputs.config.update('mirrorNodeUrl', undefined);
    return config.network;
  }
  if (pick.network && pick.network !== config.network) await inputs.config.update('network', pick.network);
  return pick.network;
}
