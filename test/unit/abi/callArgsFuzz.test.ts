// Property tests of typed call arguments. Random ABI types (nested arrays and tuples of every
// simple kind) with random values viem can encode are written back as text in each accepted form
// (decimal, hex, `_`, scientific, JSON numbers or strings, addresses as ids, checksummed or in one
// case, tuples as arrays or objects in any key order): reading that text must give values that
// encode to the very same bytes. And any text at all, for any type (also a malformed one), is
// answered without an exception, in a message whose invisible characters are shown.
import * as assert from 'assert';
import fc from 'fast-check';
import { decodeFunctionData, encodeAbiParameters, encodeFunctionData, getAddress, type AbiFunction } from 'viem';
import { argumentHint, encodeCallFromText, parseArgument } from '../../../src/abi/callArgs';
import type { AbiParameter } from '../../../src/abi/types';
import { entityId, formatEntityIdWithChecksum, longZeroToEntityId, entityIdToLongZero } from '../../../src/ledger';

const RUNS = 400;

type T =
  | { readonly kind: 'int'; readonly signed: boolean; readonly bits: number }
  | { readonly kind: 'address' | 'bool' | 'bytes' | 'string' }
  | { readonly kind: 'fixedBytes'; readonly size: number }
  | { readonly kind: 'array'; readonly element: T; readonly length: number | null }
  | { readonly kind: 'tuple'; readonly components: readonly T[]; readonly named: boolean };

const leaf: fc.Arbitrary<T> = fc.oneof(
  fc.record({
    kind: fc.constant('int' as const),
    signed: fc.boolean(),
    bits: fc.integer({ min: 1, max: 32 }).map(n => n * 8),
  }),
  fc.constantFrom<T>({ kind: 'address' }, { kind: 'bool' }, { kind: 'bytes' }, { kind: 'string' }),
  fc.record({ kind: fc.constant('fixedBytes' as const), size: fc.integer({ min: 1, max: 32 }) }),
);

const { type: typeArb } = fc.letrec<{ type: T; array: T; tuple: T }>(tie => ({
  type: fc.oneof({ maxDepth: 3, depthSize: 'small' }, leaf, tie('array'), tie('tuple')),
  array: fc.record({
    kind: fc.constant('array' as const),
    element: tie('type'),
    // Solidity has no zero-length fixed arrays (and viem cannot decode a dynamic one: T[][0]).
    length: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  }),
  tuple: fc.record({
    kind: fc.constant('tuple' as const),
    components: fc.array(tie('type'), { minLength: 1, maxLength: 3 }),
    named: fc.boolean(),
  }),
}));

function typeText(t: T): string {
  switch (t.kind) {
    case 'int':
      return `${t.signed ? 'int' : 'uint'}${t.bits}`;
    case 'fixedBytes':
      return `bytes${t.size}`;
    case 'array':
      return `${typeText(t.element)}[${t.length ?? ''}]`;
    case 'tuple':
      return 'tuple';
    default:
      return t.kind;
  }
}

function componentsOf(t: T): T[] | undefined {
  if (t.kind === 'array') return componentsOf(t.element);
  return t.kind === 'tuple' ? [...t.components] : undefined;
}

function tupleOf(t: T): Extract<T, { kind: 'tuple' }> | undefined {
  if (t.kind === 'array') return tupleOf(t.element);
  return t.kind === 'tuple' ? t : undefined;
}

function paramOf(t: T, name: string): AbiParameter {
  const tuple = tupleOf(t);
  const components = componentsOf(t);
  const base = { name, type: typeText(t) };
  if (!tuple || !components) return base;
  return { ...base, components: components.map((c, i) => paramOf(c, tuple.named ? `f${i}` : '')) };
}

const hex = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;

function valueArb(t: T): fc.Arbitrary<unknown> {
  switch (t.kind) {
    case 'int': {
      const bits = BigInt(t.bits);
      const min = t.signed ? -(1n << (bits - 1n)) : 0n;
      const max = t.signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
      return fc.oneof(
        fc.bigInt({ min, max }),
        fc.constantFrom(min, max, 0n, max / 2n),
        fc
          .bigInt({ min: 0n, max: 1000n })
          .map(n => n * 10n ** 18n)
          .filter(n => n <= max),
      );
    }
    case 'address':
      return fc.oneof(
        fc.uint8Array({ minLength: 20, maxLength: 20 }).map(hex),
        fc
          .tuple(
            fc.bigInt({ min: 0n, max: 3n }),
            fc.bigInt({ min: 0n, max: 3n }),
            fc.bigInt({ min: 0n, max: 9_999_999_999n }),
          )
          .map(([s, r, n]) => entityIdToLongZero(entityId(s, r, n))),
      );
    case 'bool':
      return fc.boolean();
    case 'fixedBytes':
      return fc.uint8Array({ minLength: t.size, maxLength: t.size }).map(hex);
    case 'bytes':
      return fc.uint8Array({ maxLength: 40 }).map(hex);
    case 'string':
      return fc.string({ unit: 'binary', maxLength: 16 });
    case 'array':
      return fc.array(valueArb(t.element), { minLength: t.length ?? 0, maxLength: t.length ?? 3 });
    case 'tuple':
      return fc.tuple(...t.components.map(valueArb));
  }
}

