// The hover reference finder against a slow reference implementation written from its documented
// rules (try every position, longest alternatives in the pattern's order, no candidate skipping, no
// window), on random text salted with real references; plus linear growth on pathological lines.
import * as assert from 'assert';
import fc from 'fast-check';
import { entityChecksum, type EntityId, type Network } from '../../../src/ledger';
import { findReference, findReferences, type Reference, type ReferenceOptions } from '../../../src/ledger/references';
import {
  check,
  checksumText,
  decide,
  decideGrowth,
  digits,
  evmText,
  longZeroText,
  PATHOLOGICAL,
  textOver,
  txIdAt,
  txIdDash,
  zeroEntityIdText,
  entityIdText,
} from './decide';

// ---- the slow reference -------------------------------------------------------------------------

const isWord = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z0-9_$]$/.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);

function beforeOk(text: string, i: number): boolean {
  return i === 0 || !(isWord(text[i - 1]) || '.^~@#-'.includes(text[i - 1]));
}

function afterOk(text: string, i: number): boolean {
  if (isWord(text[i])) return false;
  return !('.-@'.includes(text[i] ?? 'none') && isWord(text[i + 1]));
}

/** The maximal digit run at `i` when it is 1..max long; its end, else -1. */
function run(text: string, i: number, max: number): number {
  let j = i;
  while (isDigit(text[j])) j++;
  return j > i && j - i <= max ? j : -1;
}

interface Raw {
  start: number;
  end: number;
  evm?: string;
  shard?: string;
  realm?: string;
  num?: string;
  seconds?: string;
  nanos?: string;
  form?: 'dash' | 'at';
  checksum?: string;
}

/** What the finder's pattern matches at `i` (ignoring the boundary before), or undefined. */
function matchAt(text: string, i: number): Raw | undefined {
  if (text.startsWith('0x', i)) {
    let j = i + 2;
    while (j < i + 42 && isHex(text[j])) j++;
    if (j === i + 42 && afterOk(text, j)) return { start: i, end: j, evm: text.slice(i + 2, j).toLowerCase() };
  }
  const s = run(text, i, 10);
  if (s < 0 || text[s] !== '.') return undefined;
  const r = run(text, s + 1, 10);
  if (r < 0 || text[r] !== '.') return undefined;
  const n = run(text, r + 1, 10);
  if (n < 0) return undefined;
  const id = { shard: text.slice(i, s), realm: text.slice(s + 1, r), num: text.slice(r + 1, n) };
  // 1. dash form
  if (text[n] === '-') {
    const sec = run(text, n + 1, 19);
    if (sec > 0 && text[sec] === '-') {
      const ns = run(text, sec + 1, 9);
      if (ns > 0 && afterOk(text, ns))
        return {
          start: i,
          end: ns,
          ...id,
          form: 'dash',
          seconds: text.slice(n + 1, sec),
          nanos: text.slice(sec + 1, ns),
        };
    }
  }
  const at = (from: number): { end: number; seconds: string; nanos: string } | undefined => {
    if (text[from] !== '@') return undefined;
    const sec = run(text, from + 1, 19);
    if (sec < 0) return undefined;
    const seconds = text.slice(from + 1, sec);
    const ns = text[sec] === '.' ? run(text, sec + 1, 9) : -1;
    if (ns >= 0 && afterOk(text, ns)) return { end: ns, seconds, nanos: text.slice(sec + 1, ns) };
    // `0.0.x@sss` (as scripts print it): nanoseconds 0.
    return afterOk(text, sec) ? { end: sec, seconds, nanos: '0' } : undefined;
  };
  // 2-3. checksum, with or without the at form
  const cs = text.slice(n + 1, n + 6);
  if (text[n] === '-' && /^[a-z]{5}$/.test(cs)) {
    const a = at(n + 6);
    if (a) return { start: i, end: a.end, ...id, checksum: cs, form: 'at', seconds: a.seconds, nanos: a.nanos };
    if (afterOk(text, n + 6)) return { start: i, end: n + 6, ...id, checksum: cs };
  }
  // 4-5. the at form, or the bare id
  const a = at(n);
  if (a) return { start: i, end: a.end, ...id, form: 'at', seconds: a.seconds, nanos: a.nanos };
  if (afterOk(text, n)) return { start: i, end: n, ...id };
  return undefined;
}

/** Every match, left to right, each consuming its text (refused ones too). */
function slowMatches(text: string): Raw[] {
  const out: Raw[] = [];
  for (let i = 0; i < text.length;) {
    const m = beforeOk(text, i) ? matchAt(text, i) : undefined;
    if (m) {
      out.push(m);
      i = m.end;
    } else i++;
  }
  return out;
}

function checksumOf(id: EntityId, checksum: string | undefined, ledger: Network | undefined) {
  if (checksum === undefined) return {};
  if (ledger === undefined) return { checksum };
  const expectedChecksum = entityChecksum(id, ledger);
  return { checksum, checksumValid: checksum === expectedChecksum, expectedChecksum };
}

