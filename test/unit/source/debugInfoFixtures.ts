// Real compiler output for the debug-information tests: a small project compiled by solc-js (cached
// in os.tmpdir() by test/support/solcCompile.ts) with the storage layout and both codes' maps, with
// a linked library (a placeholder in both codes), an immutable, a constructor with arguments, a
// modifier and generated (Yul) sources; written as a Hardhat 2 build-info and as Foundry's out/.
// And a real EVM (@ethereumjs/evm) that deploys it and runs a call, recording the pc of every step,
// so the tests map real pcs, not made-up ones.
import * as crypto from 'crypto';
import * as path from 'path';
import type * as EvmLib from '@ethereumjs/evm';
import type * as CommonLib from '@ethereumjs/common';
import type * as StateLib from '@ethereumjs/statemanager';
import type * as UtilLib from '@ethereumjs/util';
import { compileStandard, solcVersion, type StandardInput } from '../../support/solcCompile';
import type { TempWorkspace } from './buildInfoFixtures';

export const LEDGER_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Linked: its public function is called with DELEGATECALL.
library Fees {
    function feeOf(uint256 amount, uint16 bps) public pure returns (uint256) {
        return (amount * bps) / 10_000;
    }
}

abstract contract Guarded {
    address internal guardian;

    modifier onlyGuardian() {
        require(msg.sender == guardian, "not the guardian");
        _;
    }
}

