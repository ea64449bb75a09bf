// Property tests of what the lookup inputs say when they refuse: a transaction id with one part
// made wrong is refused naming that part (the account, the seconds, the nanoseconds), a hex hash of
// the wrong length is told its length, in both the transaction and the block input; a valid start
// written as a date is the same query as its seconds; the quick pick lists what is typed first;
// the recent list stays bounded, deduplicated and most recent first whatever is added.
import * as assert from 'assert';
import fc from 'fast-check';
import { parseTransactionLookup } from '../../../src/features/common/transactionInput';
import { pickModel } from '../../../src/features/transactions/pickItems';
import { RECENT_PER_NETWORK, addRecent, type RecentLookup } from '../../../src/features/transactions/recent';
import { BLOCK_INPUT_HELP, parseBlockLookup } from '../../../src/features/blocks/input';
import { NETWORKS } from '../../../src/ledger';
import { check, decide, digits, entityIdText, hexDigits, inputs } from './decide';

function problemOf(text: string): string {
  const r = decide('parseTransactionLookup', text, () => parseTransactionLookup(text));
  assert.ok(r && !r.ok, `expected ${JSON.stringify(text)} to be refused`);
  assert.ok(r.message.startsWith(r.problem), 'the message leads with the problem');
  return r.problem;
}

const seconds = digits(1, 18);
const nanos = digits(1, 9);
const notANumber = fc
  .tuple(digits(0, 6), fc.constantFrom(...'xyz!+_ '.replace(' ', '')), digits(0, 6))
  .map(([a, c, b]) => `${a}${c}${b}`);
const form = fc.constantFrom('at', 'dash');
const join = (f: string, account: string, s: string, n: string) =>
  f === 'at' ? `${account}@${s}.${n}` : `${account}-${s}-${n}`;

describe('property: a refused lookup names the part that is wrong', function () {
  this.timeout(120_000);

  it('seconds that are not a number: "the seconds part … is not a number"', () => {
    check(fc.tuple(form, entityIdText, notANumber, nanos), ([f, account, s, n]) => {
      assert.strictEqual(problemOf(join(f, account, s, n)), `The seconds part "${s}" is not a number.`);
    });
  });

  it('nanoseconds of 10 or more digits: "nanoseconds have at most 9 digits"', () => {
    check(fc.tuple(form, entityIdText, seconds, digits(10, 19)), ([f, account, s, n]) => {
      assert.strictEqual(
        problemOf(join(f, account, s, n)),
        `Nanoseconds have at most 9 digits; "${n}" has ${n.length}.`,
      );
    });
  });

  it('an account cut short: "the account … is incomplete"', () => {
    const cut = entityIdText.chain(a => fc.nat(a.lastIndexOf('.')).map(i => a.slice(0, i + 1)));
    check(fc.tuple(form, cut, seconds, nanos), ([f, account, s, n]) => {
      const problem = problemOf(join(f, account, s, n));
      assert.ok(
        problem === `The account "${account}" is incomplete: it is shard.realm.num, as in 0.0.1234.` ||
          problem === `The account is missing before "${f === 'at' ? '@' : '-'}".`,
        problem,
      );
    });
  });

  it('a hex hash of the wrong length is told its length', () => {
    const length = fc.integer({ min: 1, max: 200 }).filter(n => n !== 96);
    check(
      length.chain(n => hexDigits(n)),
      hex => {
        assert.strictEqual(
          problemOf(`0x${hex}`),
          `A transaction hash is 96 hex digits (48 bytes); this has ${hex.length}.`,
        );
      },
    );
  });

  it('a block hash of the wrong length is told its length, and every block refusal leads with its problem', () => {
    const length = fc.integer({ min: 17, max: 200 }).filter(n => n !== 64 && n !== 96);
    check(
      length.chain(n => hexDigits(n)),
      hex => {
        const r = parseBlockLookup(`0x${hex}`);
        assert.ok(!r.ok);
        assert.strictEqual(r.problem, `A block hash is 64 or 96 hex digits (32 or 48 bytes); this has ${hex.length}.`);
      },
    );
    check(
      inputs(
        fc.oneof(
          digits(1, 20),
          hexDigits(64).map(h => `0x${h}`),
        ),
        '0123456789abcdefx.-:# ',
      ),
      text => {
        const r = decide('parseBlockLookup', text, () => parseBlockLookup(text));
        assert.ok(r);
        if (!r.ok) assert.strictEqual(r.message, `${r.problem} ${BLOCK_INPUT_HELP}`);
      },
    );
  });
});

