// The sample's proxy and library as compiled (test/tools/make-abi-fixtures.mjs), linked and run
// (test/support/evmSample.ts, evmScenarios.ts): the Hardhat artifacts keep the library's
// placeholder where solc put it, the proxy's creation code is linked with the deployed library's
// address there, the `/actions` records of the calls through the proxy are Hedera's (a DELEGATECALL's
// recipient is the code's contract, and the calls that code makes come from it), and the
// instructions that ran agree with solc's own legacy assembly of the same compilation.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  encodeAbiParameters,
  encodeErrorResult,
  encodeEventTopics,
  encodeFunctionData,
  encodeFunctionResult,
  keccak256,
  parseAbi,
  stringToHex,
  toEventSelector,
} from 'viem';
import { executedPcs, opcodesOf } from '../../support/evmOpcodes';
import { linkBytecode, sampleLegacyAssembly, type SampleBuild } from '../../support/evmSample';
import {
  evmTraces,
  LIBRARY_ID,
  longZeroAddress,
  PAYER_ID,
  PROXY_ID,
  readSampleBuild,
  TOKEN_ID,
  VAULT_ID,
  type EvmScenario,
  type EvmTraces,
} from '../../support/evmTraces';
import { projectRoot } from '../../support/paths';
import type { LegacyAssemblyItem, StandardOutput } from '../../support/solcCompile';

const HARDHAT = path.join(projectRoot(), 'test', 'workspace', 'hardhat-sample');
const PAYER = longZeroAddress(PAYER_ID);
const PROXY = longZeroAddress(PROXY_ID);
const VAULT = longZeroAddress(VAULT_ID) as `0x${string}`;
const LIBRARY = longZeroAddress(LIBRARY_ID);
/** ProxySetup's function as its source declares it (its compiled ABI leaves it out: see below). */
const REQUIRE_CODE = parseAbi(['function requireCode(address implementation) returns (uint256 size)']);

interface Json {
  readonly [key: string]: unknown;
}

function json(file: string): Json {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
}

function at(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((v, k) => (v as Json | undefined)?.[k], value);
}

function ops(s: EvmScenario): string[] {
  return s.actions.map(
    a => `${a.call_depth} ${a.call_operation_type} ${a.caller}→${a.recipient} ${a.result_data_type}`,
  );
}

/** The byte offset of each instruction, skipping PUSH data. */
function instructionStarts(code: Uint8Array): number[] {
  const starts: number[] = [];
  for (let pc = 0; pc < code.length; pc++) {
    starts.push(pc);
    if (code[pc] >= 0x60 && code[pc] <= 0x7f) pc += code[pc] - 0x5f;
  }
  return starts;
}