/** Draws the writing choices from a fixed stream of numbers, so a failing case replays. */
function chooser(styles: readonly number[]): (n: number) => number {
  let i = 0;
  return n => styles[i++ % styles.length] % n;
}

/** `1234567` → `1_234_567`. */
function grouped(digits: string): string {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join('_');
}

function intText(v: bigint, pick: (n: number) => number): string {
  const sign = v < 0n ? '-' : '';
  const abs = v < 0n ? -v : v;
  switch (pick(5)) {
    case 0:
      return `${sign}0x${pick(2) ? abs.toString(16).toUpperCase() : abs.toString(16)}`;
    case 1:
      return `${sign}${grouped(abs.toString())}`;
    case 2: {
      const digits = abs.toString();
      const zeros = digits.length - digits.replace(/0+$/, '').length;
      return abs === 0n || zeros === 0 ? v.toString() : `${sign}${digits.slice(0, -zeros)}e${zeros}`;
    }
    case 3:
      return `${sign}00${abs}`;
    default:
      return v.toString();
  }
}

function addressText(v: string, pick: (n: number) => number): string {
  const id = longZeroToEntityId(v);
  switch (pick(5)) {
    case 0:
      return getAddress(v);
    case 1:
      return `0x${v.slice(2).toUpperCase()}`;
    case 2:
      return id ? `${id.shard}.${id.realm}.${id.num}` : v;
    case 3:
      return id ? formatEntityIdWithChecksum(id, (['mainnet', 'testnet', 'previewnet'] as const)[pick(3)]) : v;
    default:
      return v;
  }
}

/** The value written as a person may type it: at the top level as text, inside JSON as JSON. */
function render(t: T, v: unknown, top: boolean, pick: (n: number) => number): string {
  const asJsonString = (text: string) => (top ? text : JSON.stringify(text));
  switch (t.kind) {
    case 'int': {
      const value = v as bigint;
      if (!top && pick(2) === 0)
        return pick(2) ? value.toString() : intText(value, () => 2).replace(/^-?00/, m => m.replace(/0+/, ''));
      const text = intText(value, pick);
      return asJsonString(pick(4) === 0 ? ` ${text} ` : text);
    }
    case 'address':
      return asJsonString(addressText(v as string, pick));
    case 'bool': {
      if (!top && pick(2) === 0) return String(v);
      const text = String(v);
      return asJsonString(pick(2) ? text.toUpperCase() : text);
    }
    case 'fixedBytes':
    case 'bytes': {
      const text = v as string;
      return asJsonString(pick(2) ? `0x${text.slice(2).toUpperCase()}` : text);
    }
    case 'string':
      return top ? (v as string) : JSON.stringify(v);
    case 'array':
      return `[${(v as unknown[]).map(item => render(t.element, item, false, pick)).join(pick(2) ? ', ' : ',')}]`;
    case 'tuple': {
      const values = v as unknown[];
      if (!t.named || pick(2) === 0)
        return `[${t.components.map((c, i) => render(c, values[i], false, pick)).join(', ')}]`;
      const members = t.components.map((c, i) => `"f${i}": ${render(c, values[i], false, pick)}`);
      return `{${(pick(2) ? members.reverse() : members).join(', ')}}`;
    }
  }
}

const typedValue = typeArb.chain(t => fc.tuple(fc.constant(t), valueArb(t)));
const styles = fc.array(fc.nat(), { minLength: 16, maxLength: 16 });

// Controls, bidi and invisible characters: shown as ⟨U+…⟩ in every message, never raw.
const RAW_INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\n\r\t]/u;

