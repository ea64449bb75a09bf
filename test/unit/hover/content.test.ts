import { asOfText } from '../../../src/present';
import * as assert from 'assert';
import { parseLossless } from '../../../src/mirror';
import {
  AccountResponseSchema,
  ContractInfoSchema,
  ScheduleInfoSchema,
  TokenInfoSchema,
  TopicInfoSchema,
  TransactionsResponseSchema,
} from '../../../src/mirror/schemas';
import {
  HOVER_COMMANDS,
  accountHover,
  contractHover,
  formatUnits,
  notFoundHover,
  scheduleHover,
  tokenHover,
  topicHover,
  transactionHover,
  wrongChecksumHover,
  type HoverEnv,
} from '../../../src/features/hover/content';
import {
  ABOVE_2_53,
  INT64_MAX,
  aContract,
  aSchedule,
  aToken,
  aTopic,
  aTransaction,
  aTransactionsBody,
  anAccount,
  base64,
  hostileSamples,
  type JsonDoc,
} from '../../support/builders';

const env: HoverEnv = { network: 'testnet', hashscan: true, now: 1_700_000_100_000 };
const account = (doc: JsonDoc) => AccountResponseSchema.parse(parseLossless(doc.text));

/** An account id as the hover links it: the id in a code span, opening it in the Accounts view. */
function accountLinkOf(id: string): string {
  return `[\`${id}\`](command:ledgerLens.revealAccount?${encodeURIComponent(JSON.stringify({ kind: 'account', id }))} "Show in the Accounts view")`;
}

