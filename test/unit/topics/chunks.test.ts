import * as assert from 'assert';
import * as fc from 'fast-check';
import {
  DEFAULT_CHUNK_LIMITS,
  decodeTopicMessage,
  decodeTopicMessagesPage,
  joinChunks,
  numbersPhrase,
  topicEntryText,
  type ChunkedEntry,
  type TopicMessage,
} from '../../../src/topics';
import { assertGrowth } from '../../support/growth';
import {
  chunkedMessages,
  initialId,
  rawTopicMessage,
  topicMessagesBody,
  utf8,
  type RawTopicMessage,
} from '../../support/topicMessages';

const decodeAll = (raws: readonly RawTopicMessage[]): TopicMessage[] => raws.map(r => decodeTopicMessage(r));

// A JSON message with a number no double holds: its digits must survive the pretty-printing.
const HCS10 = `{"p":"hcs-10","op":"message","data":"${'é'.repeat(300)}","n":123456789012345678901234567890}`;

function only(entries: ReturnType<typeof joinChunks>): ChunkedEntry {
  assert.strictEqual(entries.length, 1);
  const entry = entries[0];
  assert.strictEqual(entry.kind, 'chunked');
  return entry;
}

describe('chunked topic messages', () => {
  it('joins chunks in chunk order and pretty-prints the joined JSON (multi-byte characters cut across chunks)', () => {
    const entry = only(joinChunks(decodeAll(chunkedMessages(utf8(HCS10), 5, 10n))));
    assert.deepStrictEqual(entry.problems, []);
    assert.deepStrictEqual(entry.missing, []);
    assert.strictEqual(entry.content?.kind, 'json');
    assert.deepStrictEqual(JSON.parse(entry.content.text), JSON.parse(HCS10));
    assert.ok(entry.content.text.includes('"n": 123456789012345678901234567890'));
    assert.deepStrictEqual(
      entry.chunks.map(c => c.chunk?.number),
      [1, 2, 3, 4, 5],
    );
  });

  it('property: any order of the chunks, with single messages between, gives the same entries', () => {
    const singles = [
      rawTopicMessage({ sequence: 3n, bytes: utf8('before') }),
      rawTopicMessage({ sequence: 99n, bytes: utf8('after') }),
    ];
    const all = decodeAll([
      ...chunkedMessages(utf8(HCS10), 7, 20n),
      ...chunkedMessages(utf8('second, plain text'), 3, 40n, initialId('0.0.1001', '1700000000.000000123', 1)),
      ...singles,
    ]);
    const expected = joinChunks(all);
    assert.deepStrictEqual(
      expected.map(e => e.kind),
      ['single', 'chunked', 'chunked', 'single'],
    );
    assert.strictEqual((expected[2] as ChunkedEntry).content?.text, 'second, plain text');
    fc.assert(
      fc.property(fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }), shuffled => {
        assert.deepStrictEqual(joinChunks(shuffled), expected);
      }),
      { numRuns: 200 },
    );
  });

  it('a repeated chunk is kept once; a repeat with different bytes is said, the first used', () => {
    const raws = chunkedMessages(utf8('abcdef'), 3, 1n);
    const again = { ...raws[1], sequence_number: 8 };
    const same = only(joinChunks(decodeAll([...raws, again])));
    assert.deepStrictEqual(same.problems, []);
    assert.strictEqual(same.content?.text, 'abcdef');
    const differing = { ...again, message: Buffer.from('XY').toString('base64') };
    const entry = only(joinChunks(decodeAll([differing, ...raws])));
    assert.deepStrictEqual(entry.problems, [
      'chunk 2 came twice with different content (sequence 2 and 8); the first is used',
    ]);
    assert.strictEqual(entry.content?.text, 'abcdef');
  });

  it('says which chunks are missing and joins nothing', () => {
    const raws = chunkedMessages(utf8('abcde'), 5, 1n);
    const entry = only(joinChunks(decodeAll([raws[0], raws[2], raws[4]])));
    assert.deepStrictEqual(entry.missing, [2, 4]);
    assert.deepStrictEqual(entry.problems, ['chunks 2 and 4 of 5 are missing']);
    assert.strictEqual(entry.content, undefined);
    assert.match(
      topicEntryText(entry),
      /chunked message: 3 of 5 chunks[^]*! chunks 2 and 4 of 5 are missing\n\nnot joined$/,
    );
    const one = only(joinChunks(decodeAll(raws.slice(0, 4))));
    assert.deepStrictEqual(one.problems, ['chunk 5 of 5 is missing']);
  });

  it('refuses a claim of 100 MB (102,400 chunks) in words, without building anything', () => {
    const claim = { initial_transaction_id: initialId(), number: 1, total: 102_400 };
    const raws = [1, 2, 50_000].map(n =>
      rawTopicMessage({ sequence: BigInt(n), bytes: new Uint8Array(1024), chunk: { ...claim, number: n } }),
    );
    const entry = only(joinChunks(decodeAll(raws)));
    assert.deepStrictEqual(entry.problems, ['claims 102,400 chunks; at most 1,000 are joined']);
    assert.deepStrictEqual(entry.missing, []);
    assert.strictEqual(entry.content, undefined);
    assert.strictEqual(entry.chunks.length, 3);
  });

  it('refuses joined content above the byte cap', () => {
    const raws = chunkedMessages(new Uint8Array(100), 4, 1n);
    const entry = only(joinChunks(decodeAll(raws), { ...DEFAULT_CHUNK_LIMITS, maxJoinedBytes: 99 }));
    assert.deepStrictEqual(entry.problems, ['the joined message would be 100 bytes; at most 99 are joined']);
    assert.strictEqual(entry.content, undefined);
  });

  it('groups by the whole initial transaction id and the topic', () => {
    const start = '1700000000.000000123';
    const ids = [
      initialId('0.0.1001', start, 0),
      initialId('0.0.1001', start, 1),
      { ...initialId('0.0.1001', start, 0), scheduled: true },
      initialId('0.0.1002', start, 0),
      initialId('0.0.1001', '1700000000.000000124', 0),
    ];
    const raws = ids.flatMap((id, i) => chunkedMessages(utf8(`m${i}`), 2, BigInt(10 * i + 1), id));
    const otherTopic = chunkedMessages(utf8('t'), 2, 100n).map(r => ({ ...r, topic_id: '0.0.6006' }));
    const entries = joinChunks(decodeAll([...raws, ...otherTopic]));
    assert.deepStrictEqual(
      entries.map(e => (e.kind === 'chunked' ? e.content?.text : 'single')),
      ['m0', 'm1', 'm2', 'm3', 'm4', 't'],
    );
  });

  it('the chunks disagreeing on the total is said; a chunk past the first total is left out', () => {
    const raws = chunkedMessages(utf8('abc'), 3, 1n);
    const stray = rawTopicMessage({
      sequence: 9n,
      bytes: utf8('z'),
      chunk: { initial_transaction_id: initialId(), number: 5, total: 5 },
    });
    const entry = only(joinChunks(decodeAll([...raws, stray])));
    assert.deepStrictEqual(entry.problems, [
      'the chunks disagree on the total (3, 5); the first says 3',
      'chunk 5 is past the total of 3, left out',
    ]);
    assert.strictEqual(entry.content?.text, 'abc');
  });

  it('a single chunk of one, and a message without chunk_info, are single entries', () => {
    const whole = rawTopicMessage({
      sequence: 1n,
      bytes: utf8('x'),
      chunk: { initial_transaction_id: initialId(), number: 1, total: 1 },
    });
    const entries = joinChunks(decodeAll([whole, rawTopicMessage({ sequence: 2n, bytes: utf8('y') })]));
    assert.deepStrictEqual(
      entries.map(e => e.kind),
      ['single', 'single'],
    );
    assert.match(
      topicEntryText(entries[0]),
      /^#1 · 2023-11-14T22:13:21\.000000001Z \(1700000001\.000000001\) · payer 0\.0\.1001\nrunning hash v3 [0-9a-f]{96}\n\ntext \(1 byte\)\nx$/,
    );
  });

  it('numbersPhrase says runs and bounds long lists', () => {
    assert.strictEqual(numbersPhrase([3], 'chunk'), 'chunk 3');
    assert.strictEqual(numbersPhrase([2, 4], 'chunk'), 'chunks 2 and 4');
    assert.strictEqual(numbersPhrase([2, 3], 'chunk'), 'chunks 2 and 3');
    assert.strictEqual(numbersPhrase([2, 4, 5, 6, 7, 9], 'chunk'), 'chunks 2, 4–7 and 9');
    const evens = Array.from({ length: 500 }, (_, i) => 2 * i + 2);
    assert.strictEqual(numbersPhrase(evens, 'chunk'), 'chunks 2, 4, 6, 8, 10, 12, 14, 16 and 492 more');
    assert.strictEqual(numbersPhrase([1000, 1001, 1002], 'chunk'), 'chunks 1,000–1,002');
  });

  it('property: any chunk set joins without throwing, and renders to a string', () => {
    const chunk = fc.record({
      sequence: fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }),
      bytes: fc.uint8Array({ maxLength: 64 }),
      total: fc.integer({ min: 1, max: 5000 }),
      numberSeed: fc.nat(),
      nonce: fc.constantFrom(0, 1, null),
    });
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 30 }), parts => {
        const raws = parts.map(p =>
          rawTopicMessage({
            sequence: p.sequence,
            bytes: p.bytes,
            chunk: {
              initial_transaction_id: initialId('0.0.1001', '1700000000.000000123', p.nonce),
              number: 1 + (p.numberSeed % p.total),
              total: p.total,
            },
          }),
        );
        for (const entry of joinChunks(decodeAll(raws))) {
          const text = topicEntryText(entry);
          assert.strictEqual(typeof text, 'string');
          if (entry.kind === 'chunked') assert.ok(entry.problems.every(p => p.length < 300));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('grows linearly: a page of n entries and a chunk set of n chunks, at n and 8n', () => {
    const page = (n: number) =>
      topicMessagesBody(
        Array.from({ length: n }, (_, i) =>
          rawTopicMessage({ sequence: 2n ** 60n + BigInt(i), bytes: utf8(`{"n":${i}}`) }),
        ),
      );
    assertGrowth('page decoding', page, body => decodeTopicMessagesPage(body), 100);
    const chunks = (n: number) => decodeAll(chunkedMessages(utf8('x'.repeat(4 * n)), n, 1n).reverse());
    assertGrowth('joining chunks', chunks, messages => joinChunks(messages), 120);
  });
});
