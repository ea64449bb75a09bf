// The "Call" and "Events" sections of a contract transaction (CONTRACTCALL, ETHEREUMTRANSACTION,
// CONTRACTCREATEINSTANCE): its contract result (GET /contracts/results/{id}, with the logs) and the
// called contract's runtime bytecode (GET /contracts/{id}) are fetched once per transaction and
// kept with it; the sections are decoded with the ABI index each time the panel is drawn, so a
// recompiled artifact changes them at the next refresh. Values are network text: the detail page
// renders fields as text (never HTML), and format.ts shows invisible characters as code points.
import {
  callLines,
  decodeContractResult,
  eventSummaries,
  formatResult,
  formatRevert,
  type AbiIndex,
  type DecodedContractResult,
} from '../../abi';
import type { ContractResultDetail, MirrorClient, Transaction } from '../../mirror';
import type { DetailField, DetailSection } from '../../../webview/protocol';

export const CONTRACT_TYPES = new Set(['CONTRACTCALL', 'CONTRACTCREATEINSTANCE', 'ETHEREUMTRANSACTION']);

/** What was fetched for one transaction: the result and the called contract's code. */
export interface ContractCallData {
  readonly result: ContractResultDetail;
  readonly code?: string | null;
}

/** Fetched data per transaction id (bounded), and the fetches under way. */
export class ContractCallCache {
  private readonly data = new Map<string, ContractCallData | Error>();
  private readonly pending = new Map<string, Promise<void>>();

  get(key: string): ContractCallData | Error | undefined {
    return this.data.get(key);
  }

  /** Fetches once per key; resolves when the data (or the failure) is kept. */
  load(key: string, client: MirrorClient, transactionId: string): Promise<void> {
    const existing = this.pending.get(key);
    if (existing) return existing;
    const work = (async () => {
      try {
        const result = await client.getContractResult(transactionId);
        const contract = result.contract_id ?? result.to ?? undefined;
        const code = contract
          ? await client.getContract(contract).then(
              c => c.runtime_bytecode,
              () => undefined,
            )
          : undefined;
        this.keep(key, { result, code });
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
    if (this.data.size > 200) this.data.delete(this.data.keys().next().value ?? '');
  }
}

export function isContractTransaction(t: Transaction): boolean {
  return !!t.name && CONTRACT_TYPES.has(t.name) && !!t.transaction_id && (t.nonce ?? 0n) === 0n && t.scheduled !== true;
}

/** Decodes what was fetched for a transaction. */
export function decodeCallData(index: AbiIndex, data: ContractCallData): DecodedContractResult {
  const r = data.result;
  return decodeContractResult(
    index,
    {
      to: r.to ?? r.address ?? null,
      function_parameters: r.function_parameters ?? null,
      call_result: r.call_result ?? null,
      error_message: r.error_message ?? null,
      result: r.result ?? null,
      logs: (r.logs ?? []).map(l => ({ address: l.address, topics: l.topics, data: l.data ?? '0x' })),
    },
    data.code,
  );
}

const field = (label: string, value: string, mono = true): DetailField => ({ label, value, mono });

/** The Call and Events sections, for the transaction at `index` in the panel. */
export function contractSections(id: string, decoded: DecodedContractResult): DetailSection[] {
  const call: DetailField[] = [
    field('Contract', decoded.contract ?? 'not recognised (no workspace artifact has its bytecode)', false),
  ];
  if (decoded.call)
    for (const line of callLines(decoded.call)) call.push(field(line.startsWith('  ') ? '' : 'Function', line.trim()));
  else call.push(field('Function', 'no call data (a plain transfer or a creation)', false));
  if (decoded.outputs) call.push(field('Outputs', formatResult(decoded.outputs, { maxChars: 200 })));
  if (decoded.revert) call.push(field('Error', formatRevert(decoded.revert, { maxChars: 200 })));
  if (decoded.message) call.push(field('Error', decoded.message, false));
  const events = eventSummaries(decoded, { maxChars: 200 });
  return [
    { id: `${id}-call`, title: 'Call', group: 'Contract', fields: call, tables: [], buttons: [] },
    {
      id: `${id}-events`,
      title: 'Events',
      group: 'Contract',
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
    fields: [field('Contract result', text, false)],
    tables: [],
    buttons: [],
  };
}
