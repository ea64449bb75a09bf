// Bad input gets a raw answer with its reason, never an exception: every case listed for bad
// calldata, and the amplification an honest-looking encoding can hide. "Quickly" is a complexity
// claim, checked as one: the cost of a refusal grows with the data, not with what the data claims.
import * as assert from 'assert';
import {
  AbiIndex,
  LIMITS,
  decodeCall,
  decodeLog,
  decodeResult,
  decodeRevert,
  parseArtifact,
  type AbiFunction,
  type CallAnswer,
  type IndexedContract,
} from '../../../src/abi';
import { assertGrowth } from '../../support/growth';
import { word } from './helpers';

function indexed(abi: unknown[]): { index: AbiIndex; contract: IndexedContract } {
  const outcome = parseArtifact('bad.abi.json', JSON.stringify(abi));
  assert.ok(outcome.kind === 'indexed', outcome.kind === 'skipped' ? outcome.reason : '');
  const index = new AbiIndex([]);
  index.setFile('bad.abi.json', outcome.contracts);
  return { index, contract: outcome.contracts[0] };
}

const fn = (name: string, ...types: string[]) => ({
  type: 'function',
  name,
  inputs: types.map((type, i) => ({ name: `a${i}`, type })),
  outputs: [],
});

function reason(answer: CallAnswer): string {
  assert.strictEqual(answer.kind, 'raw', 'decoded when it should not');
  return answer.kind === 'raw' ? answer.reason : '';
}

/**
 * The refusal of a family of hostile inputs: `make(n)` is refused for `expected` at n and at 8n,
 * and the 8n input costs about 8× the CPU time of the n one (assertGrowth), however much more the
 * data claims or would amplify to.
 */
function refusedLinearly<T>(
  what: string,
  make: (n: number) => T,
  decode: (input: T) => CallAnswer,
  n: number,
  expected: RegExp,
): void {
  for (const size of [n, 8 * n]) assert.match(reason(decode(make(size))), expected, `${what} at n=${size}`);
  assertGrowth(what, make, decode, n);
}