describe('property: the valid start as a date', function () {
  this.timeout(120_000);

  it('is the same query as the seconds and nanoseconds it names', () => {
    const ms = fc.integer({ min: 0, max: 9_999_999_999_000 });
    check(fc.tuple(entityIdText, ms, digits(0, 6)), ([account, t, extra]) => {
      const iso = new Date(t).toISOString(); // 2023-11-14T22:13:20.123Z
      const fraction = `${iso.slice(20, 23)}${extra}`;
      const text = `${account}@${iso.slice(0, 19)}.${fraction}Z`;
      const byDate = decide('parseTransactionLookup', text, () => parseTransactionLookup(text));
      const bySeconds = parseTransactionLookup(`${account}@${Math.floor(t / 1000)}.${fraction.padEnd(9, '0')}`);
      assert.ok(byDate && byDate.ok === bySeconds.ok, text);
      if (byDate.ok && bySeconds.ok) assert.strictEqual(byDate.query.idOrHash, bySeconds.query.idOrHash);
    });
  });
});

describe('property: the quick pick and the recent list', function () {
  this.timeout(120_000);

  it('lists what is typed first: to look up when it parses, else the problem', () => {
    check(
      inputs(
        fc.oneof(
          entityIdText.map(a => `${a}@1700000000`),
          hexDigits(96),
        ),
        '0123456789.-@x ',
      ),
      text => {
        const model = decide('pickModel', text, () => pickModel(text, { onScreen: [], recent: [], now: 0 }));
        assert.ok(model);
        if (text.trim() === '') return assert.strictEqual(model.entries.length, 0);
        const parsed = parseTransactionLookup(text.trim());
        const first = model.entries[0];
        assert.strictEqual(first?.kind, parsed.ok ? 'typed' : 'invalid');
        if (!parsed.ok && first?.kind === 'invalid') assert.strictEqual(first.detail, parsed.problem);
      },
    );
  });

  it('stays bounded per network, one entry per query and network, the newest first', () => {
    const add = fc.record({
      input: fc.integer({ min: 1, max: 15 }).map(n => `0.0.${n}-1700000000-000000000`),
      network: fc.constantFrom(...NETWORKS),
    });
    check(fc.array(add, { maxLength: 80 }), adds => {
      let list: RecentLookup[] = [];
      adds.forEach((a, i) => {
        list = addRecent(list, { ...a, at: i });
        assert.deepStrictEqual(list[0], { ...a, at: i }, 'the one added is first');
      });
      const keys = list.map(e => `${e.network} ${e.input}`);
      assert.strictEqual(new Set(keys).size, keys.length, 'no duplicates');
      for (const n of NETWORKS) assert.ok(list.filter(e => e.network === n).length <= RECENT_PER_NETWORK);
      for (let i = 1; i < list.length; i++) assert.ok(list[i - 1].at > list[i].at, 'most recent first');
      // Nothing recent is dropped while its network has room: each kept entry is its network's newest ones.
      for (const n of NETWORKS) {
        const distinct = new Set(adds.filter(a => a.network === n).map(a => a.input)).size;
        assert.strictEqual(list.filter(e => e.network === n).length, Math.min(distinct, RECENT_PER_NETWORK));
      }
    });
  });
});
