// Shared tools of the property tests: every parser a user or the network feeds is run on
// generated, mutated and pathological inputs; each call must be decided (a value, or the module's
// own typed error), and nothing else may be thrown. Pathological inputs are made at size n and 8n
// and their cost compared (assertGrowth): a quadratic or backtracking parser is caught on any
// machine, where an absolute budget near the median failed on a busy one. Figures are `npm run bench`'s.
import * as assert from 'assert';
import fc from 'fast-check';
import { assertGrowth } from '../../support/growth';

/** Generated inputs per property (the issue asks for at least 1,000). */
export const RUNS = 1000;

type ErrorClass = abstract new (...args: never[]) => Error;

/** A short printable form of any input (objects whose toString throws included). */
export function show(input: unknown): string {
  let text: string;
  try {
    text = typeof input === 'string' ? input : String(input);
  } catch {
    text = Object.prototype.toString.call(input);
  }
  return text.length > 80 ? `${JSON.stringify(text.slice(0, 60))}… (${text.length} chars)` : JSON.stringify(text);
}

/** Runs `fn` once: its value, or undefined when it threw one of `allowed`; anything else fails. */
function settle<T>(what: string, input: unknown, fn: () => T, allowed: readonly ErrorClass[]): T | undefined {
  try {
    return fn();
  } catch (e) {
    if (!allowed.some(c => e instanceof c)) {
      const detail = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      assert.fail(`${what} threw ${detail} on ${show(input)}`);
    }
    return undefined;
  }
}

/**
 * Runs `fn`, failing the test when it throws anything but one of `allowed`. Returns the value, or
 * undefined when an allowed error was thrown. No time is asserted: see {@link decideGrowth}.
 */
export function decide<T>(
  what: string,
  input: unknown,
  fn: () => T,
  allowed: readonly ErrorClass[] = [],
): T | undefined {
  return settle(what, input, fn, allowed);
}

/** The size pathological inputs are made at, and 8× it: 8n is 1 MB, as the fixed inputs were. */
export const PATHOLOGICAL_N = 1 << 17;

/**
 * Decides `fn(make(n))` and `fn(make(8n))` (each a value or an allowed error) and fails when the
 * larger costs far more than 8× the smaller in CPU time: quadratic or worse. Returns the growth.
 */
export function decideGrowth<T>(
  what: string,
  make: (n: number) => T,
  fn: (input: T) => unknown,
  allowed: readonly ErrorClass[] = [],
  n = PATHOLOGICAL_N,
): ReturnType<typeof assertGrowth> {
  const run = (input: T): unknown => settle(what, input, () => fn(input), allowed);
  return assertGrowth(what, make, run, n);
}

/** Runs a fast-check property with RUNS runs (a fixed seed in CI makes a failure reproducible). */
export function check<T>(arb: fc.Arbitrary<T>, predicate: (value: T) => void, runs = RUNS): void {
  fc.assert(
    fc.property(arb, v => {
      predicate(v);
    }),
    { numRuns: runs },
  );
}

/** Text over `alphabet` (the characters a parser cares about, so near-misses are common). */
export function textOver(alphabet: string, maxLength = 120): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphabet), maxLength });
}

/** A valid input with up to four random edits (insert, delete, replace) drawn from `alphabet`. */
export function mutated(valid: fc.Arbitrary<string>, alphabet: string): fc.Arbitrary<string> {
  const edit = fc.tuple(fc.nat(), fc.constantFrom('insert', 'delete', 'replace'), fc.constantFrom(...alphabet));
  return fc.tuple(valid, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([text, edits]) => {
    let s = text;
    for (const [at, op, ch] of edits) {
      const i = s.length === 0 ? 0 : at % (s.length + (op === 'insert' ? 1 : 0));
      if (op === 'insert') s = s.slice(0, i) + ch + s.slice(i);
      else if (op === 'delete') s = s.slice(0, i) + s.slice(i + 1);
      else s = s.slice(0, i) + ch + s.slice(i + 1);
    }
    return s;
  });
}

/** Generated inputs of every kind: valid, mutated, noise over the parser's alphabet, any text. */
export function inputs(valid: fc.Arbitrary<string>, alphabet: string): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: valid, weight: 2 },
    { arbitrary: mutated(valid, alphabet), weight: 4 },
    { arbitrary: textOver(alphabet), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }), weight: 1 },
  );
}

export const digits = (min: number, max: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
export const hexDigits = (n: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: n, maxLength: n });

/** A shard, realm or num as written: 1 to 10 digits, sometimes padded with zeros. */
export const idPart = fc.oneof(digits(1, 10), fc.constantFrom('0', '00', '1', '2', '98', '9999999999'));
export const entityIdText = fc.tuple(idPart, idPart, idPart).map(([s, r, n]) => `${s}.${r}.${n}`);
export const zeroEntityIdText = digits(1, 10).map(n => `0.0.${n}`);
export const txIdDash = fc.tuple(entityIdText, digits(1, 19), digits(1, 9)).map(([id, s, n]) => `${id}-${s}-${n}`);
export const txIdAt = fc.tuple(entityIdText, digits(1, 19), digits(1, 9)).map(([id, s, n]) => `${id}@${s}.${n}`);
export const evmText = fc.tuple(fc.boolean(), hexDigits(40)).map(([p, h]) => (p ? `0x${h}` : h));
export const longZeroText = fc
  .tuple(fc.bigInt(0n, 9_999_999_999n), fc.bigInt(0n, 9_999_999_999n))
  .map(([r, n]) => `0x00000000${r.toString(16).padStart(16, '0')}${n.toString(16).padStart(16, '0')}`);
export const checksumText = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
  minLength: 5,
  maxLength: 5,
});

/**
 * The inputs every parser meets, named, each made at a size n (about n characters): each must be
 * decided, and 8n may cost little more than 8× n (see {@link decideGrowth}).
 */
export const PATHOLOGICAL: ReadonlyArray<readonly [string, (n: number) => string]> = [
  ['digits', n => '9'.repeat(n)],
  ['zeros', n => '0'.repeat(n)],
  ['`0.0.` repeated', n => '0.0.'.repeat(n >> 2)],
  ['`0.0.1-` repeated', n => '0.0.1-'.repeat(Math.ceil(n / 6))],
  ['`0.0.1@1.` repeated', n => '0.0.1@1.'.repeat(n >> 3)],
  ['`1.` repeated', n => '1.'.repeat(n >> 1)],
  ['a hex run', n => 'f'.repeat(n)],
  ['0x and a hex run', n => `0x${'a'.repeat(n)}`],
  ['`0x` repeated', n => '0x'.repeat(n >> 1)],
  ['base32', n => 'A'.repeat(n)],
  ['dashes', n => '-'.repeat(n)],
  ['spaces', n => ' '.repeat(n)],
  ['digits then a dot', n => `${'1'.repeat(n >> 1)}.${'2'.repeat(n >> 1)}`],
  ['an id then digits', n => `0.0.1-${'7'.repeat(n)}`],
  ['a long-zero prefix run', n => `0x${'0'.repeat(n)}`],
  ['`nonce=` repeated', n => 'nonce='.repeat(Math.ceil(n / 6))],
];
