// Every path and query parameter is checked here before a request is built, so a bad value is
// refused with a message that names the parameter (as the server names it) and the expected form,
// and no request goes out. The rules follow the seed and openapi.yml, corrected by what the
// recorded server accepted (e.g. `transaction.index=eq:2`, `from=5999`, 16-digit block numbers).
import { parseTimestamp } from '../ledger/timestamp';
import { MirrorInputError, type InputIssue } from './errors';
import { ENTITY_ID, withinInt64 } from './paths';
import { TRANSACTION_TYPES, type TransactionType } from './transactionTypes';

export type Order = 'asc' | 'desc';
export type OneOrMany<T> = T | readonly T[];

export interface AccountParams {
  limit?: number;
  order?: Order;
  timestamp?: OneOrMany<string>;
  transactiontype?: TransactionType;
  transactions?: boolean;
}

export interface TransactionParams {
  /** Repeated (an array): the server uses the last value, so only the last is sent (each is checked). */
  nonce?: OneOrMany<number>;
  scheduled?: OneOrMany<boolean>;
}

export interface NftsParams {
  limit?: number;
  order?: Order;
  /** Only this token's NFTs (`0.0.1234`, optionally after eq:). */
  'token.id'?: string;
}

export interface ExchangeRateParams {
  /** The rate in force at this consensus time (`sss.nnnnnnnnn`, optionally after eq:, lt:, lte:). */
  timestamp?: string;
}

export interface BlocksParams {
  limit?: number;
  order?: Order;
  'block.number'?: OneOrMany<string | bigint>;
  timestamp?: OneOrMany<string>;
}

export interface ContractResultsParams {
  from?: OneOrMany<string>;
  'block.hash'?: OneOrMany<string>;
  'block.number'?: OneOrMany<string | bigint>;
  /** Monetary unit: true (default) tinybars, false weibars. Sent as `hbar` on the wire. */
  coin?: boolean;
  internal?: boolean;
  limit?: number;
  order?: Order;
  timestamp?: OneOrMany<string>;
  /** Position in the block (≥ 0, optionally `eq:`); needs `block.number` or `block.hash`. */
  'transaction.index'?: number | string;
}

export interface ContractActionsParams {
  limit?: number;
  order?: Order;
  /** Position of an action (≥ 0), optionally after eq:, gt:, gte:, lt: or lte: (e.g. `gt:99`). */
  index?: string | number;
}

/** A query as ordered name/value pairs (names as sent on the wire). */
export type Query = Array<readonly [string, string]>;

const OPERATOR = /^(?:(?:eq|gt|gte|lt|lte|ne):)?/;
const BLOCKS_NUMBER = /^((eq|gt|gte|lt|lte):)?\d{1,19}$/;
const CONTRACTS_BLOCK_NUMBER = /^(eq:)?(\d{1,19}|0x[0-9a-fA-F]{1,16})$/;
const BLOCK_HASH = /^(eq:)?(0x)?([0-9A-Fa-f]{64}|[0-9A-Fa-f]{96})$/;
const FROM = /^((\d{1,10}\.){0,2}\d{1,10}|(0x)?[0-9A-Fa-f]{40})$/;
const TRANSACTION_INDEX = /^(eq:)?\d{1,10}$/;
const ACTION_INDEX = /^(?:(?:eq|gt|gte|lt|lte):)?(\d{1,10})$/;
const INT32_MAX = 2147483647;

const TYPES_UPPER: ReadonlySet<string> = new Set(TRANSACTION_TYPES);

/** Collects a lookup's query and the issues of its parameters (contractParams.ts checks with it too). */
export class Checker {
  readonly issues: InputIssue[] = [];
  readonly query: Query = [];
  private readonly unknown: InputIssue[] = [];

  fail(parameter: string, expected: string): void {
    this.issues.push({ parameter, message: `Invalid parameter ${parameter}: expected ${expected}` });
  }

  unknownName(name: string, known: readonly string[]): void {
    this.unknown.push({
      parameter: name,
      message: `Unknown query parameter: ${name} (this lookup takes ${known.join(', ')})`,
    });
  }

  add(name: string, value: string): void {
    this.query.push([name, value]);
  }

  done(): Query {
    const all = [...this.issues, ...this.unknown];
    if (all.length > 0) throw new MirrorInputError(all);
    return this.query;
  }

