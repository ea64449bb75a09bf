// The REST module's ways with query parameters, as contractCallRoutes.ts needs them: `op:value`
// filters, `limit` and `order`, an unknown or malformed parameter refused in the module's words
// ("Invalid parameter: slot", "Unknown query parameter: nonce"), and the next-page link written as
// the module writes it (the last value after gt:/lt:, the other parameters kept).
import type { EvmWorld, WorldContract } from './evmWorld';
import type { QueryPair, RouteRequest } from './mirrorReplay';

export type Operator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';

export interface Filter {
  readonly op: Operator;
  readonly value: string;
}

/** A 400 of the REST module: its messages. */
export class QueryError extends Error {
  readonly messages: readonly string[];
  constructor(...messages: string[]) {
    super(messages.join('; '));
    this.messages = messages;
  }
}

const OPERATORS = new Set(['eq', 'ne', 'gt', 'gte', 'lt', 'lte']);

/** A request's query, checked against what one endpoint takes (`single`: the last value counts). */
export function parseQuery(pairs: readonly QueryPair[], accepted: Readonly<Record<string, 'single' | 'many'>>) {
  const problems: string[] = [];
  const values = (name: string): string[] => pairs.filter(p => p.name === name).map(p => p.value);
  const last = (name: string): string | undefined => values(name).at(-1);
  return {
    limit(byDefault: number): number {
      const v = last('limit');
      if (v === undefined) return byDefault;
      const n = /^\d{1,3}$/.test(v) ? Number(v) : NaN;
      if (!(n >= 1 && n <= 100)) {
        problems.push('Invalid parameter: limit');
        return byDefault;
      }
      return n;
    },
    order(byDefault: 'asc' | 'desc'): 'asc' | 'desc' {
      const v = last('order')?.toLowerCase();
      if (v === undefined) return byDefault;
      if (v !== 'asc' && v !== 'desc') {
        problems.push('Invalid parameter: order');
        return byDefault;
      }
      return v;
    },
    filters(name: string, ops: readonly Operator[], valid: (value: string) => boolean): Filter[] {
      const out: Filter[] = [];
      for (const raw of values(name)) {
        const colon = raw.indexOf(':');
        const op = colon > 0 && OPERATORS.has(raw.slice(0, colon)) ? raw.slice(0, colon) : 'eq';
        const value = colon > 0 && OPERATORS.has(raw.slice(0, colon)) ? raw.slice(colon + 1) : raw;
        if (op === 'ne' && name === 'timestamp')
          problems.push('Not equals (ne) operator is not supported for timestamp');
        else if (!(ops as readonly string[]).includes(op) || !valid(value)) problems.push(`Invalid parameter: ${name}`);
        else out.push({ op: op as Operator, value });
      }
      return out;
    },
    /** Throws the REST module's 400 for every problem met, and every parameter the endpoint does not take. */
    done(): void {
      for (const name of new Set(pairs.map(p => p.name))) {
        if (!(name in accepted)) problems.push(`Unknown query parameter: ${name}`);
      }
      if (problems.length > 0) throw new QueryError(...new Set(problems));
    },
  };
}

/** Nanoseconds since the epoch of `seconds[.nanos]`. */
export function nanosOf(timestamp: string): bigint {
  const [seconds, fraction = ''] = timestamp.split('.');
  return BigInt(seconds) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0').slice(0, 9) || '0');
}

const ENTITY = /^(?:(\d{1,10})\.(\d{1,10})\.)?(\d{1,10})$/;
const EVM = /^(?:\d{1,10}\.\d{1,10}\.)?(?:0x)?([0-9a-fA-F]{40})$/;

/**
 * The world's contract a path names (`0.0.1006`, `1006`, its EVM address with or without 0x);
 * undefined when the world has none there; a 400 when it is no id at all.
 */
export function contractOf(world: EvmWorld, idOrAddress: string): WorldContract | undefined {
  const entity = ENTITY.exec(idOrAddress);
  if (entity) {
    if ((entity[1] ?? '0') !== '0' || (entity[2] ?? '0') !== '0') return undefined;
    return world.contracts.find(c => c.id === `0.0.${BigInt(entity[3])}`);
  }
  const evm = EVM.exec(idOrAddress);
  if (evm) return world.contracts.find(c => c.evmAddress.toLowerCase() === `0x${evm[1].toLowerCase()}`);
  throw new QueryError('Invalid parameter: contractIdOrAddress');
}

/**
 * The next page's link as the REST module writes it: the request's path and parameters, the
 * paging field's bound in the direction of `order` replaced by one past `last` (gt: ascending,
 * lt: descending; `inclusive`: gte:/lte: with `index` bounding within that value, as the logs page).
 */
export function pageLink(
  req: RouteRequest,
  field: string,
  order: 'asc' | 'desc',
  last: string,
  logs?: { readonly index: string; readonly inclusive: true },
): string {
  const q = req.target.indexOf('?');
  const path = q === -1 ? req.target : req.target.slice(0, q);
  const raw =
    q === -1
      ? []
      : req.target
          .slice(q + 1)
          .split('&')
          .filter(p => p !== '');
  const direction = order === 'asc' ? /^(gt|gte):/ : /^(lt|lte):/;
  const kept = raw.filter(part => {
    const eq = part.indexOf('=');
    const name = decodeURIComponent(eq === -1 ? part : part.slice(0, eq)).toLowerCase();
    const value = decodeURIComponent(eq === -1 ? '' : part.slice(eq + 1));
    if (name === field) return !direction.test(value);
    return !(logs !== undefined && name === 'index');
  });
  const op = order === 'asc' ? (logs ? 'gte' : 'gt') : logs ? 'lte' : 'lt';
  kept.push(`${field}=${op}:${last}`);
  if (logs) kept.push(`index=${logs.index}`);
  return `${path}?${kept.join('&')}`;
}
