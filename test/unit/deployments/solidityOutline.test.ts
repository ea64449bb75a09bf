import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import type { AbiFunction } from 'viem';
import { isElementary, matchAbiFunction, outlineSolidity } from '../../../src/features/deployments/solidityOutline';
import { assertGrowth } from '../../support/growth';
import { projectRoot } from '../ledger/paths';

const CROWDFUND = path.join(projectRoot(), 'test', 'workspace', 'hardhat-sample', 'contracts', 'Crowdfund.sol');

/** The 0-based line and character of `offset` in `text`, counting \r\n, \r and \n as editors do. */
function positionOf(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}

describe('deployments: the Solidity outline', () => {
  it('finds the sample contract and its functions with their lines and mutability', () => {
    const text = fs.readFileSync(CROWDFUND, 'utf8');
    const outline = outlineSolidity(text);
    assert.strictEqual(outline.truncated, false);
    assert.deepStrictEqual(
      outline.contracts.map(c => [c.kind, c.name]),
      [['contract', 'Crowdfund']],
    );
    const [crowdfund] = outline.contracts;
    assert.deepStrictEqual(positionOf(text, text.indexOf('contract Crowdfund')), {
      line: crowdfund.line,
      character: crowdfund.character,
    });
    assert.deepStrictEqual(
      crowdfund.functions.map(f => `${f.name}(${f.params.join(',')}) ${f.mutability}`),
      [
        'shareOf(uint256) view',
        'preview(uint256) view',
        'pledgeCount() view',
        'pledge(uint256) nonpayable',
        'claim(uint256) nonpayable',
        'close() nonpayable',
        'setPaused(bool) nonpayable',
      ],
    );
    const preview = crowdfund.functions[1];
    assert.deepStrictEqual(positionOf(text, text.indexOf('function preview')), {
      line: preview.line,
      character: preview.character,
    });
  });

  it('tells the four kinds apart and skips comments, strings and nested blocks', () => {
    const text = [
      '// contract InComment { function a() view {} }',
      '/* interface AlsoComment { function b() external view; } */',
      'abstract contract Base is Other(1, "x{") {',
      '  string constant S = "contract InString { function c() view {} }";',
      "  string constant T = 'function d() pure';",
      '  function e() public view virtual returns (uint) { if (true) { function (uint) external f; } }',
      '  function (uint) internal g;',
      '  modifier m() { _; }',
      '}',
      'interface IThing { function h(uint) external view returns (bool); }',
      'library Lib { function i(int x) internal pure returns (int) { return x; } }',
      'contract Plain { function j() external payable {} function k() external constant returns (uint) {} }',
      'abstract notAContract;',
    ].join('\n');
    const outline = outlineSolidity(text);
    assert.deepStrictEqual(
      outline.contracts.map(
        c => `${c.kind} ${c.name}: ${c.functions.map(f => `${f.name} ${f.mutability}`).join(', ')}`,
      ),
      [
        'abstract contract Base: e view',
        'interface IThing: h view',
        'library Lib: i pure',
        'contract Plain: j payable, k view',
      ],
    );
    assert.strictEqual(outline.contracts[0].line, 2);
  });

  it('writes parameter types as the ABI does where it can, user types as written', () => {
    const text = `contract C {
      function f(uint a, int b, address payable c, uint[] calldata d, bytes32 e, byte g) external view {}
      function s(Crowdfund.Pledge[] memory p, Stage st, mapping(address => uint) storage m, function (uint) external fn) internal view {}
      function unnamed(uint256, string memory) external pure {}
    }`;
    const [c] = outlineSolidity(text).contracts;
    assert.deepStrictEqual(c.functions[0].params, ['uint256', 'int256', 'address', 'uint256[]', 'bytes32', 'bytes1']);
    assert.deepStrictEqual(c.functions[1].params, [
      'Crowdfund.Pledge[]',
      'Stage',
      'mapping(address=>uint)',
      'function',
    ]);
    assert.deepStrictEqual(c.functions[2].params, ['uint256', 'string']);
    assert.ok(isElementary('uint256[][3]') && isElementary('bytes') && isElementary('address'));
    assert.ok(!isElementary('Stage') && !isElementary('Crowdfund.Pledge[]') && !isElementary('uint2567'));
  });

  it('counts lines after \\r\\n, a lone \\r and line breaks inside block comments', () => {
    const text = 'contract A {\r\n/* one\r\ntwo\rthree */ function f() view {}\r}\rcontract B {}';
    const outline = outlineSolidity(text);
    assert.deepStrictEqual(
      outline.contracts.map(c => [c.name, c.line, c.character]),
      [
        ['A', 0, 0],
        ['B', 5, 0],
      ],
    );
    const [f] = outline.contracts[0].functions;
    assert.deepStrictEqual([f.line, f.character], [3, 'three */ '.length]);
    assert.deepStrictEqual(positionOf(text, text.indexOf('function')), { line: 3, character: 9 });
  });

  it('matches a source function to its ABI function by name, count and the types it can tell', () => {
    const abi = (name: string, ...types: string[]): { item: AbiFunction; signature: string } => ({
      item: {
        type: 'function',
        name,
        stateMutability: 'view',
        inputs: types.map(type => ({ type, name: '' })),
        outputs: [],
      },
      signature: `${name}(${types.join(',')})`,
    });
    const fns = [abi('get', 'uint256'), abi('get', 'address'), abi('get', 'uint8', 'uint256'), abi('other')];
    const [c] = outlineSolidity(
      'contract C { function get(uint x) view {} function get(address a) view {} function get(Stage s, uint n) view {} function get(Kind k) view {} function other() view {} function missing() view {} }',
    ).contracts;
    const matched = c.functions.map(f => matchAbiFunction(f, fns)?.signature);
    // `get(Kind)`: a user type fits both one-parameter overloads, so neither is claimed.
    assert.deepStrictEqual(matched, [
      'get(uint256)',
      'get(address)',
      'get(uint8,uint256)',
      undefined,
      'other()',
      undefined,
    ]);
  });

  it('stops at its limits and says so', () => {
    const many = Array.from({ length: 50 }, (_, i) => `contract C${i} { function f${i}() view {} }`).join('\n');
    const byItems = outlineSolidity(many, { maxItems: 11 });
    assert.strictEqual(byItems.truncated, true);
    assert.strictEqual(
      byItems.contracts.reduce((n, c) => n + 1 + c.functions.length, 0),
      11,
    );
    const byChars = outlineSolidity(many, { maxChars: many.indexOf('contract C3 ') });
    assert.strictEqual(byChars.truncated, true);
    assert.deepStrictEqual(
      byChars.contracts.map(c => c.name),
      ['C0', 'C1', 'C2'],
    );
    assert.strictEqual(outlineSolidity(many).truncated, false);
  });

  it('never throws and keeps to its item limit on any text (fuzz)', () => {
    const pieces = fc.constantFrom(
      'contract ',
      'abstract ',
      'interface ',
      'library ',
      'function ',
      'X',
      ' is ',
      '(',
      ')',
      '{',
      '}',
      ';',
      ',',
      '[',
      ']',
      '"',
      "'",
      '\\',
      '/*',
      '*/',
      '//',
      '\n',
      '\r',
      ' view ',
      ' pure ',
      'uint ',
      'mapping',
      '.',
      'a',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 200 }), fc.integer({ min: 0, max: 20 }), (parts, maxItems) => {
        const outline = outlineSolidity(parts.join(''), { maxItems });
        const items = outline.contracts.reduce((n, c) => n + 1 + c.functions.length, 0);
        assert.ok(items <= maxItems);
        for (const c of outline.contracts) assert.ok(c.name.length > 0 && c.line >= 0 && c.character >= 0);
      }),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), text => void outlineSolidity(text)),
      { numRuns: 300 },
    );
  });

  it('reads back any generated program whatever comments, strings and line breaks surround its tokens (fuzz)', () => {
    const KEYWORDS = new Set([
      'contract',
      'interface',
      'library',
      'abstract',
      'function',
      'is',
      'view',
      'pure',
      'payable',
      'constant',
      'mapping',
      'returns',
      'memory',
      'calldata',
      'storage',
      'address',
      'external',
      'public',
      'internal',
      'uint',
    ]);
    const name = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,6}$/).filter(n => !KEYWORDS.has(n));
    const TYPES: readonly [string, string][] = [
      ['uint', 'uint256'],
      ['uint8', 'uint8'],
      ['address payable', 'address'],
      ['string memory', 'string'],
      ['bytes calldata', 'bytes'],
      ['uint256[] memory', 'uint256[]'],
      ['Lib.S[2] memory', 'Lib.S[2]'],
      ['Stage', 'Stage'],
    ];
    const fnArb = fc.record({
      name,
      params: fc.array(fc.integer({ min: 0, max: TYPES.length - 1 }), { maxLength: 4 }),
      mutability: fc.constantFrom('view', 'pure', 'payable', 'nonpayable'),
      body: fc.constantFrom('{}', ';', '{ x = "} function fake() view {"; }', "{ if (a) { b('{'); } }", '{ /* } */ }'),
    });
    const contractArb = fc.record({
      kind: fc.constantFrom('contract', 'abstract contract', 'interface', 'library'),
      name,
      functions: fc.array(fnArb, { maxLength: 4 }),
    });
    const trivia = fc.constantFrom(
      ' ',
      '\n',
      '\r\n',
      '\r',
      '\t',
      ' /* contract Fake { function f() view {} } */ ',
      ' // function g() pure {\n',
      ' /*\r\n*/ ',
    );
    fc.assert(
      fc.property(
        fc.array(contractArb, { maxLength: 4 }),
        fc.array(trivia, { minLength: 1, maxLength: 16 }),
        (model, gaps) => {
          let text = '';
          let g = 0;
          const gap = () => gaps[g++ % gaps.length];
          const expected: {
            name: string;
            at: number;
            functions: { name: string; at: number; params: string[]; mutability: string }[];
          }[] = [];
          for (const c of model) {
            const at = text.length;
            text += `${c.kind.replace(' ', gap())}${gap()}${c.name}${gap()}{${gap()}`;
            const functions = [];
            for (const f of c.functions) {
              const fat = text.length;
              const params = f.params.map(i => TYPES[i][0]).join(`${gap()},${gap()}`);
              const mutability = f.mutability === 'nonpayable' ? '' : `${f.mutability}${gap()}`;
              text += `function${gap()}${f.name}${gap()}(${gap()}${params}${gap()})${gap()}external${gap()}${mutability}${f.body}${gap()}`;
              functions.push({
                name: f.name,
                at: fat,
                params: f.params.map(i => TYPES[i][1]),
                mutability: f.mutability,
              });
            }
            text += `}${gap()}`;
            expected.push({ name: c.name, at, functions });
          }
          const outline = outlineSolidity(text);
          assert.deepStrictEqual(
            outline.contracts.map(c => ({
              name: c.name,
              ...pos(c),
              functions: c.functions.map(f => ({
                name: f.name,
                ...pos(f),
                params: [...f.params],
                mutability: f.mutability,
              })),
            })),
            expected.map(c => ({
              name: c.name,
              ...positionOf(text, c.at),
              functions: c.functions.map(f => ({
                name: f.name,
                ...positionOf(text, f.at),
                params: f.params,
                mutability: f.mutability,
              })),
            })),
          );
          // The same program inside a block comment is no program.
          assert.deepStrictEqual(outlineSolidity(`/*${text.split('*/').join('')}*/`).contracts, []);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('costs time in proportion to the text (growth)', () => {
    const unit = fs.readFileSync(CROWDFUND, 'utf8');
    assertGrowth(
      'outline of n copies of the sample',
      n => Array.from({ length: n }, () => unit).join('\n'),
      text => outlineSolidity(text, { maxItems: Number.MAX_SAFE_INTEGER, maxChars: Number.MAX_SAFE_INTEGER }),
      8,
    );
    assertGrowth(
      'outline of an unterminated comment and of unclosed parentheses',
      n => `contract A { function f(${'('.repeat(n * 1000)} /* ${'x'.repeat(n * 1000)}`,
      text => outlineSolidity(text),
      8,
    );
  });
});

function pos(p: { line: number; character: number }): { line: number; character: number } {
  return { line: p.line, character: p.character };
}
