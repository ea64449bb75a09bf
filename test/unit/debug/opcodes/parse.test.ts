// The opcode trace reader on the real EVM's traces (test/support/evmOpcodes.ts): what it stores is
// what was sent, however the body is cut into chunks; what is wrong in an entry is said and read
// past; what is not an opcode trace is an OpcodeTraceError in words.
import * as assert from 'assert';
import fc from 'fast-check';
import type { EvmScenario } from '../../../support/evmTraces';
import type { OpcodesResponseBody } from '../../../support/evmOpcodes';
import { assertGrowth } from '../../../support/growth';
import {
  MISSING_OP_NAME,
  NO_WORD,
  OpcodeTraceError,
  OpcodeTraceParser,
  storageAt,
} from '../../../../src/debug/opcodes/parse';
import { opcodeByName } from '../../../../src/debug/opcodes/opTable';
import { ALL, assertSameAsSent, bodyOf, parseChunks, plain, scenarios, word64 } from './support';

function thrown(work: () => unknown): OpcodeTraceError {
  try {
    work();
  } catch (error) {
    if (error instanceof OpcodeTraceError) return error;
    throw error;
  }
  throw new Error('expected an OpcodeTraceError');
}

/** A real body changed by `edit` (on a copy of its value). */
function edited(scenario: EvmScenario, edit: (body: OpcodesResponseBody) => void): string {
  const body = structuredClone(bodyOf(scenario).value);
  edit(body);
  return JSON.stringify(body);
}

