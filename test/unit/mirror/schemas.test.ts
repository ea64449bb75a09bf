import * as assert from 'assert';
import type * as z from '../../../src/zod';
import { parseLossless } from '../../../src/mirror/lossless';
import {
  AccountResponseSchema,
  BlockSchema,
  BlocksResponseSchema,
  ContractResultsResponseSchema,
  ErrorBodySchema,
  TRANSACTION_TYPES,
  TransactionsResponseSchema,
  isKnownTransactionType,
  uint256,
} from '../../../src/mirror/schemas';
import { assertGrowth } from '../../support/growth';
import { recordFor, recorded } from './helpers';

const byEndpoint: Record<string, z.ZodMiniType> = {
  'accounts/{id}': AccountResponseSchema,
  'transactions/{id}': TransactionsResponseSchema,
  blocks: BlocksResponseSchema,
  'blocks/{id}': BlockSchema,
  'contracts/results': ContractResultsResponseSchema,
};

/** Every integer token of a JSON text outside strings, in order. */
function integerTokens(text: string): string[] {
  const out: string[] = [];
  const re = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g;
  for (const m of text.matchAll(re)) if (/^-?\d+$/.test(m[0])) out.push(m[0]);
  return out;
}

/** Every bigint and integer number in a parsed value, in document order. */
function integersOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'bigint') out.push(value.toString());
  else if (typeof value === 'number' && Number.isInteger(value)) out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) integersOf(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) integersOf(v, out);
  return out;
}

