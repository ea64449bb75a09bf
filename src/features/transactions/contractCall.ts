// The "Call" and "Events" sections of a contract transaction (CONTRACTCALL, ETHEREUMTRANSACTION,
// CONTRACTCREATEINSTANCE): its contract result (GET /contracts/results/{id}, with the logs) and the
// called contract's runtime bytecode (GET /contracts/{id}) are fetched once per transaction and
// kept with it; the sections are decoded with the ABI index each time the panel is drawn, so a
// recompiled artifact changes them at the next refresh. Values are network text: the detail page
// renders fields as text (never HTML), and format.ts shows invisible characters as code points.
import {
  callLines,
  callOptions,
  decodeContractResult,
  resultInput,
  eventSummaries,
  formatResult,
  formatRevert,
  peekUnits,
  fungibleTokens,
  tokenAddresses,
  tokenIdOfAddress,
  withUnits,
  type AbiIndex,
  type DecodedContractResult,
  type UnitsOf,
} from '../../abi';
import {
  MirrorError,
  type ContractResultDetail,
  type MirrorClient,
  type TokenMetadata,
  type Transaction,
} from '../../mirror';
import type { DetailField, DetailSection } from '../../../webview/protocol';
import { Lru } from '../../util/lru';

export const CONTRACT_TYPES = new Set(['CONTRACTCALL', 'CONTRACTCREATEINSTANCE', 'ETHEREUMTRANSACTION']);

/** What was fetched for one transaction: the result, the called contract's code, its token units. */
export interface ContractCallData {
  /** Undefined for a child record the mirror node has no contract result for (not a contract call). */
  readonly result?: ContractResultDetail;
  readonly code?: string | null;
  /** The units of the HTS tokens the decoded amounts are in, once their metadata was asked. */
  readonly units?: UnitsOf;
}

/** Which contract result to fetch: the transaction's, or one of its child records' (nonce > 0). */
export interface ContractCallRequest {
  readonly transactionId: string;
  readonly nonce?: number;
  /** Decodes the result once to know which token metadata its amounts need. */
  readonly abi?: AbiIndex;
  /** The selected network's token metadata (HTS token amounts in their units). */
  readonly tokens?: TokenMetadata;
}

function is404(error: unknown): boolean {
  return error instanceof MirrorError && error.kind === 'http' && error.status === 404;
}

/** How many transactions' call data (or failure) are kept, least recently used first out. */
const KEPT_CALLS = 200;

/** Fetched data per transaction id (bounded), and the fetches under way. */
export class ContractCallCache {
  private readonly data = new Lru<string, ContractCallData | Error>(KEPT_CALLS);
  private readonly pending = new Map<string, Promise<void>>();

  get(key: string): ContractCallData | Error | undefined {
    return this.data.get(key);
  }

  /** Fetches once per key; resolves when the data (or the failure) is kept. */
  load(key: string, client: MirrorClient, request: ContractCallRequest): Promise<void> {
    const existing = this.pending.get(key);
    if (existing) return existing;
    const work = (async () => {
      try {
        this.keep(key, await fetchCallData(client, request));
      } catch (error) {
        this.keep(key, error instanceof Error ? error : new Error(String(error)));
      } finally {
        this.pending.delete(key);
      }
    })();
    this.pending.set(key, work);
    return work;
  }

  private keep(key: string, value: ContractCallData | Error): void {
    this.data.set(key, value);
  }
}

async function fetchCallData(client: MirrorClient, request: ContractCallRequest): Promise<ContractCallData> {
  const nonce = request.nonce ?? 0;
  let result: ContractResultDetail;
  try {
    result = await client.getContractResult(request.transactionId, { nonce });
  } catch (error) {
    // A child record that is not a contract call (a node-made transfer, an account creation) has none.
    if (nonce > 0 && is404(error)) return {};
    throw error;
  }
  const contract = result.contract_id ?? result.to ?? undefined;
  const code = contract
    ? await client.getContract(contract).then(
        c => c.runtime_bytecode,
        () => undefined,
      )
    : undefined;
  const { abi, tokens } = request;
  if (!abi || !tokens) return { result, code };
  // The HTS tokens whose amounts the decoded call and events carry: asked now, read at each draw.
  const addresses = tokenAddresses(decodeCallData(abi, { result, code }));
  await Promise.all(addresses.map(a => tokens.get(tokenIdOfAddress(a) ?? '', { priority: 3 })));
  return { result, code, units: peekUnits(id => tokens.peek(id)) };
}