/** Every link target in the Markdown (inline links), decoded. */
function linkTargets(md: string): string[] {
  return [...md.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map(m => m[1]);
}

/**
 * The text a Markdown renderer shows for escaped network text: backslash escapes dropped, the
 * three entities decoded, the ⟨U+XXXX⟩ marks turned back into the characters they stand for.
 */
function unescape(md: string): string {
  return md
    .replace(/\\([\\`*_{}[\]()#+\-.!|~"'=:])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/⟨U\+([0-9A-F]{4,6})⟩/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
}

describe('hover text: account', () => {
  it('shows kind, id, EVM address, alias, exact balance, key, memo, times, deletion, staking, age and our links', () => {
    const md = accountHover(
      account(
        anAccount({
          account: '0.0.1001',
          alias: 'KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ',
          evm_address: '0xAC384C53F03855FA1B3616052F8BA32C6C2A2FEC',
          balance: { timestamp: '1700000000.000000000', balance: INT64_MAX, tokens: [] },
          memo: 'hello',
          staked_node_id: 3,
          pending_reward: ABOVE_2_53,
          created_timestamp: '1690000000.000000001',
        }),
      ),
      '0.0.1001',
      { fetchedAt: env.now - 12_000 },
      env,
    );
    assert.match(md, /^\*\*Account\*\* `0\.0\.1001` — testnet/);
    assert.ok(md.includes('EVM address: `0xac384c53f03855fa1b3616052f8ba32c6c2a2fec`'), md);
    assert.ok(md.includes('Alias: `KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ`'), md);
    // int64 max in tinybars, every digit kept
    assert.ok(md.includes('Balance: **92,233,720,368.54775807 ℏ**'), md);
    assert.ok(md.includes('Key: ED25519'), md);
    assert.ok(md.includes('Memo: hello'), md);
    assert.ok(md.includes('Created: 2023-07-22 04:26:40 UTC (4 months ago) · `1690000000.000000001`'), md);
    assert.ok(md.includes('Deleted: no'), md);
    assert.ok(md.includes('Staking: to node 3, pending reward 90,071,992.54740993 ℏ'), md);
    assert.ok(md.includes('_as of 12 s ago_'), md);
    const targets = linkTargets(md);
    assert.deepStrictEqual(
      targets.map(t => t.split('?')[0]),
      [
        'command:ledgerLens.revealAccount',
        'command:ledgerLens.copyId',
        'command:ledgerLens.copyEvmAddress',
        'command:ledgerLens.openInHashScan',
        'command:ledgerLens.openAsJson',
      ],
    );
    for (const t of targets) {
      const args = JSON.parse(decodeURIComponent(t.split('?')[1])) as unknown;
      assert.deepStrictEqual(args, {
        kind: 'account',
        id: '0.0.1001',
        evmAddress: '0xac384c53f03855fa1b3616052f8ba32c6c2a2fec',
      });
    }
  });

  it('says what it does not know, and leaves HashScan out on a custom mirror node', () => {
    const md = accountHover(
      account(
        anAccount({
          balance: null,
          key: null,
          deleted: null,
          evm_address: null,
          created_timestamp: null,
          expiry_timestamp: null,
        }),
      ),
      '0.0.1001',
      {},
      { ...env, hashscan: false, network: '127.0.0.1:18600' },
    );
    assert.ok(md.includes('Balance: unknown'), md);
    assert.ok(md.includes('Key: none'), md);
    // One answer for a missing yes/no everywhere: the dash, not "unknown".
    assert.ok(md.includes('Deleted: —'), md);
    // No address from the server; the long-zero one is computed from the id.
    assert.ok(!/^EVM address/m.test(md), md);
    assert.ok(md.includes('Long-zero EVM address: `0x00000000000000000000000000000000000003e9`'), md);
    assert.ok(!md.includes('as of'), md);
    assert.ok(md.includes('127\\.0\\.0\\.1\\:18600'), md);
    assert.ok(!md.includes('openInHashScan'), md);
    // Copy EVM address copies the computed long-zero address
    assert.ok(
      md.includes(
        `copyEvmAddress?${encodeURIComponent('{"kind":"account","id":"0.0.1001","evmAddress":"0x00000000000000000000000000000000000003e9"}')}`,
      ),
      md,
    );
  });

  it('marks a deleted account and a staked-to-account one that declines rewards', () => {
    const md = accountHover(
      account(
        anAccount({
          deleted: true,
          staked_account_id: '0.0.800',
          decline_reward: true,
          key: { _type: 'ProtobufEncoded', key: '0a' },
        }),
      ),
      '0.0.1001',
      {},
      env,
    );
    assert.match(md, /^\*\*Account \(deleted\)\*\*/);
    assert.ok(md.includes('Deleted: yes'), md);
    assert.ok(
      md.includes(
        `Staking: to account [\`0.0.800\`](command:ledgerLens.revealAccount?${encodeURIComponent('{"kind":"account","id":"0.0.800"}')} "Show in the Accounts view"), declines rewards`,
      ),
      md,
    );
    assert.ok(md.includes('Key: key list or threshold key'), md);
  });

  describe('hostile memo is shown as the literal text it is', () => {
    for (const [name, text] of hostileSamples()) {
      it(name, () => {
        const md = accountHover(account(anAccount({ memo: text })), '0.0.1001', {}, env);
        // Only our own links, with our own commands.
        for (const target of linkTargets(md)) {
          const command = /^command:([\w.]+)/.exec(target)?.[1];
          assert.ok(command && HOVER_COMMANDS.includes(command), `unexpected link ${target}`);
        }
        assert.strictEqual(linkTargets(md).length, 5);
        // No HTML tag, no image, no raw control character.
        assert.doesNotMatch(md, /<[a-z!/]/i);
        assert.ok(!md.includes('!['), md.slice(0, 300));
        assert.doesNotMatch(md, /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/);
        // Not stripped: the memo line gives the whole text back (newlines become spaces, long text is cut).
        const memoLine = md.split('  \n').find(l => l.startsWith('Memo: '));
        assert.ok(memoLine, 'a memo line');
        const expected = text.replace(/\r\n?|\n/g, ' ');
        const shown = unescape(memoLine.slice('Memo: '.length));
        assert.strictEqual(shown, expected.length > 500 ? `${expected.slice(0, 500)}…` : expected);
      });
    }
  });
});

