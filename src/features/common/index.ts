// Commands shared by every view: network selection, the log, copy, HashScan, and "Open as JSON".
import * as vscode from 'vscode';
import { NETWORK_INFO, formatTransactionIdAt, formatTransactionIdDash, parseTransactionId } from '../../ledger';
import type { SettingsWriter } from '../../app/config';
import type { MirrorClient } from '../../mirror';
import { NETWORKS, type LedgerLensConfig, type Network } from '../../app/settings';
import type { EntityTarget } from '../../ledger';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import { prettyJson } from './json';
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
  type Item = vscode.QuickPickItem & { network?: Network; clearCustom?: boolean };
  const items: Item[] = NETWORKS.map(network => {
    const endpoint = config.endpoints[network];
    // A mirrorNodeUrls entry is where that network is asked: said beside it.
    const own = endpoint.setting === 'mirrorNodeUrls' ? ` · asked at ${endpoint.url} (ledgerLens.mirrorNodeUrls)` : '';
    return {
      label: network,
      description: network === config.network ? '(current)' : '',
      detail: NETWORK_INFO[network].description + own,
      network,
    };
  });
  // A set mirrorNodeUrl takes every request: the network chosen here (or the code's) only labels
  // ids and checks their checksums.
  const everyRequest = config.endpoints[config.network].setting === 'mirrorNodeUrl';
  if (everyRequest) {
    items.push(
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      {
        label: '$(close) Stop using the custom mirror node URL',
        detail: `Every request goes to ${config.mirrorBaseUrl} (ledgerLens.mirrorNodeUrl), whatever the network; the network only names ids and checks their checksums`,
        clearCustom: true,
      },
    );
  }
  const pick = await vscode.window.showQuickPick(items, {
    title: 'Ledger Lens: select network',
    placeHolder: `Current: ${config.network}${everyRequest ? `, every request to ${config.mirrorBaseUrl}` : config.customMirror ? ` via ${config.mirrorBaseUrl}` : ''}`,
  });
  if (!pick) return undefined;
  if (pick.clearCustom) {
    await inputs.config.update('mirrorNodeUrl', undefined);
    return config.network;
  }
  if (pick.network && pick.network !== config.network) await inputs.config.update('network', pick.network);
  return pick.network;
}
