// Debug information from compiler output that is wrong, malformed or hostile (a workspace file is
// untrusted): a source map that is not one, or not this code's, or that names sources the output
// lacks; code that is not hex; a storage layout of a million entries, or with type ids that are
// Object's own members. Each gives its answer with the problem in words, never an exception, and a
// layout is cut at MAX_LAYOUT_ENTRIES. The worker's replies are checked before they are used.
import * as assert from 'assert';
import fc from 'fast-check';
import { CompilerOutputIndexer } from '../../../src/source/indexer';
import { inThreadAccess } from '../../../src/source/readers';
import { buildDebugInfo, isCodeDebugInfo, type DebugParts } from '../../../src/source/debugInfo';
import {
  MAX_LAYOUT_ENTRIES,
  StorageLayoutCollector,
  isStorageLayout,
  layoutPatterns,
} from '../../../src/source/storageLayout';
import { JsonStreamReader } from '../../../src/source/jsonStream';
import { selectPaths } from '../../../src/source/jsonPaths';
import { parseRequest } from '../../../src/source/workerProtocol';
import type { CodeDebugInfo } from '../../../src/source/debugTypes';
import type { CompiledContractRef } from '../../../src/source/types';

type Json = Record<string, unknown>;

/** A solc standard-JSON output (`contracts`, `sources` at the top) of one contract `C` in `a.sol`. */
function output(contract: Json, sources: Json = { 'a.sol': { id: 0 } }): string {
  return JSON.stringify({ contracts: { 'a.sol': { C: contract } }, sources });
}

const CODE = '6080604052600080fd'; // PUSH1 80 PUSH1 40 MSTORE PUSH1 0 DUP1 REVERT: 6 instructions

function code(extra: Json = {}): Json {
  return { evm: { deployedBytecode: { object: CODE, sourceMap: '0:10:0:-:0;;;;2:3:0:i;' }, ...extra } };
}

class Files {
  readonly texts = new Map<string, string>();
  readonly indexer = new CompilerOutputIndexer(
    inThreadAccess({
      read: async file => {
        const text = this.texts.get(file);
        if (text === undefined) throw Object.assign(new Error('no such file'), { code: 'FileNotFound' });
        return new TextEncoder().encode(text);
      },
    }),
    { detailBudgetBytes: 32 * 1024 * 1024 },
  );

  async info(text: string, kind: 'deployed' | 'creation' = 'deployed'): Promise<CodeDebugInfo> {
    this.texts.set('out.json', text);
    const outcome = await this.indexer.index({ file: 'out.json', projectRoot: '' });
    assert.strictEqual(outcome.refs.length, 1, outcome.skipped);
    const info = await this.indexer.debugInfo(outcome.refs[0].key, kind);
    assert.ok(info);
    return info;
  }
}

const REF: CompiledContractRef = {
  key: 'x#a.sol:C',
  contractName: 'C',
  sourceName: 'a.sol',
  origin: { kind: 'solc-json', file: 'x' },
  code: { hex: '', masks: [] },
  hasAst: false,
  hasSourceMap: true,
};

function parts(object: unknown, sourceMap: unknown): DebugParts {
  return { ref: REF, kind: 'deployed', object, sourceMap, userSources: 1, sources: new Map(), problems: [] };
}

/** A layout read through the streaming reader, as the debug pass reads a Foundry artifact's. */
function readLayout(layout: unknown) {
  const collector = new StorageLayoutCollector();
  const base = selectPaths({ take: layoutPatterns([]) });
  const reader = new JsonStreamReader({
    select: path => (path[0] === 'storageLayout' ? (collector.admit(path) ?? base(path)) : base(path)),
    onValue: (path, value) => collector.onValue(path, value),
  });
  reader.write(JSON.stringify({ storageLayout: layout }));
  reader.end();
  return collector.finish();
}

