// A large body (up to the 16 MiB cap) is parsed and checked a slice at a time, so a hostile or
// merely busy mirror node cannot hold the extension host's thread for a second; and the value,
// the int64 digits, the unknown fields and the path named by an error are what one JSON.parse and
// one zod parse gave.
import * as assert from 'assert';
import { createMirrorClient, MirrorError, type MirrorClient } from '../../../src/mirror';
import { parseLossless } from '../../../src/mirror/lossless';
import { validate } from '../../../src/mirror/responses';
import { AccountResponseSchema, TransactionsResponseSchema } from '../../../src/mirror/schemas';
import type { RawResponse } from '../../../src/mirror/transport';
import * as z from '../../../src/zod';
import { aTransaction, aTransactionsBody, anAccount, JsonDoc } from '../../support/builders';
import { startServer, type Server } from '../net/support';

/** Below this a longest slice is the timer and the scheduler, not the body (a slice's budget is 8 ms). */
const FLOOR_MS = 10;
const BIG = 1234567890123456789n; // above 2^53: JSON.parse alone would round it

function transactions(n: number, at?: (i: number) => JsonDoc | undefined): JsonDoc[] {
  const plain = aTransaction({ charged_tx_fee: BIG, unknown_field: { kept: ['[', '{', '"\\'] } });
  return Array.from({ length: n }, (_, i) => at?.(i) ?? plain);
}

function raw(text: string): RawResponse {
  return { url: 'http://127.0.0.1/api/v1/transactions/x', status: 200, headers: {}, text, fetchedAt: 0 };
}

/** What the client gave before bodies were sliced: one lossless parse, one zod parse. */
function wholeParse(schema: z.core.$ZodType, text: string): unknown {
  return z.parse(schema, parseLossless(text));
}

async function refusal(work: () => unknown): Promise<MirrorError> {
  try {
    await work();
  } catch (e) {
    assert.ok(e instanceof MirrorError, String(e));
    return e;
  }
  assert.fail('expected a MirrorError');
}

/** The longest stretch without a macrotask turn while `work` runs, in ms of wall time. */
async function longestSlice(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await work();
  } finally {
    running = false;
  }
  longest = Math.max(longest, performance.now() - last);
  return longest;
}