/// Storage of every kind the layout describes; "état" makes byte and character offsets differ.
contract Ledger is Guarded {
    struct Entry {
        address who;
        uint96 amount;
        bytes note;
    }

    uint16 public immutable feeBps;
    uint128 private total;
    uint64 private count;
    mapping(address => Entry) private entries;
    Entry[] private history;
    string public name;

    constructor(uint16 feeBps_, string memory name_) {
        feeBps = feeBps_;
        name = name_;
        guardian = msg.sender;
    }

    function record(uint96 amount, bytes calldata note) external onlyGuardian returns (uint256 fee) {
        fee = Fees.feeOf(amount, feeBps);
        entries[msg.sender] = Entry(msg.sender, amount, note);
        history.push(entries[msg.sender]);
        total += uint128(amount - fee);
        count += 1;
    }
}
`;

export const LEDGER = 'contracts/Ledger.sol';

/** What the tests ask solc for: both codes with their maps and generated sources, the layout, the AST. */
const OUTPUT_SELECTION = {
  '*': {
    '*': ['abi', 'evm.bytecode', 'evm.deployedBytecode', 'evm.methodIdentifiers', 'metadata', 'storageLayout'],
    '': ['ast'],
  },
};

type Json = Record<string, unknown>;

export interface DebugCompiled {
  readonly input: StandardInput;
  readonly output: {
    contracts: Record<string, Record<string, Json>>;
    sources: Record<string, { id: number; ast?: unknown }>;
  };
}

export interface CodeOutput {
  object: string;
  sourceMap: string;
  generatedSources: { id: number; name: string; contents: string }[];
  immutableReferences?: Record<string, { start: number; length: number }[]>;
}

/** The Ledger project compiled (legacy code generation, or through Yul with `viaIR`). */
export function compileLedger(viaIR = false): DebugCompiled {
  const input: StandardInput = {
    language: 'Solidity',
    sources: { [LEDGER]: { content: LEDGER_SOL } },
    settings: {
      optimizer: { enabled: viaIR, runs: 200 },
      ...(viaIR ? { viaIR: true } : {}),
      outputSelection: OUTPUT_SELECTION,
    },
  };
  return { input, output: compileStandard(input) as unknown as DebugCompiled['output'] };
}

export function codeOf(compiled: DebugCompiled, name: string, kind: 'deployed' | 'creation'): CodeOutput {
  const evm = compiled.output.contracts[LEDGER][name].evm as Record<string, CodeOutput>;
  return evm[kind === 'deployed' ? 'deployedBytecode' : 'bytecode'];
}

/** Hardhat 2: artifacts/build-info/<id>.json with the input (the texts) and the output. */
export function writeBuildInfo(ws: TempWorkspace, compiled: DebugCompiled, name = 'ledger'): string {
  const longVersion = solcVersion().replace(/\.Emscripten.*$/, '');
  return ws.write(`artifacts/build-info/${name}.json`, {
    _format: 'hh-sol-build-info-1',
    id: name,
    solcVersion: longVersion.replace(/\+.*$/, ''),
    solcLongVersion: longVersion,
    input: compiled.input,
    output: compiled.output,
  });
}

/** Foundry: out/Ledger.sol/<Name>.json per contract, with `storageLayout` (extra_output) and no texts. */
export function writeFoundryLedger(ws: TempWorkspace, compiled: DebugCompiled, project = 'foundry'): string[] {
  const unit = compiled.output.sources[LEDGER];
  ws.write(`${project}/${LEDGER}`, LEDGER_SOL);
  return Object.entries(compiled.output.contracts[LEDGER]).map(([name, c]) => {
    const evm = c.evm as { bytecode: CodeOutput; deployedBytecode: CodeOutput; methodIdentifiers: Json };
    const strip = ({ object, sourceMap, immutableReferences }: CodeOutput) => ({
      object: `0x${object}`,
      sourceMap,
      linkReferences: {},
      ...(immutableReferences ? { immutableReferences } : {}),
    });
    return ws.write(`${project}/out/${path.posix.basename(LEDGER)}/${name}.json`, {
      abi: c.abi,
      bytecode: strip(evm.bytecode),
      deployedBytecode: strip(evm.deployedBytecode),
      methodIdentifiers: evm.methodIdentifiers,
      storageLayout: c.storageLayout,
      rawMetadata: c.metadata,
      metadata: JSON.parse(c.metadata as string) as Json,
      id: unit.id,
      ast: unit.ast,
    });
  });
}

/** `code` with every library placeholder replaced by `address` (hex, no 0x). */
export function linked(code: string, address: string): string {
  return code.replace(/__\$[0-9a-f]{34}\$__/g, address.replace(/^0x/, '').toLowerCase());
}

/** `code` (no 0x) with its CBOR metadata's hash changed: another compile of the same source. */
export function otherMetadata(code: string): string {
  const tag = 'a2646970667358221220';
  const at = code.lastIndexOf(tag);
  if (at < 0) throw new Error('no metadata in the code');
  const hashAt = at + tag.length;
  return `${code.slice(0, hashAt)}${'ab'.repeat(32)}${code.slice(hashAt + 64)}`;
}

// --- a real EVM -----------------------------------------------------------------------------

/** One step the EVM ran: its pc, depth and the address whose code ran. */
export interface RanStep {
  readonly pc: number;
  readonly depth: number;
  readonly codeAddress: string;
  readonly opcode: string;
}

export interface Ran {
  readonly steps: readonly RanStep[];
  readonly createdAddress?: string;
  readonly error?: string;
  readonly returnValue: string;
}

// The @ethereumjs packages are ES modules only: a Function body keeps its `import()` a real dynamic
// import in these CommonJS-compiled tests (as test/support/evmTraces.ts loads them).
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

/** An EVM with one funded sender: deploys initcode, calls, records every step. */
export class TestChain {
  private constructor(
    private readonly evm: EvmLib.EVM,
    private readonly util: typeof UtilLib,
    private readonly sender: UtilLib.Address,
  ) {}

  static async start(): Promise<TestChain> {
    const [evmLib, common, state, util] = (await Promise.all([
      importModule('@ethereumjs/evm'),
      importModule('@ethereumjs/common'),
      importModule('@ethereumjs/statemanager'),
      importModule('@ethereumjs/util'),
    ])) as [typeof EvmLib, typeof CommonLib, typeof StateLib, typeof UtilLib];
    const evm = new evmLib.EVM({
      common: new common.Common({ chain: common.Mainnet, hardfork: common.Hardfork.Cancun }),
      stateManager: new state.SimpleStateManager(),
      blockchain: new evmLib.EVMMockBlockchain(),
      bn254: new evmLib.NobleBN254(),
    });
    const sender = util.createAddressFromString(
      `0x${crypto.createHash('sha256').update('sender').digest('hex').slice(0, 40)}`,
    );
    return new TestChain(evm, util, sender);
  }

  /** Runs a create (`to` undefined) or a call, recording each step. */
  async run(data: string, to?: string): Promise<Ran> {
    const steps: RanStep[] = [];
    const onStep = (s: EvmLib.InterpreterStep) =>
      steps.push({
        pc: s.pc,
        depth: s.depth,
        codeAddress: (s.codeAddress ?? s.address).toString(),
        opcode: s.opcode.name,
      });
    this.evm.events.on('step', onStep);
    try {
      const result = await this.evm.runCall({
        caller: this.sender,
        ...(to !== undefined ? { to: this.util.createAddressFromString(to) } : {}),
        data: this.util.hexToBytes(data.startsWith('0x') ? (data as `0x${string}`) : `0x${data}`),
        gasLimit: 15_000_000n,
        value: 0n,
      });
      const error = result.execResult.exceptionError?.error;
      return {
        steps,
        ...(result.createdAddress ? { createdAddress: result.createdAddress.toString() } : {}),
        ...(error !== undefined ? { error } : {}),
        returnValue: Buffer.from(result.execResult.returnValue).toString('hex'),
      };
    } finally {
      this.evm.events.off('step', onStep);
    }
  }

  /** The code an address holds (hex, no 0x). */
  async code(address: string): Promise<string> {
    const bytes = await this.evm.stateManager.getCode(this.util.createAddressFromString(address));
    return Buffer.from(bytes).toString('hex');
  }

  get senderAddress(): string {
    return this.sender.toString();
  }
}
