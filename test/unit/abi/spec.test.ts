// The worked examples of the Solidity ABI specification (docs.soliditylang.org, "Contract ABI
// Specification", Examples and Use of Dynamic Types), with the exact encodings printed there.
import * as assert from 'assert';
import { AbiIndex, formatCallAnswer, parseArtifact, type CallAnswer, type DecodedValue } from '../../../src/abi';

// The contract of the spec's examples, as a plain JSON ABI file.
const FOO_ABI = [
  {
    type: 'function',
    name: 'baz',
    inputs: [
      { name: 'x', type: 'uint32' },
      { name: 'y', type: 'bool' },
    ],
    outputs: [{ name: 'r', type: 'bool' }],
    stateMutability: 'pure',
  },
  { type: 'function', name: 'bar', inputs: [{ name: '', type: 'bytes3[2]' }], outputs: [], stateMutability: 'pure' },
  {
    type: 'function',
    name: 'sam',
    inputs: [
      { name: '', type: 'bytes' },
      { name: '', type: 'bool' },
      { name: '', type: 'uint256[]' },
    ],
    outputs: [],
    stateMutability: 'pure',
  },
  {
    type: 'function',
    name: 'f',
    inputs: [
      { name: '', type: 'uint256' },
      { name: '', type: 'uint32[]' },
      { name: '', type: 'bytes10' },
      { name: '', type: 'bytes' },
    ],
    outputs: [],
    stateMutability: 'pure',
  },
  {
    type: 'function',
    name: 'g',
    inputs: [
      { name: '', type: 'uint[][]' },
      { name: '', type: 'string[]' },
    ],
    outputs: [],
    stateMutability: 'pure',
  },
];

const join = (...lines: string[]) => lines.join('');

// The encodings as the specification prints them, word by word.
const BAZ = join(
  '0xcdcd77c0',
  '0000000000000000000000000000000000000000000000000000000000000045',
  '0000000000000000000000000000000000000000000000000000000000000001',
);
const BAR = join(
  '0xfce353f6',
  '6162630000000000000000000000000000000000000000000000000000000000',
  '6465660000000000000000000000000000000000000000000000000000000000',
);
const SAM = join(
  '0xa5643bf2',
  '0000000000000000000000000000000000000000000000000000000000000060',
  '0000000000000000000000000000000000000000000000000000000000000001',
  '00000000000000000000000000000000000000000000000000000000000000a0',
  '0000000000000000000000000000000000000000000000000000000000000004',
  '6461766500000000000000000000000000000000000000000000000000000000',
  '0000000000000000000000000000000000000000000000000000000000000003',
  '0000000000000000000000000000000000000000000000000000000000000001',
  '0000000000000000000000000000000000000000000000000000000000000002',
  '0000000000000000000000000000000000000000000000000000000000000003',
);
const F = join(
  '0x8be65246',
  '0000000000000000000000000000000000000000000000000000000000000123',
  '0000000000000000000000000000000000000000000000000000000000000080',
  '3132333435363738393000000000000000000000000000000000000000000000',
  '00000000000000000000000000000000000000000000000000000000000000e0',
  '0000000000000000000000000000000000000000000000000000000000000002',
  '0000000000000000000000000000000000000000000000000000000000000456',
  '0000000000000000000000000000000000000000000000000000000000000789',
  '000000000000000000000000000000000000000000000000000000000000000d',
  '48656c6c6f2c20776f726c642100000000000000000000000000000000000000',
);
const G = join(
  '0x2289b18c',
  '0000000000000000000000000000000000000000000000000000000000000040',
  '0000000000000000000000000000000000000000000000000000000000000140',
  '0000000000000000000000000000000000000000000000000000000000000002',
  '0000000000000000000000000000000000000000000000000000000000000040',
  '00000000000000000000000000000000000000000000000000000000000000a0',
  '0000000000000000000000000000000000000000000000000000000000000002',
  '0000000000000000000000000000000000000000000000000000000000000001',
  '0000000000000000000000000000000000000000000000000000000000000002',
  '0000000000000000000000000000000000000000000000000000000000000001',
  '0000000000000000000000000000000000000000000000000000000000000003',
  '0000000000000000000000000000000000000000000000000000000000000003',
  '0000000000000000000000000000000000000000000000000000000000000060',
  '00000000000000000000000000000000000000000000000000000000000000a0',
  '00000000000000000000000000000000000000000000000000000000000000e0',
  '0000000000000000000000000000000000000000000000000000000000000003',
  '6f6e650000000000000000000000000000000000000000000000000000000000',
  '0000000000000000000000000000000000000000000000000000000000000003',
  '74776f0000000000000000000000000000000000000000000000000000000000',
  '0000000000000000000000000000000000000000000000000000000000000005',
  '7468726565000000000000000000000000000000000000000000000000000000',
);