describe('mirror/sliced: a large body does not hold the thread in one slice', function () {
  this.timeout(60000);
  let server: Server;
  let client: MirrorClient;
  let body = '';

  before(async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    client = createMirrorClient({ baseUrl: server.origin, retries: 0, timeoutMs: 30_000 });
  });
  after(async () => {
    client.dispose();
    await server.close();
  });

  it('the longest slice does not grow with the body (n vs 8n transactions through the client)', async () => {
    const n = 1000; // ~0.8 MiB; 8n is ~6.6 MiB, below the 16 MiB cap
    const texts = [n, 8 * n].map(k => aTransactionsBody(...transactions(k)).text);
    const longest: number[] = [];
    for (const text of texts) {
      body = text;
      let best = Infinity;
      for (let attempt = 0; attempt < 3; attempt++) {
        best = Math.min(
          best,
          await longestSlice(async () => {
            const r = await client.getTransaction('0.0.1001-1700000000-000000000', undefined, { cache: 'reload' });
            assert.strictEqual(r.transactions.length, text === texts[0] ? n : 8 * n);
          }),
        );
      }
      longest.push(best);
    }
    // One slice for the whole body grows ~8× (about 30 ms and 250 ms); bounded slices do not.
    const ratio = longest[1] / Math.max(longest[0], FLOOR_MS);
    assert.ok(
      ratio <= 3,
      `longest slice ${longest[0].toFixed(1)} ms at ${n} transactions, ${longest[1].toFixed(1)} ms at ${8 * n} ` +
        `(${ratio.toFixed(1)}×, at most 3× allowed)`,
    );
  });

  it('gives the value one parse gave: int64 digits, unknown fields, strings with brackets and quotes', async () => {
    // One item large on its own (5000 transfers) beside many small ones, indented like a pretty printer.
    const transfers = Array.from({ length: 5000 }, (_, i) => ({ account: `0.0.${i}`, amount: BIG }));
    const items = transactions(2000, i => (i === 7 ? aTransaction({ transfers }) : undefined));
    const text = aTransactionsBody(...items).text.replace(/,"/g, ',\n  "');
    const value = await validate(raw(text), TransactionsResponseSchema);
    assert.deepStrictEqual(value, wholeParse(TransactionsResponseSchema, text));
    const got = value as z.output<typeof TransactionsResponseSchema>;
    assert.strictEqual(got.transactions[1999].charged_tx_fee, BIG);
    assert.strictEqual(got.transactions[7].transfers?.[4999].amount, BIG);
    assert.deepStrictEqual((got.transactions[0] as Record<string, unknown>)['unknown_field'], {
      kept: ['[', '{', '"\\'],
    });
  });

  it('keeps a member named __proto__ as data, and the last of two equal keys, as JSON.parse does', async () => {
    const filler = transactions(1000).map(t => t.text);
    const text = `{"__proto__":{"polluted":true},"transactions":[${filler.join(',')}],"dup":1,"dup":2}`;
    const value = (await validate(raw(text), TransactionsResponseSchema)) as Record<string, unknown>;
    assert.deepStrictEqual(value, wholeParse(TransactionsResponseSchema, text));
    assert.strictEqual(value['dup'], 2);
    assert.strictEqual(({} as Record<string, unknown>)['polluted'], undefined);
  });

  it('names the path of a bad field, deep in a large body, as one zod parse does', async () => {
    const bad = aTransaction({ transfers: [{ account: '0.0.3', amount: 'ten' as unknown as bigint }] });
    const text = aTransactionsBody(...transactions(4000, i => (i === 3999 ? bad : undefined))).text;
    const e = await refusal(() => validate(raw(text), TransactionsResponseSchema));
    assert.strictEqual(e.kind, 'invalid-response');
    assert.match(e.message, /unexpected shape at transactions\.3999\.transfers\.0\.amount: expected an integer$/);

    const wide = Array.from({ length: 5000 }, (_, i) => ({ account: '0.0.3', amount: i === 4321 ? 0.5 : 1 }));
    const deep = aTransactionsBody(...transactions(1, () => aTransaction({ transfers: wide }))).text;
    const e2 = await refusal(() => validate(raw(deep), TransactionsResponseSchema));
    assert.match(e2.message, /unexpected shape at transactions\.0\.transfers\.4321\.amount/);
  });

  it('reports the first bad field in the schema order, wherever the large members are', async () => {
    const bad = aTransaction({ charged_tx_fee: 'lots' as unknown as number });
    const items = transactions(2000, i => (i === 1500 ? bad : undefined));
    // `account` comes before `transactions` in the schema: one zod parse names it first.
    const before = anAccount({ account: 5 as unknown as string, transactions: items }).text;
    const e = await refusal(() => validate(raw(before), AccountResponseSchema));
    assert.match(e.message, /unexpected shape at account: /);
    // `links` comes after: the transaction is named first.
    const after = anAccount({ transactions: items, links: new JsonDoc('7') as never }).text;
    const e2 = await refusal(() => validate(raw(after), AccountResponseSchema));
    assert.match(e2.message, /unexpected shape at transactions\.1500\.charged_tx_fee: /);
  });

  it('refuses a large malformed body as malformed JSON', async () => {
    const items = transactions(1000).map(t => t.text);
    const list = items.join(',');
    const mid = items.slice(0, 500).join(',') + ',,' + items.slice(500).join(',');
    for (const text of [
      `{"transactions":[${list},]}`, // a trailing comma
      `{"transactions":[${mid}]}`, // an empty member
      `{"transactions":[${list}}}`, // the wrong closing bracket
      `{"transactions":[${list}]} []`, // something after the body
      `x {"transactions":[${list}]}`, // something before it
      `{"transactions":[${list}]`, // cut short
      `{"transactions":[${list}], "links": {"next": "unterminated}]}`,
      `{"transactions" [${list}]}`, // no colon before a large member
    ]) {
      assert.throws(() => JSON.parse(text), SyntaxError);
      const e = await refusal(() => validate(raw(text), TransactionsResponseSchema));
      assert.strictEqual(e.kind, 'invalid-response');
      assert.match(e.message, /^The mirror node sent malformed JSON \(/, text.slice(-40));
    }
  });

  it('stops between slices when the request is cancelled', async () => {
    const text = aTransactionsBody(...transactions(8000)).text;
    const controller = new AbortController();
    setImmediate(() => controller.abort());
    const e = await refusal(() => validate(raw(text), TransactionsResponseSchema, controller.signal));
    assert.strictEqual(e.kind, 'aborted');
  });
});
