// EVM addresses and the "long-zero" form that encodes an entity id in the address itself.
import { type EntityId, MAX_ENTITY_PART } from './entityId';

const EVM_ADDRESS = /^(?:0x)?[0-9a-fA-F]{40}$/;
const MAX_SHARD_IN_ADDRESS = 0xffff_ffffn; // 4 bytes

/** 40 hex digits with an optional `0x` (either case of the digits), as the mirror node accepts. */
export function isEvmAddress(text: string): boolean {
  return EVM_ADDRESS.test(text);
}

/** `0x` + 40 lowercase hex digits, or undefined when the text is not an EVM address. */
export function normalizeEvmAddress(text: string): string | undefined {
  if (!EVM_ADDRESS.test(text)) return undefined;
  return `0x${(text.startsWith('0x') ? text.slice(2) : text).toLowerCase()}`;
}

/**
 * Decodes an address as shard (4 bytes), realm (8 bytes) and num (8 bytes), big-endian, and returns
 * the id only when every part is within the id range (1–10 digits). Addresses derived from keys or
 * CREATE2 essentially never qualify (their realm and num would both have to be below 10^10), so
 * this tells entity-number addresses from real EVM addresses. On Hedera's networks shard and realm
 * are 0, so in practice these are the addresses with twelve leading zero bytes.
 */
export function longZeroToEntityId(address: string): EntityId | undefined {
  const normalized = normalizeEvmAddress(address);
  if (!normalized) return undefined;
  const hex = normalized.slice(2);
  const shard = BigInt(`0x${hex.slice(0, 8)}`);
  const realm = BigInt(`0x${hex.slice(8, 24)}`);
  const num = BigInt(`0x${hex.slice(24, 40)}`);
  if (shard > MAX_ENTITY_PART || realm > MAX_ENTITY_PART || num > MAX_ENTITY_PART) return undefined;
  return { shard, realm, num };
}

/**
 * The long-zero address of an id: `0x` + shard (4 bytes) + realm (8 bytes) + num (8 bytes).
 * Throws a RangeError for a part that does not fit its field (a shard above 2^32 − 1, negative parts).
 */
export function entityIdToLongZero(id: EntityId): string {
  if (id.shard < 0n || id.shard > MAX_SHARD_IN_ADDRESS)
    throw new RangeError(`shard ${id.shard} does not fit in 4 bytes`);
  if (id.realm < 0n || id.realm >= 1n << 64n) throw new RangeError(`realm ${id.realm} does not fit in 8 bytes`);
  if (id.num < 0n || id.num >= 1n << 64n) throw new RangeError(`num ${id.num} does not fit in 8 bytes`);
  return `0x${hexField(id.shard, 8)}${hexField(id.realm, 16)}${hexField(id.num, 16)}`;
}

function hexField(value: bigint, width: number): string {
  return value.toString(16).padStart(width, '0');
}
