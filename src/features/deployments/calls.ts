// Calling a deployed contract's functions through the mirror node (`POST /api/v1/contracts/call`):
// the arguments asked one by one and checked against their ABI types as they are typed (nothing is
// sent until every one fits), then a read call, a simulation (`estimate: false`: would it revert?)
// or a gas estimate (`estimate: true`, in gas and, with `/network/fees` and the exchange rate, in ℏ
// and dollars). Answers become the rows under the function; a revert is decoded with the workspace's
// custom errors. Nothing here sends a transaction.
import * as vscode from 'vscode';
import {
  formatRevert,
  formatValue,
  formatAmount,
  decodeResult,
  type AbiFunction,
  type AbiIndex,
  type IndexedItem,
  type NamedValue,
  type TokenUnits,
} from '../../abi';
import { argumentHint, encodeCallFromText, parseArgument } from '../../abi/callArgs';
import type { ContractCallRequest, MirrorClient } from '../../mirror';
import type { ExchangeRates } from '../../mirror/rates';
import { approxUsd, describeMirrorError, hbar } from '../../present';
import type { Network } from '../../ledger/networks';
import type { CallOutcome } from './nodes';
import { addressForms, type KnownDeployment } from './model';

/** Most characters of one answer row kept (a huge string result is cut, in words). */
const MAX_VALUE_CHARS = 20_000;
/** The gas a read or simulation may use on the public mirror nodes (their limit). */
export const CALL_GAS = 15_000_000;

export interface CallDeps {
  readonly clientFor: (network: Network) => MirrorClient;
  readonly abi: () => AbiIndex;
  readonly ratesFor: (network: Network) => ExchangeRates | undefined;
}

export type CallMode = 'read' | 'simulate' | 'estimate';

/**
 * Asks for each argument in an input box that checks the text against the parameter's type as it
 * is typed. Undefined when the user cancels any of them.
 */
export async function askArguments(
  fn: AbiFunction,
  title: string,
  network: Network,
  previous: readonly string[] = [],
): Promise<string[] | undefined> {
  const texts: string[] = [];
  for (const [i, param] of fn.inputs.entries()) {
    const text = await vscode.window.showInputBox({
      title: `${title} · ${i + 1}/${fn.inputs.length}`,
      prompt: `${param.name || `argument ${i + 1}`} · ${argumentHint(param)}`,
      value: previous[i] ?? '',
      ignoreFocusOut: true,
      validateInput: value => {
        const answer = parseArgument(param, value, { network });
        return answer.ok ? undefined : answer.message;
      },
    });
    if (text === undefined) return undefined;
    texts.push(text);
  }
  return texts;
}

/** Runs one call and says what came back, as rows; failures are an outcome too (never thrown). */
export async function runCall(
  deps: CallDeps,
  deployment: KnownDeployment,
  fn: IndexedItem<AbiFunction>,
  texts: readonly string[],
  mode: CallMode,
  options: {
    readonly from?: string;
    readonly signal?: AbortSignal;
    readonly units?: TokenUnits;
    /** The block whose state the call runs on (a moment the user picked); default the latest. */
    readonly block?: bigint;
  } = {},
): Promise<CallOutcome> {
  const at = Date.now();
  const encoded = encodeCallFromText(fn.item, texts, { network: deployment.network });
  if (!encoded.ok) return failed(encoded.message, texts, at);
  const from = options.from !== undefined ? addressForms(options.from).evmAddress : undefined;
  if (options.from !== undefined && from === undefined)
    return failed(`The sender is not a 0.0.x id or an EVM address: ${options.from.slice(0, 80)}`, texts, at);
  const request: ContractCallRequest = {
    to: deployment.evmAddress,
    data: encoded.data,
    gas: CALL_GAS,
    estimate: mode === 'estimate',
    block: options.block ?? 'latest',
    ...(from !== undefined ? { from } : {}),
  };
  const client = deps.clientFor(deployment.network);
  try {
    const answer = await client.callContract(request, { signal: options.signal, priority: 'interactive' });
    if (answer.kind === 'revert') return reverted(deps, deployment, answer, texts, at);
    if (mode === 'estimate') return await estimated(deps, deployment.network, answer.result, texts, at, options.signal);
    const outcome = decoded(fn.item, answer.result, texts, at, options.units);
    return options.block === undefined
      ? outcome
      : { ...outcome, summary: `${outcome.summary} (at block ${options.block})` };
  } catch (error) {
    return failed(describeMirrorError(error, { network: deployment.network }).sentence, texts, at);
  }
}

function failed(message: string, args: readonly string[], at: number): CallOutcome {
  return { kind: 'failed', summary: message, lines: [{ label: 'not sent or failed', value: message }], args, at };
}

