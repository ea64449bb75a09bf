import * as assert from 'assert';
import { BLOCK_INPUT_HELP, parseBlockLookup } from '../../../src/features/blocks/input';
import { blockRow, blockSection } from '../../../src/features/blocks/model';
import { otherNetworks } from '../../../src/ledger';
import { createMirrorClient, type Block } from '../../../src/mirror';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';

const H64 = 'ff90773193892540084e62086df3953d2362061b16cf682fde5bb00830b232b2';
const H96 = 'b0162e8a244dc05fbd6f321445b14dddf0e94b00eb169b58ff77b1b5206c12782457f7f1a2ae8cea890f378542ac7216';

describe('blocks/input', () => {
  const accepted: Array<[string, string]> = [
    ['0', '0'],
    ['17', '17'],
    [' #17 ', '17'],
    ['9900000000000001', '9900000000000001'],
    ['9223372036854775807', '9223372036854775807'],
    ['0x11', '17'],
    ['0X11'.toLowerCase(), '17'],
    ['0x7fffffffffffffff', '9223372036854775807'],
    [H64, `0x${H64}`],
    [`0x${H64}`, `0x${H64}`],
    [H64.toUpperCase(), `0x${H64}`],
    [H96, `0x${H96}`],
    [`0x${H96.toUpperCase()}`, `0x${H96}`],
  ];
  for (const [input, path] of accepted) {
    it(`${input.trim() || '(empty)'} → ${path.length > 20 ? `${path.slice(0, 20)}…` : path}`, () => {
      const r = parseBlockLookup(input);
      assert.ok(r.ok, r.ok ? '' : r.message);
      assert.strictEqual(r.query.hashOrNumber, path);
    });
  }

  // The recorded 400s for /blocks/{hashOrNumber}, and other shapes: refused here, with the forms.
  const refused = [
    '',
    'invalidnumber',
    '1test',
    'b0162e8a244dc05fbd6f3',
    '0xb0162e8a244dc05fbd6f3',
    'ff90773193892540084e62086df3953d2362061',
    '0xff90773193892540084e62086df3953d2362061',
    '-1',
    '1.5',
    '9223372036854775808',
    '99999999999999999999',
    '0x8000000000000000',
    '0x',
    `${H64}0`,
    `${H96}00`,
    'gte:100',
  ];
  for (const input of refused) {
    it(`refuses ${JSON.stringify(input)}`, () => {
      const r = parseBlockLookup(input);
      assert.ok(!r.ok);
      assert.ok(r.message.includes(BLOCK_INPUT_HELP), r.message);
    });
  }
});

describe('blocks/model over the replayed blocks', () => {
  let replay: MirrorReplay;
  let blocks: readonly Block[];
  before(async () => {
    replay = await startMirrorReplay({ port: 0 });
    const client = createMirrorClient({ baseUrl: replay.url, retries: 0 });
    blocks = (await client.listBlocks()).blocks;
    client.dispose();
  });
  after(() => replay.close());

  it('rows show number, tx count and age; the date, the gas and the exact start and end in the tooltip', () => {
    // Five minutes after the block started.
    const row = blockRow(blocks[0], 1_676_540_001_234 + 5 * 60_000);
    assert.strictEqual(row.label, '#19');
    assert.strictEqual(row.description, '7 txs · 5 min ago');
    assert.match(row.tooltip, /^Block 19 · 2023-02-16 09:33:21 UTC$/m);
    assert.match(row.tooltip, /^Gas used: 240,000$/m);
    assert.match(row.tooltip, /From: 2023-02-16 09:33:21\.234710000 UTC · 1676540001\.234710000/);
    assert.match(row.tooltip, /To: 2023-02-16 09:33:21\.234810000 UTC/);
    // One transaction is one tx; the age moves with the clock.
    const one = blockRow({ ...blocks[0], count: 1n }, 1_676_540_001_234 + 3 * 3600_000);
    assert.strictEqual(one.description, '1 tx · 3 h ago');
  });

  it('the panel has every field of the record, a link to the previous block and to its contract results', () => {
    const s = blockSection(blocks[0], { localTime: d => d.toISOString(), hashscan: true });
    assert.deepStrictEqual(
      s.fields.map(f => [f.label, f.place ?? 'body']),
      [
        // The summary: which block, when, how many transactions, how much gas.
        ['Number', 'summary'],
        ['Timestamp from', 'summary'],
        ['Transaction count', 'summary'],
        ['Gas used', 'summary'],
        ['Hash', 'body'],
        ['Previous hash', 'body'],
        ['Timestamp to', 'body'],
        // Null in this recording: a dash says nothing, so it waits under More.
        ['Size', 'more'],
        ['HAPI version', 'body'],
        ['Name', 'more'],
        ['Logs bloom', 'body'],
      ],
    );
    assert.ok(!s.buttons.some(b => b.action.type === 'copy'), 'the hash is copied from its row, not by a button');
    // A bloom of zeros (no logs) is noise; this block's bloom has bits set.
    const zeros = blockSection(
      { ...blocks[0], logs_bloom: `0x${'0'.repeat(512)}` },
      { localTime: String, hashscan: true },
    );
    assert.strictEqual(zeros.fields.find(f => f.label === 'Logs bloom')!.place, 'more');
    assert.strictEqual(s.fields.find(f => f.label === 'Hash')!.copy, s.fields.find(f => f.label === 'Hash')!.value);
    const prev = s.fields.find(f => f.label === 'Previous hash')!;
    assert.deepStrictEqual(prev.action, { type: 'openBlock', hashOrNumber: blocks[0].previous_hash });
    assert.strictEqual(s.fields.find(f => f.label === 'Size')!.value, '—', 'size is null in this recording');
    const to = s.fields.find(f => f.label === 'Timestamp to')!;
    assert.strictEqual(to.value, '2023-02-16 09:33:21 UTC');
    assert.match(to.title!, /^2023-02-16 09:33:21\.234810000 UTC · \d+\.234810000 · /);
    assert.deepStrictEqual(s.buttons.find(b => b.label === "Block's contract results")!.action, {
      type: 'openContractResults',
      blockNumber: '19',
    });
  });
});

describe('ledger/networks: the networks a lookup tries after a miss', () => {
  it('one door per other ledger', () => {
    assert.deepStrictEqual(otherNetworks('testnet', false), ['mainnet-public', 'previewnet']);
    assert.deepStrictEqual(otherNetworks('mainnet', false), ['previewnet', 'testnet']);
    assert.deepStrictEqual(otherNetworks('mainnet-public', false), ['previewnet', 'testnet']);
  });
  it('every public ledger when a custom mirror node is in use', () => {
    assert.deepStrictEqual(otherNetworks('testnet', true), ['mainnet-public', 'previewnet', 'testnet']);
  });
});