function toRef(text: string, m: Raw, options: ReferenceOptions): Reference | undefined {
  const span = { text: text.slice(m.start, m.end), start: m.start, end: m.end };
  if (m.evm !== undefined) {
    const realm = BigInt(`0x${m.evm.slice(8, 24)}`);
    const num = BigInt(`0x${m.evm.slice(24)}`);
    const shard = BigInt(`0x${m.evm.slice(0, 8)}`);
    const max = 9_999_999_999n;
    const address = `0x${m.evm}`;
    return shard <= max && realm <= max && num <= max
      ? { kind: 'evm', ...span, address, longZero: { shard, realm, num } }
      : { kind: 'evm', ...span, address };
  }
  const id = { shard: BigInt(m.shard!), realm: BigInt(m.realm!), num: BigInt(m.num!) };
  if (!options.anyShardRealm && (id.shard !== 0n || id.realm !== 0n)) return undefined;
  if (m.form !== undefined) {
    const seconds = BigInt(m.seconds!);
    if (seconds > 9_223_372_036_854_775_807n) return undefined;
    return {
      kind: 'transaction',
      ...span,
      transactionId: { payer: id, seconds, nanos: Number(m.nanos) },
      form: m.form,
      ...checksumOf(id, m.checksum, options.ledger),
    };
  }
  if (id.shard === 0n && id.realm === 0n && id.num === 0n) return undefined;
  return { kind: 'entity', ...span, id, ...checksumOf(id, m.checksum, options.ledger) };
}

function slowFindReferences(text: string, options: ReferenceOptions): Reference[] {
  return slowMatches(text).flatMap(m => toRef(text, m, options) ?? []);
}

function slowFindReference(line: string, character: number, options: ReferenceOptions): Reference | undefined {
  const m = slowMatches(line).find(x => x.start <= character && character <= x.end);
  return m && toRef(line, m, options);
}

// ---- generated text ------------------------------------------------------------------------------

const reference = fc.oneof(
  zeroEntityIdText,
  entityIdText,
  txIdDash,
  txIdAt,
  evmText.map(e => (e.startsWith('0x') ? e : `0x${e}`)),
  longZeroText,
  fc.tuple(zeroEntityIdText, checksumText).map(([id, cs]) => `${id}-${cs}`),
  fc
    .tuple(zeroEntityIdText, checksumText, digits(1, 19), digits(1, 9))
    .map(([id, cs, s, n]) => `${id}-${cs}@${s}.${n}`),
  fc.tuple(zeroEntityIdText, digits(1, 19)).map(([id, s]) => `${id}@${s}`),
);
const glue = textOver('0123456789..--@@xx0xabcdefABCXYZ_$^~#:/,;"\' \n()[]', 12);
const document = fc
  .array(fc.oneof({ arbitrary: reference, weight: 1 }, { arbitrary: glue, weight: 2 }), { maxLength: 30 })
  .map(parts => parts.join(''));
const optionsArb: fc.Arbitrary<ReferenceOptions> = fc.record(
  { anyShardRealm: fc.boolean(), ledger: fc.constantFrom<Network>('mainnet', 'testnet', 'previewnet') },
  { requiredKeys: [] },
);

describe('property: hover reference finder', function () {
  this.timeout(120_000);

  it('findReferences equals the slow reference on random text salted with references', () => {
    check(fc.tuple(document, optionsArb), ([text, options]) => {
      const fast = decide('findReferences', text, () => findReferences(text, options));
      assert.deepStrictEqual(fast, slowFindReferences(text, options), JSON.stringify(text));
    });
  });

  it('findReference at every position of a random line equals the slow reference', () => {
    check(
      fc.tuple(document, optionsArb),
      ([line, options]) => {
        for (let c = 0; c <= line.length; c++) {
          const fast = decide('findReference', line, () => findReference(line, c, options));
          assert.deepStrictEqual(fast, slowFindReference(line, c, options), `${JSON.stringify(line)} at ${c}`);
        }
      },
      300,
    );
  });

  it('decides pathological lines anywhere in them, in time that grows linearly with the line', () => {
    const cursors: ReadonlyArray<readonly [string, (text: string) => number]> = [
      ['0', () => 0],
      ['1', () => 1],
      ['middle', text => text.length >> 1],
      ['end - 1', text => text.length - 1],
      ['end', text => text.length],
    ];
    for (const [name, make] of PATHOLOGICAL) {
      for (const options of [{}, { anyShardRealm: true, ledger: 'testnet' as const }]) {
        decideGrowth(`findReferences(${name})`, make, text => findReferences(text, options));
        for (const [where, at] of cursors) {
          decideGrowth(`findReference(${name}, ${where})`, make, text => findReference(text, at(text), options));
        }
      }
    }
  });
});
