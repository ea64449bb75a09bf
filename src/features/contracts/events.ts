// A row's detail in the contract results panel: the list endpoint carries no logs, so when a row is
// opened its result is fetched once (`GET /contracts/{id}/results/{timestamp}`: exact for child
// records too; by hash through `GET /contracts/results/{hash}` when the row names no contract),
// with the contract's runtime bytecode (to match a workspace artifact) and the metadata of the HTS
// tokens its ERC-20 amounts are in. What was fetched is kept; it is decoded again at each opening,
// so a recompiled artifact shows at once. Values are network text: the page shows them as text.
import {
  decodeContractResult,
  resultInput,
  describeOrigin,
  eventOptions,
  formatAmount,
  formatEvent,
  formatValue,
  fungibleTokens,
  peekUnits,
  tokenAmountAt,
  tokenAddresses,
  tokenIdOfAddress,
  withUnits,
  type AbiIndex,
  type DecodedContractResult,
  type EventAnswer,
  type FormatOptions,
  type UnitsOf,
} from '../../abi';
import type { ContractResultDetail, MirrorClient, TokenMetadata } from '../../mirror';
import { describeMirrorError } from '../../present/errors';
import type { ContractResultDetailText, ContractResultRow, DecodedEventText } from '../../../webview/protocol';
import { decodedCallText } from './rows';
import { revertDecoding } from '../common/revertData';
import { Lru } from '../../util/lru';
import type { TraceViews } from '../common/trace/views';
import { rowTrace } from './trace';

/** What a row's detail needs from the extension. */
export interface RowDetailDeps {
  readonly client: () => MirrorClient;
  readonly abi?: AbiIndex;
  /** The selected network's token metadata (HTS token amounts in their units). */
  readonly tokens?: () => TokenMetadata;
  readonly networkLabel: () => string;
  /** The call traces, and the selected network's name they are read on. */
  readonly traces?: TraceViews;
  readonly network?: () => string;
}

interface Fetched {
  readonly result: ContractResultDetail;
  readonly code?: string | null;
  readonly tokens?: TokenMetadata;
}

const TEXT: FormatOptions = { maxChars: 200, maxItems: 50 };

/** How many rows' fetched details are kept, least recently used first out. */
const KEPT_RESULTS = 200;

/** The fetched detail of each opened row (bounded), and the fetches under way. */
export class RowDetails {
  private readonly kept = new Lru<string, Fetched>(KEPT_RESULTS);
  private readonly pending = new Map<string, Promise<Fetched>>();

  constructor(private readonly deps: RowDetailDeps) {}

  /** The row's call and events in words; fetched the first time, decoded each time. */
  async detail(row: ContractResultRow): Promise<ContractResultDetailText> {
    const key = keyOf(row, this.deps.networkLabel());
    if (!key) return { status: 'failed', message: 'This result names neither a contract and time nor a hash.' };
    try {
      const fetched = this.kept.get(key) ?? (await this.fetchOnce(key, row));
      return this.withTrace(row, this.decode(fetched));
    } catch (error) {
      return {
        status: 'failed',
        message: describeMirrorError(error, { network: this.deps.networkLabel(), ...revertDecoding(this.deps.abi) })
          .detail,
      };
    }
  }

  /** The detail with the row's call trace as it is now (its reading starts the first time). */
  withTrace(row: ContractResultRow, detail: ContractResultDetailText): ContractResultDetailText {
    const { traces, network } = this.deps;
    if (detail.status !== 'loaded' || !traces || !network) return detail;
    return { ...detail, trace: rowTrace(traces, network(), row) };
  }