  limit(value: unknown): void {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 100) {
      this.fail('limit', 'an integer from 1 to 100');
    } else this.add('limit', String(value));
  }

  order(value: unknown): void {
    if (value !== 'asc' && value !== 'desc') this.fail('order', '"asc" or "desc"');
    else this.add('order', value);
  }

  boolean(name: string, wire: string, value: unknown): void {
    if (typeof value !== 'boolean') this.fail(name, 'true or false');
    else this.add(wire, String(value));
  }

  repeated(name: string, value: unknown, test: (v: string) => boolean, expected: string, allowBigint = false): void {
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    if (values.length === 0) return;
    const ok: string[] = [];
    for (const v of values) {
      const text = typeof v === 'bigint' && allowBigint && v >= 0n ? v.toString() : v;
      if (typeof text !== 'string' || !test(text)) {
        this.fail(name, expected);
        return;
      }
      ok.push(text);
    }
    for (const v of ok) this.add(name, v);
  }

  /** A parameter the server reads once: each of a repeat is checked, only the last is sent. */
  lastOf(name: string, value: unknown, check: (v: unknown) => string | undefined): void {
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    let last: string | undefined;
    let ok = true;
    for (const v of values) {
      last = check(v);
      if (last === undefined) ok = false;
    }
    if (ok && last !== undefined) this.add(name, last);
  }

  /** `limit`, `order` and `timestamp`, the paging parameters most lookups share, when `known` lists them. */
  paging(name: string, value: unknown, known: readonly string[]): boolean {
    if (!known.includes(name)) return false;
    if (name === 'limit') this.limit(value);
    else if (name === 'order') this.order(value);
    else if (name === 'timestamp') this.timestamp(value);
    else return false;
    return true;
  }

  timestamp(value: unknown): void {
    this.repeated(
      'timestamp',
      value,
      v => parseTimestamp(v.replace(OPERATOR, '')) !== undefined,
      'seconds.nanoseconds (up to 10 and 9 digits), optionally after eq:, gt:, gte:, lt:, lte: or ne: (e.g. gte:1700000000.000000000)',
    );
  }
}

export function entries(params: object | undefined): Array<[string, unknown]> {
  if (params === undefined || params === null) return [];
  if (typeof params !== 'object')
    throw new MirrorInputError([{ parameter: 'params', message: 'params must be an object' }]);
  // Absent and undefined are the same: callers spread optional settings into the params.
  return Object.entries(params).filter(([, v]) => v !== undefined);
}

const ACCOUNT_NAMES = ['limit', 'order', 'timestamp', 'transactiontype', 'transactions'];

export function accountQuery(params?: AccountParams): Query {
  const c = new Checker();
  for (const [name, value] of entries(params)) {
    switch (name) {
      case 'transactiontype':
        // The server matches the name case-insensitively; it is sent as given.
        if (typeof value !== 'string' || !TYPES_UPPER.has(value.toUpperCase())) {
          c.fail('transactiontype', `one of the transaction types (e.g. CRYPTOTRANSFER, CONTRACTCALL, TOKENMINT)`);
        } else c.add('transactiontype', value);
        break;
      case 'transactions':
        c.boolean('transactions', 'transactions', value);
        break;
      default:
        if (!c.paging(name, value, ACCOUNT_NAMES)) c.unknownName(name, ACCOUNT_NAMES);
    }
  }
  return c.done();
}

const TRANSACTION_NAMES = ['nonce', 'scheduled'];

export function transactionQuery(params?: TransactionParams): Query {
  const c = new Checker();
  for (const [name, value] of entries(params)) {
    switch (name) {
      // Repeated: every value is checked (the server refuses a bad one), the last one wins.
      case 'nonce':
        c.lastOf('nonce', value, v => {
          if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > INT32_MAX) {
            c.fail('nonce', 'an integer from 0 to 2147483647 (0: the user-submitted transaction)');
            return undefined;
          }
          return String(v);
        });
        break;
      case 'scheduled':
        c.lastOf('scheduled', value, v => {
          if (typeof v !== 'boolean') {
            c.fail('scheduled', 'true or false');
            return undefined;
          }
          return String(v);
        });
        break;
      default:
        if (!c.paging(name, value, TRANSACTION_NAMES)) c.unknownName(name, TRANSACTION_NAMES);
    }
  }
  return c.done();
}

const NFTS_NAMES = ['limit', 'order', 'token.id'];

export function nftsQuery(params?: NftsParams): Query {
  const c = new Checker();
  for (const [name, value] of entries(params)) {
    switch (name) {
      case 'token.id':
        if (typeof value !== 'string' || !ENTITY_ID.test(value.replace(/^eq:/, ''))) {
          c.fail('token.id', 'a token id (0.0.1234), optionally after eq:');
        } else c.add('token.id', value);
        break;
      default:
        if (!c.paging(name, value, NFTS_NAMES)) c.unknownName(name, NFTS_NAMES);
    }
  }
  return c.done();
}

const EXCHANGE_RATE_NAMES = ['timestamp'];
const RATE_OPERATOR = /^(?:(?:eq|lt|lte):)?/;

