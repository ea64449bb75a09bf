// Property test: random and mutated calldata, revert data and logs through the decoder. Nothing
// may escape as an exception. Speed is checked as complexity, not as a budget in milliseconds (the
// shared test machine is too noisy for one): the same mutations and random bodies are decoded at
// size n and at 8n, and 8n may cost little more than 8× (assertGrowth), so no damaged encoding
// makes the decoder quadratic or worse in its input.
import * as assert from 'assert';
import fc from 'fast-check';
import { AbiIndex, type LogInput } from '../../../src/abi';
import { assertGrowth } from '../../support/growth';
import { COUNTER, MY_TOKEN, REGISTRY, call, indexOf, longZero, word } from './helpers';

const RUNS = 1200;
/** How many inputs of each kind one growth sample decodes, and the seed they are drawn with. */
const SAMPLES = 60;
const SEED = 20240611;

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;
const unhex = (text: string) => Uint8Array.from(Buffer.from(text.slice(2), 'hex'));

/** Damages an encoding: flips bytes, cuts it, or writes big or small numbers over whole words. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('word' as const),
    at: fc.nat(),
    value: fc.oneof(
      fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }),
      fc.constantFrom(0n, 1n, 32n, 64n, 2n ** 255n, 2n ** 256n - 1n, 2n ** 53n),
    ),
  }),
);

function mutate(
  input: Uint8Array,
  changes: readonly fc.Arbitrary<never>[] | readonly { kind: string; at: number; value?: number | bigint }[],
): Uint8Array {
  let bytes = Uint8Array.from(input);
  for (const change of changes as readonly { kind: string; at: number; value?: number | bigint }[]) {
    if (bytes.length === 0) break;
    const at = change.at % bytes.length;
    if (change.kind === 'flip') bytes[at] = Number(change.value);
    else if (change.kind === 'cut') bytes = bytes.slice(0, at);
    else {
      const start = 4 + Math.floor(Math.max(0, at - 4) / 32) * 32;
      const w = unhex(`0x${word(BigInt(change.value ?? 0n))}`);
      for (let i = 0; i < 32 && start + i < bytes.length; i++) bytes[start + i] = w[i];
    }
  }
  return bytes;
}

describe('decoder fuzzing', function () {
  this.timeout(120_000);
  const index = indexOf(MY_TOKEN, REGISTRY, COUNTER);
  const alice = longZero(1234);
  const seeds = [
    call(MY_TOKEN, 'transfer', [alice, 10n]),
    call(MY_TOKEN, 'payMany', [
      [
        { to: alice, amount: 1n, memo: 'x' },
        { to: alice, amount: 2n, memo: 'hello world' },
      ],
    ]),
    call(MY_TOKEN, 'burnAll', [[[1n, 2n], [3n], []]]),
    call(MY_TOKEN, 'note', ['text', `0x${word(7)}`]),
    call(REGISTRY, 'register', [{ name: 'n', account: alice, tags: ['0x01020304', '0x05060708'] }]),
    call(REGISTRY, 'lookup', ['a name']),
    call(COUNTER, 'reset', ['because']),
  ].map(unhex);
  const selectors = seeds.map(s => s.slice(0, 4));
  let answers = 0;

  const check = (work: () => unknown) => {
    work();
    answers++;
  };

  /** The sample calls that carry arrays or text, grown to n elements or characters. */
  const seedsOf = (n: number): Uint8Array[] =>
    [
      call(MY_TOKEN, 'payMany', [
        Array.from({ length: n }, (_, i) => ({ to: alice, amount: BigInt(i), memo: 'memo'.repeat(i % 4) })),
      ]),
      call(MY_TOKEN, 'burnAll', [Array.from({ length: n }, (_, i) => Array.from({ length: i % 3 }, () => 1n))]),
      call(MY_TOKEN, 'note', ['t'.repeat(n), `0x${word(7)}`]),
      call(REGISTRY, 'register', [{ name: 'n'.repeat(n), account: alice, tags: ['0x01020304', '0x05060708'] }]),
      call(REGISTRY, 'lookup', ['a'.repeat(n)]),
      call(COUNTER, 'reset', ['b'.repeat(n)]),
    ].map(unhex);
  const mutations = fc.sample(fc.array(mutation, { minLength: 1, maxLength: 6 }), { seed: SEED, numRuns: SAMPLES });

  it(`${RUNS} mutated calls of the sample contracts`, () => {
    fc.assert(
      fc.property(
        fc.nat({ max: seeds.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        (seed, changes) => {
          const data = hex(mutate(seeds[seed], changes));
          check(() => index.decodeCall(data));
          check(() => index.decodeRevert(data));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`${RUNS} random calldatas behind known and unknown selectors`, () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...selectors), fc.uint8Array({ minLength: 0, maxLength: 4 })),
        fc.uint8Array({ maxLength: 600 }),
        (selector, body) => {
          const data = hex(Uint8Array.from([...selector, ...body]));
          check(() => index.decodeCall(data));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`${RUNS} random and mutated logs`, () => {
    const topic0s = index.workspaceContracts().flatMap(c => c.events.map(e => e.selector));
    topic0s.push('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
    const topic = fc.oneof(
      fc.constantFrom(...topic0s),
      fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex),
      fc.uint8Array({ maxLength: 40 }).map(hex),
      fc.nat().map(n => `0x${word(n)}`),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...topic0s),
        fc.array(topic, { maxLength: 4 }),
        fc.uint8Array({ maxLength: 400 }),
        fc.array(mutation, { maxLength: 3 }),
        (topic0, rest, data, changes) => {
          const log: LogInput = { topics: [topic0, ...rest], data: hex(mutate(data, changes)) };
          check(() => index.decodeLog(log));
          check(() => new AbiIndex().decodeLog({ topics: rest, data: log.data }));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('mutated calls: the same mutations of calls 8× larger cost about 8× as much', () => {
    const make = (n: number) => seedsOf(n).flatMap(seed => mutations.map(changes => hex(mutate(seed, changes))));
    const decodeAll = (datas: readonly string[]) => {
      for (const data of datas) {
        index.decodeCall(data);
        index.decodeRevert(data);
      }
    };
    // The honest calls decode at both sizes: the growth is measured on work the decoder really does.
    for (const n of [64, 512])
      for (const seed of seedsOf(n)) assert.strictEqual(index.decodeCall(hex(seed)).kind, 'call');
    assertGrowth(`${SAMPLES} mutations of each grown call`, make, decodeAll, 64);
  });

  it('random calldatas: bodies 8× longer cost about 8× as much', () => {
    const make = (n: number) =>
      fc
        .sample(
          fc.tuple(
            fc.oneof(fc.constantFrom(...selectors), fc.uint8Array({ minLength: 0, maxLength: 4 })),
            fc.uint8Array({ minLength: n, maxLength: n }),
          ),
          { seed: SEED, numRuns: SAMPLES },
        )
        .map(([selector, body]) => hex(Uint8Array.from([...selector, ...body])));
    assertGrowth(`${SAMPLES} random calldatas of n bytes`, make, datas => datas.map(d => index.decodeCall(d)), 600);
  });

  it('random logs: data 8× longer costs about 8× as much', () => {
    const topic0s = index.workspaceContracts().flatMap(c => c.events.map(e => e.selector));
    const make = (n: number) =>
      fc
        .sample(
          fc.tuple(
            fc.constantFrom(...topic0s),
            fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex), { maxLength: 3 }),
            fc.uint8Array({ minLength: n, maxLength: n }),
            fc.array(mutation, { maxLength: 3 }),
          ),
          { seed: SEED, numRuns: SAMPLES },
        )
        .map(([topic0, rest, data, changes]): LogInput => ({
          topics: [topic0, ...rest],
          data: hex(mutate(data, changes)),
        }));
    const builtins = new AbiIndex();
    const decodeAll = (logs: readonly LogInput[]) => {
      for (const log of logs) {
        index.decodeLog(log);
        builtins.decodeLog({ topics: log.topics.slice(1), data: log.data });
      }
    };
    assertGrowth(`${SAMPLES} random logs of n bytes`, make, decodeAll, 400);
  });

  after(() => {
    assert.ok(answers >= 3 * RUNS, `only ${answers} answers`);
  });
});
