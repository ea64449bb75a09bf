// Foundry's record: broadcast/<Script>.s.sol/<chain id>/run-latest.json, the last run of a
// script on that chain: `transactions` (each with `hash`, `transactionType` CREATE, CREATE2 or
// CALL, `contractName`, `contractAddress`, the transaction with its bytecode, and
// `additionalContracts` it created along the way), `receipts` (with `status`), `timestamp` (seconds;
// milliseconds in some versions) and `chain`. A creation with no hash was never sent, one whose
// receipt says status 0 failed: neither is listed. Pure.
import type { Network } from '../ledger/networks';
import type { JsonKey, JsonSelection } from '../source/jsonStream';
import { MAX_DEPLOYMENTS_PER_RECORD, ProblemList, type RecordOutcome, type RecordReader } from './recordParse';
import type { FoundDeployment } from './types';
import { chainIdFromNumber, evmAddressOf, isContractName, quoted, shownText, transactionHashOf } from './values';

const TRANSACTION_TAKEN = new Set(['hash', 'transactionType', 'contractName', 'contractAddress']);
const CREATED_TAKEN = new Set(['transactionType', 'address', 'contractName']);
const RECEIPT_TAKEN = new Set(['transactionHash', 'status']);
const CREATES = new Set(['CREATE', 'CREATE2']);
/** A timestamp above this is in milliseconds (it would be the year 5138 in seconds). */
const MILLISECONDS_FROM = 100_000_000_000;

type Fields = Map<string, unknown>;

interface Transaction {
  readonly fields: Fields;
  readonly created: Map<number, Fields>;
}

function put(fields: Fields, key: string, value: unknown, problems: ProblemList, where: string): void {
  if (fields.has(key)) problems.add(`${where} has ${quoted(key)} twice: the last is used`);
  fields.set(key, value);
}

export class FoundryBroadcastReader implements RecordReader {
  readonly maxValueBytes = 64 * 1024;
  private readonly transactions = new Map<number, Transaction>();
  private readonly receipts = new Map<number, Fields>();
  private readonly top = new Map<string, unknown>();
  private readonly problems = new ProblemList();
  private sawTransactions = false;
  private transactionsNotList = false;
  private overflow = 0;

  constructor(
    private readonly file: string,
    private readonly network: Network,
    private readonly folderChainId: number,
  ) {}

  select(path: readonly JsonKey[]): JsonSelection {
    const [top, index, key, inner, innerKey] = path;
    if (path.length === 0) return 'enter';
    if (path.length === 1) {
      if (top === 'transactions') this.sawTransactions = true;
      if (top === 'transactions' || top === 'receipts') return 'enter';
      return top === 'chain' || top === 'timestamp' ? 'take' : 'skip';
    }
    if (typeof index !== 'number') {
      if (top === 'transactions') this.transactionsNotList = true;
      return 'skip';
    }
    if (index >= MAX_DEPLOYMENTS_PER_RECORD) {
      if (path.length === 2 && top === 'transactions') this.overflow++;
      return 'skip';
    }
    if (path.length === 2) return 'enter';
    if (top === 'receipts') return path.length === 3 && RECEIPT_TAKEN.has(key as string) ? 'take' : 'skip';
    if (path.length === 3) {
      if (key === 'additionalContracts') return 'enter';
      return TRANSACTION_TAKEN.has(key as string) ? 'take' : 'skip';
    }
    if (key !== 'additionalContracts' || typeof inner !== 'number' || inner >= MAX_DEPLOYMENTS_PER_RECORD)
      return 'skip';
    if (path.length === 4) return 'enter';
    return path.length === 5 && CREATED_TAKEN.has(innerKey as string) ? 'take' : 'skip';
  }

  onValue(path: readonly JsonKey[], value: unknown): void {
    const [top, index, key, inner, innerKey] = path;
    if (path.length === 1) return put(this.top, top as string, value, this.problems, 'the record');
    const i = index as number;
    if (top === 'receipts') {
      const receipt = this.receipts.get(i) ?? new Map<string, unknown>();
      this.receipts.set(i, receipt);
      return put(receipt, key as string, value, this.problems, `receipt ${i}`);
    }
    const transaction: Transaction = this.transactions.get(i) ?? {
      fields: new Map<string, unknown>(),
      created: new Map<number, Fields>(),
    };
    this.transactions.set(i, transaction);
    if (path.length === 3) return put(transaction.fields, key as string, value, this.problems, `transaction ${i}`);
    const created = transaction.created.get(inner as number) ?? new Map<string, unknown>();
    transaction.created.set(inner as number, created);
    put(created, innerKey as string, value, this.problems, `transaction ${i}'s created contract ${String(inner)}`);
  }