describe('call arguments: properties', function () {
  this.timeout(120_000);

  it('reads back any value viem can encode, written in any accepted form, to the same bytes', () => {
    fc.assert(
      fc.property(typedValue, styles, ([t, value], style) => {
        const param = paramOf(t, 'x');
        const text = render(t, value, true, chooser(style));
        const answer = parseArgument(param, text);
        if (!answer.ok) throw new Error(`${param.type} ${JSON.stringify(text)}: ${answer.message}`);
        assert.strictEqual(
          encodeAbiParameters([param], [answer.value] as never),
          encodeAbiParameters([param], [value] as never),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('encodes whole calls that viem decodes back to the same data', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(typedValue, styles), { minLength: 0, maxLength: 3 }), args => {
        const fn: AbiFunction = {
          type: 'function',
          name: 'probe',
          stateMutability: 'view',
          outputs: [],
          inputs: args.map(([[t]], i) => paramOf(t, `a${i}`)),
        };
        const texts = args.map(([[t, value], style]) => render(t, value, true, chooser(style)));
        const answer = encodeCallFromText(fn, texts);
        if (!answer.ok) throw new Error(`${JSON.stringify(texts)}: ${answer.message}`);
        const expected = encodeFunctionData({
          abi: [fn],
          functionName: 'probe',
          args: args.map(([[, v]]) => v),
        });
        assert.strictEqual(answer.data, expected);
        const decoded = decodeFunctionData({ abi: [fn], data: answer.data });
        assert.strictEqual(encodeFunctionData({ abi: [fn], functionName: 'probe', args: decoded.args }), answer.data);
      }),
      { numRuns: RUNS / 2 },
    );
  });

  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.string({ unit: fc.constantFrom(...'[]{}",: 0123456789xabcdefABCDEF-_.e+tfnul\\'.split('')), maxLength: 60 }),
    fc.json({ maxDepth: 3 }),
    fc.constantFrom('\u202e0.0.1', '0x\u0000', '[\u2066]', '{"\u202e": 1}', '1\u200b', '"\ud800"', '["\\ud800"]'),
  );
  // Valid texts with a character inserted, removed or replaced.
  const mutated = fc
    .tuple(typedValue, styles, fc.nat(), fc.string({ unit: 'binary', maxLength: 2 }), fc.nat(2))
    .map(([[t, value], style, at, insert, cut]) => {
      const text = render(t, value, true, chooser(style));
      const i = text.length === 0 ? 0 : at % text.length;
      return { t, text: `${text.slice(0, i)}${insert}${text.slice(i + cut)}` };
    });

  function answeredSafely(param: AbiParameter, text: string): void {
    const answer = parseArgument(param, text);
    if (answer.ok) {
      encodeAbiParameters([param], [answer.value] as never); // what is accepted encodes
      return;
    }
    assert.ok(answer.message.length > 0 && answer.message.length < 3_000, answer.message);
    assert.ok(!RAW_INVISIBLE.test(answer.message), `raw invisible character in ${JSON.stringify(answer.message)}`);
  }

  it('answers any text for any type without throwing, in messages with their invisibles shown', () => {
    fc.assert(
      fc.property(typeArb, anyText, (t, text) => answeredSafely(paramOf(t, 'x'), text)),
      { numRuns: RUNS * 2 },
    );
    fc.assert(
      fc.property(mutated, ({ t, text }) => answeredSafely(paramOf(t, 'x'), text)),
      { numRuns: RUNS * 2 },
    );
  });

  it('answers for malformed parameters too (hostile type text, names, components)', () => {
    const hostileParam = fc.record({
      name: fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.constant('\u202eevil')),
      type: fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom(
          'tuple',
          'tuple[]',
          'uint256[',
          'uint256]',
          'uint0',
          'int264',
          'bytes0',
          'fixed128x18',
          'function[2]',
          '[3]',
        ),
      ),
      components: fc.option(
        fc.array(
          fc.record({ name: fc.string({ maxLength: 4 }), type: fc.constantFrom('uint8', 'bool', 'tuple', 'x') }),
          { maxLength: 3 },
        ),
        { nil: undefined },
      ),
    });
    fc.assert(
      fc.property(hostileParam, anyText, (raw, text) => {
        const param = raw as unknown as AbiParameter;
        const answer = parseArgument(param, text);
        if (!answer.ok) assert.ok(!RAW_INVISIBLE.test(answer.message), JSON.stringify(answer.message));
        const hint = argumentHint(param);
        assert.ok(typeof hint === 'string' && !RAW_INVISIBLE.test(hint), JSON.stringify(hint));
        const call = encodeCallFromText(
          { type: 'function', name: '\u202ef', stateMutability: 'view', outputs: [], inputs: [param] },
          [text],
        );
        if (!call.ok) assert.ok(!RAW_INVISIBLE.test(call.message), JSON.stringify(call.message));
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
