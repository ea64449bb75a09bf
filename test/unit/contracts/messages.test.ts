// Both ends of the panel's protocol: what the host posts passes the page's validator after the
// JSON round trip postMessage makes, and each side drops what does not match.
import * as assert from 'assert';
import { toRow } from '../../../src/features/contracts/rows';
import { filtersWith } from '../../../src/features/contracts/filters';
import { parseLossless } from '../../../src/mirror';
import { ContractResultsResponseSchema } from '../../../src/mirror/schemas';
import {
  contractResultsFilterInitValidator,
  contractResultsStateValidator,
  contractResultsToHostValidator,
  type ContractResultsToHost,
  type ContractResultsToWebview,
} from '../../../webview/protocol';
import { check } from '../../../webview/shared/validate';
import { stateValidator, toWebviewValidator } from '../../../webview/contractResults/validators';
import { aContractResult, aContractResultsBody, INT64_MAX } from '../../support/builders';

/** What the page receives: PanelHost.post turns bigints into strings and the message is cloned. */
function overTheWire(m: ContractResultsToWebview): unknown {
  return JSON.parse(JSON.stringify(m, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}

describe('contract results protocol', () => {
  const body = aContractResultsBody([
    aContractResult({
      amount: INT64_MAX,
      error_message: '0x4e487b71' + '00'.repeat(31) + '01',
      authorization_list: [],
    }),
  ]);
  const rows = ContractResultsResponseSchema.parse(parseLossless(body.text)).results.map((r, i) => toRow(r, `r${i}`));

  it('the host accepts one message of every kind the page may send (a kind missing here does not compile)', () => {
    const filters = filtersWith({});
    const one: { [K in ContractResultsToHost['type']]: Extract<ContractResultsToHost, { type: K }> } = {
      ready: { type: 'ready', filters },
      search: { type: 'search', filters },
      loadMore: { type: 'loadMore' },
      retry: { type: 'retry' },
      copy: { type: 'copy', text: '0.0.8' },
      openEntity: { type: 'openEntity', kind: 'contract', id: '0.0.5025' },
      detail: { type: 'detail', key: 'r1' },
      openSite: { type: 'openSite', key: 's1' },
      debug: { type: 'debug', key: 'r1' },
    };
    for (const message of Object.values(one))
      assert.ok(check(contractResultsToHostValidator, message).ok, `${message.type} is accepted`);
  });

  it('the page accepts every message the host sends', () => {
    const messages: ContractResultsToWebview[] = [
      { type: 'rows', rows, append: false, hasMore: true, network: 'testnet', hashscan: true },
      { type: 'loading', append: true },
      { type: 'filters', filters: filtersWith({ blockNumber: '10' }) },
      { type: 'invalid', issues: [{ field: 'transaction.index', message: 'needs a block' }] },
      { type: 'invalid', issues: [{ field: 'timestamp', index: 2, message: 'Timestamp 3: Month 13 is not a month' }] },
      { type: 'failed', message: 'HTTP 400', serverMessages: ['Invalid parameter: block.hash'], status: 400 },
      { type: 'copied', text: '0x1234' },
    ];
    for (const m of messages) assert.deepStrictEqual(toWebviewValidator(overTheWire(m)), overTheWire(m));
  });

  it('the page drops malformed messages, naming what is wrong', () => {
    const wire = overTheWire({
      type: 'rows',
      rows,
      append: false,
      hasMore: false,
      network: 'testnet',
      hashscan: true,
    }) as {
      rows: Record<string, unknown>[];
    };
    wire.rows[0].amount = 2 ** 63; // a number (9223372036854775808): digits already lost
    assert.throws(() => toWebviewValidator(wire), /rows\[0\]\.amount: expected a decimal integer string/);
    assert.throws(() => toWebviewValidator({ type: 'script', src: 'x' }), /type: expected one of/);
    assert.throws(
      () => toWebviewValidator({ type: 'invalid', issues: [{ field: 'nonce', message: 'x' }] }),
      /issues\[0\]\.field/,
    );
    assert.throws(
      () => toWebviewValidator({ type: 'invalid', issues: [{ field: 'timestamp', index: 'first', message: 'x' }] }),
      /issues\[0\]\.index/,
    );
    assert.throws(() => toWebviewValidator(null), /expected one of/);
  });

  it('the host accepts the page messages and refuses others', () => {
    const filters = filtersWith({ from: '0.0.1001' });
    for (const m of [
      { type: 'ready', filters },
      { type: 'search', filters },
      { type: 'loadMore' },
      { type: 'retry' },
      { type: 'copy', text: '0x1234' },
      { type: 'openEntity', kind: 'contract', id: '0.0.7001' },
    ]) {
      assert.ok(check(contractResultsToHostValidator, m).ok, JSON.stringify(m));
    }
    for (const m of [
      { type: 'search', filters: { ...filters, limit: 25 } },
      { type: 'search', filters: { ...filters, timestamps: Array(21).fill({ operator: 'eq', value: '1' }) } },
      { type: 'openEntity', kind: 'contract', id: 'javascript:alert(1)' },
      { type: 'openEntity', kind: 'file', id: '0.0.1' },
      { type: 'eval' },
    ]) {
      assert.ok(!check(contractResultsToHostValidator, m).ok, JSON.stringify(m).slice(0, 80));
    }
  });

  it('the state the serializer gets back is the one the page saves', () => {
    const state = { filters: filtersWith({ blockHash: 'ab'.repeat(32), order: 'asc' }), unit: 'weibar' as const };
    const hostState = contractResultsStateValidator(true);
    assert.deepStrictEqual(hostState(stateValidator(JSON.parse(JSON.stringify(state)))), state);
    assert.ok(!check(hostState, { filters: state.filters, unit: 'wei' }).ok);
    assert.ok(check(contractResultsFilterInitValidator, { blockNumber: '10' }).ok);
    assert.ok(
      !check(contractResultsFilterInitValidator, { kind: 'account', id: '0.0.1' }).ok,
      'a target is not filters',
    );
  });
});