  private fetchOnce(key: string, row: ContractResultRow): Promise<Fetched> {
    const existing = this.pending.get(key);
    if (existing) return existing;
    const work = this.fetch(row).then(
      fetched => {
        this.kept.set(key, fetched);
        this.pending.delete(key);
        return fetched;
      },
      (error: unknown) => {
        this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, work);
    return work;
  }

  private async fetch(row: ContractResultRow): Promise<Fetched> {
    const client = this.deps.client();
    const result = await client.getContractResult(
      row.contractId && row.timestamp ? { contract: row.contractId, timestamp: row.timestamp } : (row.hash ?? ''),
    );
    const contract = result.contract_id ?? result.to ?? row.contractId ?? undefined;
    const code = contract
      ? await client.getContract(contract).then(
          c => c.runtime_bytecode,
          () => undefined,
        )
      : undefined;
    const tokens = this.deps.tokens?.();
    const { abi } = this.deps;
    if (abi && tokens) {
      const addresses = tokenAddresses(decodeResult(abi, { result, code }));
      await Promise.all(addresses.map(a => tokens.get(tokenIdOfAddress(a) ?? '', { priority: 3 })));
    }
    return { result, code, ...(tokens && { tokens }) };
  }

  private decode(fetched: Fetched): ContractResultDetailText {
    const { abi } = this.deps;
    const logs = fetched.result.logs ?? [];
    if (!abi) return { status: 'loaded', call: null, events: logs.map((l, i) => rawEvent(i, l.address, l)) };
    const tokens = fetched.tokens;
    const units = tokens ? peekUnits(id => tokens.peek(id)) : undefined;
    // An HTS token's calls and logs read as the built-in ERC-20 once its metadata says it is one.
    const plain = decodeResult(abi, fetched, units);
    const decoded = units ? withUnits(plain, units) : plain;
    return {
      status: 'loaded',
      call: decodedCallText(decoded),
      events: decoded.events.map((e, i) => eventText(decoded, i, logs[i]?.address ?? null, e)),
    };
  }
}

function keyOf(row: ContractResultRow, network: string): string | undefined {
  if (row.contractId && row.timestamp) return `${network}|${row.contractId}|${row.timestamp}`;
  return row.hash ? `${network}|${row.hash}` : undefined;
}

function decodeResult(
  abi: AbiIndex,
  fetched: Pick<Fetched, 'result' | 'code'>,
  units?: UnitsOf,
): DecodedContractResult {
  const r = fetched.result;
  return decodeContractResult(abi, resultInput(r), fetched.code, undefined, units && fungibleTokens(units));
}

function rawEvent(index: number, address: string | null, log: { topics: readonly string[]; data?: string | null }) {
  return {
    index,
    address,
    addressId: tokenIdOfAddress(address ?? undefined) ?? null,
    name: null,
    summary: 'not decoded: no ABIs',
    args: [],
    topics: [...log.topics],
    data: log.data ?? null,
    contract: null,
  } satisfies DecodedEventText;
}

/** One decoded log in words: its name and each argument, or its raw topics and data with the reason. */
export function eventText(
  decoded: DecodedContractResult,
  index: number,
  address: string | null,
  answer: EventAnswer,
): DecodedEventText {
  const opts = eventOptions(decoded, index, TEXT);
  const base = { index, address, addressId: tokenIdOfAddress(address ?? undefined) ?? null };
  if (answer.kind === 'raw-log')
    return {
      ...base,
      name: null,
      summary: formatEvent(answer, opts),
      args: [],
      topics: [...answer.topics],
      data: answer.data,
      contract: null,
    };
  const [only] = answer.candidates;
  const single = answer.candidates.length === 1 ? only : undefined;
  const amount = single ? tokenAmountAt(single.signature, single.args, opts) : undefined;
  return {
    ...base,
    name: answer.candidates.map(c => c.name).join(' or '),
    summary: formatEvent(answer, opts),
    args: (single?.args ?? []).map((a, i) => ({
      name: a.name || `#${i + 1}`,
      type: a.type,
      indexed: a.indexed === true,
      value:
        amount && i === amount.at && a.value.kind === 'int'
          ? formatAmount(a.value.value, amount.units)
          : `${formatValue(a.value, TEXT)}${a.hashed ? ' (keccak-256 of the value)' : ''}`,
    })),
    topics: [],
    data: null,
    contract: single ? describeOrigin(single.origin) : null,
  };
}
