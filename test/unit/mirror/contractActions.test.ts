// The `/contracts/results/{transactionIdOrHash}/actions` endpoint: its parameters checked as the
// real server checks them (its own spec data says which it accepts), its answers read tolerantly
// through the schema, and the client's requests and paging.
import * as assert from 'assert';
import { createMirrorClient, MirrorInputError, parseLossless, type MirrorClient } from '../../../src/mirror';
import { schemas } from '../../../src/mirror/lazySchemas';
import { contractActionsPath, contractActionsQuery, encodeQuery } from '../../../src/mirror/params';
import { actionSpecs, loopback, sendJson, type Loopback } from '../trace/fixtures';

const parse = (text: string) => schemas().ContractActionsResponseSchema.safeParse(parseLossless(text));

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('mirror: contract actions (the call trace endpoint)', () => {
  describe("parameters, checked against the real server's spec data", () => {
    const specs = actionSpecs();

    it('every path in the specs is accepted and spelled as the server wrote it', () => {
      for (const spec of specs) {
        const id = decodeURIComponent(new URL(spec.url, 'http://x').pathname.split('/')[5]);
        assert.strictEqual(contractActionsPath(id), `/contracts/results/${encodeURIComponent(id)}/actions`, spec.url);
      }
    });

    it('the queries the server answered are accepted; those it refused are refused, naming the same parameters', () => {
      let accepted = 0;
      let refused = 0;
      for (const spec of specs) {
        const params = queryOf(spec.url) as Record<string, string | number>;
        if ('limit' in params && /^\d+$/.test(String(params.limit))) params.limit = Number(params.limit);
        if (spec.status === 400) {
          const error = (() => {
            try {
              contractActionsQuery(params);
            } catch (e) {
              return e;
            }
            return undefined;
          })();
          assert.ok(error instanceof MirrorInputError, spec.url);
          const server = ((spec.body as { _status: { messages: { message: string }[] } })._status.messages ?? []).map(
            m => m.message.replace(/^(Invalid parameter|Unknown query parameter): /, ''),
          );
          assert.deepStrictEqual(error.issues.map(i => i.parameter).sort(), server.sort(), spec.url);
          refused++;
        } else {
          const query = contractActionsQuery(params);
          assert.deepStrictEqual(Object.fromEntries(query), queryOf(spec.url), spec.url);
          accepted++;
        }
      }
      assert.ok(accepted >= 10 && refused >= 2, `${accepted} accepted, ${refused} refused`);
    });

    it('bad values one by one', () => {
      const bad: Record<string, unknown>[] = [
        { limit: 0 },
        { limit: 101 },
        { limit: 1.5 },
        { order: 'up' },
        { index: -1 },
        { index: 'ne:3' },
        { index: 'gt:' },
        { index: 'gt:99999999999' },
        { index: 'gt:3000000000' },
        { index: 'eq:test' },
        { nonce: 1 },
      ];
      for (const params of bad)
        assert.throws(() => contractActionsQuery(params), MirrorInputError, JSON.stringify(params));
      assert.strictEqual(
        encodeQuery(contractActionsQuery({ limit: 100, order: 'asc', index: 'gt:99' })),
        '?limit=100&order=asc&index=gt:99',
      );
      assert.strictEqual(encodeQuery(contractActionsQuery({ index: 7 })), '?index=7');
      assert.strictEqual(encodeQuery(contractActionsQuery({})), '');
    });

    it('bad transaction ids and hashes are refused before any request', () => {
      for (const bad of ['', 'abc', '0.0.1', '0x1234', '0.0.1-1', `0x${'g'.repeat(64)}`, 42 as unknown as string])
        assert.throws(() => contractActionsPath(bad), MirrorInputError, String(bad));
      assert.strictEqual(
        contractActionsPath('0.0.5@1700000000.5'),
        '/contracts/results/0.0.5-1700000000-000000005/actions',
      );
      const hash = `0x${'ab'.repeat(32)}`;
      assert.strictEqual(contractActionsPath(hash), `/contracts/results/${hash}/actions`);
    });
  });

  describe('the schema: tolerant, lossless', () => {
    it("every answer of the real server's specs parses", () => {
      for (const spec of actionSpecs().filter(s => s.status === 200)) {
        const result = parse(JSON.stringify(spec.body));
        assert.ok(result.success, `${spec.file}: ${result.success ? '' : result.error.message}`);
      }
    });

    it('keeps unknown fields and unknown words, accepts nulls and missing fields', () => {
      const text = JSON.stringify({
        actions: [
          {
            index: 0,
            call_type: 'HOOK',
            call_operation_type: 'TELEPORT',
            result_data_type: 'LATER',
            brand_new: { a: 1 },
          },
          {
            call_depth: null,
            call_operation_type: null,
            call_type: null,
            caller: null,
            caller_type: null,
            from: null,
            gas: null,
            gas_used: null,
            index: null,
            input: null,
            recipient: null,
            recipient_type: null,
            result_data: null,
            result_data_type: null,
            timestamp: null,
            to: null,
            value: null,
          },
          {},
        ],
        links: { next: null },
        also: true,
      });
      const result = parse(text);
      assert.ok(result.success, result.success ? '' : result.error.message);
      const [first] = result.data.actions;
      assert.deepStrictEqual(
        [
          first.call_type,
          first.call_operation_type,
          first.result_data_type,
          (first as { brand_new?: unknown }).brand_new,
        ],
        ['HOOK', 'TELEPORT', 'LATER', { a: 1 }],
      );
      assert.strictEqual((result.data as { also?: unknown }).also, true);
      assert.ok(parse('{"actions": []}').success, 'no links: fine');
    });

    it('int64 amounts come out exact as bigint, beyond 2^53', () => {
      const result = parse(
        '{"actions":[{"index":0,"gas":9007199254740993,"gas_used":1,"value":9223372036854775807}],"links":{"next":null}}',
      );
      assert.ok(result.success);
      assert.deepStrictEqual(
        [result.data.actions[0].gas, result.data.actions[0].gas_used, result.data.actions[0].value],
        [9007199254740993n, 1n, 9223372036854775807n],
      );
    });

    it('refuses what is not the shape, field by field', () => {
      const bad = [
        '{"actions":{}}',
        '{}',
        '{"actions":[{"gas":9223372036854775808}]}',
        '{"actions":[{"index":1.5}]}',
        '{"actions":[{"call_depth":"1"}]}',
        '{"actions":[{"input":12}]}',
        '{"actions":[{"value":1e400}]}',
        '{"actions":[5]}',
      ];
      for (const text of bad) assert.strictEqual(parse(text).success, false, text);
    });
  });

  describe('the client', function () {
    this.timeout(15000);
    let server: Loopback;
    let client: MirrorClient;
    before(async () => {
      server = await loopback((req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        const page = url.searchParams.get('index') === 'gt:1' ? 2 : 1;
        // The server's own links are relative to its root, as in its spec data.
        const next = page === 1 ? '"/api/v1/contracts/results/0.0.5-1-000000001/actions?limit=1&index=gt:1"' : 'null';
        const action = `{"index":${page},"call_depth":${page - 1},"gas":9007199254740993,"result_data_type":"OUTPUT"}`;
        sendJson(res, 200, `{"actions":[${action}],"links":{"next":${next}}}`);
      });
      client = createMirrorClient({ baseUrl: server.origin, maxRequestsPerSecond: 1000 });
    });
    after(async () => {
      client.dispose();
      await server.close();
    });

    it('asks for a page and follows links.next by index', async () => {
      const first = await client.listContractActions('0.0.5@1.1', { limit: 1, order: 'asc' });
      assert.deepStrictEqual(server.requests, [
        '/api/v1/contracts/results/0.0.5-1-000000001/actions?limit=1&order=asc',
      ]);
      assert.strictEqual(first.actions[0].gas, 9007199254740993n);
      const second = await client.next(first);
      assert.strictEqual(second?.actions[0].index, 2);
      assert.strictEqual(server.requests[1], '/api/v1/contracts/results/0.0.5-1-000000001/actions?limit=1&index=gt:1');
      assert.strictEqual(await client.next(second), null);
      assert.ok(client.rawJson(first)?.includes('9007199254740993'));
    });

    it('refuses bad parameters without a request', async () => {
      const before = server.requests.length;
      await assert.rejects(client.listContractActions('0.0.5@1.1', { limit: 500 }), MirrorInputError);
      await assert.rejects(client.listContractActions('nope'), MirrorInputError);
      assert.strictEqual(server.requests.length, before);
    });
  });
});
