// The Decode calldata report and the hover one-liner, and the artifact glob settings.
import * as assert from 'assert';
import { AbiIndex, decodeReport, oneLiner, readPasted } from '../../../src/abi';
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE, globMatcher, matchesAny } from '../../../src/abi/globs';
import { MY_TOKEN, call, indexOf, load, longZero, word } from './helpers';

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

describe('decode report', () => {
  const index = indexOf(MY_TOKEN);

  it('reads pasted hex, a JSON log, or topics followed by data', () => {
    assert.deepStrictEqual(readPasted('  0xa9059cbb00 \n'), { kind: 'hex', hex: '0xa9059cbb00' });
    const log = { topics: [TRANSFER, `0x${word(1)}`], data: '0x' };
    assert.deepStrictEqual(readPasted(JSON.stringify(log)), { kind: 'log', log });
    assert.deepStrictEqual(readPasted(`${TRANSFER}, 0x${word(1)}\n0x${word(2)}`), {
      kind: 'log',
      log: { topics: [TRANSFER, `0x${word(1)}`], data: `0x${word(2)}` },
    });
    assert.strictEqual(readPasted('{"topics": 3}').kind, 'invalid');
    assert.strictEqual(readPasted('{nope').kind, 'invalid');
    assert.strictEqual(readPasted('0x12 0x34').kind, 'invalid');
    assert.strictEqual(readPasted('   ').kind, 'invalid');
  });

  it('reports a call with its source, argument types and 0.0.x addresses', () => {
    const report = decodeReport(index, call(MY_TOKEN, 'transfer', [longZero(1234), 1500n]));
    assert.match(report, /As calldata\n {2}transfer\(address,uint256\) {2}0xa9059cbb\n/);
    assert.match(
      report,
      /from MyToken, contracts\/MyToken\.sol \(test\/workspace\/hardhat-sample\/artifacts\/contracts\/MyToken\.sol\/MyToken\.json\)/,
    );
    assert.match(report, / {4}to \(address\): 0\.0\.1234\n {4}amount \(uint256\): 1500/);
    assert.doesNotMatch(report, /As revert data/);
  });

  it('reports revert data as such, and a log with indexed arguments', () => {
    const revert = decodeReport(index, `0x4e487b71${word(1)}`);
    assert.match(revert, /As revert data\n {2}Panic\(0x1\): assert\(\) failed/);
    const log = decodeReport(
      index,
      JSON.stringify({ topics: [TRANSFER, `0x${word(1)}`, `0x${word(2)}`], data: `0x${word(3)}` }),
    );
    assert.match(log, /Event log\n {2}Transfer\(address,address,uint256\)\n {4}from MyToken/);
    assert.match(log, /from \(address, indexed\): 0\.0\.1/);
  });

  it('says why nothing decoded, with the raw data', () => {
    const report = decodeReport(new AbiIndex([]), '0xdeadbeef00');
    assert.match(report, /Not decoded: no known function has the selector 0xdeadbeef\n {2}Data: 0xdeadbeef00/);
    assert.match(decodeReport(index, 'hello'), /Not decoded: the calldata is not hex/);
  });

  it('one line for a hover: contract, call, and result or revert', () => {
    const contract = load(MY_TOKEN);
    const answer = index.decodeCall(call(MY_TOKEN, 'transfer', [longZero(1234), 1500n]), {
      kind: 'bytecode',
      contract,
      others: [],
    });
    assert.strictEqual(oneLiner(answer, { result: 'true' }), 'MyToken.transfer(to: 0.0.1234, amount: 1500) → true');
    const revert = index.decodeRevert(`0x08c379a0${word(0x20)}${word(2)}${'6e6f'.padEnd(64, '0')}`);
    assert.strictEqual(
      oneLiner(answer, { revert }),
      'MyToken.transfer(to: 0.0.1234, amount: 1500) → reverted: Error("no")',
    );
  });
});

describe('artifact globs', () => {
  it('match the layouts of Hardhat, Foundry, Truffle and ABI files, not node_modules', () => {
    const include = DEFAULT_INCLUDE.map(globMatcher);
    const exclude = DEFAULT_EXCLUDE.map(globMatcher);
    const wanted = (p: string) => matchesAny(p, include) && !matchesAny(p, exclude);
    assert.ok(wanted('artifacts/contracts/MyToken.sol/MyToken.json'));
    assert.ok(wanted('packages/app/artifacts/contracts/A.sol/A.json'));
    assert.ok(wanted('out/Counter.sol/Counter.json'));
    assert.ok(wanted('build/contracts/Registry.json'));
    assert.ok(wanted('abis/erc20.json'));
    assert.ok(wanted('src/Token.abi.json'));
    assert.ok(!wanted('node_modules/@openzeppelin/contracts/build/contracts/ERC20.json'));
    assert.ok(!wanted('artifacts/build-info/abc.json'));
    assert.ok(!wanted('artifacts/contracts/MyToken.sol/MyToken.dbg.json'));
    assert.ok(!wanted('package.json'));
    // A TypeScript out/ folder is not Foundry's: only <File>.sol/<Contract>.json is read.
    assert.ok(!wanted('out/test/fixtures/data.json'));
    assert.ok(!wanted('artifacts/cache/solidity-files-cache.json'));
  });

  it('translate braces, single stars and question marks', () => {
    assert.ok(globMatcher('{a,b}/*.json').test('b/x.json'));
    assert.ok(!globMatcher('{a,b}/*.json').test('c/x.json'));
    assert.ok(!globMatcher('*.json').test('dir/x.json'));
    assert.ok(globMatcher('v?.json').test('v1.json'));
    assert.ok(globMatcher('a+b.json').test('a+b.json'));
  });
});
