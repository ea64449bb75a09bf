// The pure text of the Accounts view: net ℏ change, labels, memo decoding, settings entries,
// the as-of input, and that nothing from the network turns into markup or hidden text.
import * as assert from 'assert';
import { parseLossless } from '../../../src/mirror';
import { AccountResponseSchema, TransactionSchema } from '../../../src/mirror/schemas';
import type { AccountResponse, Transaction } from '../../../src/mirror';
import {
  accountDetailRows,
  accountView,
  decodeMemo,
  keyLabel,
  netHbarChange,
} from '../../../src/features/accounts/model';
import {
  compactHbar,
  shortHbar,
  compactAge,
  transactionRows,
  transactionTooltip,
  transactionView,
} from '../../../src/features/accounts/transactionView';
// Moved to the pure core: the entry check and as-of parser to the ledger, the words to
// the presentation module. Their assertions stay here, against the one implementation.
import { consensusTime, plainText as plain, signedHbar } from '../../../src/present';
import {
  ABOVE_2_53,
  INT64_MAX,
  anAccount,
  aTransaction,
  base64,
  hostileSamples,
  hostileText,
} from '../../support/builders';
import { loadRecords } from '../../support/mirrorReplay';

function recorded(url: string): AccountResponse {
  const r = loadRecords().find(x => x.url === url && x.status === 200);
  assert.ok(r, `a recorded 200 for ${url}`);
  return AccountResponseSchema.parse(parseLossless(r.bodyText));
}

function tx(overrides: Parameters<typeof aTransaction>[0]): Transaction {
  return TransactionSchema.parse(parseLossless(aTransaction(overrides).text));
}

function account(overrides: Parameters<typeof anAccount>[0]): AccountResponse {
  return AccountResponseSchema.parse(parseLossless(anAccount(overrides).text));
}

// Markup that would act if it were not escaped: a link, an image, raw HTML, a command URI.
function assertInert(markdown: string, what: string): void {
  assert.doesNotMatch(markdown, /(?<!\\)\[[^\]]*(?<!\\)\]\(/, `${what}: no live link`);
  assert.doesNotMatch(markdown, /<(img|script)/i, `${what}: no HTML`);
  assert.doesNotMatch(markdown, /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/, `${what}: no hidden controls`);
}

