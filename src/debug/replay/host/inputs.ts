// What a local replay starts from, read from the transaction's record: its contract result
// (`GET /contracts/results/{id}`, with `state_changes`) and its `/actions`. Every member the replay
// uses is checked here, int64 values exact (bigint), and a record the replay cannot run from is
// answered with the reason in words (a contract creation, no contract called, a missing gas limit,
// block or timestamp…). Pure.
//
// Which calls the replay answers from the record (RecordedCall) rather than running them: the
// actions whose `call_type` is PRECOMPILE or SYSTEM, those to a system contract (0x…167 to 0x…16b),
// and those to an HTS token's own address. The mirror node's `recipient_type` says only ACCOUNT or
// CONTRACT (its ContractActionViewModel: `recipientAccount ? ACCOUNT : CONTRACT`), never "token";
// what marks a token is that the node answered the call itself (`call_type` PRECOMPILE or SYSTEM)
// at a long-zero address above the reserved 0.0.0–0.0.1000, where only a token can be (the call
// trace reads tokens the same way, src/trace/store.ts).
import * as z from '../../../zod';
import type { ContractAction } from '../../../mirror/schemas';
import { parseTimestamp } from '../../../ledger/timestamp';
import type { EvmAddress, KnownSlot, RecordedCall, ReplayInput, Word } from '../types';
import { evmAddressOf, idOrAddress, isSystemContract, longZeroNum } from './addresses';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const DIGITS = /^-?\d{1,19}$/;
const HEX = /^0x[0-9a-fA-F]*$/;
const WORD_HEX = /^0x[0-9a-fA-F]{0,64}$/;
const ENTITY = /^\d{1,10}\.\d{1,10}\.\d{1,10}$/;
/** The reserved entity numbers (system accounts and contracts): no token is among them. */
const MAX_SYSTEM_NUM = 1000n;

/** An int64 as the record holds it: a bigint (the client's schemas made it), a safe number or a digit string. */
const int64 = z.pipe(
  z.unknown(),
  z.transform((value, ctx): bigint => {
    let n: bigint | undefined;
    if (typeof value === 'bigint') n = value;
    else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
    else if (typeof value === 'string' && DIGITS.test(value)) n = BigInt(value);
    if (n !== undefined && n >= INT64_MIN && n <= INT64_MAX) return n;
    ctx.issues.push({ code: 'custom', message: 'expected an integer within int64', input: value });
    return z.NEVER;
  }),
);
const hex = z.string().check(z.regex(HEX, 'expected hex (0x…)'));
const wordHex = z.string().check(z.regex(WORD_HEX, 'expected up to 64 hex digits (0x…)'));
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'expected an EVM address (0x + 40 hex digits)'));
const entityId = z.string().check(z.regex(ENTITY, 'expected an entity id (shard.realm.num)'));
const timestamp = z
  .string()
  .check(z.refine(t => /^\d{1,10}\.\d{9}$/.test(t) && parseTimestamp(t) !== undefined, 'expected seconds.nanoseconds'));
const opt = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

const StateChangeSchema = z.looseObject({
  address,
  contract_id: opt(entityId),
  slot: wordHex,
  value_read: opt(wordHex),
  value_written: opt(wordHex),
});

/** The members of a contract result the replay and its check read, each checked. */
export const RecordedResultSchema = z.looseObject({
  amount: opt(int64),
  block_number: opt(int64),
  call_result: opt(hex),
  contract_id: opt(entityId),
  created_contract_ids: opt(z.array(entityId)),
  error_message: opt(z.string()),
  failed_initcode: opt(hex),
  from: opt(address),
  function_parameters: opt(hex),
  gas_consumed: opt(int64),
  gas_limit: opt(int64),
  gas_used: opt(int64),
  result: opt(z.string()),
  state_changes: opt(z.array(StateChangeSchema)),
  status: opt(z.string()),
  timestamp: opt(timestamp),
  to: opt(address),
});