describe('mirror/schemas', () => {
  it('parses every recorded body with its endpoint schema, no integer digit lost', () => {
    let n = 0;
    for (const r of recorded()) {
      const schema = r.status === 200 ? byEndpoint[r.endpoint] : ErrorBodySchema;
      assert.ok(schema, r.endpoint);
      const parsed = schema.safeParse(parseLossless(r.bodyText));
      assert.ok(parsed.success, `${r.url}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues[0])}`);
      // Unknown fields are kept too, so the integers of the result are exactly the text's integers
      // (compared as sorted lists: the schema may reorder keys).
      assert.deepStrictEqual(integersOf(parsed.data).sort(), integerTokens(r.bodyText).sort(), r.url);
      n++;
    }
    assert.strictEqual(n, 268);
  });

  it('gives a block number and count above 2^53 as exact bigints', () => {
    const r = recordFor('/api/v1/blocks/9900000000000001');
    const block = BlockSchema.parse(parseLossless(r.bodyText));
    assert.strictEqual(block.number, 9900000000000001n);
    assert.strictEqual(typeof block.count, 'bigint');
    assert.ok(r.bodyText.includes(`"count":${block.count.toString()}`));
    assert.strictEqual(typeof block.gas_used, 'bigint');
    assert.strictEqual(typeof block.size, 'number');
  });

  it('gives a serial number above 2^53 as an exact bigint', () => {
    const r = recordFor('/api/v1/transactions/0.0.8-1234567890-000000000', x => x.hasUnsafeIntegers);
    const body = TransactionsResponseSchema.parse(parseLossless(r.bodyText));
    const serials = body.transactions.flatMap(t => t.nft_transfers ?? []).map(n => n.serial_number);
    assert.ok(serials.length > 0);
    for (const s of serials) {
      assert.strictEqual(typeof s, 'bigint');
      assert.ok(r.bodyText.includes(`"serial_number":${s.toString()}`));
    }
    assert.ok(serials.some(s => s > 9007199254740992n));
  });

  it('types the account lookup: balances, fees and amounts as bigint, int32 as number, extra fields kept', () => {
    const r = recordFor('/api/v1/accounts/2001');
    const a = AccountResponseSchema.parse(parseLossless(r.bodyText));
    assert.strictEqual(typeof a.balance?.balance, 'bigint');
    for (const t of a.balance?.tokens ?? []) assert.strictEqual(typeof t.balance, 'bigint');
    for (const t of a.transactions) {
      assert.strictEqual(typeof t.charged_tx_fee, 'bigint');
      for (const x of t.transfers ?? []) assert.strictEqual(typeof x.amount, 'bigint');
      for (const x of t.token_transfers ?? []) assert.strictEqual(typeof x.amount, 'bigint');
      assert.strictEqual(typeof t.max_fee, 'string');
    }
    assert.strictEqual(typeof a.max_automatic_token_associations, 'number');
    assert.strictEqual(typeof a.pending_reward, 'bigint');
    const withDelegation = recorded().find(
      x => x.endpoint === 'accounts/{id}' && x.bodyText.includes('delegation_address'),
    );
    assert.ok(withDelegation);
    const kept = AccountResponseSchema.parse(parseLossless(withDelegation.bodyText)) as Record<string, unknown>;
    assert.strictEqual(typeof kept['delegation_address'], 'string');
  });

  it('accepts the int64 range beyond JSON numbers only as bigint, refuses non-integers and wider values', () => {
    const base = JSON.parse(recordFor('/api/v1/blocks/0').bodyText) as Record<string, unknown>;
    const withCount = (count: string) =>
      BlockSchema.safeParse(
        parseLossless(JSON.stringify({ ...base, count: 0 }).replace('"count":0', `"count":${count}`)),
      );
    const big = withCount('9223372036854775807');
    assert.ok(big.success);
    assert.strictEqual(big.data.count, 9223372036854775807n);
    const low = withCount('-9223372036854775808');
    assert.ok(low.success);
    assert.strictEqual(low.data.count, -9223372036854775808n);
    // Beyond int64: refused, saying why (this field held 30 digits before).
    for (const wide of ['9223372036854775808', '-9223372036854775809', '123456789012345678901234567890']) {
      const r = withCount(wide);
      assert.ok(!r.success, wide);
      assert.match(r.error.issues[0].message, /within int64/);
    }
    assert.strictEqual(withCount('1.5').success, false);
    assert.strictEqual(withCount('"abc"').success, false);
  });

  it('keeps contract result status and hex monetary fields as strings, amounts and gas as bigint', () => {
    const r = recordFor('/api/v1/contracts/results?hbar=false');
    const body = ContractResultsResponseSchema.parse(parseLossless(r.bodyText));
    assert.ok(body.results.length > 0);
    for (const c of body.results) {
      assert.match(c.status ?? '', /^0x[01]$/);
      assert.strictEqual(typeof c.amount, 'bigint');
      assert.strictEqual(typeof c.gas_used, 'bigint');
      assert.strictEqual(typeof c.gas_limit, 'bigint');
      if (c.gas_price !== null && c.gas_price !== undefined) assert.match(c.gas_price, /^0x/);
    }
  });

  it('lists the 59 transaction types and keeps an unknown name instead of rejecting it', () => {
    assert.strictEqual(TRANSACTION_TYPES.length, 59);
    assert.ok(isKnownTransactionType('CRYPTOTRANSFER'));
    assert.ok(!isKnownTransactionType('TELEPORT'));
    const body = TransactionsResponseSchema.parse({ transactions: [{ name: 'TELEPORT', charged_tx_fee: 1 }] });
    assert.strictEqual(body.transactions[0].name, 'TELEPORT');
  });

  it('reads a batch key written as a Key (newer servers) or as protobuf hex (v0.145, the real server)', () => {
    const body = TransactionsResponseSchema.parse({
      transactions: [
        { batch_key: { _type: 'ED25519', key: '7934a257a6144fabc8fbdeeaa5810662adb89e7b6978ace46a74fdb2d12bd4b2' } },
        { batch_key: '0x4a5ad514f0957fa170a676210c9bdbddf3bc9519702cf915fa6767a40463b96f' },
        { batch_key: null },
        {},
      ],
    });
    assert.deepStrictEqual(
      body.transactions.map(t => t.batch_key),
      [
        { _type: 'ED25519', key: '7934a257a6144fabc8fbdeeaa5810662adb89e7b6978ace46a74fdb2d12bd4b2' },
        { _type: 'ProtobufEncoded', key: '4a5ad514f0957fa170a676210c9bdbddf3bc9519702cf915fa6767a40463b96f' },
        null,
        undefined,
      ],
    );
    assert.throws(() => TransactionsResponseSchema.parse({ transactions: [{ batch_key: '<b>not hex</b>' }] }));
  });

  it('gives staking reward transfers whose account is a bare number', () => {
    const body = TransactionsResponseSchema.parse({
      transactions: [
        {
          staking_reward_transfers: [
            { account: 3, amount: 200 },
            { account: '0.0.9', amount: '1234567890123456789' },
          ],
        },
      ],
    });
    const s = body.transactions[0].staking_reward_transfers!;
    assert.strictEqual(s[0].account, 3);
    assert.strictEqual(s[1].amount, 1234567890123456789n);
  });

  it('refuses more than 1000 token balances', () => {
    const r = JSON.parse(recordFor('/api/v1/accounts/2001').bodyText) as { balance: { tokens: unknown[] } };
    r.balance.tokens = Array.from({ length: 1001 }, (_, i) => ({ token_id: `0.0.${i}`, balance: i }));
    assert.strictEqual(AccountResponseSchema.safeParse(r).success, false);
    r.balance.tokens.pop();
    assert.strictEqual(AccountResponseSchema.safeParse(r).success, true);
  });

  it('a 100,000-digit balance is refused at once with a clear error', () => {
    const withDigits = (n: number) =>
      parseLossless(`{"account":"0.0.5","balance":{"balance":${'7'.repeat(n)},"timestamp":"1.1","tokens":[]}}`);
    const r = AccountResponseSchema.safeParse(withDigits(100_000));
    assert.ok(!r.success);
    assert.ok(r.error.issues.some(i => /within int64 \(at most 19 digits\)/.test(i.message)));
    // Refused before BigInt or a scan of the digits: 800,000 digits cost what 100,000 do.
    assertGrowth('refusing a long balance', withDigits, body => AccountResponseSchema.safeParse(body), 100_000, {
      maxRatio: 4,
    });
  });

  it('uint256: 0 to 2^256 - 1, as digits', () => {
    assert.strictEqual(uint256.parse((2n ** 256n - 1n).toString()), 2n ** 256n - 1n);
    assert.strictEqual(uint256.parse(5), 5n);
    for (const bad of [(2n ** 256n).toString(), '-1', '1'.repeat(100), 1.5, 'x'])
      assert.ok(!uint256.safeParse(bad).success, String(bad));
  });
});
