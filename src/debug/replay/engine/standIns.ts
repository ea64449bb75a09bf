// The calls a replay cannot run: Hedera's system contracts (they run in the node) and HTS tokens'
// own addresses (HIP-719 facades the node answers). Each is an EVM precompile here that answers
// with the record: the next unused recorded call to that address, its output, its gas, a revert
// when the recorded frame failed. No record left, or one without output: the replay stops there.
import { EVMError, type PrecompileInput } from '@ethereumjs/evm';
import type { ExecResult } from '@ethereumjs/evm';
import type { EvmAddress, RecordedCall, ReplayInput } from '../types';
import { SYSTEM_CONTRACTS } from './hedera';
import { bytesOfHex, ReplayStop } from './words';

export type StandInFunction = (input: PrecompileInput) => ExecResult;

export interface StandInHooks {
  /** The entry of the instruction that made the call (for the stop's words). */
  callEntry(): number | undefined;
  /** The call was answered from the record: its frame is marked so. */
  answered(call: RecordedCall): void;
}

export class StandIns {
  private readonly queues = new Map<EvmAddress, RecordedCall[]>();
  private readonly tokens = new Set<EvmAddress>();
  private readonly functions = new Map<EvmAddress, StandInFunction>();

  constructor(
    input: ReplayInput,
    private readonly hooks: StandInHooks,
  ) {
    for (const call of [...input.recordedCalls].sort((a, b) => a.index - b.index)) {
      const to = call.to.toLowerCase();
      const queue = this.queues.get(to) ?? [];
      queue.push(call);
      this.queues.set(to, queue);
    }
    for (const token of input.tokenAddresses) this.tokens.add(token.toLowerCase());
  }

  isToken(address: EvmAddress): boolean {
    return this.tokens.has(address);
  }

  addToken(address: EvmAddress): void {
    this.tokens.add(address);
  }

  /** The stand-in answering calls to the address, if it is a system contract or a token. */
  at(address: EvmAddress): StandInFunction | undefined {
    if (!SYSTEM_CONTRACTS.has(address) && !this.tokens.has(address)) return undefined;
    let answer = this.functions.get(address);
    if (answer === undefined) {
      answer = input => this.answer(address, input);
      this.functions.set(address, answer);
    }
    return answer;
  }

  private describe(address: EvmAddress): string {
    return `${SYSTEM_CONTRACTS.get(address) ?? 'the token'} ${address}`;
  }

  private answer(address: EvmAddress, input: PrecompileInput): ExecResult {
    const call = this.queues.get(address)?.shift();
    const entry = this.hooks.callEntry();
    const where = entry === undefined ? '' : ` at step ${entry}`;
    if (call === undefined) {
      throw new ReplayStop(
        `the call to ${this.describe(address)}${where} has no recorded output (the record has no call left to that address)`,
      );
    }
    if (call.output === undefined) {
      throw new ReplayStop(
        `the call to ${this.describe(address)}${where} has no recorded output (action ${call.index})`,
      );
    }
    const output = bytesOfHex(call.output);
    if (output === undefined) {
      throw new ReplayStop(
        `the recorded output of the call to ${this.describe(address)}${where} (action ${call.index}) is not hex`,
      );
    }
    this.hooks.answered(call);
    if (call.gasUsed > input.gasLimit) {
      return {
        returnValue: new Uint8Array(0),
        executionGasUsed: input.gasLimit,
        exceptionError: new EVMError(EVMError.errorMessages.OUT_OF_GAS),
      };
    }
    return {
      returnValue: output,
      executionGasUsed: call.gasUsed,
      exceptionError: call.failed ? new EVMError(EVMError.errorMessages.REVERT) : undefined,
    };
  }
}