/** A contract result as the replay reads it (what compareWithRecord compares with). */
export type RecordedResult = z.output<typeof RecordedResultSchema>;

export type ReplayInputAnswer =
  | { readonly kind: 'input'; readonly input: ReplayInput; readonly record: RecordedResult }
  | { readonly kind: 'cannot'; readonly why: string };

const CHAIN_IDS: Readonly<Record<string, bigint>> = {
  mainnet: 295n,
  'mainnet-public': 295n,
  testnet: 296n,
  previewnet: 297n,
  local: 298n,
};

/** The chain id a network's EVM answers CHAINID with, or undefined for a network we do not know. */
export function chainIdOf(network: string): bigint | undefined {
  return Object.hasOwn(CHAIN_IDS, network) ? CHAIN_IDS[network] : undefined;
}

/** The contract result checked, or what is wrong with it in words. */
export function parseRecordedResult(
  contractResult: unknown,
): { readonly ok: true; readonly record: RecordedResult } | { readonly ok: false; readonly why: string } {
  const parsed = RecordedResultSchema.safeParse(contractResult);
  if (parsed.success) return { ok: true, record: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue.path.length > 0 ? `\`${issue.path.map(String).join('.')}\`` : 'the body';
  return { ok: false, why: `the contract result's ${where} is not usable (${issue.message})` };
}

/** What the replay runs, from the record, or why it cannot. */
export function replayInputOf(
  network: string,
  contractResult: unknown,
  actions: readonly ContractAction[],
): ReplayInputAnswer {
  const parsed = parseRecordedResult(contractResult);
  if (!parsed.ok) return { kind: 'cannot', why: parsed.why };
  const record = parsed.record;
  const creation = creationOf(record, actions);
  if (creation !== undefined) return { kind: 'cannot', why: creation };
  const chainId = chainIdOf(network);
  if (chainId === undefined)
    return { kind: 'cannot', why: `the chain id of the network "${network}" is not known, and CHAINID needs it` };
  const missing = missingMember(record);
  if (missing !== undefined) return { kind: 'cannot', why: missing };
  const to = record.to!.toLowerCase();
  const tokenAddresses = tokenAddressesOf(actions);
  const recordedCalls = recordedCallsOf(actions, new Set(tokenAddresses));
  if (typeof recordedCalls === 'string') return { kind: 'cannot', why: recordedCalls };
  const input: ReplayInput = {
    network,
    chainId,
    from: record.from!.toLowerCase(),
    to,
    contractId: record.contract_id ?? idOrAddress(to),
    data: record.function_parameters!.toLowerCase(),
    valueTinybar: record.amount ?? 0n,
    gasLimit: record.gas_limit!,
    blockNumber: record.block_number!,
    timestamp: record.timestamp!,
    knownSlots: knownSlotsOf(record),
    recordedCalls,
    tokenAddresses,
  };
  return { kind: 'input', input, record };
}

/** Why a record is a contract creation (not replayed), or undefined for a call. */
function creationOf(record: RecordedResult, actions: readonly ContractAction[]): string | undefined {
  const top = actions.find(a => a.call_depth === 0) ?? actions[0];
  const operation = (top?.call_operation_type ?? '').toUpperCase();
  const created =
    top?.call_type === 'CREATE' ||
    operation === 'CREATE' ||
    operation === 'CREATE2' ||
    (record.failed_initcode !== undefined && record.failed_initcode !== null && record.failed_initcode !== '0x') ||
    (record.contract_id != null && (record.created_contract_ids ?? []).includes(record.contract_id));
  if (!created) return undefined;
  const what = record.contract_id != null ? ` (${record.contract_id})` : '';
  return `the transaction created a contract${what}: a contract creation is not replayed locally, only calls`;
}

function missingMember(record: RecordedResult): string | undefined {
  if (record.to == null) return 'the contract result names no contract called (`to` is missing)';
  if (record.from == null) return 'the contract result names no sender (`from` is missing)';
  if (record.gas_limit == null) return 'the contract result has no gas limit (`gas_limit`)';
  if (record.gas_limit <= 0n) return `the contract result's gas limit ${record.gas_limit} is not above zero`;
  if (record.block_number == null)
    return 'the contract result has no block number (`block_number`), which NUMBER answers';
  if (record.block_number < 0n) return `the contract result's block number ${record.block_number} is negative`;
  if (record.timestamp == null) return 'the contract result has no consensus timestamp (`timestamp`)';
  if (record.function_parameters == null) return 'the contract result has no call data (`function_parameters`)';
  if (record.function_parameters.length % 2 !== 0)
    return "the contract result's call data has an odd number of hex digits";
  if (record.amount != null && record.amount < 0n) return `the contract result's amount ${record.amount} is negative`;
  return undefined;
}

/** `0x…` (up to 64 hex digits) as a Word: 64 lowercase hex digits, no 0x. */
export function wordOf(text: string | null | undefined): Word {
  const digits = (text ?? '0x').slice(2).toLowerCase();
  return digits.padStart(64, '0');
}

/** Each touched slot's value before the transaction (`value_read`), the last record of a slot winning. */
function knownSlotsOf(record: RecordedResult): KnownSlot[] {
  const bySlot = new Map<string, KnownSlot>();
  for (const change of record.state_changes ?? []) {
    const slot: KnownSlot = {
      address: change.address.toLowerCase(),
      slot: wordOf(change.slot),
      value: wordOf(change.value_read),
    };
    bySlot.set(`${slot.address}:${slot.slot}`, slot);
  }
  return [...bySlot.values()];
}

function answeredByNode(action: ContractAction): boolean {
  const type = (action.call_type ?? '').toUpperCase();
  return type === 'PRECOMPILE' || type === 'SYSTEM';
}

/** The long-zero addresses of the tokens the transaction called (see the header), in first-call order. */
export function tokenAddressesOf(actions: readonly ContractAction[]): EvmAddress[] {
  const tokens: EvmAddress[] = [];
  for (const action of actions) {
    const to = evmAddressOf(action.to);
    if (to === undefined || !answeredByNode(action) || tokens.includes(to)) continue;
    const num = longZeroNum(to);
    if (num !== undefined && num > MAX_SYSTEM_NUM) tokens.push(to);
  }
  return tokens;
}

/** The calls answered from the record, in `index` order; a string when one cannot be read. */
function recordedCallsOf(actions: readonly ContractAction[], tokens: ReadonlySet<string>): RecordedCall[] | string {
  const calls: RecordedCall[] = [];
  for (const [position, action] of actions.entries()) {
    const to = evmAddressOf(action.to);
    const recorded = answeredByNode(action) || (to !== undefined && (isSystemContract(to) || tokens.has(to)));
    if (!recorded) continue;
    const index = action.index ?? position;
    if (to === undefined) return `action ${index} answered by the node names no address it went to (\`to\`)`;
    const input = action.input ?? '0x';
    const output = action.result_data ?? undefined;
    if (!HEX.test(input)) return `action ${index}'s input is not hex`;
    if (output !== undefined && !HEX.test(output)) return `action ${index}'s result data is not hex`;
    const type = (action.result_data_type ?? '').toUpperCase();
    calls.push({
      index,
      to,
      kind: tokens.has(to) ? 'token' : 'system',
      input: input.toLowerCase(),
      // A halted frame returns no data: its `result_data` is the halt's name, not an output.
      output: output === undefined ? undefined : type === 'ERROR' ? '0x' : output.toLowerCase(),
      failed: type === 'REVERT_REASON' || type === 'ERROR',
      gasUsed: action.gas_used ?? 0n,
    });
  }
  return calls.sort((a, b) => a.index - b.index);
}
