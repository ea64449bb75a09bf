// What the storage-decoding tests (test/unit/source/stateDecode*.test.ts) decode: Crowdfund's
// storage in the sample world (test/support/evmWorld.ts) with its layout from the sample's
// build-info, and a contract of its own (below) holding every kind of storage value Crowdfund does
// not — signed numbers packed with others, user-defined value types, strings and bytes of exactly
// 31 and 32 bytes, multi-byte UTF-8, packed static arrays spanning slots, nested dynamic arrays,
// arrays of strings and structs, mappings keyed by strings, bytes, signed numbers, bytesN, bool
// and an enum, and a struct holding a mapping — compiled with solc and deployed on an EVM world of
// its own. Values are read back through the contracts' own getters.
import * as fs from 'fs';
import * as path from 'path';
import { decodeFunctionResult, encodeFunctionData, type Abi } from 'viem';
import type { StorageLayout } from '../../../src/source/debugTypes';
import type { DecodedState, DecodedStateEntry } from '../../../src/source/stateDecode';
import { isStorageLayout } from '../../../src/source/storageLayout';
import { readSampleBuild } from '../../support/evmSample';
import { PAYER_ID } from '../../support/evmScenarios';
import { longZeroAddress, worldOf, type EvmWorld } from '../../support/evmWorld';
import { projectRoot } from '../../support/paths';
import { compileSources } from '../../support/solcCompile';

/** Where the test's own contract is deployed. */
export const STATE_KINDS_ID = '0.0.2001';

function layoutFrom(value: unknown, what: string): StorageLayout {
  if (!isStorageLayout(value)) throw new Error(`${what}: no storage layout as solc writes it`);
  return value;
}

/** Crowdfund's storage layout, from the sample's build-info. */
export function crowdfundLayout(): StorageLayout {
  const build = readSampleBuild();
  const info = JSON.parse(fs.readFileSync(path.join(projectRoot(), build.solc.buildInfoFile), 'utf8')) as {
    output: { contracts: Record<string, Record<string, { storageLayout?: unknown }>> };
  };
  return layoutFrom(info.output.contracts['contracts/Crowdfund.sol'].Crowdfund.storageLayout, 'Crowdfund');
}

export interface DeployedKinds {
  readonly world: EvmWorld;
  readonly abi: Abi;
  readonly layout: StorageLayout;
  readonly address: string;
}

let kinds: Promise<DeployedKinds> | undefined;

/** StateKinds compiled (solc-js, cached) and deployed at STATE_KINDS_ID: once per process. */
export function stateKinds(): Promise<DeployedKinds> {
  kinds ??= (async () => {
    const output = compileSources(
      { 'StateKinds.sol': STATE_KINDS_SOURCE },
      { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'storageLayout'] } } },
    );
    const contract = output.contracts?.['StateKinds.sol']?.StateKinds as
      { abi?: Abi; evm?: { bytecode?: { object?: string } }; storageLayout?: unknown } | undefined;
    const bytecode = contract?.evm?.bytecode?.object;
    if (contract?.abi === undefined || bytecode === undefined) throw new Error('StateKinds: no ABI or bytecode');
    const world = await worldOf(
      [
        {
          name: 'deployStateKinds',
          from: PAYER_ID,
          createAt: STATE_KINDS_ID,
          data: `0x${bytecode}`,
          gasLimit: 15_000_000,
          mustSucceed: true,
        },
      ],
      { [STATE_KINDS_ID]: { sourceName: 'StateKinds.sol', contractName: 'StateKinds' } },
    );
    return {
      world,
      abi: contract.abi,
      layout: layoutFrom(contract.storageLayout, 'StateKinds'),
      address: longZeroAddress(STATE_KINDS_ID),
    };
  })();
  return kinds;
}

/** `functionName(args)` of the contract at `address`, decoded; throws unless it succeeds. */
export async function view(
  world: EvmWorld,
  address: string,
  abi: Abi,
  functionName: string,
  args: readonly unknown[] = [],
): Promise<unknown> {
  const outcome = await world.call({ to: address, data: encodeFunctionData({ abi, functionName, args }) });
  if (outcome.kind !== 'success') throw new Error(`${functionName}: ${outcome.kind}`);
  return decodeFunctionResult({ abi, functionName, data: outcome.returnData });
}