describe('debug/opcodes/parse: the mirror node opcode trace, read as it streams', function () {
  this.timeout(60_000);
  let all: readonly EvmScenario[];
  let deposit: EvmScenario;
  let reverted: EvmScenario;
  before(async () => {
    all = await scenarios();
    deposit = all.find(s => s.name === 'deposit')!;
    reverted = all.find(s => s.name === 'withdrawAboveVaultBalance')!;
  });

  it('stores every scenario exactly as sent: stack, memory, storage, reasons, header', () => {
    for (const scenario of all) {
      const { text, value } = bodyOf(scenario);
      const result = parseChunks(text, [], { memory: true });
      assert.deepStrictEqual(result.problems, [], scenario.name);
      assert.strictEqual(result.bytes, Buffer.byteLength(text));
      assertSameAsSent(result, value, true);
    }
  });

  it('keeps no memory unless asked, and reads the body the server sends by default', () => {
    const { text, value } = bodyOf(deposit);
    const result = parseChunks(text);
    assert.strictEqual(result.trace.memoryStart, undefined);
    assertSameAsSent(result, value, false);
    const defaults = bodyOf(deposit, { stack: true, memory: false, storage: false });
    const plainDefault = parseChunks(defaults.text);
    assertSameAsSent(plainDefault, defaults.value, false);
    assert.strictEqual(plainDefault.trace.storageKeys.length, 0);
  });

  it('stores storage as changes: far fewer pairs than the server repeats', () => {
    const { text, value } = bodyOf(deposit);
    const { trace } = parseChunks(text);
    const sent = value.opcodes.reduce((n, e) => n + Object.keys(e.storage).length, 0);
    assert.ok(sent > 0, 'the scenario writes storage');
    assert.ok(trace.storageKeys.length * 5 < sent, `${trace.storageKeys.length} pairs kept of ${sent} sent`);
  });

  it('reads the same trace whatever the chunk boundaries (fast-check)', () => {
    const { text } = bodyOf(reverted);
    const bytes = new TextEncoder().encode(text);
    const whole = plain(parseChunks(bytes, [], { memory: true }));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 60 }), cuts => {
        assert.deepStrictEqual(plain(parseChunks(bytes, cuts, { memory: true })), whole);
      }),
      { numRuns: 60 },
    );
  });

  it('reads a body fed one byte at a time', () => {
    const { text } = bodyOf(all.find(s => s.name === 'withdrawNothing')!);
    const bytes = new TextEncoder().encode(text);
    const cuts = Array.from({ length: bytes.length }, (_, i) => i);
    assert.deepStrictEqual(plain(parseChunks(bytes, cuts, { memory: true })), plain(parseChunks(bytes, [], ALL)));
  });

  it('reports progress: bytes and entries so far', () => {
    const { text, value } = bodyOf(deposit);
    const parser = new OpcodeTraceParser();
    const half = Math.floor(text.length / 2);
    parser.write(text.slice(0, half));
    assert.strictEqual(parser.bytesRead, half);
    assert.ok(parser.entries > 0 && parser.entries < value.opcodes.length, `${parser.entries} entries at half`);
    parser.write(text.slice(half));
    parser.end();
    assert.strictEqual(parser.entries, value.opcodes.length);
    assert.strictEqual(parser.bytesRead, text.length);
  });

  it('pads words shorter than 32 bytes (as Besu writes small values) and says so once', () => {
    const text = edited(deposit, body => {
      for (const entry of body.opcodes) entry.stack = entry.stack.map(w => `0x${BigInt(w).toString(16)}`);
    });
    const result = parseChunks(text);
    assert.deepStrictEqual(
      (plain(result) as { entries: unknown[] }).entries,
      (plain(parseChunks(bodyOf(deposit).text)) as { entries: unknown[] }).entries,
    );
    assert.strictEqual(result.problems.length, 1);
    assert.match(
      result.problems[0],
      /^\d+ words were shorter than 32 bytes and padded with zeros .*first in entry \d+/,
    );
  });

  it('reads past wrong entries: a placeholder and a sentence for each', () => {
    const text = edited(deposit, body => {
      const e = body.opcodes;
      e[3].stack[1] = '0xnothex';
      e[4].stack[0] = `0x${'ab'.repeat(33)}`;
      e[5].pc = -1;
      e[6].pc = 1.5;
      e[7].depth = 70000;
      delete (e[8] as Partial<(typeof e)[number]>).op;
      (e[9].stack as unknown[])[0] = 7;
      (e[10] as unknown as Record<string, unknown>).extra = { tolerated: [1, 2] };
      (e as unknown[])[11] = 'not an entry';
      e[12].op = 'SHA3';
      e[13].op = 'FUTUREOP';
    });
    const result = parseChunks(text);
    const { trace } = result;
    assert.strictEqual(trace.length, bodyOf(deposit).value.opcodes.length);
    assert.deepStrictEqual(result.problems, [
      'entry 3: stack word 1 is not hex',
      'entry 4: stack word 0 is longer than 32 bytes',
      'entry 5: pc -1 is not a whole number from 0 to 4294967295',
      'entry 6: pc 1.5 is not a whole number from 0 to 4294967295',
      'entry 7: depth 70000 is not a whole number from 0 to 65535',
      'entry 8: no op',
      'entry 9: stack word 0 is a number, not a string',
      'entry 11: is a string, not an object',
    ]);
    const word = (i: number, k: number) => trace.stackWords[trace.stackStart[i] + k];
    assert.strictEqual(word(3, 1), NO_WORD);
    assert.strictEqual(trace.words.word(word(3, 1)), undefined);
    assert.strictEqual(word(4, 0), NO_WORD);
    assert.strictEqual(trace.opNames[trace.op[8]], MISSING_OP_NAME);
    assert.strictEqual(trace.op[12], opcodeByName('KECCAK256'));
    assert.ok(trace.op[13] >= 256 && trace.opNames[trace.op[13]] === 'FUTUREOP');
    // The entry after a wrong one is read as sent.
    assert.deepStrictEqual(
      Array.from(trace.stackWords.subarray(trace.stackStart[14], trace.stackStart[15]), w => trace.words.word(w)),
      bodyOf(deposit).value.opcodes[14].stack.map(word64),
    );
  });

  it('keeps at most the EVM stack limit of words per entry, and says so', () => {
    const text = edited(deposit, body => {
      const stack = body.opcodes[3].stack;
      body.opcodes[3].stack = Array.from({ length: 1100 }, (_, i) => stack[i % stack.length]);
    });
    const result = parseChunks(text);
    const { trace } = result;
    assert.strictEqual(trace.stackStart[4] - trace.stackStart[3], 1024);
    assert.deepStrictEqual(result.problems, ['entry 3: the stack has more than 1024 words: the rest are dropped']);
  });

  it('tolerates members it does not know, reads escaped keys, keeps the first of a twice-sent member', () => {
    const { text, value } = bodyOf(deposit);
    const first = value.opcodes[0];
    const changed = text
      .replace('{"address"', '{"links":{"next":null},"extra":[1,{"a":"b"}],"address"')
      .replace(`{"depth":${first.depth},`, `{"d\u0065pth":${first.depth},"future":{"x":[1,2]},"pc":${first.pc},`);
    const result = parseChunks(changed);
    assert.deepStrictEqual(result.problems, ['entry 0: pc appears twice: the first is kept']);
    assertSameAsSent({ ...result, problems: [] }, value, false);
  });

  it('bounds what it says: a hundred sentences and a count', () => {
    const text = edited(deposit, body => {
      for (const entry of body.opcodes) entry.stack = entry.stack.map(() => '0xzz');
    });
    const result = parseChunks(text);
    assert.strictEqual(result.problems.length, 101);
    assert.match(result.problems[100], /^… and \d+ more problems$/);
  });

  it('reads int64 numbers losslessly: the header gas as a bigint, entry gas beyond 2^53 kept and said', () => {
    const text = bodyOf(deposit)
      .text.replace(/"gas":\d+,"opcodes"/, '"gas":9223372036854775807,"opcodes"')
      .replace(/"gas":(\d+),"gas_cost"/, '"gas":9007199254740993,"gas_cost"');
    const result = parseChunks(text);
    assert.strictEqual(result.header.gas, 9223372036854775807n);
    assert.strictEqual(result.trace.gas[0], Number.MAX_SAFE_INTEGER);
    assert.match(result.problems.join('\n'), /entry 0: gas beyond 2\^53 is kept as 9007199254740991/);
  });

  it('refuses what is not an opcode trace, in words', () => {
    const cases: [string, RegExp][] = [
      ['[]', /not an opcode trace .*a list, not an object/],
      ['{"address":"0x00"}', /not an opcode trace .*no opcodes member/],
      ['{"opcodes":{}}', /opcodes member is an object, not a list/],
      ['{"opcodes":null}', /opcodes member is null/],
      ['"text"', /the body is a string/],
      ['', /not JSON: the JSON text ends before its value is complete at byte 0/],
      ['{"opcodes":[{"pc":1}', /not JSON: the JSON text ends/],
      ['{"opcodes":[]} x', /not JSON: unexpected 'x' at byte 15/],
      ['{"opcodes":[01]}', /not JSON: unexpected '1' at byte 13/],
      ['{"opcodes":["\u0001"]}', /not JSON: a bad character or escape in a string/],
    ];
    for (const [text, expected] of cases) assert.match(thrown(() => parseChunks(text)).message, expected, text);
    const cut = bodyOf(deposit).text;
    assert.match(thrown(() => parseChunks(cut.slice(0, cut.length - 3))).message, /ends before its value/);
  });

  it('stops at the entry cap with an OpcodeTraceError, and keeps throwing it', () => {
    const { text } = bodyOf(deposit);
    const parser = new OpcodeTraceParser({ maxEntries: 10 });
    const error = thrown(() => parser.write(text));
    assert.match(error.message, /more than 10 entries/);
    assert.strictEqual(
      thrown(() => parser.end()),
      error,
    );
    assert.strictEqual(
      thrown(() => parser.write('{}')),
      error,
    );
    assert.strictEqual(parseChunks(text, [], { maxEntries: bodyOf(deposit).value.opcodes.length }).problems.length, 0);
  });

  it('rebuilds each frame’s storage from its own entries (storageAt)', () => {
    const proxy = all.find(s => s.name === 'depositViaProxy')!;
    const { text, value } = bodyOf(proxy);
    const { trace } = parseChunks(text);
    assert.ok(new Set(value.opcodes.map(e => e.depth)).size > 1, 'the scenario has nested frames');
    value.opcodes.forEach((entry, i) => {
      const sent = Object.fromEntries(Object.entries(entry.storage).map(([k, v]) => [word64(k), word64(v)]));
      assert.deepStrictEqual(Object.fromEntries(storageAt(trace, i)), sent, `entry ${i}`);
    });
  });

  it('throws nothing but OpcodeTraceError for JSON-ish input (fast-check)', () => {
    const real = bodyOf(reverted).text.slice(0, 3000);
    const mutated = fc
      .tuple(fc.integer({ min: 0, max: real.length }), fc.integer({ min: 0, max: 20 }), fc.string({ maxLength: 8 }))
      .map(([at, drop, insert]) => real.slice(0, at) + insert + real.slice(at + drop));
    const jsonish = fc.oneof(
      mutated,
      fc.json(),
      fc.json().map(j => `{"opcodes":[${j}]}`),
      fc.json().map(j => `{"opcodes":[{"pc":0,"op":"PUSH1","stack":${j},"storage":${j}}]}`),
      fc.string({ unit: fc.constantFrom(...'{}[]":,0x1-e.tfn\\u ab'.split('')), maxLength: 60 }),
    );
    fc.assert(
      fc.property(jsonish, fc.array(fc.nat(), { maxLength: 4 }), (text, cuts) => {
        let jsonError = false;
        try {
          JSON.parse(text);
        } catch {
          jsonError = true;
        }
        try {
          parseChunks(text, cuts);
        } catch (error) {
          assert.ok(error instanceof OpcodeTraceError, `threw ${String(error)}`);
          // Strict JSON: "not JSON" only for what JSON.parse refuses too (which may also be refused
          // earlier as not an opcode trace).
          if (!jsonError) assert.ok(!error.message.startsWith('not JSON'), `${error.message} for ${text}`);
          return;
        }
        assert.ok(!jsonError, `accepted what JSON.parse refuses: ${text}`);
      }),
      { numRuns: 1500 },
    );
  });

  it('works each chunk once: a body 8× longer costs about 8× (growth)', () => {
    const { value } = bodyOf(deposit);
    assertGrowth(
      'reading an opcode trace in 1 KB chunks',
      (n: number): Uint8Array => {
        const body = {
          ...value,
          opcodes: Array.from({ length: n }, (_, i) => value.opcodes[i % value.opcodes.length]),
        };
        return new TextEncoder().encode(JSON.stringify(body));
      },
      (bytes: Uint8Array) =>
        parseChunks(
          bytes,
          Array.from({ length: Math.ceil(bytes.length / 1024) }, (_, k) => k * 1024),
        ),
      200,
    );
  });
});
