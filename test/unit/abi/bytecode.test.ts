// Matching on-chain runtime bytecode to an artifact: the metadata hash ignored, immutables and
// library links masked, anything else different is another contract.
import * as assert from 'assert';
import { AbiIndex, chainCode, matchesCode, parseArtifact, prepareCode, stripMetadata } from '../../../src/abi';
import { COUNTER, MY_TOKEN, REGISTRY, load, readJson } from './helpers';

interface FoundryCode {
  object: string;
  immutableReferences: Record<string, { start: number; length: number }[]>;
}

const counterCode = () => readJson(COUNTER).deployedBytecode as FoundryCode;

/** The code as deployed: each immutable filled with `value` (32 bytes of hex). */
function deploy(code: FoundryCode, value: string): string {
  let hex = code.object.slice(2);
  for (const { start, length } of Object.values(code.immutableReferences).flat()) {
    hex = hex.slice(0, start * 2) + value.padStart(length * 2, '0') + hex.slice((start + length) * 2);
  }
  return `0x${hex}`;
}

/** Replaces the 32-byte IPFS hash inside the CBOR metadata (a recompile with other paths). */
function otherMetadata(code: string): string {
  const at = code.lastIndexOf('a2646970667358221220');
  assert.ok(at > 0, 'no metadata found');
  const hashAt = at + 'a2646970667358221220'.length;
  return code.slice(0, hashAt) + 'ab'.repeat(32) + code.slice(hashAt + 64);
}

const OWNER = '000000000000000000000000000000000000000000000000000000000004d2';

describe('bytecode matching', () => {
  it('strips the CBOR metadata solc appends, and leaves code without it alone', () => {
    const code = counterCode().object.slice(2);
    const stripped = stripMetadata(code);
    assert.ok(code.startsWith(stripped));
    // a2 64 'ipfs' … 64 'solc' 43 <version> 0033: the tail is 0x33 + 2 bytes long.
    assert.strictEqual(code.length - stripped.length, (0x33 + 2) * 2);
    assert.strictEqual(stripMetadata('6080604052'), '6080604052');
    assert.strictEqual(stripMetadata('00ff'), '00ff');
  });

  it('matches the deployed code of a Foundry artifact, immutables filled, metadata changed', () => {
    const prepared = load(COUNTER).code;
    assert.ok(prepared);
    const onChain = chainCode(otherMetadata(deploy(counterCode(), OWNER)));
    assert.ok(onChain);
    assert.ok(matchesCode(prepared, onChain));
  });

  it('matches without immutable references (Hardhat, Truffle) by the PUSH32 of zeros solc leaves', () => {
    const prepared = prepareCode(counterCode().object);
    assert.ok(prepared);
    assert.ok(matchesCode(prepared, chainCode(deploy(counterCode(), OWNER)) ?? ''));
  });

  it('does not match other code: one changed instruction, other length, another contract', () => {
    const prepared = load(COUNTER).code;
    assert.ok(prepared);
    const deployed = deploy(counterCode(), OWNER);
    const changed = `${deployed.slice(0, 40)}${deployed[40] === '0' ? '1' : '0'}${deployed.slice(41)}`;
    assert.ok(!matchesCode(prepared, chainCode(changed) ?? ''));
    assert.ok(!matchesCode(prepared, chainCode(`${deployed}00`) ?? ''));
    assert.ok(!matchesCode(prepared, chainCode(readJson(REGISTRY).deployedBytecode as string) ?? ''));
  });

  it('masks unlinked library placeholders', () => {
    const placeholder = '__$0123456789abcdef0123456789abcdef01$__';
    const prepared = prepareCode(`0x6080604052${'73'}${placeholder}6000`);
    assert.ok(prepared);
    assert.ok(prepared.masks.some(([start, length]) => start === 6 && length === 20));
    assert.ok(matchesCode(prepared, chainCode(`0x608060405273${'ab'.repeat(20)}6000`) ?? ''));
  });

  it('refuses code that is not hex', () => {
    assert.strictEqual(prepareCode('0x60zz'), undefined);
    assert.strictEqual(prepareCode('0x'), undefined);
    assert.strictEqual(prepareCode('0x123'), undefined);
    assert.strictEqual(chainCode('0xnothex!'), undefined);
  });

  it('the index matches by bytecode first, then by system-contract address', () => {
    const index = new AbiIndex();
    index.setFile('out/Counter.sol/Counter.json', [load(COUNTER)]);
    index.setFile('artifacts/MyToken.json', [load(MY_TOKEN)]);
    const onChain = deploy(counterCode(), OWNER);
    assert.strictEqual(index.matchContract({ runtimeBytecode: onChain })?.contract.name, 'Counter');
    assert.strictEqual(index.matchContract({ runtimeBytecode: onChain })?.kind, 'bytecode');
    // The code wins over the address.
    const both = index.matchContract({
      runtimeBytecode: onChain,
      address: '0x0000000000000000000000000000000000000167',
    });
    assert.strictEqual(both?.contract.name, 'Counter');
    const system = index.matchContract({
      address: '0x0000000000000000000000000000000000000167',
      runtimeBytecode: '0xfe',
    });
    assert.deepStrictEqual([system?.kind, system?.contract.name], ['system', 'Hedera token service']);
    assert.strictEqual(
      index.matchContract({ address: '0x000000000000000000000000000000000000016A' })?.contract.name,
      'Hedera account service',
    );
    assert.strictEqual(
      index.matchContract({ address: '0x0000000000000000000000000000000000000168' })?.contract.name,
      'Exchange rate system contract',
    );
    assert.strictEqual(
      index.matchContract({ address: '0x0000000000000000000000000000000000000169' })?.contract.name,
      'PRNG system contract',
    );
    assert.strictEqual(
      index.matchContract({ address: '0x00000000000000000000000000000000000004d2', runtimeBytecode: '0x6000' }),
      undefined,
    );
  });

  it('a recompile (the file indexed again with other code) changes the match; removal forgets it', () => {
    const index = new AbiIndex();
    const file = 'out/Counter.sol/Counter.json';
    index.setFile(file, [load(COUNTER)]);
    const onChain = deploy(counterCode(), OWNER);
    assert.ok(index.matchContract({ runtimeBytecode: onChain }));
    const version = index.version;
    const json = readJson(COUNTER);
    (json.deployedBytecode as FoundryCode).object = readJson(REGISTRY).deployedBytecode as string;
    const outcome = parseArtifact(file, JSON.stringify(json));
    assert.ok(outcome.kind === 'indexed');
    index.setFile(file, outcome.contracts);
    assert.ok(index.version > version);
    assert.strictEqual(index.matchContract({ runtimeBytecode: onChain }), undefined);
    assert.strictEqual(
      index.matchContract({ runtimeBytecode: readJson(REGISTRY).deployedBytecode as string })?.contract.name,
      'Counter',
    );
    index.removeFile(file);
    assert.strictEqual(
      index.matchContract({ runtimeBytecode: readJson(REGISTRY).deployedBytecode as string }),
      undefined,
    );
  });
});