describe('accounts model', () => {
  describe('net ℏ change', () => {
    it('sums the account’s transfers in every recorded transaction of 0.0.2001', () => {
      const a = recorded('/api/v1/accounts/2001');
      assert.strictEqual(a.transactions.length, 10);
      for (const t of a.transactions) {
        const expected = (t.transfers ?? []).filter(x => x.account === '0.0.2001').reduce((s, x) => s + x.amount, 0n);
        const involved = (t.transfers ?? []).some(x => x.account === '0.0.2001');
        assert.strictEqual(netHbarChange(t, '0.0.2001'), involved ? expected : undefined, t.transaction_id);
      }
      // The TOKENREJECT paid by 0.0.2001: its fee of 3 tinybars.
      assert.strictEqual(netHbarChange(a.transactions[1], '0.0.2001'), -3n);
      // 0.0.8 paid the first one: 0.0.2001 is not in its transfers at all.
      assert.strictEqual(netHbarChange(a.transactions[0], '0.0.2001'), undefined);
    });

    it('adds several entries of one account (a transfer to itself plus the fee, a staking reward)', () => {
      const t = tx({
        transfers: [
          { account: '0.0.1001', amount: -500 },
          { account: '0.0.1001', amount: 200 },
          { account: '0.0.800', amount: -200 },
          { account: '0.0.3', amount: 300 },
          { account: '0.0.1001', amount: 7 },
        ],
      });
      assert.strictEqual(netHbarChange(t, '0.0.1001'), -293n);
    });

    it('keeps every digit above 2^53 and at int64 max', () => {
      const t = tx({
        transfers: [
          { account: '0.0.1001', amount: ABOVE_2_53 },
          { account: '0.0.1001', amount: 1 },
        ],
      });
      assert.strictEqual(netHbarChange(t, '0.0.1001'), ABOVE_2_53 + 1n);
      const big = tx({ transfers: [{ account: '0.0.5', amount: INT64_MAX }] });
      assert.strictEqual(signedHbar(netHbarChange(big, '0.0.5')!), '+92,233,720,368.54775807 ℏ');
    });

    it('signs a change: + for credit, - for debit, none for zero', () => {
      assert.strictEqual(signedHbar(150_000_000n), '+1.50000000 ℏ');
      assert.strictEqual(signedHbar(-84_650n), '-0.00084650 ℏ');
      assert.strictEqual(signedHbar(0n), '0.00000000 ℏ');
    });
  });

  describe('transaction labels', () => {
    it('the type in words, then the net change and the age; the result by its icon', () => {
      const a = recorded('/api/v1/accounts/2001');
      // 2009-02-13 23:31:30 UTC, five minutes later.
      const now = 1_234_567_890_000 + 5 * 60_000;
      const v = transactionView(a.transactions[1], '0.0.2001', now);
      assert.strictEqual(v.label, 'Token reject');
      assert.strictEqual(v.description, '5m · -3 tℏ');
      assert.strictEqual(v.icon, 'pass');
      assert.strictEqual(v.accessibilityLabel, 'Token reject, Success, -0.00000003 ℏ, 5 min ago');
      assert.strictEqual(v.transactionId, '0.0.2001-1234567890-000000018');
      assert.strictEqual(v.failed, false);
      // No change for the account: the age alone; the accessible name says so.
      const none = transactionView(a.transactions[0], '0.0.2001', now);
      assert.strictEqual(none.description, '5m');
      assert.match(none.accessibilityLabel, /, no ℏ change, 5 min ago$/);
      // The wire name stays in the tooltip.
      assert.ok(transactionTooltip(a.transactions[1], '0.0.2001').includes('Type: `TOKENREJECT`'));
    });

    it('a failure says so in words and by a cross, its code in the accessible name and the tooltip', () => {
      const now = 1_700_000_000_000 + 3 * 3600_000;
      const failed = tx({ name: 'CONTRACTCALL', result: 'CONTRACT_REVERT_EXECUTED' });
      const v = transactionView(failed, '0.0.1001', now);
      assert.strictEqual(v.failed, true);
      assert.strictEqual(v.label, 'Contract call');
      assert.strictEqual(v.icon, 'error');
      assert.match(v.description, /^Failed · 3h · ≈-0\.000847 ℏ$/);
      assert.match(v.accessibilityLabel, /-0\.00084650 ℏ, 3 h ago$/, 'exact in the accessible name');
      assert.match(v.accessibilityLabel, /^Contract call, Failed \(CONTRACT_REVERT_EXECUTED\), /);
      const tip = transactionTooltip(failed, '0.0.1001');
      assert.match(tip, /^\*\*Contract call\*\* · ✕ Failed \\\(CONTRACT\\_REVERT\\_EXECUTED\\\)/);
      assert.ok(tip.includes('Result: `CONTRACT_REVERT_EXECUTED`'), tip);
      const rows = new Map(transactionRows(failed, '0.0.1001').map(r => [r.key, r]));
      assert.strictEqual(rows.get('type')!.value, 'Contract call');
      assert.strictEqual(rows.get('type')!.copy, 'CONTRACTCALL');
      assert.strictEqual(rows.get('result')!.value, 'Failed (CONTRACT_REVERT_EXECUTED)');
      assert.strictEqual(rows.get('result')!.icon, 'error');
      assert.strictEqual(rows.get('result')!.copy, 'CONTRACT_REVERT_EXECUTED');
    });

    it('a type this client does not know still reads; no result reads as such', () => {
      const v = transactionView(tx({ name: 'HOOKSTORE', result: undefined }), '0.0.1001', 1_700_000_000_000);
      assert.strictEqual(v.label, 'Hook store');
      assert.strictEqual(v.icon, 'circle-outline');
      assert.strictEqual(v.failed, false);
    });

    it('the row’s change drops trailing zeros only: the same value, shorter', () => {
      assert.strictEqual(compactHbar('-0.00084650 ℏ'), '-0.0008465 ℏ');
      assert.strictEqual(compactHbar('+1.50000000 ℏ'), '+1.5 ℏ');
      assert.strictEqual(compactHbar('+1,000.00000000 ℏ'), '+1,000 ℏ');
      assert.strictEqual(compactHbar('0.00000000 ℏ'), '0 ℏ');
      assert.strictEqual(compactHbar('-0.00000003 ℏ'), '-0.00000003 ℏ');
      assert.strictEqual(compactHbar('+92,233,720,368.54775807 ℏ'), '+92,233,720,368.54775807 ℏ');
    });

    it('the row’s change is short: tinybars below 10,000 as the SDKs write them, else three significant digits', () => {
      assert.strictEqual(shortHbar(-3n), '-3 tℏ');
      assert.strictEqual(shortHbar(9_999n), '+9,999 tℏ');
      assert.strictEqual(shortHbar(0n), '0 ℏ');
      assert.strictEqual(shortHbar(-84_650n), '≈-0.000847 ℏ');
      assert.strictEqual(shortHbar(-84_600n), '-0.000846 ℏ');
      assert.strictEqual(shortHbar(10_000n), '+0.0001 ℏ');
      assert.strictEqual(shortHbar(150_000_000n), '+1.5 ℏ');
      assert.strictEqual(shortHbar(99_999_999n), '≈+1 ℏ');
      assert.strictEqual(shortHbar(123_456_789n), '≈+1.23 ℏ');
      assert.strictEqual(shortHbar(-99_999_600_000n), '≈-1,000 ℏ');
      assert.strictEqual(shortHbar(1_234_567_000_000n), '≈+12,346 ℏ');
      assert.strictEqual(shortHbar(9_223_372_036_854_775_807n), '≈+92,233,720,369 ℏ');
    });

    it('the row’s age is compact; anything it does not know is left as it is', () => {
      assert.deepStrictEqual(
        [
          'just now',
          '12 s ago',
          '5 min ago',
          '3 h ago',
          '4 days ago',
          '3 months ago',
          '1,234 years ago',
          'in 5 min',
        ].map(compactAge),
        ['now', '12s', '5m', '3h', '4d', '3mo', '1,234y', 'in 5m'],
      );
      assert.strictEqual(compactAge('2023-11-14 22:13:20 UTC'), '2023-11-14 22:13:20 UTC');
    });

    it('marks a failed result', () => {
      assert.strictEqual(transactionView(tx({ result: 'INSUFFICIENT_PAYER_BALANCE' }), '0.0.1001').failed, true);
    });

    it('consensus time keeps all nine fraction digits', () => {
      assert.strictEqual(consensusTime('1234567890.000000018'), '2009-02-13 23:31:30.000000018 UTC');
      assert.strictEqual(consensusTime(null), '—');
    });
  });

  describe('memos', () => {
    it('decodes base64 memos to text, and empty or missing to nothing', () => {
      assert.strictEqual(decodeMemo(base64('hello ℏ world')), 'hello ℏ world');
      assert.strictEqual(decodeMemo(''), undefined);
      assert.strictEqual(decodeMemo(null), undefined);
      assert.strictEqual(decodeMemo('***'), '\uFFFD');
    });

    for (const [name, text] of hostileSamples()) {
      it(`a hostile memo (${name}) stays text in rows and tooltips`, () => {
        const t = tx({ memo_base64: base64(text) });
        const memoRow = transactionRows(t, '0.0.1001').find(r => r.key === 'memo')!;
        assert.strictEqual(memoRow.copy, text, 'copy gives the exact memo');
        assert.doesNotMatch(memoRow.value, /[\n\r\u202E\u200B]/);
        assert.ok(memoRow.value.length <= 201);
        assertInert(memoRow.tooltip!, name);
        assertInert(transactionTooltip(t, '0.0.1001'), name);
      });
    }

    it('bidi controls are shown, not obeyed, in plain text', () => {
      assert.strictEqual(plain(hostileText.bidi), 'safe⟨U+202E⟩txt.exe⟨U+202C⟩ and ⟨U+2066⟩isolated⟨U+2069⟩');
      assert.strictEqual(plain('a\nb'), 'a b');
    });
  });

  describe('account text', () => {
    it('the recorded 0.0.2001: description is the exact balance; details in order', () => {
      const a = recorded('/api/v1/accounts/2001');
      const v = accountView(a, 'Treasury', { network: 'testnet' });
      assert.strictEqual(v.description, '0.00000080 ℏ');
      assert.match(v.tooltip, /^\*\*Treasury\*\* · testnet/);
      const rows = accountDetailRows(a);
      assert.deepStrictEqual(
        rows.map(r => r.label),
        [
          'Account',
          'Alias',
          'EVM address',
          'Key',
          'Balance',
          'Balance timestamp',
          'Auto-renew period',
          'Created',
          'Expires',
          'Memo',
          'Max automatic token associations',
          'Receiver signature required',
          'Deleted',
          'Ethereum nonce',
          'Staking',
        ],
      );
      const byKey = new Map(rows.map(r => [r.key, r]));
      assert.strictEqual(byKey.get('account')!.value, '0.0.2001');
      assert.strictEqual(byKey.get('evm')!.copy, '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec');
      assert.strictEqual(byKey.get('key')!.value, 'none');
      assert.strictEqual(byKey.get('memo')!.value, 'entity memo');
      assert.strictEqual(byKey.get('staking')!.value, 'node 8');
      const staking = new Map(byKey.get('staking')!.children!.map(r => [r.key, r.value]));
      assert.strictEqual(staking.get('stakedNode'), '8');
      assert.strictEqual(staking.get('stakePeriodStart'), '1972-03-11 00:00:00 UTC');
      // Long values cut in the middle for the sidebar, whole in the tooltip and on copy.
      assert.strictEqual(byKey.get('evm')!.value, '0xac38…2fec');
      assert.ok(byKey.get('evm')!.tooltip!.includes('0xac384c53f03855fa1b3616052f8ba32c6c2a2fec'));
      assert.strictEqual(staking.get('pendingReward'), '0.00000000 ℏ');
    });

    it('a huge balance is exact and grouped; the key is short in the label and whole on copy', () => {
      const key = 'ab'.repeat(33);
      const a = account({
        balance: { timestamp: '1700000000.000000000', balance: INT64_MAX, tokens: [] },
        key: { _type: 'ECDSA_SECP256K1', key },
      });
      assert.strictEqual(accountView(a, 'x', { network: 'mainnet' }).description, '92,233,720,368.54775807 ℏ');
      const k = accountDetailRows(a).find(r => r.key === 'key')!;
      assert.strictEqual(k.value, 'ECDSA_SECP256K1 abab…abab');
      assert.strictEqual(keyLabel(a.key), k.value);
      assert.strictEqual(k.copy, key);
      assert.ok(k.tooltip!.includes(key), 'the whole key in the tooltip');
    });

    it('deleted accounts say so; as-of adds both caveats', () => {
      const a = account({ deleted: true });
      const v = accountView(a, 'gone', { network: 'testnet', asOf: '1700000000.000000000' });
      assert.strictEqual(v.description, 'deleted · 1.00000000 ℏ · as of 2023-11-14 22:13:20 UTC');
      assert.match(v.tooltip, /within 15 minutes/);
      assert.match(v.tooltip, /ethereum nonce as of a past timestamp may be inexact/);
      const rows = accountDetailRows(a, { asOf: '1700000000.000000000' });
      assert.match(rows.find(r => r.key === 'ethereumNonce')!.tooltip!, /inexact/);
    });

    for (const [name, text] of hostileSamples()) {
      it(`a hostile account memo or label (${name}) stays text`, () => {
        const a = account({ memo: text });
        const v = accountView(a, text, { network: 'testnet' });
        assertInert(v.tooltip, name);
        const memo = accountDetailRows(a).find(r => r.key === 'memo')!;
        assert.doesNotMatch(memo.value, /[\n\u202E\u200B]/);
      });
    }
  });

  describe('transaction rows', () => {
    it('transfers, token and NFT transfers, staking rewards, fee, node and hash', () => {
      const t = tx({
        memo_base64: base64('paid'),
        token_transfers: [{ token_id: '0.0.5000', account: '0.0.1001', amount: -25 }],
        nft_transfers: [
          {
            is_approval: false,
            receiver_account_id: '0.0.1001',
            sender_account_id: null,
            serial_number: 7,
            token_id: '0.0.6000',
          },
        ],
        staking_reward_transfers: [{ account: 1001, amount: 12 }],
        parent_consensus_timestamp: '1700000000.000000001',
        nonce: 2,
      });
      const rows = transactionRows(t, '0.0.1001');
      const byKey = new Map(rows.map(r => [r.key, r]));
      assert.strictEqual(byKey.get('id')!.target?.id, '0.0.1001-1700000000-000000000');
      assert.strictEqual(byKey.get('net')!.value, '-0.00084650 ℏ');
      assert.strictEqual(byKey.get('fee')!.value, '0.00084650 ℏ');
      assert.strictEqual(byKey.get('memo')!.value, 'paid');
      assert.deepStrictEqual(
        byKey.get('transfers')!.children!.map(r => `${r.label} ${r.value}`),
        ['0.0.3 +0.00004650 ℏ', '0.0.98 +0.00080000 ℏ', '0.0.1001 -0.00084650 ℏ'],
      );
      assert.deepStrictEqual(
        byKey.get('tokenTransfers')!.children!.map(r => `${r.label} ${r.value}`),
        ['0.0.5000 0.0.1001 -25'],
      );
      assert.deepStrictEqual(
        byKey.get('nftTransfers')!.children!.map(r => `${r.label} ${r.value}`),
        ['0.0.6000 #7 mint → 0.0.1001'],
      );
      assert.deepStrictEqual(
        byKey.get('stakingRewards')!.children!.map(r => `${r.label} ${r.value}`),
        ['0.0.1001 +0.00000012 ℏ'],
      );
      assert.strictEqual(byKey.get('parent')!.value, '2023-11-14 22:13:20 UTC');
      assert.strictEqual(byKey.get('parent')!.copy, '1700000000.000000001');
      assert.ok(byKey.get('parent')!.tooltip!.includes('000000001 UTC'), byKey.get('parent')!.tooltip);
      assert.match(byKey.get('hash')!.value, /^0x0102…[0-9a-f]{4}$/);
      assert.strictEqual(byKey.get('nonce')!.value, '2');
      assert.match(byKey.get('hash')!.copy!, /^0x0102030405/);
    });
  });
});
