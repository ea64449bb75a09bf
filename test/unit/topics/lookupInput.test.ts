// "Lookup topic message" input: `0.0.x#sequence` or a consensus timestamp; anything else refused
// with the forms it takes, in time linear in the input.
import * as assert from 'assert';
import * as fc from 'fast-check';
import { describeTopicQuery, parseTopicLookup } from '../../../src/features/topics/lookupInput';

describe('topic message lookup input', () => {
  it('reads a topic and sequence number, exact above 2^53', () => {
    const r = parseTopicLookup('  0.0.5005 # 9007199254740993 ');
    assert.deepStrictEqual(r, {
      ok: true,
      query: { kind: 'sequence', topicId: '0.0.5005', sequenceNumber: 9_007_199_254_740_993n },
    });
    assert.strictEqual(describeTopicQuery(r.ok ? r.query : assert.fail()), '0.0.5005#9007199254740993');
    assert.deepStrictEqual(parseTopicLookup('00.0.07#1'), {
      ok: true,
      query: { kind: 'sequence', topicId: '0.0.7', sequenceNumber: 1n },
    });
  });

  it('reads a consensus timestamp', () => {
    assert.deepStrictEqual(parseTopicLookup('1234567890.000000002'), {
      ok: true,
      query: { kind: 'timestamp', timestamp: '1234567890.000000002' },
    });
  });

  it('refuses sequence 0, past int64, a bare number, other text', () => {
    for (const bad of [
      '0.0.5005#0',
      '0.0.5005#9223372036854775808',
      '12345',
      '0.0.5005',
      'hello',
      '',
      '0.0.5005#-1',
      '0.0.x#1',
    ]) {
      const r = parseTopicLookup(bad);
      assert.strictEqual(r.ok, false, bad);
      assert.ok(!r.ok && r.message.length > 10, bad);
    }
    assert.match((parseTopicLookup('0.0.5005#0') as { message: string }).message, /start at 1/);
  });

  it('fuzzed: never throws, and every accepted query describes back to an input it accepts the same', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 300 }), fc.stringMatching(/^\d{1,11}\.\d{1,11}\.\d{1,11}#\d{1,20}$/)),
        text => {
          const r = parseTopicLookup(text);
          if (!r.ok) return typeof r.message === 'string';
          const again = parseTopicLookup(describeTopicQuery(r.query).replace(/^message at /, ''));
          assert.deepStrictEqual(again, r);
          return true;
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('long hostile input is refused quickly (linear)', () => {
    const started = performance.now();
    for (const text of ['0.'.repeat(50_000) + '#1', '1'.repeat(100_000) + '.', '0.0.1#' + ' '.repeat(100_000) + 'x'])
      assert.strictEqual(parseTopicLookup(text).ok, false);
    assert.ok(performance.now() - started < 200, `${performance.now() - started} ms`);
  });
});