describe('bad input to the decoder', () => {
  const { index } = indexed([
    fn('sam', 'bytes', 'bool', 'uint256[]'),
    fn('pay', 'address', 'uint256'),
    fn('names', 'string[]'),
    fn('grid', 'uint256[][]'),
    fn('fixedDyn', 'string[2]'),
  ]);
  const sam = '0xa5643bf2';
  const sel = (name: string) => index.workspaceContracts()[0].functions.find(f => f.item.name === name)?.selector ?? '';

  it('calldata shorter than 4 bytes', () => {
    for (const data of ['0x', '0xa5', '0xa5643b'])
      assert.match(reason(decodeCall(data, [])), /shorter than a 4-byte function selector/);
    const answer = index.decodeCall('0xa564');
    assert.deepStrictEqual(answer, {
      kind: 'raw',
      hex: '0xa564',
      reason: '2 bytes: shorter than a 4-byte function selector',
    });
  });

  it('text that is not hex, or an odd number of digits', () => {
    assert.strictEqual(reason(index.decodeCall('transfer(0.0.2, 5)')), 'the calldata is not hex');
    assert.strictEqual(reason(index.decodeCall('0xa5643bf20')), 'the calldata is an odd number of hex digits');
    assert.match(reason(index.decodeCall(`0x${'00'.repeat(1024 * 1024 + 1)}`)), /longer than 1024 KB/);
  });

  it('truncated arguments, naming the argument', () => {
    const pay = sel('pay');
    assert.strictEqual(reason(index.decodeCall(`${pay}${word(1)}`)), 'argument 2 (a1): the data ends before it');
    assert.strictEqual(
      reason(index.decodeCall(`${pay}${word(1)}${'00'.repeat(31)}`)),
      'argument 2 (a1): the data ends inside it',
    );
    assert.strictEqual(reason(index.decodeCall(`${pay}`)), 'argument 1 (a0): the data ends before it');
  });

  it('an offset pointing outside the data', () => {
    assert.strictEqual(
      reason(index.decodeCall(`${sam}${word(0x1000)}${word(1)}${word(0x60)}${word(0)}`)),
      'argument 1 (a0): offset beyond the data',
    );
    assert.strictEqual(
      reason(index.decodeCall(`${sam}${'ff'.repeat(32)}${word(1)}${word(0x60)}${word(0)}`)),
      'argument 1 (a0): offset beyond the data',
    );
  });

  it('a length pointing outside the data', () => {
    assert.strictEqual(
      reason(index.decodeCall(`${sam}${word(0x60)}${word(1)}${word(0xa0)}${word(0x40)}${word(0)}`)),
      'argument 1 (a0): length (64 bytes) beyond the data',
    );
    assert.strictEqual(
      reason(index.decodeCall(`${sam}${word(0x60)}${word(1)}${word(0x80)}`)),
      'argument 1 (a0): the data ends before its length',
    );
  });

  it('a dynamic array claiming 2^255 elements, refused at a cost that follows the data, not the claim', () => {
    const huge = `8${'0'.repeat(63)}`;
    const answer = index.decodeCall(`${sam}${word(0x60)}${word(1)}${word(0x80)}${word(0)}${huge}`);
    assert.strictEqual(reason(answer), 'argument 3 (a2): claims 2^255 elements, more than the data holds');
    const strings = index.decodeCall(`${sel('names')}${word(0x20)}${'ff'.repeat(32)}`);
    assert.strictEqual(reason(strings), 'argument 1 (a0): claims more than 2^255 elements, more than the data holds');
    // n words of elements claiming n² of them: 8n is 8× the data but 64× the claim.
    refusedLinearly(
      'an array of n words claiming n² elements',
      n => `${sam}${word(0x60)}${word(1)}${word(0x80)}${word(0)}${word(n * n)}${word(7).repeat(n)}`,
      data => index.decodeCall(data),
      256,
      /^argument 3 \(a2\): claims \d+ elements, more than the data holds$/,
    );
  });

  it('a fixed array of dynamic elements whose heads run past the end', () => {
    assert.strictEqual(
      reason(index.decodeCall(`${sel('fixedDyn')}${word(0x20)}${word(0x40)}`)),
      'argument 1 (a0): its 2 elements run past the end of the data',
    );
  });

  it('offsets that all point at one shared tail (amplification) run out of budget, at linear cost', () => {
    // grid(uint256[][]): n inner arrays, every one pointing at the same inner array of n elements:
    // 2n words of data that would decode to n² values.
    const shared = (n: number) => {
      const heads = Array.from({ length: n }, () => word(n * 32)).join('');
      const inner = word(n) + Array.from({ length: n }, (_, i) => word(i)).join('');
      return `${sel('grid')}${word(0x20)}${word(n)}${heads}${inner}`;
    };
    // The budget is the data's own words (plus a few), whatever the amplified size.
    const words = (n: number) => (shared(n).length - 10) / 64;
    assert.strictEqual(
      reason(index.decodeCall(shared(300))),
      `argument 1 (a0): more values than the data has words (${words(300) + 8}): offsets share their data`,
    );
    refusedLinearly(
      'n offsets sharing a tail of n values',
      shared,
      data => index.decodeCall(data),
      300,
      /^argument 1 \(a0\): more values than the data has words \(\d+\): offsets share their data$/,
    );
  });

  it('strings sharing one large tail run out of the byte budget, at linear cost', () => {
    // n heads pointing at one string of 20n bytes: about 22n bytes of data, 20n² bytes of strings.
    const shared = (n: number) => {
      const big = 20 * n;
      const heads = Array.from({ length: n }, () => word(n * 32)).join('');
      return `${sel('names')}${word(0x20)}${word(n)}${heads}${word(big)}${'61'.repeat(big)}`;
    };
    const n = 200;
    const big = 4096;
    const heads = Array.from({ length: n }, () => word(n * 32)).join('');
    const data = `${sel('names')}${word(0x20)}${word(n)}${heads}${word(big)}${'61'.repeat(big)}`;
    assert.strictEqual(
      reason(index.decodeCall(data)),
      `argument 1 (a0): more than ${LIMITS.maxBytes} bytes of strings and bytes`,
    );
    refusedLinearly(
      'n strings sharing a tail of 20n bytes',
      shared,
      text => index.decodeCall(text),
      n,
      /more than \d+ bytes of strings and bytes/,
    );
  });

  it('types nested deeper than the decoder allows, refused at a cost that follows the data', () => {
    const deep: AbiFunction = {
      type: 'function',
      name: 'deep',
      stateMutability: 'view',
      inputs: [{ name: 'x', type: `uint256${'[]'.repeat(LIMITS.maxDepth + 2)}` }],
      outputs: [],
    };
    const candidate = { item: deep, selector: '0x12345678', signature: 'deep(…)', contract: {} as IndexedContract };
    // Each level: offset 0x20 to a length of 1, then the next level's offset.
    let tail = '';
    for (let level = 0; level < LIMITS.maxDepth + 2; level++) tail += `${word(1)}${word(0x20)}`;
    const data = `0x12345678${word(0x20)}${tail}${word(0)}`;
    assert.strictEqual(reason(decodeCall(data, [candidate])), 'argument 1 (x): nested deeper than 32 levels');
    // n elements at every level, all pointing at the one next level: n words a level, n^34 paths.
    const wide = (n: number) => {
      let levels = '';
      for (let level = 0; level < LIMITS.maxDepth + 2; level++) levels += word(n) + word(n * 32).repeat(n);
      return `0x12345678${word(0x20)}${levels}${word(0).repeat(n)}`;
    };
    refusedLinearly(
      'n elements a level sharing the next level',
      wide,
      text => decodeCall(text, [candidate]),
      16,
      /^argument 1 \(x\): nested deeper than 32 levels$/,
    );
  });

  it('results, reverts and logs that are bad are raw with a reason too', () => {
    const f: AbiFunction = {
      type: 'function',
      name: 'f',
      stateMutability: 'view',
      inputs: [],
      outputs: [{ name: 's', type: 'string' }],
    };
    const result = decodeResult(f, `0x${word(0x20)}${word(100)}`);
    assert.deepStrictEqual(result.kind === 'raw' && result.reason, 'output 1 (s): length (100 bytes) beyond the data');
    const revert = decodeRevert(`0x08c379a0${word(0x20)}`, []);
    assert.deepStrictEqual(
      revert.kind === 'raw' && revert.reason,
      'argument 1 (reason): the data ends before its length',
    );
    assert.deepStrictEqual(decodeRevert('0x08c3', []).kind, 'raw');
    const notText = decodeRevert(`0x08c379a0${word(0x20)}${word(2)}${'ff00'.padEnd(64, '0')}`, []);
    assert.deepStrictEqual(
      notText.kind === 'raw' && notText.reason,
      'Error(string) whose reason is not printable text',
    );
    const transfer = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
    const builtin = new AbiIndex();
    const short = builtin.decodeLog({ topics: [transfer, `0x${word(1)}`, `0x${word(2)}`], data: '0x01' });
    assert.deepStrictEqual(
      short.kind === 'raw-log' && short.reason,
      'data argument 1 (value): the data ends inside it',
    );
    const badTopic = builtin.decodeLog({ topics: [transfer, '0x1234'], data: '0x' });
    assert.deepStrictEqual(badTopic.kind === 'raw-log' && badTopic.reason, 'topic 1 is not 32 bytes of hex');
    assert.deepStrictEqual(decodeLog({ topics: [], data: '0x' }, []).kind, 'raw-log');
    const wrongCount = builtin.decodeLog({ topics: [transfer, `0x${word(1)}`], data: '0x' });
    assert.ok(wrongCount.kind === 'raw-log');
    assert.match(wrongCount.reason, /has 2 indexed arguments, the log 1 topics after the first/);
  });

  it('values outside their type (a bool of 2, an address with high bits) are not silently accepted', () => {
    const { index: idx } = indexed([fn('flag', 'bool'), fn('who', 'address')]);
    const [flag, who] = idx.workspaceContracts()[0].functions.map(f => f.selector);
    assert.strictEqual(idx.decodeCall(`${flag}${word(2)}`).kind, 'raw');
    const dirty = idx.decodeCall(`${who}${'ff'.repeat(12)}${'11'.repeat(20)}`);
    // viem reads the low 20 bytes; with a single candidate the call still decodes, but two
    // candidates would be separated by the exact re-encoding (see decode.test.ts).
    assert.ok(dirty.kind === 'call' || dirty.kind === 'raw');
  });
});
