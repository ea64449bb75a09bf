import * as assert from 'assert';
import { createMirrorClient } from '../../../src/mirror';
import {
  ABOVE_2_53,
  INT64_MAX,
  INT64_MIN,
  type JsonDoc,
  aBlock,
  aBlocksBody,
  aContract,
  aContractResult,
  aContractResultsBody,
  aSchedule,
  aToken,
  aTokenBalance,
  aTopic,
  aTransaction,
  aTransactionsBody,
  anAccount,
  anErrorBody,
  base64,
  hostileSamples,
  hostileText,
  recordFor,
  toJsonText,
} from '../../support/builders';
import { numberTokens } from '../../support/jsonNumbers';
import { startMirrorReplay } from '../../support/mirrorReplay';

describe('fixture builders', () => {
  it('every builder writes JSON that parses', () => {
    const docs: JsonDoc[] = [
      anAccount(),
      aTransaction(),
      aTransactionsBody(),
      aTokenBalance(),
      aContractResult(),
      aContractResultsBody([aContractResult()]),
      aBlock(),
      aBlocksBody([aBlock()]),
      aToken(),
      aTopic(),
      aContract(),
      aSchedule(),
      anErrorBody('Not found'),
    ];
    for (const d of docs) {
      const v = JSON.parse(d.text) as unknown;
      assert.strictEqual(typeof v, 'object', d.text);
      assert.strictEqual(String(d), d.text);
    }
  });

  it('writes bigints as exact digits, at the int64 edges and just above 2^53', () => {
    const doc = anAccount({
      balance: {
        timestamp: null,
        balance: INT64_MAX,
        tokens: [aTokenBalance({ balance: INT64_MIN }), aTokenBalance({ balance: ABOVE_2_53 })],
      },
    });
    const numbers = numberTokens(doc.text).map(t => t.text);
    assert.ok(numbers.includes('9223372036854775807'));
    assert.ok(numbers.includes('-9223372036854775808'));
    assert.ok(numbers.includes('9007199254740993'));
  });

  it('refuses an unsafe integer given as a number (it has lost digits already)', () => {
    assert.throws(() => toJsonText({ amount: 2 ** 53 + 2 }), /pass a bigint/);
    assert.throws(() => toJsonText(Number.NaN), RangeError);
  });

  it('overrides only what is given; undefined removes a member; null stays null', () => {
    const v = JSON.parse(
      aTransaction({ memo_base64: base64('hi'), entity_id: '0.0.9', node: undefined, bytes: null }).text,
    ) as Record<string, unknown>;
    assert.strictEqual(v['memo_base64'], 'aGk=');
    assert.strictEqual(v['entity_id'], '0.0.9');
    assert.ok(!('node' in v));
    assert.strictEqual(v['bytes'], null);
    assert.strictEqual(v['name'], 'CRYPTOTRANSFER');
  });

  it('nests builder output verbatim', () => {
    const tx = aTransaction({ charged_tx_fee: INT64_MAX });
    const acct = anAccount({ transactions: [tx] });
    assert.ok(acct.text.includes(tx.text));
    const body = aTransactionsBody(tx, aTransaction({ nonce: 1 }));
    assert.strictEqual((JSON.parse(body.text) as { transactions: unknown[] }).transactions.length, 2);
  });

  it('keeps hostile text as characters through JSON', () => {
    assert.ok(hostileText.bidi.includes('\u202E'));
    assert.ok(hostileText.html.includes('onerror'));
    assert.ok(hostileText.commandLink.includes('command:'));
    assert.ok(hostileText.backticks.includes('`'));
    assert.ok(hostileText.long.length >= 100_000);
    for (const [name, text] of hostileSamples()) {
      const v = JSON.parse(anAccount({ memo: text }).text) as { memo: string };
      assert.strictEqual(v.memo, text, name);
    }
  });

  it('a builder-made record is served and read by the client with every digit', async () => {
    const replay = await startMirrorReplay();
    const client = createMirrorClient({ baseUrl: replay.url });
    try {
      replay.addRecords([
        recordFor(
          '/api/v1/accounts/0.0.4242',
          anAccount({
            account: '0.0.4242',
            memo: hostileText.html,
            balance: {
              timestamp: '1700000000.000000000',
              balance: INT64_MAX,
              tokens: [aTokenBalance({ token_id: '0.0.7', balance: ABOVE_2_53 })],
            },
          }),
        ),
      ]);
      const account = await client.getAccount('0.0.4242');
      assert.strictEqual(account.balance?.balance, INT64_MAX);
      assert.strictEqual(account.balance?.tokens[0]?.balance, ABOVE_2_53);
      assert.strictEqual(account.memo, hostileText.html);
      assert.strictEqual(replay.requests.length, 1);
    } finally {
      client.dispose();
      await replay.close();
    }
  });
});