export function exchangeRateQuery(params?: ExchangeRateParams): Query {
  const c = new Checker();
  for (const [name, value] of entries(params)) {
    if (name !== 'timestamp') c.unknownName(name, EXCHANGE_RATE_NAMES);
    else if (typeof value !== 'string' || parseTimestamp(value.replace(RATE_OPERATOR, '')) === undefined) {
      c.fail('timestamp', 'seconds.nanoseconds (up to 10 and 9 digits), optionally after eq:, lt: or lte:');
    } else c.add('timestamp', value);
  }
  return c.done();
}

const BLOCKS_NAMES = ['block.number', 'limit', 'order', 'timestamp'];

export function blocksQuery(params?: BlocksParams): Query {
  const c = new Checker();
  for (const [name, value] of entries(params)) {
    switch (name) {
      case 'block.number':
        c.repeated(
          'block.number',
          value,
          v => BLOCKS_NUMBER.test(v) && withinInt64(v.slice(v.indexOf(':') + 1)),
          'a block number (up to 19 digits), optionally after eq:, gt:, gte:, lt: or lte: (e.g. gte:100)',
          true,
        );
        break;
      default:
        if (!c.paging(name, value, BLOCKS_NAMES)) c.unknownName(name, BLOCKS_NAMES);
    }
  }
  return c.done();
}

const CONTRACT_RESULTS_NAMES = [
  'from',
  'block.hash',
  'block.number',
  'coin',
  'internal',
  'limit',
  'order',
  'timestamp',
  'transaction.index',
];

export function contractResultsQuery(params?: ContractResultsParams): Query {
  const c = new Checker();
  const list = entries(params);
  for (const [name, value] of list) {
    switch (name) {
      case 'from':
        c.repeated('from', value, v => FROM.test(v), 'an account id (0.0.1234) or a 40-hex-digit EVM address');
        break;
      case 'block.hash':
        c.repeated(
          'block.hash',
          value,
          v => BLOCK_HASH.test(v),
          'a block hash of 64 or 96 hex digits (optionally 0x), with no operator other than eq:',
        );
        break;
      case 'block.number':
        c.repeated(
          'block.number',
          value,
          v => CONTRACTS_BLOCK_NUMBER.test(v) && withinInt64(v.startsWith('eq:') ? v.slice(3) : v),
          'a block number, decimal or 0x hex, with no operator other than eq: (e.g. 17 or 0x11)',
          true,
        );
        break;
      case 'coin':
        c.boolean('coin', 'hbar', value);
        break;
      case 'internal':
        c.boolean('internal', 'internal', value);
        break;
      case 'transaction.index': {
        const text = typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : value;
        if (
          typeof text !== 'string' ||
          !TRANSACTION_INDEX.test(text) ||
          Number(text.startsWith('eq:') ? text.slice(3) : text) > INT32_MAX
        ) {
          c.fail('transaction.index', 'an integer ≥ 0 (the position in the block), optionally after eq:');
        } else c.add('transaction.index', text);
        break;
      }
      default:
        if (!c.paging(name, value, CONTRACT_RESULTS_NAMES)) c.unknownName(name, CONTRACT_RESULTS_NAMES);
    }
  }
  if (c.issues.length === 0) {
    const has = (n: string) => list.some(([k]) => k === n);
    if (has('block.hash') && has('block.number')) {
      c.issues.push({
        parameter: 'block.hash',
        message: 'Invalid parameter usage: block.hash - cannot combine block.number and block.hash',
      });
    } else if (has('transaction.index') && !has('block.hash') && !has('block.number')) {
      c.issues.push({
        parameter: 'transaction.index',
        message:
          'Invalid parameter usage: transaction.index - transaction.index requires block.number or block.hash filter to be specified',
      });
    }
  }
  return c.done();
}

const CONTRACT_ACTIONS_NAMES = ['index', 'limit', 'order'];

export function contractActionsQuery(params?: ContractActionsParams): Query {
  const c = new Checker();
  for (const [name, value] of entries(params)) {
    if (name !== 'index') {
      if (!c.paging(name, value, CONTRACT_ACTIONS_NAMES)) c.unknownName(name, CONTRACT_ACTIONS_NAMES);
      continue;
    }
    const text = typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : value;
    const m = typeof text === 'string' ? ACTION_INDEX.exec(text) : null;
    if (!m || Number(m[1]) > INT32_MAX) {
      c.fail('index', 'an action index ≥ 0, optionally after eq:, gt:, gte:, lt: or lte: (e.g. gt:99)');
    } else c.add('index', m[0]);
  }
  return c.done();
}

export {
  accountPath,
  contractActionsPath,
  blockPath,
  contractPath,
  contractResultPath,
  contractResultQuery,
  encodeQuery,
  entityPath,
  transactionPath,
  type ContractResultKey,
} from './paths';
