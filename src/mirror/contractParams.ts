// The query parameters of a deployed contract's lookups (its storage, its results, its logs) and
// of the network's gas price, checked before a request is built: a bad value is refused naming the
// parameter as the server names it, and nothing goes out. The rules are openapi.yml's, with the
// server's own refusals where it adds some (`ne` on a timestamp, `index` or a topic without a
// timestamp).
import { parseTimestamp } from '../ledger/timestamp';
import {
  Checker,
  contractResultsQuery,
  entries,
  type ContractResultsParams,
  type OneOrMany,
  type Order,
  type Query,
} from './params';

export interface ContractStateParams {
  limit?: number;
  order?: Order;
  /**
   * A slot: up to 64 hex digits (optionally 0x) or a bigint, optionally after eq:, gt:, gte:, lt:
   * or lte:. Repeatable (a range: `gte:2` and `lt:9`).
   */
  slot?: OneOrMany<string | bigint>;
  /**
   * The storage as it was at a moment (seconds.nanoseconds; `eq:` and no operator mean at or
   * before it), optionally after lt: or lte:; gt: and gte: list the slots changed after it.
   */
  timestamp?: OneOrMany<string>;
}

/** `GET /contracts/{id}/results` takes what `/contracts/results` takes, but the monetary unit. */
export type ContractResultsOfParams = Omit<ContractResultsParams, 'coin'>;

export interface ContractLogsParams {
  /** Position of a log in its transaction, optionally after eq:, gt:, gte:, lt: or lte:; needs `timestamp`. */
  index?: string | number;
  limit?: number;
  order?: Order;
  timestamp?: OneOrMany<string>;
  /** Topics to match (up to 64 hex digits, optionally 0x; repeat for any of several); need a `timestamp` range. */
  topic0?: OneOrMany<string>;
  topic1?: OneOrMany<string>;
  topic2?: OneOrMany<string>;
  topic3?: OneOrMany<string>;
}

export interface NetworkFeesParams {
  order?: Order;
  /** The gas prices in force at a moment (seconds.nanoseconds), optionally after eq:, lt:, lte:, gt: or gte:. */
  timestamp?: OneOrMany<string>;
}

const SLOT = /^(?:(?:eq|gt|gte|lt|lte):)?(?:0x)?[0-9A-Fa-f]{1,64}$/;
const TOPIC = /^(?:eq:)?(?:0x)?[0-9A-Fa-f]{1,64}$/;
const LOG_INDEX = /^(?:(?:eq|gt|gte|lt|lte):)?(\d{1,10})$/;
const TIMESTAMP_OPERATOR = /^(?:(?:eq|gt|gte|lt|lte):)?/;
const INT32_MAX = 2147483647;
const TIMESTAMP_EXPECTED =
  'seconds.nanoseconds (up to 10 and 9 digits), optionally after eq:, gt:, gte:, lt: or lte: (e.g. lte:1700000000.000000000)';

/** Timestamps with an operator other than `ne`, which the server refuses in its own words. */
function timestamps(c: Checker, value: unknown): void {
  const values: readonly unknown[] = Array.isArray(value) ? value : [value];
  if (values.some(v => typeof v === 'string' && v.startsWith('ne:'))) {
    c.issues.push({ parameter: 'timestamp', message: 'Not equals (ne) operator is not supported for timestamp' });
    return;
  }
  c.repeated(
    'timestamp',
    value,
    v => parseTimestamp(v.replace(TIMESTAMP_OPERATOR, '')) !== undefined,
    TIMESTAMP_EXPECTED,
  );
}

const STATE_NAMES = ['limit', 'order', 'slot', 'timestamp'];

export function contractStateQuery(params?: ContractStateParams): Query {
  const c = new Checker();
  for (const [name, value] of entries(params)) {
    switch (name) {
      case 'slot': {
        const values: readonly unknown[] = Array.isArray(value) ? value : [value];
        const texts = values.map(v => (typeof v === 'bigint' && v >= 0n && v < 2n ** 256n ? `0x${v.toString(16)}` : v));
        c.repeated(
          'slot',
          texts,
          v => SLOT.test(v),
          'a storage slot of up to 64 hex digits (optionally 0x), optionally after eq:, gt:, gte:, lt: or lte:',
        );
        break;
      }
      case 'timestamp':
        timestamps(c, value);
        break;
      default:
        if (!c.paging(name, value, STATE_NAMES)) c.unknownName(name, STATE_NAMES);
    }
  }
  return c.done();
}

const RESULTS_OF_NAMES = [
  'from',
  'block.hash',
  'block.number',
  'internal',
  'limit',
  'order',
  'timestamp',
  'transaction.index',
];

export function contractResultsOfQuery(params?: ContractResultsOfParams): Query {
  const list = entries(params);
  const coin = list.find(([name]) => name === 'coin');
  if (coin !== undefined) {
    const c = new Checker();
    c.unknownName('coin', RESULTS_OF_NAMES);
    return c.done();
  }
  return contractResultsQuery(params);
}

const LOGS_NAMES = ['index', 'limit', 'order', 'timestamp', 'topic0', 'topic1', 'topic2', 'topic3'];

export function contractLogsQuery(params?: ContractLogsParams): Query {
  const c = new Checker();
  const list = entries(params);
  for (const [name, value] of list) {
    switch (name) {
      case 'index': {
        const text = typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : value;
        const m = typeof text === 'string' ? LOG_INDEX.exec(text) : null;
        if (!m || Number(m[1]) > INT32_MAX)
          c.fail('index', 'a log index ≥ 0, optionally after eq:, gt:, gte:, lt: or lte: (e.g. gte:2)');
        else c.add('index', m[0]);
        break;
      }
      case 'timestamp':
        timestamps(c, value);
        break;
      case 'topic0':
      case 'topic1':
      case 'topic2':
      case 'topic3':
        c.repeated(name, value, v => TOPIC.test(v), 'a topic of up to 64 hex digits (optionally 0x)');
        break;
      default:
        if (!c.paging(name, value, LOGS_NAMES)) c.unknownName(name, LOGS_NAMES);
    }
  }
  if (c.issues.length === 0 && !list.some(([name]) => name === 'timestamp')) {
    const topic = list.find(([name]) => name.startsWith('topic'));
    if (topic !== undefined)
      c.issues.push({
        parameter: topic[0],
        message: `Invalid parameter usage: ${topic[0]} - the mirror node searches topics only within a timestamp range (add timestamp)`,
      });
    else if (list.some(([name]) => name === 'index'))
      c.issues.push({
        parameter: 'index',
        message: 'Invalid parameter usage: index without a timestamp parameter filter',
      });
  }
  return c.done();
}

const FEES_NAMES = ['order', 'timestamp'];

export function networkFeesQuery(params?: NetworkFeesParams): Query {
  const c = new Checker();
  for (const [name, value] of entries(params)) {
    if (name === 'timestamp') timestamps(c, value);
    else if (!c.paging(name, value, FEES_NAMES)) c.unknownName(name, FEES_NAMES);
  }
  return c.done();
}
