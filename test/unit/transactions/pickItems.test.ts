import * as assert from 'assert';
import { LOOKUP_PROMPT, MALFORMED_TRANSACTION_ID } from '../../../src/features/common/transactionInput';
import { MAX_ON_SCREEN, pickModel, type PickEntry } from '../../../src/features/transactions/pickItems';
import type { RecentLookup } from '../../../src/features/transactions/recent';

const NOW = Date.UTC(2024, 0, 1);
const recent: RecentLookup[] = [
  { input: '0.0.300-1565779555-711927000', network: 'testnet', at: NOW - 5 * 60_000 },
  { input: '0.0.10-1234567890-000000001 nonce=1', network: 'mainnet', at: NOW - 3 * 3_600_000 },
];

function rows(entries: readonly PickEntry[]): string[] {
  return entries.map(e =>
    e.kind === 'separator' ? `-- ${e.label}` : `${e.kind}: ${e.label} | ${e.description} | ${e.detail}`,
  );
}

describe('transactions/pickItems: the Lookup transaction quick pick', () => {
  it('with nothing typed: the ids on screen (the cursor one first), then the recent ones with their network', () => {
    const model = pickModel('', {
      onScreen: ['0.0.5-1700000000-000000001', '0.0.5@1700000000.000000001', '0.0.7@1700000000', 'not an id'],
      recent,
      now: NOW,
    });
    assert.strictEqual(model.prompt, LOOKUP_PROMPT);
    assert.deepStrictEqual(rows(model.entries), [
      '-- On screen',
      'screen: 0.0.5@1700000000.000000001 | on screen | Payer 0.0.5 · valid start 2023-11-14 22:13:20.000000001 UTC',
      'screen: 0.0.7@1700000000.000000000 | on screen | Payer 0.0.7 · valid start 2023-11-14 22:13:20.000000000 UTC',
      '-- Recent',
      'recent: 0.0.300@1565779555.711927000 | testnet · 5 min ago | Payer 0.0.300 · valid start 2019-08-14 10:45:55.711927000 UTC',
      'recent: 0.0.10@1234567890.000000001 nonce=1 | mainnet · 3 h ago | Payer 0.0.10 · valid start 2009-02-13 23:31:30.000000001 UTC · child, nonce 1',
    ]);
    // Accepting a recent one asks the network it was found on; one on screen, the usual network.
    const picks = model.entries.flatMap(e => ('pick' in e ? [e.pick] : []));
    assert.deepStrictEqual(picks, [
      { text: '0.0.5-1700000000-000000001' },
      { text: '0.0.7@1700000000' },
      { text: '0.0.300-1565779555-711927000', network: 'testnet' },
      { text: '0.0.10-1234567890-000000001 nonce=1', network: 'mainnet' },
    ]);
  });

  it('what is typed comes first when it parses, as typed', () => {
    const model = pickModel(' 0.0.9@2023-11-14T22:13:20Z ', { onScreen: [], recent, now: NOW });
    const [first] = model.entries;
    assert.deepStrictEqual(first, {
      kind: 'typed',
      label: '0.0.9@2023-11-14T22:13:20Z',
      description: 'look up',
      detail: 'Payer 0.0.9 · valid start 2023-11-14 22:13:20.000000000 UTC',
      pick: { text: '0.0.9@2023-11-14T22:13:20Z' },
    });
    assert.strictEqual(model.prompt, LOOKUP_PROMPT);
    assert.strictEqual(model.entries.filter(e => e.kind === 'recent').length, 2, 'the recent ones stay listed');
  });

  it('what is typed and does not parse: an item naming the wrong part, which cannot be accepted', () => {
    const model = pickModel('0.0.300@17000x', { onScreen: [], recent: [], now: NOW });
    assert.deepStrictEqual(model.entries, [
      {
        kind: 'invalid',
        label: '0.0.300@17000x',
        description: 'not valid',
        detail: 'The seconds part "17000x" is not a number.',
      },
    ]);
    assert.strictEqual(model.prompt, `The seconds part "17000x" is not a number. ${MALFORMED_TRANSACTION_ID}`);
  });

  it('a hash and a HashScan link say what they are; typed text is shown safely', () => {
    const hash = `0x${'ab'.repeat(48)}`;
    assert.match(
      rows(pickModel(hash, { onScreen: [], recent: [], now: NOW }).entries)[0],
      /\| Transaction hash \(48 bytes\)$/,
    );
    const link = pickModel('https://hashscan.io/mainnet/transaction/0.0.1-2-3', { onScreen: [], recent: [], now: NOW });
    assert.match(rows(link.entries)[0], /· HashScan link to mainnet$/);
    const hostile = pickModel('0.0.1-2-3\u202e x', { onScreen: [], recent: [], now: NOW }).entries[0];
    assert.strictEqual(hostile?.label, '0.0.1-2-3⟨U+202E⟩ x');
  });

  it(`lists at most ${MAX_ON_SCREEN} ids on screen`, () => {
    const onScreen = Array.from({ length: 50 }, (_, i) => `0.0.${i + 1}-1700000000-000000000`);
    const model = pickModel('', { onScreen, recent: [], now: NOW });
    assert.strictEqual(model.entries.filter(e => e.kind === 'screen').length, MAX_ON_SCREEN);
  });
});
