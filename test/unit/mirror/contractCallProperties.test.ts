// Properties of the contract call's request and answer (src/mirror/contractCall.ts), for any input:
// the request is either refused (a MirrorInputError, nothing else) or written as JSON that reads back
// to the same fields, integers exact; any answer of the node is a result, a revert or a MirrorError,
// never another exception.
import * as assert from 'assert';
import fc from 'fast-check';
import { MirrorError, MirrorInputError, parseLossless } from '../../../src/mirror';
import {
  MAX_CALL_DATA_CHARS,
  MAX_CALL_GAS,
  contractCallAnswer,
  contractCallBody,
  type ContractCallRequest,
} from '../../../src/mirror/contractCall';

const hex = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: min, maxLength: max }).map(a => a.join(''));
const address = fc.oneof(
  hex(40, 40).map(h => `0x${h}`),
  hex(0, 44).map(h => `0x${h}`),
  fc.string(),
  fc.constant('0.0.1006'),
);
const request: fc.Arbitrary<ContractCallRequest> = fc.record(
  {
    to: address,
    from: address,
    data: fc.oneof(
      hex(0, 40).map(h => `0x${h}`),
      fc.string({ maxLength: 20 }),
    ),
    gas: fc.oneof(fc.integer({ min: -10, max: 20_000_000 }), fc.double()),
    gasPrice: fc.oneof(fc.nat(), fc.integer({ min: -5, max: -1 })),
    value: fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
    estimate: fc.boolean(),
    block: fc.oneof(fc.constant('latest' as const), fc.bigInt({ min: -5n, max: 2n ** 64n })),
  },
  { requiredKeys: ['to'] },
);

describe('mirror/contractCall: any request is refused in words or written exactly; any answer is read', () => {
  it('writes a body that reads back to the same fields, or refuses with a MirrorInputError', () => {
    fc.assert(
      fc.property(request, r => {
        let built: { body: string; fixedBlock: boolean };
        try {
          built = contractCallBody(r);
        } catch (error) {
          assert.ok(error instanceof MirrorInputError, String(error));
          assert.ok(error.issues.length > 0 && error.issues.every(i => i.message.length > 0));
          return;
        }
        const back = parseLossless(built.body) as Record<string, unknown>;
        assert.strictEqual(back['to'], r.to);
        if (r.data !== undefined) assert.strictEqual(back['data'], r.data);
        if (r.from !== undefined) assert.strictEqual(back['from'], r.from);
        if (r.gas !== undefined) assert.ok(Number(back['gas']) === r.gas && r.gas <= MAX_CALL_GAS);
        if (r.value !== undefined) assert.strictEqual(BigInt(back['value'] as string | number), r.value);
        if (typeof r.block === 'bigint') assert.strictEqual(BigInt(back['block'] as string), r.block);
        assert.strictEqual(built.fixedBlock, typeof r.block === 'bigint');
        assert.ok(built.body.length < MAX_CALL_DATA_CHARS + 400);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads any status and body as a result, a revert or a MirrorError', async () => {
    const body = fc.oneof(
      fc.string(),
      fc.json(),
      hex(0, 20).map(h => JSON.stringify({ result: `0x${h}` })),
      fc
        .record({
          message: fc.oneof(fc.constant('CONTRACT_REVERT_EXECUTED'), fc.string()),
          detail: fc.string(),
          data: fc.string(),
        })
        .map(m => JSON.stringify({ _status: { messages: [m] } })),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(200, 201, 400, 404, 415, 429, 500, 501, 503), body, async (status, text) => {
        try {
          const answer = await contractCallAnswer({
            url: 'http://x/api/v1/contracts/call',
            status,
            headers: {},
            text,
            fetchedAt: 0,
          });
          if (answer.kind === 'result') assert.match(answer.result, /^0x[0-9a-fA-F]*$/);
          else {
            assert.strictEqual(status, 400);
            assert.match(answer.data, /^0x[0-9a-fA-F]*$/);
          }
        } catch (error) {
          assert.ok(error instanceof MirrorError, String(error));
          assert.ok(error.message.length > 0);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
