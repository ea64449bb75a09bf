// Reading workspace files as ABIs: the real layouts of Hardhat, Foundry, Truffle and plain ABI
// files, OpenZeppelin's shipped artifacts, and every way a file can fail to be one.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { MAX_ARTIFACT_BYTES, isIgnoredArtifactPath, parseArtifact } from '../../../src/abi';
import { COUNTER, HARDHAT, MY_TOKEN, OZ, REGISTRY, load, readJson } from './helpers';

function skipped(file: string, text: string): string {
  const outcome = parseArtifact(file, text);
  assert.strictEqual(outcome.kind, 'skipped', `${file} was indexed`);
  return outcome.kind === 'skipped' ? outcome.reason : '';
}

describe('ABI artifacts', () => {
  it('reads a Hardhat artifact: name, source, ABI items and deployed code', () => {
    const token = load(MY_TOKEN);
    assert.strictEqual(token.name, 'MyToken');
    assert.deepStrictEqual(token.origin, {
      kind: 'artifact',
      file: 'test/workspace/hardhat-sample/artifacts/contracts/MyToken.sol/MyToken.json',
      format: 'hardhat',
      contractName: 'MyToken',
      sourceName: 'contracts/MyToken.sol',
    });
    const names = (items: readonly { item: { name: string } }[]) => items.map(i => i.item.name).sort();
    assert.deepStrictEqual(names(token.errors), ['InsufficientBalance', 'Unauthorized']);
    assert.deepStrictEqual(names(token.events), ['Approval', 'BatchPaid', 'Memo', 'Transfer']);
    assert.ok(names(token.functions).includes('payMany'));
    const pay = token.functions.find(f => f.item.name === 'payMany');
    assert.strictEqual(pay?.signature, 'payMany((address,uint256,string)[])');
    assert.ok(token.code && token.code.hex.length > 1000);
  });

  it('computes the selectors solc computed (methodIdentifiers of the Foundry artifact)', () => {
    const counter = load(COUNTER);
    const ids = readJson(COUNTER).methodIdentifiers as Record<string, string>;
    assert.ok(Object.keys(ids).length >= 4);
    for (const [signature, selector] of Object.entries(ids)) {
      const fn = counter.functions.find(f => f.signature === signature);
      assert.strictEqual(fn?.selector, `0x${selector}`, signature);
    }
  });

  it('reads a Foundry artifact: name and source from the metadata, immutables masked', () => {
    const counter = load(COUNTER);
    assert.strictEqual(counter.name, 'Counter');
    assert.deepStrictEqual(counter.origin, {
      kind: 'artifact',
      file: 'test/workspace/foundry-sample/out/Counter.sol/Counter.json',
      format: 'foundry',
      contractName: 'Counter',
      sourceName: 'src/Counter.sol',
    });
    const refs = (readJson(COUNTER).deployedBytecode as { immutableReferences: Record<string, { start: number }[]> })
      .immutableReferences;
    const starts = Object.values(refs)
      .flat()
      .map(r => r.start);
    assert.ok(starts.length > 0);
    for (const start of starts)
      assert.ok(
        counter.code?.masks.some(([s]) => s === start),
        `immutable at ${start} masked`,
      );
  });

  it('reads a Foundry artifact whose metadata is a JSON string (older forge)', () => {
    const json = readJson(COUNTER);
    json.metadata = JSON.stringify(json.metadata);
    const outcome = parseArtifact('out/Counter.sol/Counter.json', JSON.stringify(json));
    assert.ok(outcome.kind === 'indexed');
    assert.strictEqual(
      outcome.contracts[0].origin.kind === 'artifact' && outcome.contracts[0].origin.sourceName,
      'src/Counter.sol',
    );
  });

  it('reads a Truffle artifact (build/contracts/*.json)', () => {
    const hardhat = readJson(REGISTRY);
    const truffle = {
      contractName: 'Registry',
      abi: hardhat.abi,
      bytecode: hardhat.bytecode,
      deployedBytecode: hardhat.deployedBytecode,
      sourcePath: '/home/dev/project/contracts/Registry.sol',
      compiler: { name: 'solc', version: '0.8.37' },
      networks: {},
    };
    const outcome = parseArtifact('build/contracts/Registry.json', JSON.stringify(truffle));
    assert.ok(outcome.kind === 'indexed');
    const [registry] = outcome.contracts;
    assert.strictEqual(registry.origin.kind === 'artifact' && registry.origin.format, 'truffle');
    assert.strictEqual(
      registry.origin.kind === 'artifact' && registry.origin.sourceName,
      '/home/dev/project/contracts/Registry.sol',
    );
    assert.strictEqual(registry.functions.length, load(REGISTRY).functions.length);
  });

  it('reads plain ABI files, named after the file, and an old ABI whose functions have no type', () => {
    const abi = readJson(path.join(OZ, 'IERC20.json')).abi;
    const outcome = parseArtifact('abis/IERC20.abi.json', JSON.stringify(abi));
    assert.ok(outcome.kind === 'indexed');
    assert.strictEqual(outcome.contracts[0].name, 'IERC20');
    assert.strictEqual(outcome.contracts[0].origin.kind === 'artifact' && outcome.contracts[0].origin.format, 'abi');
    const old = parseArtifact(
      'old.json',
      JSON.stringify([{ name: 'set', inputs: [{ name: 'x', type: 'uint' }], outputs: [] }]),
    );
    assert.ok(old.kind === 'indexed');
    assert.strictEqual(old.contracts[0].functions[0].signature, 'set(uint256)');
    assert.strictEqual(old.contracts[0].functions[0].selector, '0x60fe47b1');
  });

  it('reads every artifact OpenZeppelin ships (interfaces and abstract contracts have no code)', () => {
    const files = fs.readdirSync(OZ).filter(f => f.endsWith('.json'));
    assert.ok(files.length > 100);
    for (const file of files) load(path.join(OZ, file));
    const erc20 = load(path.join(OZ, 'ERC20.json'));
    assert.strictEqual(erc20.code, undefined);
    assert.deepStrictEqual(
      erc20.functions.filter(f => f.item.name === 'transfer').map(f => f.selector),
      ['0xa9059cbb'],
    );
    assert.ok(erc20.errors.some(e => e.signature === 'ERC20InsufficientBalance(address,uint256,uint256)'));
  });

  it('skips build-info and debug files by path', () => {
    assert.ok(isIgnoredArtifactPath('artifacts/build-info/abc.json'));
    assert.ok(isIgnoredArtifactPath('artifacts\\build-info\\abc.json'));
    assert.ok(isIgnoredArtifactPath('artifacts/contracts/MyToken.sol/MyToken.dbg.json'));
    assert.ok(!isIgnoredArtifactPath('artifacts/contracts/MyToken.sol/MyToken.json'));
    const buildInfo = fs.readdirSync(path.join(HARDHAT, 'artifacts', 'build-info'))[0];
    assert.match(skipped(`artifacts/build-info/${buildInfo}`, '{}'), /build-info/);
  });

  it('skips a half-written file (a compile in progress), saying so', () => {
    const text = fs.readFileSync(MY_TOKEN, 'utf8');
    assert.match(
      skipped('MyToken.json', text.slice(0, text.length / 2)),
      /^not JSON \(.*\); a compile may still be writing it$/,
    );
    assert.match(skipped('empty.json', ''), /^not JSON/);
  });

  it('skips JSON that is not an ABI, naming what is wrong', () => {
    assert.strictEqual(
      skipped('package.json', JSON.stringify({ name: 'x', version: '1.0.0' })),
      'not an ABI (no "abi" array)',
    );
    assert.match(skipped('list.json', JSON.stringify(['a', 'b'])), /^a JSON array that is not an ABI/);
    assert.match(
      skipped(
        'bad.json',
        JSON.stringify({ abi: [{ type: 'function', name: 'f', inputs: [{ name: 'a', type: 'uint7' }] }] }),
      ),
      /not a Solidity ABI type/,
    );
    assert.match(
      skipped('bad.json', JSON.stringify({ abi: [{ type: 'function', name: 'f g', inputs: [] }] })),
      /not an identifier/,
    );
    assert.match(
      skipped(
        'bad.json',
        JSON.stringify({ abi: [{ type: 'event', name: 'E', inputs: [{ name: 't', type: 'tuple' }] }] }),
      ),
      /tuple without components/,
    );
    assert.match(skipped('null.json', 'null'), /no "abi" array/);
  });

  it('skips a file over 5 MB without parsing it', () => {
    assert.match(skipped('big.json', ' '.repeat(MAX_ARTIFACT_BYTES + 1)), /larger than 5 MB/);
  });

  it('skips types nested beyond the limit, and JSON nested deep enough to exhaust the stack', () => {
    let param: Record<string, unknown> = { name: 'leaf', type: 'uint256' };
    for (let i = 0; i < 20; i++) param = { name: `t${i}`, type: 'tuple', components: [param] };
    assert.match(
      skipped('deep.json', JSON.stringify([{ type: 'function', name: 'f', inputs: [param] }])),
      /nested deeper than 16/,
    );
    assert.match(
      skipped(
        'arrays.json',
        JSON.stringify([{ type: 'function', name: 'f', inputs: [{ name: 'a', type: `uint256${'[]'.repeat(17)}` }] }]),
      ),
      /nested deeper/,
    );
    const hostile = `{"abi":[{"type":"function","name":"f","inputs":[${'{"name":"a","type":"tuple","components":['.repeat(5000)}${']}'.repeat(5000)}]}]}`;
    const reason = skipped('hostile.json', hostile);
    assert.ok(reason.length > 0);
  });
});