/** The entry at `path` (`goal`, `largest.amount`, `pledges[1].backer`, `pledged[0x…]`). */
export function entryAt(state: DecodedState, path: string): DecodedStateEntry | undefined {
  const parts = /^[^.[]+|\.[^.[]+|\[[^\]]*\]/g;
  const labels = (path.match(parts) ?? []).map(p => (p.startsWith('.') ? p.slice(1) : p));
  let entries: readonly DecodedStateEntry[] = state.variables;
  let found: DecodedStateEntry | undefined;
  for (const label of labels) {
    found = entries.find(e => e.label === label);
    if (found === undefined) return undefined;
    entries = found.children ?? [];
  }
  return found;
}

/** The value at `path`; throws when there is none (the test says which). */
export function valueAt(state: DecodedState, path: string): string {
  const value = entryAt(state, path)?.value;
  if (value === undefined) throw new Error(`no value decoded at ${path}`);
  return value;
}

export const STATE_KINDS_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

type Price is uint128;
type Delta is int64;

contract StateKinds {
    enum Color { Red, Green, Blue }

    struct Inner {
        uint8 a;
        int16 b;
        bytes3 c;
    }

    struct Outer {
        Inner inner;
        string name;
        uint256[] list;
        mapping(uint256 => bool) flags;
    }

    int8 public small;
    uint8 public tiny;
    int16 public mid;
    bool public yes;
    Color public color;
    Price public price;
    Delta public delta;
    bytes31 public b31;
    int256 public negative;
    string public s31;
    string public s32;
    bytes public b32;
    bytes public emptyBytes;
    string public unicodeText;
    uint16[5] public packedStatic;
    int8[40] public manyInts;
    address[2] public pair;
    uint256[][] public nested;
    uint8[][2] public staticOfDynamic;
    bytes[] public blobs;
    string[] public names;
    Inner[] public inners;
    mapping(string => uint256) public byName;
    mapping(bytes => uint256) public byBytes;
    mapping(int256 => int256) public signedMap;
    mapping(bytes4 => address) public bySelector;
    mapping(bool => uint8) public byBool;
    mapping(Color => uint256) public byColor;
    mapping(address => Inner) public innerOf;
    mapping(uint256 => uint256[]) public listOf;
    mapping(address => mapping(address => uint256)) public allowance;
    Outer internal outer;

    constructor() {
        small = -5;
        tiny = 250;
        mid = -300;
        yes = true;
        color = Color.Blue;
        price = Price.wrap(type(uint128).max - 7);
        delta = Delta.wrap(-42);
        b31 = bytes31(0x0102030405060708091011121314151617181920212223242526272829303f);
        negative = type(int256).min + 1;
        s31 = "exactly thirty-one bytes long!!";
        s32 = "exactly thirty-two bytes long!!!";
        b32 = hex"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1eff";
        emptyBytes = "";
        unicodeText = unicode"Zürich → 東京 🚀";
        packedStatic = [uint16(1), 2, 65535, 0, 5];
        for (uint8 i = 0; i < 40; i++) manyInts[i] = int8(int256(uint256(i))) - 20;
        pair = [address(0x1234), address(uint160(type(uint160).max))];
        nested.push([1, 2]);
        nested.push();
        nested.push([uint256(3), 4, 5]);
        staticOfDynamic[1].push(7);
        staticOfDynamic[1].push(8);
        blobs.push(hex"aa");
        blobs.push(hex"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff0011");
        names.push("alpha");
        names.push("a name longer than thirty-one bytes, in the long form");
        inners.push(Inner(1, -1, 0xabcdef));
        inners.push(Inner(255, -32768, 0x000001));
        byName["alpha"] = 11;
        byName["a key longer than thirty-two bytes, hashed whole"] = 12;
        byBytes[hex"beef"] = 13;
        signedMap[-7] = -70;
        signedMap[7] = 70;
        bySelector[0xcafe0001] = address(0xbeef);
        byBool[true] = 1;
        byBool[false] = 2;
        byColor[Color.Green] = 99;
        innerOf[address(0x1234)] = Inner(9, -9, 0x090909);
        listOf[3].push(30);
        listOf[3].push(31);
        allowance[address(0x1234)][address(0xbeef)] = 1e30;
        outer.inner = Inner(4, -4, 0x040404);
        outer.name = "outer";
        outer.list.push(40);
        outer.flags[5] = true;
    }

    function nestedAt(uint256 i, uint256 j) external view returns (uint256) {
        return nested[i][j];
    }

    function nestedLength(uint256 i) external view returns (uint256) {
        return nested[i].length;
    }

    function listOfAt(uint256 key, uint256 i) external view returns (uint256) {
        return listOf[key][i];
    }

    function outerView() external view returns (Inner memory inner, string memory name, uint256[] memory list, bool flag5) {
        return (outer.inner, outer.name, outer.list, outer.flags[5]);
    }

    function rawPrice() external view returns (uint128) {
        return Price.unwrap(price);
    }

    function rawDelta() external view returns (int64) {
        return Delta.unwrap(delta);
    }
}
`;
