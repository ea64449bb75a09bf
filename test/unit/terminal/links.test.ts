import * as assert from 'assert';
import { formatEntityId, formatTransactionIdAt } from '../../../src/ledger';
import fc from 'fast-check';
import { assertGrowth } from '../../support/growth';
import {
  type TerminalLinkMatch,
  actionFor,
  findTerminalLinks,
  MAX_TERMINAL_LINE,
  urlSpans,
} from '../../../src/features/terminal/links';

function describeLink(l: TerminalLinkMatch): string {
  const t = l.target;
  switch (t.kind) {
    case 'transaction':
      return `tx ${formatTransactionIdAt(t.transactionId)}`;
    case 'entity':
      return `entity ${formatEntityId(t.id)}`;
    case 'evm':
      return `evm ${t.address}${t.longZero ? ` =${formatEntityId(t.longZero)}` : ''}`;
    case 'transactionHash':
      return `hash ${t.hash.slice(0, 10)}…`;
    case 'ethereumHash':
      return `eth ${t.hash.slice(0, 10)}…`;
  }
}

const HASH48 = 'a1b2c3d4'.repeat(12);
const HASH32 = 'e5f6a7b8'.repeat(8);
const DER_ED25519 = `302e020100300506032b657004220420${'11'.repeat(32)}`;
// 50 bytes: never the length of a hash, so never a link.
const DER_ECDSA = `3030020100300706052b8104000a04220420${'22'.repeat(32)}`;

// [line as printed by a real script or tool, the links expected in order]
const table: Array<[string, string[]]> = [
  // @hashgraph/sdk scripts (JavaScript), console.log of ids and receipts
  ['The new account ID is 0.0.5812345', ['entity 0.0.5812345']],
  ['Transaction ID: 0.0.1234@1700000000.123456789', ['tx 0.0.1234@1700000000.123456789']],
  [
    '- Created token 0.0.5812399 with tx 0.0.2@1700000001.000000042',
    ['entity 0.0.5812399', 'tx 0.0.2@1700000001.000000042'],
  ],
  [
    "TransactionReceipt { status: 'SUCCESS', accountId: '0.0.5812345', fileId: null, contractId: null, topicId: null }",
    ['entity 0.0.5812345'],
  ],
  ['scheduled: 0.0.1234@1700000000.123456789?scheduled', ['tx 0.0.1234@1700000000.123456789']],
  // The SDK form without nanoseconds: nanoseconds 0
  ['txId=0.0.1234@1700000000', ['tx 0.0.1234@1700000000.000000000']],
  ['done (0.0.1234@1700000000).', ['tx 0.0.1234@1700000000.000000000']],
  // The mirror node's form, in curl output
  [
    '  "transaction_id": "0.0.1234-1700000000-123456789", "entity_id": "0.0.5812345", "result": "SUCCESS"',
    ['tx 0.0.1234@1700000000.123456789', 'entity 0.0.5812345'],
  ],
  // Go and Python SDK output
  ['2024/01/02 15:04:05 transaction id: 0.0.1234@1700000000.000000001', ['tx 0.0.1234@1700000000.000000001']],
  ['Topic created: 0.0.4991716 (status ResponseCode.SUCCESS)', ['entity 0.0.4991716']],
  // Checksums
  ['Account: 0.0.1234-vfmkw', ['entity 0.0.1234']],
  // Hardhat and ethers output
  [
    'Greeter deployed to: 0x5FbDB2315678afecb367f032d93F642f64180aa3',
    ['evm 0x5fbdb2315678afecb367f032d93f642f64180aa3'],
  ],
  [
    'Contract at 0x00000000000000000000000000000000000004d2',
    ['evm 0x00000000000000000000000000000000000004d2 =0.0.1234'],
  ],
  [`deployment tx: 0x${HASH32} (gas used 120000)`, [`eth 0x${HASH32.slice(0, 8)}…`]],
  // 48-byte transaction hashes, with and without 0x
  [`Transaction hash: 0x${HASH48}`, [`hash 0x${HASH48.slice(0, 8)}…`]],
  [`hash=${HASH48.toUpperCase()}`, [`hash 0x${HASH48.slice(0, 8)}…`]],
  // Keys are never links: DER private keys are 48 bytes, raw ECDSA keys 32
  [`OPERATOR_KEY=${DER_ED25519}`, []],
  [`${DER_ED25519}`, []],
  [`ecdsa ${DER_ECDSA}`, []],
  [`Private key: 0x${HASH32}`, []],
  [`privateKey: 0x${HASH32}`, []],
  [`Your recovery seed: 0x${HASH32}`, []],
  // Inside a URL the terminal links the URL itself
  ['See https://hashscan.io/testnet/transaction/0.0.1234-1700000000-123456789', []],
  [
    'GET https://testnet.mirrornode.hedera.com/api/v1/accounts/0.0.5812345?transactions=false 200 for 0.0.7',
    ['entity 0.0.7'],
  ],
  // Not ids: versions, IP addresses, packages, decimals, dates
  ['npm WARN deprecated @hashgraph/sdk@2.50.0', []],
  ['Node.js v20.10.0 on 127.0.0.1:5551', []],
  ['Compiled 3 Solidity files with solc 0.8.24 (evm target: paris)', []],
  ['balance: 10.000000 ℏ, ratio 1.25', []],
  ['0.0.0 is not an entity', []],
  ['1.2.3 on shard 1', []],
];

