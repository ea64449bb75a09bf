// A call trace as the panels draw it: rows in tree order with the parties' labels, the value in ℏ,
// gas grouped, the first failure's path opened, the summary line, the incomplete note, the text
// form bounded, and a view that the pages' own validators accept. Traces are built from actions
// by the trace model (src/trace), as the store builds them.
import * as assert from 'assert';
import fc from 'fast-check';
import { presentTrace, boundedText, TRACE_ROWS_MAX, traceSummary } from '../../../src/features/common/trace/present';
import { traceSection } from '../../../src/features/common/trace/section';
import { buildCallTrace, traceOneLiner, type CallTrace } from '../../../src/trace';
import { toWebview as detailPage } from '../../../webview/detail/validators';
import { TRACE_TEXT_MAX, traceViewValidator } from '../../../webview/protocol/trace';
import { assertGrowthAsync } from '../../support/growth';
import type { TraceView } from '../../../webview/protocol/trace';
import {
  action,
  failingWithdraw,
  sampleCodes,
  sampleIndex,
  transferInput,
  transferOutput,
  ACCOUNT,
  aFrame,
} from '../trace/fixtures';

const build = (actions: Parameters<typeof buildCallTrace>[0], incomplete?: string) =>
  buildCallTrace(actions, { abi: sampleIndex(), codes: sampleCodes(), ...(incomplete ? { incomplete } : {}) });

/** A frame written by hand, for shapes no action list makes cheaply (20,000 frames). */
const frame = aFrame;

/** A root with `n - 1` calls under it, all succeeded. */
function flat(n: number): CallTrace {
  const children = Array.from({ length: n - 1 }, (_, i) => frame({ index: i + 1, depth: 1, level: 1 }));
  return { roots: [frame({ children })], count: n, notes: [] };
}

