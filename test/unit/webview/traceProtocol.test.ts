// The call trace's messages at both panels' boundaries: a site link sends back only a key of the
// host's form (the host refuses anything else, case by case), a trace's text fits a copy, and the
// pages accept the trace the host sends and drop one that is malformed.
import * as assert from 'assert';
import { toWebviewValidator as resultsPage } from '../../../webview/contractResults/validators';
import { toWebview as detailPage } from '../../../webview/detail/validators';
import {
  contractResultsToHostValidator,
  detailActionValidator,
  detailToHostValidator,
} from '../../../webview/protocol';
import { TRACE_SITE_KEY, TRACE_TEXT_MAX, traceDetailValidator, type TraceView } from '../../../webview/protocol/trace';
import { check } from '../../../webview/shared/validate';

const view: TraceView = {
  summary: '2 calls · reverted in Vault.withdraw → MyToken.transfer: InsufficientBalance(…)',
  notes: ['Incomplete: the server gave no next page'],
  text: 'CALL Vault.withdraw(amount: 1500)\n  CALL MyToken.transfer(…)',
  rows: [
    {
      level: 0,
      operation: 'CALL',
      caller: '0.0.1001',
      recipient: 'Vault',
      recipientDetail: 'contracts/Vault.sol',
      call: 'withdraw(amount: 1500)',
      result: 'reverted: InsufficientBalance(…)',
      failed: true,
      origin: false,
      open: true,
      fields: [{ label: 'Gas', value: '30,000' }],
      sites: [],
    },
    {
      level: 1,
      operation: 'CALL',
      caller: 'Vault',
      recipient: 'MyToken',
      result: 'reverted: InsufficientBalance(…)',
      failed: true,
      origin: true,
      open: true,
      fields: [],
      sites: [
        { text: 'contracts/MyToken.sol:42', key: 's0', oneOf: false, statement: 'revert InsufficientBalance(…)' },
      ],
    },
  ],
};

const BAD_KEYS: readonly unknown[] = [
  '',
  '../../etc/passwd',
  'contracts/Vault.sol:42',
  's 1',
  'a'.repeat(65),
  'file:///x',
  's0\n',
  12,
  null,
  undefined,
];

describe('webview/protocol: call trace site links', () => {
  it('the transaction panel host accepts a key of its own form, and nothing else', () => {
    for (const key of ['s0', 'sZ_-9', 'a'.repeat(64)]) {
      const parsed = check(detailToHostValidator, { type: 'action', action: { type: 'openSite', key } });
      assert.ok(parsed.ok, key);
      assert.deepStrictEqual(parsed.value, { type: 'action', action: { type: 'openSite', key } });
    }
    for (const key of BAD_KEYS) {
      const parsed = check(detailToHostValidator, { type: 'action', action: { type: 'openSite', key } });
      assert.ok(!parsed.ok, JSON.stringify(key));
      assert.match(parsed.message, /^action\.key/);
    }
    assert.ok(!check(detailToHostValidator, { type: 'action', action: { type: 'openSite', path: 'x.sol' } }).ok);
  });

  it('the contract results host accepts a key of its own form, and nothing else', () => {
    assert.ok(check(contractResultsToHostValidator, { type: 'openSite', key: 's12' }).ok);
    for (const key of BAD_KEYS) {
      const parsed = check(contractResultsToHostValidator, { type: 'openSite', key });
      assert.ok(!parsed.ok, JSON.stringify(key));
      assert.match(parsed.message, /^key/);
    }
  });

  it('the page checks the shape only (the host checks the key again on the click)', () => {
    assert.deepStrictEqual(detailActionValidator(false)({ type: 'openSite', key: 'not a key' }), {
      type: 'openSite',
      key: 'not a key',
    });
    assert.ok(TRACE_SITE_KEY.test('s0') && !TRACE_SITE_KEY.test('s 0'));
  });

  it('a trace text of TRACE_TEXT_MAX characters can be copied from either panel; one more cannot', () => {
    const text = 'x'.repeat(TRACE_TEXT_MAX);
    assert.ok(check(detailToHostValidator, { type: 'action', action: { type: 'copy', text } }).ok);
    assert.ok(check(contractResultsToHostValidator, { type: 'copy', text }).ok);
    assert.ok(!check(detailToHostValidator, { type: 'action', action: { type: 'copy', text: `${text}x` } }).ok);
  });
});

describe('webview/protocol: a trace in the pages', () => {
  const section = {
    id: 'tx-0-trace',
    title: 'Call trace',
    group: 'Contract',
    within: 'tx-0',
    fields: [],
    tables: [],
    buttons: [],
    trace: view,
  };
  const loaded = (sections: unknown[]) => ({
    type: 'view',
    view: { status: 'loaded', title: 'T', network: 'testnet', summary: '', sections, buttons: [] },
  });
  const roundTrip = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;

  it('the transaction panel accepts a section with a trace, exactly', () => {
    assert.deepStrictEqual(detailPage(roundTrip(loaded([section]))), roundTrip(loaded([section])));
  });

  it('the transaction panel drops a malformed trace, naming the field', () => {
    const cases: [unknown, RegExp][] = [
      [{ ...view, rows: [{ ...view.rows[0], level: 1.5 }] }, /rows\[0\]\.level: expected an integer/],
      [{ ...view, rows: [{ ...view.rows[0], failed: 'yes' }] }, /rows\[0\]\.failed: expected a boolean/],
      [{ ...view, rows: [{ ...view.rows[1], sites: [{ text: 'a', key: 'k', oneOf: 1, statement: '' }] }] }, /oneOf/],
      [{ ...view, notes: 'incomplete' }, /notes: expected an array/],
      [{ ...view, text: undefined }, /text: expected a string/],
      [{ ...view, rows: new Array(20_001).fill(view.rows[0]) }, /rows: expected at most 20000 items/],
    ];
    for (const [trace, why] of cases)
      assert.throws(() => detailPage(loaded([{ ...section, trace }])), why, JSON.stringify(why));
  });

  it('the contract results panel accepts each state of a row detail’s trace, and refuses others', () => {
    const states = [
      { status: 'loading' },
      { status: 'failed', message: 'HTTP 500' },
      { status: 'none', message: 'This result names no transaction hash to read its call trace by.' },
      { status: 'loaded', view },
    ];
    for (const trace of states) {
      const message = { type: 'detail', key: 'r1', detail: { status: 'loaded', call: null, events: [], trace } };
      assert.deepStrictEqual(resultsPage(roundTrip(message)), roundTrip(message));
      assert.deepStrictEqual(traceDetailValidator(roundTrip(trace)), trace);
    }
    const without = { type: 'detail', key: 'r1', detail: { status: 'loaded', call: null, events: [] } };
    assert.deepStrictEqual(resultsPage(without), without, 'a detail without a trace is still a detail');
    for (const bad of [{ status: 'done' }, { status: 'failed' }, { status: 'loaded' }, { status: 'none' }, 'loading'])
      assert.throws(() =>
        resultsPage({ type: 'detail', key: 'r1', detail: { status: 'loaded', call: null, events: [], trace: bad } }),
      );
  });
});
