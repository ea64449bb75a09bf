// What a command acts on: tree nodes, hover links and panels all pass these. Pure.

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
