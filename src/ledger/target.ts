// What a command acts on: tree nodes, hover links and panels all pass these. Pure.
import { parseEntityIdWithChecksum } from './entityId';
import { entityIdToLongZero } from './evm';

/** The kinds of thing a command can act on. */
export type EntityKind = 'account' | 'contract' | 'token' | 'topic' | 'schedule' | 'transaction' | 'block';

export const ENTITY_KINDS: readonly EntityKind[] = [
  'account',
  'contract',
  'token',
  'topic',
  'schedule',
  'transaction',
  'block',
];

export interface EntityTarget {
  readonly kind: EntityKind;
  /** `0.0.x` for entities, the `-` form for transactions, the number or hash for blocks. */
  readonly id: string;
  readonly evmAddress?: string;
}

/** Something (a tree node, say) that stands for an entity. */
export interface HasTarget {
  readonly target: EntityTarget;
}

export function isEntityKind(value: unknown): value is EntityKind {
  return typeof value === 'string' && (ENTITY_KINDS as readonly string[]).includes(value);
}

/** An EntityTarget from untrusted input (a command argument, a webview message), or undefined. */
export function toEntityTarget(value: unknown): EntityTarget | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as { kind?: unknown; id?: unknown; evmAddress?: unknown };
  if (!isEntityKind(v.kind) || typeof v.id !== 'string' || v.id === '' || v.id.length > 200) return undefined;
  if (v.evmAddress !== undefined && typeof v.evmAddress !== 'string') return undefined;
  return v.evmAddress === undefined ? { kind: v.kind, id: v.id } : { kind: v.kind, id: v.id, evmAddress: v.evmAddress };
}

/** The kinds whose ids are `shard.realm.num` and so have a long-zero EVM address. */
const ENTITY_ID_KINDS: ReadonlySet<EntityKind> = new Set(['account', 'contract', 'token', 'topic', 'schedule']);

/**
 * The long-zero EVM address of an entity of any kind (account, contract, token, topic, schedule),
 * computed locally: `0.0.1234` → `0x00000000000000000000000000000000000004d2`. Undefined for
 * transactions and blocks, or an id that is not `shard.realm.num` (a checksum is ignored).
 */
export function longZeroAddressOf(target: Pick<EntityTarget, 'kind' | 'id'>): string | undefined {
  if (!ENTITY_ID_KINDS.has(target.kind)) return undefined;
  const parsed = parseEntityIdWithChecksum(target.id);
  return parsed ? entityIdToLongZero(parsed.id) : undefined;
}