function reverted(
  deps: CallDeps,
  deployment: KnownDeployment,
  answer: { readonly data: string; readonly message: string; readonly detail?: string },
  args: readonly string[],
  at: number,
): CallOutcome {
  const index = deps.abi();
  const match = deployment.contract
    ? { kind: 'bytecode' as const, contract: deployment.contract, others: [] }
    : undefined;
  const decodedRevert =
    answer.data.length > 2 ? formatRevert(index.decodeRevert(answer.data, match), { maxChars: 400 }) : undefined;
  const reason = decodedRevert ?? (answer.detail || answer.message);
  const lines = [{ label: 'reverted', value: reason }];
  if (answer.data.length > 2) lines.push({ label: 'revert data', value: answer.data });
  return { kind: 'revert', summary: `would revert: ${reason}`, lines, args, at };
}

/** The outputs by name, exact; an amount of the contract's own token also in its units. */
export function decoded(
  fn: AbiFunction,
  result: string,
  args: readonly string[],
  at: number,
  units?: TokenUnits,
): CallOutcome {
  const answer = decodeResult(fn, result);
  if (answer.kind === 'raw') {
    return {
      kind: 'result',
      summary: `not decoded: ${answer.reason}`,
      lines: [{ label: 'raw result', value: cutValue(result) }],
      args,
      at,
    };
  }
  if (answer.kind === 'empty') return { kind: 'result', summary: '= (nothing)', lines: [], args, at };
  const lines = answer.outputs.map((o, i) => ({ label: o.name || `output ${i + 1}`, value: valueText(o, units) }));
  const summary =
    lines.length === 1 ? `= ${lines[0].value}` : `= (${lines.map(l => `${l.label}: ${l.value}`).join(', ')})`;
  return { kind: 'result', summary: summary.length > 300 ? `${summary.slice(0, 300)}…` : summary, lines, args, at };
}

function valueText(o: NamedValue, units: TokenUnits | undefined): string {
  const exact = cutValue(formatValue(o.value, { maxChars: MAX_VALUE_CHARS, maxItems: 1000 }));
  if (units && o.value.kind === 'int' && o.value.type.startsWith('uint')) {
    return `${exact} (${formatAmount(o.value.value, units)})`;
  }
  return exact;
}

function cutValue(text: string): string {
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}… (${text.length} characters)` : text;
}

/**
 * The estimate in gas, then in ℏ at the network's gas price (`/network/fees`, the ContractCall
 * fee per gas in tinybars) and in dollars at the rate in force; each part said only when known.
 */
async function estimated(
  deps: CallDeps,
  network: Network,
  result: string,
  args: readonly string[],
  at: number,
  signal: AbortSignal | undefined,
): Promise<CallOutcome> {
  let gas: bigint;
  try {
    gas = BigInt(result);
  } catch {
    return failed(`The mirror node's estimate is not a number: ${result.slice(0, 80)}`, args, at);
  }
  const lines = [{ label: 'gas', value: gas.toLocaleString('en-US') }];
  let summary = `≈ ${gas.toLocaleString('en-US')} gas`;
  try {
    const fees = await deps.clientFor(network).getNetworkFees(undefined, { signal, priority: 'interactive' });
    const perGas = fees.fees?.find(f => f.transaction_type === 'ContractCall')?.gas;
    if (typeof perGas === 'bigint' && perGas > 0n) {
      const tinybars = gas * perGas;
      lines.push({ label: 'gas price', value: `${perGas} tinybars per gas` });
      lines.push({ label: 'cost', value: hbar(tinybars) });
      summary += ` · ${hbar(tinybars)}`;
      const lookup = await deps.ratesFor(network)?.latest({ signal, priority: 'interactive' });
      if (lookup?.status === 'found') {
        const usd = approxUsd(tinybars, lookup.rate);
        if (usd !== undefined) {
          lines.push({ label: 'in dollars', value: usd });
          summary += ` ${usd}`;
        }
      }
    }
  } catch (error) {
    lines.push({ label: 'cost', value: `not known: ${describeMirrorError(error, { network }).sentence}` });
  }
  return { kind: 'estimate', summary, lines, args, at };
}

/**
 * The block a moment falls in: the newest block that closed at or before it
 * (`/api/v1/blocks?timestamp=lte:<moment>&order=desc&limit=1`). Rejects in words when none did.
 */
export async function blockAt(client: MirrorClient, timestamp: string, signal?: AbortSignal): Promise<bigint> {
  const page = await client.listBlocks(
    { timestamp: `lte:${timestamp}`, order: 'desc', limit: 1 },
    { signal, priority: 'interactive' },
  );
  const number = page.blocks?.[0]?.number;
  if (number === undefined || number === null)
    throw new Error(`No block of the network closed at or before ${timestamp}`);
  return BigInt(number);
}
