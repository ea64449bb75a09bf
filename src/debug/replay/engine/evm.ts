// The EVM a replay runs on: @ethereumjs/evm in Cancun with the network's chain id, its state read
// from the host (readerState.ts), Hedera's block values, and the stand-ins answering calls to
// system contracts and tokens from the record (standIns.ts).
import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import {
  EVM,
  EVMMockBlockchain,
  NobleBN254,
  type EVMOpts,
  type EVMRunCallOpts,
  type Message,
  type PrecompileFunc,
} from '@ethereumjs/evm';
import { createAddressFromString, type Address, type PrefixedHexString } from '@ethereumjs/util';
import type { HederaBlockValues } from './hedera';
import { STAND_INS_START_WARM, SYSTEM_CONTRACTS } from './hedera';
import type { ReaderStateManager } from './readerState';
import type { StandIns } from './standIns';

type Block = NonNullable<EVMRunCallOpts['block']>;

/** The EVM with the stand-ins in front of its precompiles, and a token found by its code answer treated as one. */
export class ReplayEvm extends EVM {
  private standIns: StandIns | undefined;

  constructor(opts: EVMOpts, standIns: StandIns) {
    super(opts);
    this.standIns = standIns;
  }

  override getPrecompile(address: Address | PrefixedHexString): PrecompileFunc | undefined {
    const key =
      typeof address === 'string' ? `0x${address.slice(2).padStart(40, '0').toLowerCase()}` : address.toString();
    return this.standIns?.at(key) ?? super.getPrecompile(address);
  }

  /** Asks the host what the address holds before the EVM decides whether a precompile answers: a token does. */
  protected override async _loadCode(message: Message): Promise<void> {
    if (message.code === undefined) await this.stateManager.getCode(message.codeAddress);
    return super._loadCode(message);
  }
}

export function newReplayEvm(chainId: bigint, state: ReaderStateManager, standIns: StandIns): ReplayEvm {
  const common = createCustomCommon({ chainId: Number(chainId) }, Mainnet, { hardfork: Hardfork.Cancun });
  return new ReplayEvm(
    { common, stateManager: state, blockchain: new EVMMockBlockchain(), bn254: new NobleBN254() },
    standIns,
  );
}

/**
 * What the transaction starts from, as a client's transaction processing sets it: warm are the
 * sender, the contract called and Ethereum's precompiles (EIP-2929), not the coinbase.
 */
export function warmAtStart(evm: ReplayEvm, from: string, to: string, standInAddresses: readonly string[]): void {
  evm.journal.addAlwaysWarmAddress(from);
  evm.journal.addAlwaysWarmAddress(to);
  for (const precompile of evm.precompiles.keys()) evm.journal.addAlwaysWarmAddress(precompile);
  if (STAND_INS_START_WARM) {
    for (const address of [...SYSTEM_CONTRACTS.keys(), ...standInAddresses]) evm.journal.addAlwaysWarmAddress(address);
  }
}

/** Hedera's block for the EVM (hedera.ts says where each value comes from). */
export function hederaBlock(values: HederaBlockValues): Block {
  return {
    header: {
      number: values.number,
      coinbase: createAddressFromString(values.coinbase),
      timestamp: values.timestamp,
      difficulty: 0n,
      prevRandao: new Uint8Array(32),
      gasLimit: values.gasLimit,
      baseFeePerGas: 0n,
      // No blobs on Hedera and no fee market: BLOBBASEFEE answers zero, as BASEFEE does (the docs' table
      // does not name it; the test ground's reference EVM answers the same).
      getBlobGasPrice: () => 0n,
    },
  };
}