describe('the sample’s proxy and library: compiled, linked, run', function () {
  this.timeout(120_000);
  let traces: EvmTraces;
  let build: SampleBuild;
  let info: Json;

  before(async () => {
    traces = await evmTraces();
    build = readSampleBuild();
    info = json(path.join(projectRoot(), build.solc.buildInfoFile));
  });

  describe('the compiler output', () => {
    it('the build-info has each contract’s storage layout (Vault’s deposits at slot 0)', () => {
      const contracts = at(info, 'output', 'contracts') as Record<string, Record<string, Json>>;
      for (const [source, byName] of Object.entries(contracts)) {
        for (const [name, c] of Object.entries(byName)) {
          assert.ok(Array.isArray(at(c, 'storageLayout', 'storage')), `${source}:${name}`);
        }
      }
      const layout = at(contracts['contracts/Vault.sol'].Vault, 'storageLayout', 'storage') as Json[];
      assert.deepStrictEqual(
        layout.map(v => [v['label'], v['slot'], v['offset'], v['type']]),
        [['deposits', '0', 0, 't_mapping(t_address,t_uint256)']],
      );
      assert.deepStrictEqual(at(contracts['contracts/VaultProxy.sol'].VaultProxy, 'storageLayout', 'storage'), []);
    });

    it('the Foundry artifacts carry the storage layout exactly when foundry.toml’s extra_output asks', () => {
      const dir = path.join(projectRoot(), 'test', 'workspace', 'foundry-sample');
      const toml = fs.readFileSync(path.join(dir, 'foundry.toml'), 'utf8');
      const asked = /^[ \t]*extra_output[ \t]*=[ \t]*\[[^\]]*storageLayout/m.test(toml);
      const counter = json(path.join(dir, 'out', 'Counter.sol', 'Counter.json'));
      assert.strictEqual('storageLayout' in counter, asked);
    });

    it("VaultProxy's artifact keeps the library's placeholder where its linkReferences say, as Hardhat does", () => {
      const artifact = json(path.join(HARDHAT, 'artifacts', 'contracts', 'VaultProxy.sol', 'VaultProxy.json'));
      const compiled = at(info, 'output', 'contracts', 'contracts/VaultProxy.sol', 'VaultProxy', 'evm') as Json;
      assert.strictEqual(artifact['_format'], 'hh-sol-artifact-1');
      assert.deepStrictEqual(artifact['linkReferences'], at(compiled, 'bytecode', 'linkReferences'));
      assert.deepStrictEqual(artifact['deployedLinkReferences'], {}, 'only the constructor calls the library');
      const refs = at(artifact, 'linkReferences', 'contracts/ProxySetup.sol', 'ProxySetup') as { start: number }[];
      assert.strictEqual(refs.length, 1);
      // solc's placeholder: the first 34 hex of keccak256 of the library's fully qualified name.
      const placeholder = `__$${keccak256(stringToHex('contracts/ProxySetup.sol:ProxySetup')).slice(2, 36)}$__`;
      const bytecode = artifact['bytecode'] as string;
      assert.strictEqual(bytecode.slice(2 + refs[0].start * 2, 2 + refs[0].start * 2 + 40), placeholder);
      assert.strictEqual(bytecode.split('__$').length, 2, 'one placeholder');
      assert.strictEqual(bytecode.slice(2 + refs[0].start * 2 - 2, 2 + refs[0].start * 2), '73', 'a PUSH20’s data');
    });

    it('linking puts the library’s address at each reference and refuses what it cannot link', () => {
      const linked = linkBytecode(build.proxy, { 'contracts/ProxySetup.sol:ProxySetup': LIBRARY });
      const { start } = build.proxy.linkReferences['contracts/ProxySetup.sol']['ProxySetup'][0];
      assert.strictEqual(linked.slice(2 + start * 2, 2 + start * 2 + 40), LIBRARY.slice(2));
      assert.strictEqual(linked.length, build.proxy.bytecode.length);
      assert.ok(traces.byName.deployProxy.actions[0].input?.startsWith(linked), 'the create ran the linked code');
      assert.throws(() => linkBytecode(build.proxy, {}), /links contracts\/ProxySetup\.sol:ProxySetup: no address/);
      assert.throws(
        () => linkBytecode(build.proxy, { 'contracts/ProxySetup.sol:ProxySetup': '0x1234' }),
        /no address given/,
      );
      assert.strictEqual(linkBytecode(build.token, {}), build.token.bytecode, 'nothing to link in MyToken');
    });
  });

  describe('the /actions records through the library and the proxy', () => {
    it('the library: created at its long-zero id, its code carrying its own address (solc’s call guard)', () => {
      const s = traces.byName.deployLibrary;
      assert.deepStrictEqual(ops(s), [`0 CREATE ${PAYER_ID}→${LIBRARY_ID} OUTPUT`]);
      const runtime = s.actions[0].result_data ?? '';
      const artifact = json(path.join(HARDHAT, 'artifacts', 'contracts', 'ProxySetup.sol', 'ProxySetup.json'));
      const compiled = artifact['deployedBytecode'] as string;
      // PUSH20 <address> ADDRESS EQ: a library's code refuses a plain CALL by comparing the two.
      assert.strictEqual(compiled.slice(0, 48), `0x73${'0'.repeat(40)}3014`);
      assert.strictEqual(runtime.slice(0, 48), `0x73${LIBRARY.slice(2)}3014`);
      assert.strictEqual(runtime.slice(48), compiled.slice(48));
    });

    it('the proxy’s create: its constructor DELEGATECALLs the library, whose event the proxy logs', () => {
      const s = traces.byName.deployProxy;
      assert.deepStrictEqual(ops(s), [
        `0 CREATE ${PAYER_ID}→${PROXY_ID} OUTPUT`,
        `1 DELEGATECALL ${PROXY_ID}→${LIBRARY_ID} OUTPUT`,
      ]);
      const [create, check] = s.actions;
      const vaultSize = BigInt((traces.byName.deployVault.actions[0].result_data ?? '0x').length / 2 - 1);
      assert.deepStrictEqual(
        [create.recipient_type, check.recipient_type, check.from, check.to],
        ['CONTRACT', 'CONTRACT', PROXY, LIBRARY],
      );
      // solc's ABI of a library leaves out its state-changing functions (they cannot be called
      // directly): only the method identifiers name requireCode.
      assert.ok(!build.library.abi.some(item => item.type === 'function'));
      const selectors = at(
        info,
        'output',
        'contracts',
        'contracts/ProxySetup.sol',
        'ProxySetup',
        'evm',
        'methodIdentifiers',
      );
      assert.deepStrictEqual(selectors, { 'requireCode(address)': 'fdeda9ab' });
      assert.strictEqual(
        check.input,
        encodeFunctionData({ abi: REQUIRE_CODE, functionName: 'requireCode', args: [VAULT] }),
      );
      assert.ok(check.input?.startsWith('0xfdeda9ab'));
      assert.strictEqual(
        check.result_data,
        encodeFunctionResult({ abi: REQUIRE_CODE, functionName: 'requireCode', result: vaultSize }),
      );
      const [log] = s.contractResult.logs;
      assert.deepStrictEqual(
        [log.contract_id, log.topics],
        [
          PROXY_ID,
          encodeEventTopics({
            abi: build.library.abi,
            eventName: 'ImplementationChecked',
            args: { implementation: VAULT },
          }),
        ],
      );
      assert.strictEqual(log.data, encodeAbiParameters([{ type: 'uint256' }], [vaultSize]));
      // The proxy's code holds Vault's address in its immutable.
      assert.ok(s.contracts.find(c => c.contract_id === PROXY_ID)?.runtime_bytecode.includes(VAULT.slice(2)));
    });

    it('a deposit through the proxy: Vault’s code in the proxy’s storage takes the tokens to the proxy', () => {
      assert.deepStrictEqual(ops(traces.byName.approveProxy), [`0 CALL ${PAYER_ID}→${TOKEN_ID} OUTPUT`]);
      const s = traces.byName.depositViaProxy;
      assert.deepStrictEqual(ops(s), [
        `0 CALL ${PAYER_ID}→${PROXY_ID} OUTPUT`,
        `1 DELEGATECALL ${PROXY_ID}→${VAULT_ID} OUTPUT`,
        `2 CALL ${VAULT_ID}→${TOKEN_ID} OUTPUT`,
      ]);
      const [, delegated, transferFrom] = s.actions;
      assert.strictEqual(delegated.input, s.actions[0].input, 'the proxy forwards its call data');
      assert.strictEqual(
        transferFrom.input,
        encodeFunctionData({ abi: build.token.abi, functionName: 'transferFrom', args: [PAYER, PROXY, 300n] }),
      );
      assert.strictEqual(transferFrom.from, VAULT, "Hedera names the calling code's contract");
      const slot = keccak256(
        encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [PAYER as `0x${string}`, 0n]),
      );
      const credit = s.contractResult.state_changes.find(c => c.slot === slot);
      assert.deepStrictEqual([credit?.contract_id, BigInt(credit?.value_written ?? '0x0')], [PROXY_ID, 300n]);
      assert.deepStrictEqual(
        s.contractResult.logs.map(l => [l.contract_id, l.topics[0]]),
        [
          [TOKEN_ID, toEventSelector('Transfer(address,address,uint256)')],
          [PROXY_ID, toEventSelector('Deposited(address,uint256)')],
        ],
      );
    });

    it('a withdrawal through the proxy above what it holds: three frames revert with InsufficientBalance', () => {
      const s = traces.byName.withdrawViaProxyAboveBalance;
      assert.deepStrictEqual(ops(s), [
        `0 CALL ${PAYER_ID}→${PROXY_ID} REVERT_REASON`,
        `1 DELEGATECALL ${PROXY_ID}→${VAULT_ID} REVERT_REASON`,
        `2 CALL ${VAULT_ID}→${TOKEN_ID} REVERT_REASON`,
      ]);
      const insufficient = encodeErrorResult({
        abi: build.token.abi,
        errorName: 'InsufficientBalance',
        args: [PROXY, 300n, 1000n],
      });
      assert.ok(s.actions.every(a => a.result_data === insufficient));
      assert.strictEqual(
        s.actions[2].input,
        encodeFunctionData({ abi: build.token.abi, functionName: 'transfer', args: [PAYER, 1000n] }),
      );
      const r = s.contractResult;
      assert.deepStrictEqual(
        [r.result, r.status, r.error_message, r.call_result, r.logs, r.state_changes],
        ['CONTRACT_REVERT_EXECUTED', '0x0', insufficient, '0x', [], []],
      );
    });
  });

  describe("solc's legacy assembly of the same compilation", () => {
    let assembly: StandardOutput;
    before(() => {
      assembly = sampleLegacyAssembly();
    });

    /** The assembly's instructions of a frame's code, and where its source unit's text is. */
    function itemsOf(sourceName: string, contractName: string, code: 'creation' | 'deployed'): LegacyAssemblyItem[] {
      const legacy: unknown = assembly.contracts?.[sourceName]?.[contractName]?.evm?.legacyAssembly;
      const items = (code === 'deployed' ? at(legacy, '.data', '0', '.code') : at(legacy, '.code')) as
        LegacyAssemblyItem[] | undefined;
      assert.ok(items, `${contractName} has no ${code} assembly`);
      return items.filter(i => i.name !== 'tag');
    }

    function sourceText(item: LegacyAssemblyItem): string {
      const name = Object.entries(assembly.sources ?? {}).find(([, s]) => s.id === item.source)?.[0] ?? '';
      return fs.readFileSync(path.join(HARDHAT, name), 'utf8').slice(item.begin, item.end);
    }

    it("compiles to the build-info's very code: only the output selection differs", () => {
      const contracts = at(info, 'output', 'contracts') as Record<string, Record<string, Json>>;
      for (const [source, byName] of Object.entries(contracts)) {
        for (const [name, c] of Object.entries(byName)) {
          const again = assembly.contracts?.[source]?.[name]?.evm as Json | undefined;
          for (const part of ['bytecode', 'deployedBytecode']) {
            assert.strictEqual(at(again, part, 'object'), at(c, 'evm', part, 'object'), `${name} ${part}`);
          }
        }
      }
    });

    it('every instruction run in deployed code is the assembly item at its place; the sites are the source’s', () => {
      const sites: string[] = [];
      for (const s of traces.scenarios) {
        const body = opcodesOf(s);
        for (const f of executedPcs(s)) {
          if (f.sourceName === undefined || f.contractName === undefined) continue;
          const items = itemsOf(f.sourceName, f.contractName, f.code);
          // ASSIGNIMMUTABLE is one item for several instructions: the creation code maps one to one before it.
          const firstAssign = items.findIndex(i => i.name === 'ASSIGNIMMUTABLE');
          const index = new Map(instructionStarts(Buffer.from(f.bytecode.slice(2), 'hex')).map((pc, i) => [pc, i]));
          f.pcs.forEach((pc, k) => {
            const i = index.get(pc);
            assert.ok(i !== undefined, `${s.name}: pc ${pc} is an instruction's start`);
            if (firstAssign !== -1 && i >= firstAssign) return;
            const item = items[i];
            const op = body.opcodes[f.entries[k]].op;
            const where = `${s.name} ${f.contractName} ${f.code} pc ${pc}: ${op} vs ${item.name}`;
            assert.ok(item.name.startsWith('PUSH') ? op.startsWith('PUSH') : item.name === op, where);
            if (['DELEGATECALL', 'CALL', 'REVERT'].includes(op) && s.name.includes('Proxy')) {
              sites.push(`${s.name} ${f.contractName} ${op}: ${sourceText(item)}`);
            }
          });
        }
      }
      assert.deepStrictEqual(
        [...new Set(sites)],
        [
          'deployProxy VaultProxy DELEGATECALL: ProxySetup.requireCode(implementation_)',
          'depositViaProxy VaultProxy DELEGATECALL: delegatecall(gas(), target, 0, calldatasize(), 0, 0)',
          'depositViaProxy Vault CALL: token.transferFrom(msg.sender, address(this), amount)',
          'withdrawViaProxyAboveBalance VaultProxy DELEGATECALL: delegatecall(gas(), target, 0, calldatasize(), 0, 0)',
          'withdrawViaProxyAboveBalance VaultProxy REVERT: revert(0, returndatasize())',
          'withdrawViaProxyAboveBalance Vault CALL: token.transfer(msg.sender, amount)',
          'withdrawViaProxyAboveBalance Vault REVERT: token.transfer(msg.sender, amount)',
          // The optimizer keeps one block for both of MyToken's InsufficientBalance reverts, and the
          // assembly gives it transferFrom's range though transfer's (_move's) ran: a REVERT's range
          // alone does not say which statement reverted.
          'withdrawViaProxyAboveBalance MyToken REVERT: InsufficientBalance(msg.sender, allowed, amount)',
        ],
      );
    });
  });
});