describe('hover text: other entities', () => {
  it('contract', () => {
    const md = contractHover(
      ContractInfoSchema.parse(parseLossless(aContract({ memo: '<b>x</b>' }).text)),
      '0.0.5025',
      {},
      env,
    );
    assert.match(md, /^\*\*Contract\*\* `0\.0\.5025`/);
    assert.ok(md.includes('EVM address: `0x00000000000000000000000000000000000013a1`'), md);
    assert.ok(md.includes('Memo: &lt;b&gt;x&lt;/b&gt;'), md);
    assert.ok(md.includes('Bytecode file: `0.0.5024`'), md);
    assert.ok(!md.includes('revealAccount'), 'only accounts go to the sidebar');
    // A contract's own action: its contract results; no balance line without an account answer.
    assert.ok(md.split('\n\n')[0].includes('[Contract results](command:ledgerLens.showContractResults?'), md);
    assert.ok(!md.includes('Balance'), md);
  });

  it('a contract with its account answer shows its balance, labelled a contract', () => {
    const md = contractHover(
      ContractInfoSchema.parse(parseLossless(aContract({ auto_renew_account: '0.0.1001' }).text)),
      '0.0.5025',
      {},
      env,
      account(
        anAccount({
          account: '0.0.5025',
          receiver_sig_required: null,
          balance: { timestamp: '1700000000.000000000', balance: 250_000_000, tokens: [] },
        }),
      ),
    );
    assert.match(md, /^\*\*Contract\*\* `0\.0\.5025` — testnet/);
    assert.ok(!md.includes('**Account'), md.slice(0, 200));
    assert.ok(md.includes('Balance: **2.50000000 ℏ**'), md);
    assert.ok(md.includes(`Auto-renew account: ${accountLinkOf('0.0.1001')}`), md);
  });

  it('token, with the supply exact at its decimals', () => {
    const md = tokenHover(
      TokenInfoSchema.parse(
        parseLossless(
          aToken({ name: '**Evil** [x](command:y)', total_supply: '123456789012345678901', decimals: '8' }).text,
        ),
      ),
      '0.0.90000',
      {},
      env,
    );
    assert.ok(md.includes('Name: \\*\\*Evil\\*\\* \\[x\\]\\(command\\:y\\)'), md);
    assert.ok(md.includes('Symbol: LENS'), md);
    assert.ok(md.includes('Type: fungible · Decimals: 8'), md);
    assert.ok(md.includes('Total supply: 1,234,567,890,123.45678901'), md);
    // A time ahead reads its age forward; the token's nanoseconds since the epoch as seconds.nanos.
    assert.match(md, /Expires: 2026-12-20 \d\d:\d\d:\d\d UTC \(in 3 years\) · `1797776000\.000000002`/);
    assert.strictEqual(linkTargets(md).filter(t => t.includes('command:y')).length, 0);
  });

  it('NFT supply is a count of serials', () => {
    const md = tokenHover(
      TokenInfoSchema.parse(
        parseLossless(aToken({ type: 'NON_FUNGIBLE_UNIQUE', decimals: '0', total_supply: '12' }).text),
      ),
      '0.0.1',
      {},
      env,
    );
    assert.ok(md.includes('Type: non-fungible (NFT)'), md);
    assert.ok(md.includes('Total supply: 12'), md);
  });

  it('topic and schedule', () => {
    const topic = topicHover(TopicInfoSchema.parse(parseLossless(aTopic().text)), '0.0.7000', {}, env);
    assert.match(topic, /^\*\*Topic\*\* `0\.0\.7000`/);
    assert.ok(topic.includes('Submit key: none (anyone may submit)'), topic);
    const schedule = scheduleHover(
      ScheduleInfoSchema.parse(parseLossless(aSchedule({ executed_timestamp: '1690000001.000000000' }).text)),
      '0.0.8000',
      {},
      env,
    );
    assert.match(schedule, /^\*\*Schedule\*\* `0\.0\.8000`/);
    assert.ok(
      schedule.includes('State: executed 2023-07-22 04:26:41 UTC (4 months ago) · `1690000001.000000000`'),
      schedule,
    );
    assert.ok(schedule.includes('Payer: [`0.0.1001`](command:ledgerLens.revealAccount?'), schedule);
  });
});