const variable = (i: number) => ({
  astId: i,
  contract: 'a.sol:C',
  label: `v${i}`,
  offset: 0,
  slot: String(i),
  type: 't_uint256',
});
const UINT = { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' };

describe('debug information from wrong or hostile compiler output: problems, not exceptions', function () {
  this.timeout(60_000);
  let files: Files;
  beforeEach(() => {
    files = new Files();
  });

  it('a source map that is not one: the pcs, every instruction without a source, the reason', async () => {
    const info = await files.info(output({ evm: { deployedBytecode: { object: CODE, sourceMap: '0:1:0;1:2:x' } } }));
    assert.deepStrictEqual([...info.pcs], [0, 2, 4, 5, 7, 8]);
    assert.deepStrictEqual([...info.fileIndex], [-1, -1, -1, -1, -1, -1]);
    assert.strictEqual(info.problems.length, 1);
    assert.match(
      info.problems[0],
      /^the source map of the deployed code could not be read: source map entry 1: the source id is "x": not -1 or a number$/,
    );
  });

  it("a map with more entries than the code's instructions is not this code's", async () => {
    const info = await files.info(
      output({ evm: { deployedBytecode: { object: '6001', sourceMap: '0:1:0;1:1:0;2:1:0' } } }),
    );
    assert.deepStrictEqual([...info.pcs], [0]);
    assert.deepStrictEqual(info.problems, [
      "the source map of the deployed code has 3 entries, more than its 1 instructions: it is not this code's map",
    ]);
  });

  it('a map naming sources the output lacks; no map; no creation code; creation code that is not hex', async () => {
    const missing = await files.info(output(code(), { 'a.sol': { id: 0 } }).replace('2:3:0:i', '2:3:7:i'));
    assert.deepStrictEqual([...missing.fileIndex], [0, 0, 0, 0, 7, 7]);
    assert.deepStrictEqual(missing.sources, [{ id: 0, name: 'a.sol', generated: false }]);
    assert.deepStrictEqual(missing.problems, ['the source map names source id(s) 7 that the output does not give']);
    const noMap = await files.info(output({ evm: { deployedBytecode: { object: CODE } } }));
    assert.deepStrictEqual(noMap.problems, [
      'the output has no source map for the deployed code (`evm.deployedBytecode.sourceMap`)',
    ]);
    const noCreation = await files.info(output(code()), 'creation');
    assert.deepStrictEqual(noCreation.pcs.length, 0);
    assert.deepStrictEqual(noCreation.problems, ['the output has no creation code for C (`evm.bytecode.object`)']);
    const notHex = await files.info(output(code({ bytecode: { object: '60zz00zz', sourceMap: '' } })), 'creation');
    assert.deepStrictEqual(notHex.problems, ['the creation code could not be read: the opcode at byte 3 is not hex']);
  });

  it('the file gone since it was indexed: the reason, not kept', async () => {
    const first = await files.info(output(code()));
    files.texts.delete('out.json');
    const again = await files.indexer.debugInfo(first.ref.key, 'creation');
    assert.deepStrictEqual(again?.problems, [
      'the compiler output could not be read again: the file is gone (deleted or moved)',
    ]);
  });

  it(`a storage layout of ${MAX_LAYOUT_ENTRIES * 10} entries is cut at ${MAX_LAYOUT_ENTRIES}`, async () => {
    const storage = Array.from({ length: MAX_LAYOUT_ENTRIES * 10 }, (_, i) => variable(i));
    const info = await files.info(output({ ...code(), storageLayout: { storage, types: { t_uint256: UINT } } }));
    assert.strictEqual(info.storageLayout?.storage.length, MAX_LAYOUT_ENTRIES);
    assert.deepStrictEqual(info.storageLayout?.storage[9], {
      contract: 'a.sol:C',
      label: 'v9',
      offset: 0,
      slot: '9',
      type: 't_uint256',
    });
    assert.deepStrictEqual(Object.keys(info.storageLayout?.types ?? {}), [], 'the types come after the cut');
    assert.deepStrictEqual(info.problems, [
      `the storage layout has more than ${MAX_LAYOUT_ENTRIES} entries (variables, types and members): only the first ${MAX_LAYOUT_ENTRIES} were read`,
    ]);
    // Members count too: one struct of many members.
    const members = Array.from({ length: MAX_LAYOUT_ENTRIES * 2 }, (_, i) => variable(i));
    const struct = { encoding: 'inplace', label: 'struct S', numberOfBytes: '64', members };
    const { layout, problems } = readLayout({
      storage: [variable(0)],
      types: { t_uint256: UINT, 't_struct(S)1_storage': struct },
    });
    assert.strictEqual(layout?.types['t_struct(S)1_storage']?.members?.length, MAX_LAYOUT_ENTRIES - 3);
    assert.match(problems[0], /more than 10000 entries/);
  });

  it("entries not as solc writes them are left out; type ids that are Object's members are not read", () => {
    const { layout, problems } = readLayout({
      storage: [
        variable(0),
        { ...variable(1), slot: '-1' },
        { ...variable(2), offset: 40 },
        { ...variable(3), label: 7 },
        { ...variable(4), type: 'constructor' },
      ],
      types: {
        t_uint256: UINT,
        ['__proto__']: UINT,
        constructor: UINT,
        t_bad: { ...UINT, encoding: 'sideways' },
        't_mapping(t_uint256,t_uint256)': {
          encoding: 'mapping',
          label: 'mapping(uint256 => uint256)',
          numberOfBytes: '32',
          key: 't_uint256',
        },
      },
    });
    assert.deepStrictEqual(
      layout?.storage.map(v => v.label),
      ['v0'],
    );
    assert.deepStrictEqual(Object.keys(layout?.types ?? {}), ['t_uint256']);
    assert.strictEqual(Object.getPrototypeOf(layout?.types), Object.prototype);
    assert.deepStrictEqual(problems, ['6 storage layout entries are not as solc writes them: left out']);
    assert.deepStrictEqual(readLayout({ storage: [], types: null }), {
      layout: { storage: [], types: {} },
      problems: [],
    });
    assert.deepStrictEqual(readLayout('a string'), { layout: { storage: [], types: {} }, problems: [] });
    assert.deepStrictEqual(readLayout({ storage: [variable(0)], types: {} }).problems, [
      'the storage layout names 1 type(s) it does not describe (t_uint256)',
    ]);
  });

  it('any object and map (fuzzed): an answer with arrays as long as the instructions, never an exception', () => {
    const mapChars = fc.constantFrom(...'0123456789:;-io'.split(''));
    const map = fc.oneof(
      fc.string({ unit: mapChars, maxLength: 200 }),
      fc.string({ maxLength: 50 }),
      fc.constant(undefined),
      fc.integer(),
    );
    const hex = fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map(b => Buffer.from(b).toString('hex')),
      fc.string({ maxLength: 40 }),
      fc.constant(null),
    );
    fc.assert(
      fc.property(hex, map, (object, sourceMap) => {
        const info = buildDebugInfo(parts(object, sourceMap));
        const n = info.pcs.length;
        assert.ok([info.start, info.length, info.fileIndex, info.jump, info.modifierDepth].every(a => a.length === n));
        assert.ok(info.problems.every(p => typeof p === 'string' && p.length < 400));
        assert.ok(isCodeDebugInfo(info, 'deployed'));
      }),
      { numRuns: 500 },
    );
  });

  it('any JSON as a storage layout (fuzzed): a layout the host accepts, never an exception', () => {
    const layoutish = fc.oneof(
      fc.json().map(t => JSON.parse(t) as unknown),
      fc.record({
        storage: fc.array(
          fc.record({
            label: fc.string(),
            slot: fc.string(),
            offset: fc.integer(),
            type: fc.string(),
            contract: fc.string(),
          }),
        ),
        types: fc.dictionary(fc.string(), fc.jsonValue()),
      }),
    );
    fc.assert(
      fc.property(layoutish, value => {
        const { layout } = readLayout(value);
        assert.ok(layout === undefined || isStorageLayout(layout));
      }),
      { numRuns: 300 },
    );
  });

  it("the worker's replies and requests are checked: typed arrays of one length, the kind asked", () => {
    const info = buildDebugInfo(parts(CODE, '0:1:0'));
    const accepted = (value: unknown, kind: 'deployed' | 'creation' = 'deployed'): boolean =>
      isCodeDebugInfo(value, kind);
    assert.ok(accepted(info));
    assert.ok(!accepted(info, 'creation'));
    assert.ok(!accepted({ ...info, pcs: [...info.pcs] }));
    assert.ok(!accepted({ ...info, jump: new Uint8Array(1) }));
    assert.ok(!accepted({ ...info, sources: [{ id: 'x' }] }));
    assert.ok(!accepted({ ...info, storageLayout: { storage: [{}], types: {} } }));
    assert.ok(!accepted(undefined));
    assert.ok(parseRequest({ id: 1, type: 'debugInfo', key: 'k', kind: 'creation' }));
    assert.strictEqual(parseRequest({ id: 1, type: 'debugInfo', key: 'k', kind: 'runtime' }), undefined);
    assert.strictEqual(parseRequest({ id: 1, type: 'debugInfo', kind: 'deployed' }), undefined);
  });
});
