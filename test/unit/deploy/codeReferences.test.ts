// The ids and addresses a workspace's code and .env files name, with their lines: what is found,
// what is not (versions, IPs, transaction ids), the limit, any text at all (fast-check), and a
// cost that grows with the text, not faster.
import * as assert from 'assert';
import fc from 'fast-check';
import { codeReferences, MAX_CODE_REFERENCES } from '../../../src/deploy';
import { assertGrowth } from '../../support/growth';

describe('codeReferences', () => {
  it('finds ids and addresses in .env lines and code, each with its line', () => {
    const env = [
      '# the sample deployments',
      'CROWDFUND_ID=0.0.1006',
      'TOKEN_ADDRESS=0x00000000000000000000000000000000000003EA',
      '',
      'OPERATOR_KEY=302e020100300506032b657004220420',
    ].join('\n');
    assert.deepStrictEqual(codeReferences('.env', env), [
      { address: '0.0.1006', line: 2 },
      { address: '0x00000000000000000000000000000000000003ea', line: 3 },
    ]);
    const code = [
      "import { ContractId } from '@hashgraph/sdk';",
      "const crowdfund = ContractId.fromString('0.0.1006');",
      'const counter = "0x00000000000000000000000000000000000003f0"; const again = "0.0.1006-abcde";',
    ].join('\r\n');
    assert.deepStrictEqual(codeReferences('scripts/call.ts', code), [
      { address: '0.0.1006', line: 2 },
      { address: '0x00000000000000000000000000000000000003f0', line: 3 },
      { address: '0.0.1006', line: 3 },
    ]);
  });

  it('leaves out versions, IPs, transaction ids and longer tokens', () => {
    const text = [
      '"lib": "~0.0.3", "pkg@0.0.4"',
      'host = 10.0.0.1',
      'pragma solidity ^0.0.5;',
      'tx 0.0.1001@1700000000.000000001 and 0.0.1001-1700000000-000000001',
      'v0.0.12 0.0.1-beta 0.0.1.2 0x' + 'a'.repeat(41),
      '0.0.0',
    ].join('\n');
    assert.deepStrictEqual(codeReferences('notes.md', text), []);
  });

  it('stops at the limit', () => {
    const text = Array.from({ length: 50 }, (_, i) => `ID_${i}=0.0.${i + 1}`).join('\n');
    const found = codeReferences('.env', text, 10);
    assert.strictEqual(found.length, 10);
    assert.deepStrictEqual(found[9], { address: '0.0.10', line: 10 });
    assert.deepStrictEqual(codeReferences('.env', text, 0), []);
    assert.strictEqual(codeReferences('.env', `${'0.0.7\n'.repeat(5000)}`).length, MAX_CODE_REFERENCES);
  });

  it('never throws, and every reference is on the line it says, as written there', () => {
    const piece = fc.constantFrom(
      '0.0.',
      '0x',
      '1006',
      '\n',
      '\r\n',
      ' ',
      '=',
      '.',
      '-',
      '@',
      'a',
      'F',
      '0',
      '9',
      '"',
      '\u2028',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(piece, fc.string({ maxLength: 6 })), { maxLength: 80 }),
        fc.nat(20),
        (parts, limit) => {
          const text = parts.join('');
          const found = codeReferences('x.ts', text, limit);
          assert.ok(found.length <= limit);
          const lines = text.split('\n');
          for (const { address, line } of found) {
            assert.ok(line >= 1 && line <= lines.length);
            const written = lines[line - 1];
            const ids = [...written.matchAll(/(\d+)\.(\d+)\.(\d+)/g)].map(m => m.slice(1).map(BigInt).join('.'));
            const there = address.startsWith('0x') ? written.toLowerCase().includes(address) : ids.includes(address);
            assert.ok(there, `${address} on line ${line}: ${JSON.stringify(written)}`);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('costs ~8× the time at 8× the text, whatever the text is made of', () => {
    const shapes: [string, (n: number) => string][] = [
      ['ids on many lines', n => 'X=0.0.1006\n'.repeat(n)],
      ['one long line of near-ids', n => '0.0.0.0.0.0.'.repeat(n)],
      ['newlines and transaction ids', n => '\n\n0.0.1@1.2 '.repeat(n)],
      ['hex without end', n => `0x${'a'.repeat(n * 10)}`],
    ];
    for (const [what, make] of shapes)
      assertGrowth(`codeReferences: ${what}`, make, text => codeReferences('x', text, Infinity), 2000);
  });
});