function fooIndex(): AbiIndex {
  const outcome = parseArtifact('abi/Foo.abi.json', JSON.stringify(FOO_ABI));
  assert.strictEqual(outcome.kind, 'indexed');
  const index = new AbiIndex();
  index.setFile('abi/Foo.abi.json', outcome.kind === 'indexed' ? outcome.contracts : []);
  return index;
}

function only(answer: CallAnswer) {
  assert.strictEqual(answer.kind, 'call', answer.kind === 'raw' ? answer.reason : '');
  assert.ok(answer.kind === 'call');
  assert.strictEqual(answer.candidates.length, 1);
  return answer.candidates[0];
}

const ints = (v: DecodedValue): bigint[] =>
  v.kind === 'array' ? v.items.map(i => (i.kind === 'int' ? i.value : -1n)) : [];
const texts = (v: DecodedValue): (string | undefined)[] =>
  v.kind === 'array' ? v.items.map(i => (i.kind === 'bytes' ? i.text : 'not bytes')) : [];

describe('ABI specification examples', () => {
  const index = fooIndex();

  it('computes the selectors the specification gives (uint[][] canonicalised to uint256[][])', () => {
    const contract = index.workspaceContracts()[0];
    assert.deepStrictEqual(
      contract.functions.map(f => [f.signature, f.selector]),
      [
        ['baz(uint32,bool)', '0xcdcd77c0'],
        ['bar(bytes3[2])', '0xfce353f6'],
        ['sam(bytes,bool,uint256[])', '0xa5643bf2'],
        ['f(uint256,uint32[],bytes10,bytes)', '0x8be65246'],
        ['g(uint256[][],string[])', '0x2289b18c'],
      ],
    );
  });

  it('baz(69, true)', () => {
    const call = only(index.decodeCall(BAZ));
    assert.strictEqual(call.name, 'baz');
    assert.deepStrictEqual(
      call.args.map(a => [a.name, a.type, a.value]),
      [
        ['x', 'uint32', { kind: 'int', type: 'uint32', value: 69n }],
        ['y', 'bool', { kind: 'bool', type: 'bool', value: true }],
      ],
    );
  });

  it('bar(["abc", "def"]): bytes3 values as text', () => {
    const call = only(index.decodeCall(BAR));
    assert.deepStrictEqual(call.args[0].value, {
      kind: 'array',
      type: 'bytes3[2]',
      items: [
        { kind: 'bytes', type: 'bytes3', hex: '0x616263', text: 'abc' },
        { kind: 'bytes', type: 'bytes3', hex: '0x646566', text: 'def' },
      ],
    });
  });

  it('sam("dave", true, [1, 2, 3])', () => {
    const call = only(index.decodeCall(SAM));
    assert.deepStrictEqual(call.args[0].value, { kind: 'bytes', type: 'bytes', hex: '0x64617665', text: 'dave' });
    assert.deepStrictEqual(call.args[1].value, { kind: 'bool', type: 'bool', value: true });
    assert.deepStrictEqual(ints(call.args[2].value), [1n, 2n, 3n]);
    assert.strictEqual(formatCallAnswer(index.decodeCall(SAM)), 'sam("dave", true, [1, 2, 3])');
  });

  it('f(0x123, [0x456, 0x789], "1234567890", "Hello, world!")', () => {
    const call = only(index.decodeCall(F));
    assert.deepStrictEqual(call.args[0].value, { kind: 'int', type: 'uint256', value: 0x123n });
    assert.deepStrictEqual(ints(call.args[1].value), [0x456n, 0x789n]);
    assert.deepStrictEqual(call.args[2].value, {
      kind: 'bytes',
      type: 'bytes10',
      hex: '0x31323334353637383930',
      text: '1234567890',
    });
    assert.deepStrictEqual(call.args[3].value, {
      kind: 'bytes',
      type: 'bytes',
      hex: '0x48656c6c6f2c20776f726c6421',
      text: 'Hello, world!',
    });
  });

  it('g([[1, 2], [3]], ["one", "two", "three"]): nested dynamic arrays and strings', () => {
    const call = only(index.decodeCall(G));
    const outer = call.args[0].value;
    assert.ok(outer.kind === 'array');
    assert.deepStrictEqual(outer.items.map(ints), [[1n, 2n], [3n]]);
    assert.deepStrictEqual(texts(call.args[1].value), ['one', 'two', 'three']);
    assert.strictEqual(formatCallAnswer(index.decodeCall(G)), 'g([[1, 2], [3]], ["one", "two", "three"])');
  });

  it('accepts the encodings without 0x, in upper case and with surrounding space', () => {
    assert.strictEqual(only(index.decodeCall(`  ${BAZ.slice(2).toUpperCase()}\n`)).name, 'baz');
  });
});