describe('common/trace/present: rows', () => {
  const trace = build(failingWithdraw());
  let view: TraceView;
  before(async () => {
    view = await presentTrace(trace);
  });

  it('one row per frame in tree order, named by the parties, the failure path open', () => {
    assert.deepStrictEqual(
      view.rows.map(r => [r.level, r.operation, r.caller, r.recipient, r.failed, r.origin, r.open]),
      [
        [0, 'CALL', ACCOUNT.id, 'Vault', true, false, true],
        [1, 'CALL', 'Vault', 'MyToken', true, true, true],
      ],
    );
    assert.strictEqual(view.rows[0].call, 'withdraw(amount: 1500)');
    assert.match(view.rows[1].call ?? '', /^transfer\(/);
    assert.match(view.rows[1].result, /^reverted: InsufficientBalance\(/);
    assert.strictEqual(view.rows[1].recipientDetail, trace.roots[0].children[0].recipient.detail);
  });

  it('opening a row shows its value in ℏ, gas grouped, ids and the index', async () => {
    const fields = Object.fromEntries(view.rows[1].fields.map(f => [f.label, f.value]));
    assert.strictEqual(fields['Value'], '0.00000000 ℏ');
    assert.strictEqual(fields['Gas'], '20,000');
    assert.strictEqual(fields['Gas used'], '15,000');
    assert.strictEqual(fields['Action index'], '1');
    assert.match(fields['Recipient'], /^MyToken \(0\.0\.5002 · 0x0+138a\)$/);
    assert.strictEqual(fields['Call depth (as sent)'], undefined, 'the depth is said only when it was repaired');
    const paid = await presentTrace(build([action({ value: 150_000_000n, gas: 1_234_567n })]));
    const one = Object.fromEntries(paid.rows[0].fields.map(f => [f.label, f.value]));
    assert.strictEqual(one['Value'], '1.50000000 ℏ');
    assert.strictEqual(one['Gas'], '1,234,567');
  });

  it('says the call type when it is more than the operation, and the depth as sent when repaired', async () => {
    const { rows } = await presentTrace({
      roots: [frame({ callType: 'PRECOMPILE', children: [frame({ depth: 5, level: 1, index: 1 })] })],
      count: 2,
      notes: [],
    });
    assert.strictEqual(rows[0].operation, 'CALL (PRECOMPILE)');
    assert.strictEqual(rows[1].operation, 'CALL');
    assert.deepStrictEqual(
      rows[1].fields.find(f => f.label === 'Call depth (as sent)'),
      { label: 'Call depth (as sent)', value: '5' },
    );
  });

  it('a successful row shows its output; an error says so; nothing for no output', async () => {
    const ok = await presentTrace(
      build([
        action({
          recipient: '0.0.5002',
          to: '0x000000000000000000000000000000000000138a',
          input: transferInput(ACCOUNT.address, 1n),
          result_data: transferOutput(true),
        }),
      ]),
    );
    assert.strictEqual(ok.rows[0].failed, false);
    assert.match(ok.rows[0].result, /true/);
    const error = await presentTrace({
      roots: [frame({ result: { kind: 'error', text: 'INVALID_OPCODE' }, failed: true })],
      count: 1,
      notes: [],
    });
    assert.strictEqual(error.rows[0].result, 'error: INVALID_OPCODE');
    assert.strictEqual((await presentTrace(flat(1))).rows[0].result, '');
  });

  it('hands the site links found to the origin row, and a reason among its fields', async () => {
    const origin = trace.roots[0].children[0];
    const link = { text: 'contracts/MyToken.sol:42', key: 's0', oneOf: false, statement: 'revert E()' };
    const withLinks = await presentTrace(trace, new Map([[origin, { links: [link] }]]));
    assert.deepStrictEqual(withLinks.rows[1].sites, [link]);
    assert.deepStrictEqual(withLinks.rows[0].sites, []);
    const withReason = await presentTrace(
      trace,
      new Map([[origin, { links: [], reason: 'no AST: set outputSelection' }]]),
    );
    assert.ok(
      withReason.rows[1].fields.some(f => f.label === 'Revert site' && f.value === 'no AST: set outputSelection'),
    );
  });
});

describe('common/trace/present: summary, notes, text', () => {
  it('`N calls · <where it failed>`, `N calls, all succeeded`, or nothing recorded', () => {
    const failed = build(failingWithdraw());
    assert.strictEqual(traceSummary(failed), `2 calls · ${traceOneLiner(failed)}`);
    assert.match(
      traceSummary(failed),
      /^2 calls · reverted in Vault\.withdraw → MyToken\.transfer: InsufficientBalance/,
    );
    assert.strictEqual(traceSummary(flat(1)), '1 call, all succeeded');
    assert.strictEqual(traceSummary(flat(1234)), '1,234 calls, all succeeded');
    assert.strictEqual(traceSummary({ roots: [], count: 0, notes: [] }), 'No calls recorded for this transaction.');
  });

  it('an incomplete trace says so above the rows and does not claim that all succeeded', async () => {
    const view = await presentTrace(build([action()], 'the server gave no next page before the last call returned'));
    assert.strictEqual(view.notes[0], 'Incomplete: the server gave no next page before the last call returned');
    assert.strictEqual(view.summary, '1 call read, none failed');
    assert.match(view.text, /^# incomplete: /);
  });

  it('cuts the rows at TRACE_ROWS_MAX and says how many there were', async () => {
    const view = await presentTrace(flat(TRACE_ROWS_MAX + 5));
    assert.strictEqual(view.rows.length, TRACE_ROWS_MAX);
    assert.ok(
      view.notes.some(n => n === 'Only the first 20,000 of 20,005 calls are shown.'),
      view.notes.join('|'),
    );
    assert.ok(view.text.length <= TRACE_TEXT_MAX);
    assert.match(view.text, /\n# cut: \d+ more lines are not in this copy$/);
  });

  it('boundedText keeps whole lines within the bound and counts the lines left out', () => {
    assert.strictEqual(boundedText('a\nb', 10), 'a\nb');
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 30 }), { maxLength: 80 }),
        fc.integer({ min: 130, max: 600 }),
        (lines, max) => {
          const text = lines.map(l => l.replace(/\n/g, ' ')).join('\n');
          const out = boundedText(text, max);
          if (text.length <= max) return assert.strictEqual(out, text);
          assert.ok(out.length <= max, `${out.length} > ${max}`);
          const cut = /\n# cut: (\d+) more lines are not in this copy$/.exec(out);
          assert.ok(cut, out);
          const kept = out.slice(0, cut.index);
          assert.ok(text.startsWith(kept));
          assert.strictEqual(kept.split('\n').length + Number(cut[1]), text.split('\n').length);
        },
      ),
    );
  });

  it('the pages accept the view: alone, and as the transaction panel’s section', async () => {
    const view = await presentTrace(build(failingWithdraw()));
    const wire = JSON.parse(JSON.stringify(view)) as unknown;
    assert.deepStrictEqual(traceViewValidator(wire), wire);
    const section = traceSection('tx-0', { status: 'loaded', view });
    const message = {
      type: 'view',
      view: { status: 'loaded', title: 'T', network: 'testnet', summary: '', sections: [section], buttons: [] },
    };
    assert.deepStrictEqual(detailPage(JSON.parse(JSON.stringify(message))), JSON.parse(JSON.stringify(message)));
  });

  it('presents in time linear in the frames (n vs 8n)', async () => {
    await assertGrowthAsync('presentTrace', flat, t => presentTrace(t, new Map(), () => Promise.resolve()), 500);
  });

  it('yields whenever a slice of the work passes its few milliseconds', async () => {
    // A clock that moves 5 ms at each look: every second look finds the slice spent.
    const own = Object.getOwnPropertyDescriptor(performance, 'now');
    let now = 0;
    Object.defineProperty(performance, 'now', { configurable: true, value: () => (now += 5) });
    let pauses = 0;
    try {
      const view = await presentTrace(flat(10_000), new Map(), () => {
        pauses++;
        return Promise.resolve();
      });
      assert.strictEqual(view.rows.length, 10_000);
    } finally {
      if (own) Object.defineProperty(performance, 'now', own);
      else delete (performance as { now?: unknown }).now;
    }
    // 10,000 rows are looked at every 200: 50 looks, half of them past the slice, and the text's own.
    assert.ok(pauses >= 20, `${pauses} pauses`);
    const quick = await presentTrace(flat(3), new Map(), () => {
      pauses = -1;
      return Promise.resolve();
    });
    assert.strictEqual(quick.rows.length, 3);
  });
});

describe('common/trace/section', () => {
  it('the Call trace section sits inside its transaction under Contract, in each state', async () => {
    const view = await presentTrace(flat(2));
    const base = { id: 'tx-1-trace', title: 'Call trace', group: 'Contract', within: 'tx-1', tables: [], buttons: [] };
    assert.deepStrictEqual(traceSection('tx-1', { status: 'loaded', view }), { ...base, fields: [], trace: view });
    assert.deepStrictEqual(traceSection('tx-1', { status: 'loading' }).fields, [
      { label: 'Call trace', value: 'loading…' },
    ]);
    assert.deepStrictEqual(traceSection('tx-1', { status: 'failed', message: 'HTTP 500' }).fields, [
      { label: 'Call trace', value: 'could not be read: HTTP 500' },
    ]);
    assert.deepStrictEqual(traceSection('tx-1', { status: 'none', message: 'why' }).fields, [
      { label: 'Call trace', value: 'why' },
    ]);
  });
});