  finish(): RecordOutcome {
    if (!this.sawTransactions || this.transactionsNotList) {
      this.problems.add(
        'not a Foundry broadcast: it has no `transactions` list (another tool’s file, or another version of the format?)',
      );
      return { deployments: [], problems: this.problems.done() };
    }
    this.checkChain();
    const failed = this.failedHashes();
    const deployments: FoundDeployment[] = [];
    let unsent = 0;
    let failures = 0;
    for (const [, transaction] of [...this.transactions].sort((a, b) => a[0] - b[0])) {
      const { fields } = transaction;
      const creates = CREATES.has(fields.get('transactionType') as string);
      if (!creates && transaction.created.size === 0) continue;
      const hash = transactionHashOf(fields.get('hash'));
      if (hash === undefined) unsent++;
      else if (failed.has(hash)) failures++;
      else deployments.push(...this.deploymentsOf(transaction, creates, hash));
    }
    if (unsent > 0)
      this.problems.add(`${unsent} transactions creating contracts were never sent (no hash): not listed`);
    if (failures > 0)
      this.problems.add(`${failures} transactions creating contracts failed (receipt status 0): not listed`);
    if (this.overflow > 0)
      this.problems.add(
        `more than ${MAX_DEPLOYMENTS_PER_RECORD.toLocaleString('en-US')} transactions: ${this.overflow} are not read`,
      );
    return { deployments: deployments.slice(0, MAX_DEPLOYMENTS_PER_RECORD), problems: this.problems.done() };
  }

  private checkChain(): void {
    const written = this.top.get('chain');
    if (written === undefined) return;
    const chain = chainIdFromNumber(written);
    if (chain !== BigInt(this.folderChainId))
      this.problems.add(
        `its \`chain\` (${quoted(written)}) differs from its folder's chain id (${this.folderChainId}): the folder's is used`,
      );
  }

  private failedHashes(): Set<string> {
    const failed = new Set<string>();
    for (const receipt of this.receipts.values()) {
      const status = receipt.get('status');
      const hash = transactionHashOf(receipt.get('transactionHash'));
      if (hash !== undefined && (status === '0x0' || status === 0 || status === false)) failed.add(hash);
    }
    return failed;
  }

  private deploymentsOf(transaction: Transaction, creates: boolean, hash: string): FoundDeployment[] {
    const out: FoundDeployment[] = [];
    const name = transaction.fields.get('contractName');
    if (creates) {
      const made = this.deployment(transaction.fields.get('contractAddress'), name, hash, 'contractAddress');
      if (made) out.push(made);
    }
    for (const [, created] of [...transaction.created].sort((a, b) => a[0] - b[0])) {
      if (!CREATES.has(created.get('transactionType') as string)) continue;
      const own = created.get('contractName');
      const label = isContractName(own) ? own : `created by ${isContractName(name) ? name : 'a transaction'}`;
      const made = this.deployment(created.get('address'), own, hash, 'address', label);
      if (made) out.push(made);
    }
    return out;
  }

  private deployment(
    written: unknown,
    name: unknown,
    hash: string,
    field: string,
    label?: string,
  ): FoundDeployment | undefined {
    const address = evmAddressOf(written);
    if (address === undefined) {
      this.problems.add(`a creation's \`${field}\` ${quoted(written)} is not an EVM address`);
      return undefined;
    }
    const contractName = isContractName(name) ? name : undefined;
    if (typeof name === 'string' && name !== '' && contractName === undefined)
      this.problems.add(`${quoted(name)} is not a contract name: the contract at ${address} is listed without it`);
    const deployedAt = this.deployedAt();
    return {
      network: this.network,
      address,
      label:
        label ?? contractName ?? (typeof name === 'string' && name !== '' ? shownText(name) : 'a created contract'),
      ...(contractName !== undefined ? { artifact: { contractName } } : {}),
      source: { tool: 'foundry', file: this.file },
      transactionHash: hash,
      ...(deployedAt !== undefined ? { deployedAt } : {}),
    };
  }

  private deployedAt(): number | undefined {
    const t = this.top.get('timestamp');
    if (typeof t !== 'number' || !Number.isSafeInteger(t) || t <= 0) return undefined;
    return t >= MILLISECONDS_FROM ? Math.floor(t / 1000) : t;
  }
}