describe('hover text: transaction', () => {
  it('shows type, result, consensus time, payer, fee, transfers and the panel link', () => {
    const body = TransactionsResponseSchema.parse(
      parseLossless(
        aTransactionsBody(
          aTransaction({ memo_base64: base64('pay <you>') }),
          aTransaction({ nonce: 1, name: 'CRYPTOCREATEACCOUNT', result: 'SUCCESS' }),
        ).text,
      ),
    );
    const md = transactionHover(
      body.transactions,
      '0.0.1001-1700000000-000000000',
      { fetchedAt: env.now - 3 * 60_000 },
      env,
    );
    assert.match(md, /^\*\*Transaction\*\* `0\.0\.1001-1700000000-000000000` — testnet/);
    assert.ok(md.includes('Type: Crypto transfer (`CRYPTOTRANSFER`) · Result: ✓ Success'), md);
    // The one date format with its age; the exact seconds.nanos beside it, as the API takes it.
    assert.ok(md.includes('Consensus: 2023-11-14 22:13:20 UTC (100 s ago) · `1700000000.000000009`'), md);
    assert.ok(!md.includes('22:13:20.000000009'), md);
    assert.ok(md.includes(`Payer: ${accountLinkOf('0.0.1001')} · Fee: 0.00084650 ℏ`), md);
    assert.ok(md.includes('Memo: pay &lt;you&gt;'), md);
    assert.ok(
      md.includes(
        `Transfers: ${accountLinkOf('0.0.3')} +0.00004650 ℏ, ${accountLinkOf('0.0.98')} +0.00080000 ℏ, ${accountLinkOf('0.0.1001')} -0.00084650 ℏ`,
      ),
      md,
    );
    assert.ok(md.includes('1 more transaction with this id'), md);
    assert.ok(md.includes('_as of 3 min ago_'), md);
    const targets = linkTargets(md);
    assert.strictEqual(targets[0].split('?')[0], 'command:ledgerLens.openTransaction');
    assert.deepStrictEqual(JSON.parse(decodeURIComponent(targets[0].split('?')[1])), {
      kind: 'transaction',
      id: '0.0.1001-1700000000-000000000',
    });
  });

  it('a failure reads ✕ Failed with its code; a contract call links its contract', () => {
    const body = TransactionsResponseSchema.parse(
      parseLossless(
        aTransactionsBody(
          aTransaction({ name: 'CONTRACTCALL', result: 'CONTRACT_REVERT_EXECUTED', entity_id: '0.0.5025' }),
        ).text,
      ),
    );
    const md = transactionHover(body.transactions, '0.0.1001-1700000000-000000000', {}, env);
    assert.ok(
      md.includes('Type: Contract call (`CONTRACTCALL`) · Result: ✕ Failed (CONTRACT\\_REVERT\\_EXECUTED)'),
      md,
    );
    assert.ok(
      md.includes(
        `Contract: [\`0.0.5025\`](command:ledgerLens.showContractResults?${encodeURIComponent('{"kind":"contract","id":"0.0.5025"}')} "Show the results of calls to this contract")`,
      ),
      md,
    );
  });

  it('the actions come first, under the title, before every field; every link is one of ours', () => {
    const body = TransactionsResponseSchema.parse(parseLossless(aTransactionsBody(aTransaction()).text));
    const md = transactionHover(body.transactions, '0.0.1001-1700000000-000000000', { fetchedAt: env.now }, env);
    const [first, ...rest] = md.split('\n\n');
    const [title, actions] = first.split('  \n');
    assert.match(title, /^\*\*Transaction\*\* `0\.0\.1001-1700000000-000000000` — testnet$/);
    assert.match(actions, /^\[Open transaction\]\(command:ledgerLens\.openTransaction\?/);
    assert.ok(actions.includes('[Open as JSON]'), actions);
    assert.ok(!rest.some(p => p.includes('[Open transaction]')), 'the actions are not repeated at the bottom');
    assert.ok(md.indexOf('Open as JSON') < md.indexOf('Type:'), md);
    for (const target of linkTargets(md)) {
      const command = /^command:([\w.]+)/.exec(target)?.[1];
      assert.ok(command && HOVER_COMMANDS.includes(command), `unexpected link ${target}`);
    }
  });

  it('a transfer account the network sent malformed stays text, never a link', () => {
    const body = TransactionsResponseSchema.parse(
      parseLossless(aTransactionsBody(aTransaction({ transfers: [{ account: '0.0.3', amount: 1 }] })).text),
    );
    const t = { ...body.transactions[0], transfers: [{ account: '](command:evil)', amount: 1n, is_approval: false }] };
    const md = transactionHover([t], 'x', {}, env);
    assert.ok(md.includes('Transfers: `](command:evil)` +0.00000001 ℏ'), md);
    // Inside a code span it renders literally: nothing of it is left outside one.
    assert.ok(!md.replace(/`[^`]*`/g, '').includes('evil'), md);
  });

  it('cuts a long transfer list', () => {
    const transfers = Array.from({ length: 9 }, (_, i) => ({ account: `0.0.${i + 10}`, amount: i % 2 ? -1 : 1 }));
    const body = TransactionsResponseSchema.parse(parseLossless(aTransactionsBody(aTransaction({ transfers })).text));
    const md = transactionHover(body.transactions, 'x', {}, env);
    assert.ok(md.includes('and 4 more'), md);
  });
});

describe('hover text: no lookup result', () => {
  it('wrong checksum names the right one', () => {
    const md = wrongChecksumHover('0.0.1234-aaaaa', { shard: 0n, realm: 0n, num: 1234n }, 'yvvkf', 'testnet');
    assert.ok(md.includes('wrong checksum for testnet'), md);
    assert.ok(md.includes('`yvvkf`'), md);
  });
  it('not found names the network', () => {
    assert.strictEqual(notFoundHover('0.0.7', 'account', env), '`0.0.7`: not found on testnet (no account).');
  });
  it('ages and units', () => {
    // The hover's age is the presentation module's asOfText (one relative age).
    assert.strictEqual(asOfText(undefined, 0), undefined);
    assert.strictEqual(asOfText(1000, 1500), 'as of just now');
    assert.strictEqual(asOfText(0, 119_000), 'as of 119 s ago');
    assert.strictEqual(asOfText(0, 3 * 3600_000), 'as of 3 h ago');
    assert.strictEqual(formatUnits('5', '3'), '0.005');
    assert.strictEqual(formatUnits('-1234567', 2), '-12,345.67');
    assert.strictEqual(formatUnits('12x', 2), undefined);
  });
});

describe('hover text: long-zero addresses and dollars', () => {
  const token = (doc: JsonDoc) => TokenInfoSchema.parse(parseLossless(doc.text));
  const topic = (doc: JsonDoc) => TopicInfoSchema.parse(parseLossless(doc.text));
  const schedule = (doc: JsonDoc) => ScheduleInfoSchema.parse(parseLossless(doc.text));
  const env14 = { network: 'testnet', hashscan: true, now: 1_700_000_000_000 };
  it('every entity kind shows its long-zero EVM address with Copy EVM address', () => {
    const kinds: [string, string][] = [
      [
        tokenHover(token(aToken({ token_id: '0.0.90000' })), '0.0.90000', {}, env14),
        '0x0000000000000000000000000000000000015f90',
      ],
      [
        topicHover(topic(aTopic({ topic_id: '0.0.7000' })), '0.0.7000', {}, env14),
        '0x0000000000000000000000000000000000001b58',
      ],
      [
        scheduleHover(schedule(aSchedule({ schedule_id: '0.0.8000' })), '0.0.8000', {}, env14),
        '0x0000000000000000000000000000000000001f40',
      ],
    ];
    for (const [md, address] of kinds) {
      assert.ok(md.includes(`Long-zero EVM address: \`${address}\``), md);
      assert.ok(md.includes('[Copy EVM address](command:ledgerLens.copyEvmAddress?'), md);
      assert.ok(md.includes(encodeURIComponent(`"evmAddress":"${address}"`)), md);
    }
  });
  it('a balance at the current rate; none when the rate gives no value', () => {
    const a = account(
      anAccount({ balance: { timestamp: '1700000000.000000000', balance: 12_345_678_900n, tokens: [] } }),
    );
    const rate = {
      cent_equivalent: 50n,
      hbar_equivalent: 1n,
      expiresAt: 9_999_999_999n,
      at: '1700000000.0',
      fromNext: false,
    };
    const md = accountHover(a, '0.0.1001', {}, { ...env14, rate });
    assert.ok(unescape(md).includes('**123.45678900 ℏ** ≈ $61.73 _(1 ℏ = $0.50, current rate)_'), md);
    const none = accountHover(a, '0.0.1001', {}, { ...env14, rate: { ...rate, hbar_equivalent: 0n } });
    assert.ok(!none.includes('$'), none);
  });
});