/**
 * Whether a transaction of the panel has a contract result to decode: a contract transaction, or a
 * child record (nonce > 0) of one, such as a system-contract call the contract made.
 */
export function isContractTransaction(t: Transaction, siblings: readonly Transaction[] = []): boolean {
  if (!t.transaction_id || t.scheduled === true) return false;
  const isContractParent = (x: Transaction) =>
    !!x.name && CONTRACT_TYPES.has(x.name) && (x.nonce ?? 0n) === 0n && x.scheduled !== true;
  if ((t.nonce ?? 0n) === 0n) return isContractParent(t);
  return siblings.some(s => s.transaction_id === t.transaction_id && isContractParent(s));
}

/** Decodes what was fetched for a transaction (with its token units when they were asked). */
export function decodeCallData(index: AbiIndex, data: ContractCallData): DecodedContractResult {
  const r = data.result ?? {};
  const { units } = data;
  const decoded = decodeContractResult(index, resultInput(r), data.code, undefined, units && fungibleTokens(units));
  return units ? withUnits(decoded, units) : decoded;
}

/** What the panel hands over to draw the Call and Events sections of one transaction. */
export interface SectionsRequest {
  readonly abi: AbiIndex;
  readonly cache: ContractCallCache;
  readonly transaction: Transaction;
  /** The other transactions of the same lookup (a child's parent among them). */
  readonly siblings: readonly Transaction[];
  /** The id of the transaction's own section. */
  readonly id: string;
  readonly network: string;
  readonly selectedNetwork: string;
  readonly client: () => MirrorClient;
  readonly tokens?: () => TokenMetadata;
  /** Called once the data is fetched (the panel redraws). */
  readonly onLoaded: () => void;
}

/** The Call and Events sections of a contract transaction (or child record), fetching the first time. */
export function contractSectionsFor(o: SectionsRequest): DetailSection[] {
  const t = o.transaction;
  if (!isContractTransaction(t, o.siblings) || !t.transaction_id) return [];
  const nonce = Number(t.nonce ?? 0n);
  const key = `${o.network}|${t.transaction_id}|${nonce}`;
  const data = o.cache.get(key);
  if (data instanceof Error) return [contractNote(o.id, `could not be read: ${data.message}`)];
  if (data) return data.result ? contractSections(o.id, decodeCallData(o.abi, data)) : [];
  if (o.network !== o.selectedNetwork) return [contractNote(o.id, 'decoded only on the selected network')];
  const tokens = o.tokens?.();
  void o.cache
    .load(key, o.client(), { transactionId: t.transaction_id, nonce, abi: o.abi, ...(tokens && { tokens }) })
    .then(o.onLoaded);
  return [contractNote(o.id, 'loading…')];
}

const field = (label: string, value: string, mono = true): DetailField => ({ label, value, mono });

/** The Call and Events sections of the transaction section `id`: drawn inside it, right after its summary. */
export function contractSections(id: string, decoded: DecodedContractResult): DetailSection[] {
  const call: DetailField[] = [
    field('Contract', decoded.contract ?? 'not recognised (no workspace artifact has its bytecode)', false),
  ];
  if (decoded.call)
    for (const line of callLines(decoded.call, callOptions(decoded)))
      call.push(field(line.startsWith('  ') ? '' : 'Function', line.trim()));
  else call.push(field('Function', 'no call data (a plain transfer or a creation)', false));
  if (decoded.outputs) call.push(field('Outputs', formatResult(decoded.outputs, { maxChars: 200 })));
  if (decoded.revert) call.push(field('Error', formatRevert(decoded.revert, { maxChars: 200 })));
  if (decoded.message) call.push(field('Error', decoded.message, false));
  const events = eventSummaries(decoded, { maxChars: 200 });
  return [
    { id: `${id}-call`, title: 'Call', group: 'Contract', within: id, fields: call, tables: [], buttons: [] },
    {
      id: `${id}-events`,
      title: 'Events',
      group: 'Contract',
      within: id,
      fields: [],
      tables: [
        {
          title: `${events.length} ${events.length === 1 ? 'log' : 'logs'}`,
          columns: ['#', 'Event'],
          rows: events.map((e, i) => [
            { text: String(i), numeric: true },
            { text: e, mono: true },
          ]),
          empty: 'No logs.',
        },
      ],
      buttons: [],
    },
  ];
}

/** A section saying why the decoded sections are missing. */
export function contractNote(id: string, text: string): DetailSection {
  return {
    id: `${id}-call`,
    title: 'Call',
    group: 'Contract',
    within: id,
    fields: [field('Contract result', text, false)],
    tables: [],
    buttons: [],
  };
}