describe('terminal links over real-shaped script output', () => {
  for (const [line, expected] of table) {
    it(`${JSON.stringify(line).slice(0, 100)} → ${expected.join(', ') || 'no link'}`, () => {
      const links = findTerminalLinks(line);
      assert.deepStrictEqual(links.map(describeLink), expected);
      for (const l of links) {
        assert.strictEqual(line.slice(l.startIndex, l.startIndex + l.length), l.text);
        assert.ok(l.tooltip.startsWith('Ledger Lens: '));
      }
    });
  }

  it('other shards and realms only with anyShardRealm', () => {
    assert.deepStrictEqual(findTerminalLinks('id 1.2.3 and 1.2.3@1700000000').map(describeLink), []);
    assert.deepStrictEqual(
      findTerminalLinks('id 1.2.3 and 1.2.3@1700000000', { anyShardRealm: true }).map(describeLink),
      ['entity 1.2.3', 'tx 1.2.3@1700000000.000000000'],
    );
  });

  it('a very long line is read only up to its cap, and links stay few', () => {
    const line = `${'0.0.1 '.repeat(5000)}`;
    const links = findTerminalLinks(line);
    assert.strictEqual(links.length, 100);
    // A 2 MB line costs what a 256 KB one does: both are cut at the cap (a scan of the whole line
    // would cost 8× more).
    assertGrowth(
      'a line over the cap, cut',
      n => `${'x'.repeat(n)} 0.0.5`,
      long => findTerminalLinks(long),
      250_000,
      { maxRatio: 3 },
    );
  });

  it('the cost of a line grows linearly with its length, whatever runs of URL-like characters it holds', () => {
    // `a.a.a…` is a run of scheme characters with no `://`: each word start in it once made the URL
    // pattern read the rest of the run again. A terminal prints many such lines, so 16 per sample.
    for (const unit of ['a.', 'a-', 'a+', 'ab.1', 'a.0.0.1 ']) {
      assertGrowth(
        `16 lines of ${JSON.stringify(unit)}`,
        n => Array.from({ length: 16 }, () => unit.repeat(Math.ceil(n / unit.length))),
        lines => lines.map(line => findTerminalLinks(line)),
        MAX_TERMINAL_LINE / 8,
      );
    }
  });

  it('finds the URLs a scheme at a word start, `://` and a run after it make', () => {
    // What `\b[a-z][a-z0-9+.-]*:\/\/[^\s"'`<>]+` (gi) finds, on lines short enough for it to be cheap.
    const pattern = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'`<>]+/gi;
    const expected = (line: string) => [...line.matchAll(pattern)].map(m => [m.index, m.index + m[0].length]);
    const piece = fc.constantFrom(
      'a',
      'Z',
      '1',
      '.',
      '+',
      '-',
      '_',
      ':',
      '://',
      '/',
      ' ',
      '"',
      '<',
      'https',
      'é',
      '0.0.5',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), pieces => {
        const line = pieces.join('');
        assert.deepStrictEqual(urlSpans(line), expected(line), JSON.stringify(line));
      }),
      { numRuns: 5000 },
    );
    // No scheme in `_x` (no word start), one after its `://`; in `1+e.f` the scheme starts at `e`.
    assert.deepStrictEqual(urlSpans('_x://https://a.b/c 1+e.f://g'), [
      [5, 18],
      [21, 28],
    ]);
  });
});

describe('what a terminal link opens', () => {
  const only = (line: string) => {
    const links = findTerminalLinks(line);
    assert.strictEqual(links.length, 1, line);
    return links[0];
  };
  const contracts = new Set(['0.0.5005']);
  const asked: string[] = [];
  const isContract = async (id: string) => {
    asked.push(id);
    return contracts.has(id);
  };

  it('a transaction id (either form) opens the transaction panel with the dash form', async () => {
    for (const line of ['tx 0.0.1234@1700000000.000000005', 'tx 0.0.1234-1700000000-5', 'tx 0.0.1234@1700000000']) {
      const expected = line.endsWith('@1700000000') ? '0.0.1234-1700000000-000000000' : '0.0.1234-1700000000-000000005';
      assert.deepStrictEqual(await actionFor(only(line), isContract), {
        command: 'ledgerLens.lookupTransaction',
        argument: expected,
      });
    }
  });

  it('a 48-byte hash opens the transaction panel by hash', async () => {
    assert.deepStrictEqual(await actionFor(only(`hash ${HASH48}`), isContract), {
      command: 'ledgerLens.lookupTransaction',
      argument: `0x${HASH48}`,
    });
  });

  it('a contract id opens its contract results; an account id is revealed in Accounts', async () => {
    assert.deepStrictEqual(await actionFor(only('deployed 0.0.5005'), isContract), {
      command: 'ledgerLens.showContractResults',
      argument: { kind: 'contract', id: '0.0.5005' },
    });
    assert.deepStrictEqual(await actionFor(only('payer 0.0.1234'), isContract), {
      command: 'ledgerLens.revealAccount',
      argument: { kind: 'account', id: '0.0.1234' },
    });
  });

  it('a long-zero address is asked about as its entity id; another address as itself', async () => {
    asked.length = 0;
    const longZero = await actionFor(only('at 0x000000000000000000000000000000000000138d'), isContract);
    assert.deepStrictEqual(longZero, {
      command: 'ledgerLens.showContractResults',
      argument: { kind: 'contract', id: '0.0.5005' },
    });
    const evm = await actionFor(only('from 0x5FbDB2315678afecb367f032d93F642f64180aa3'), isContract);
    assert.deepStrictEqual(evm, {
      command: 'ledgerLens.revealAccount',
      argument: {
        kind: 'account',
        id: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        evmAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      },
    });
    assert.deepStrictEqual(asked, ['0.0.5005', '0x5fbdb2315678afecb367f032d93f642f64180aa3']);
  });
});
