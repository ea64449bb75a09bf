// Every account form the account lookup accepts (the seed's idOrAliasOrEvmAddress pattern), parsed
// into one tagged union so callers can show, compare and send them without re-parsing text.
import { type EntityId, entityId, formatEntityId } from './entityId';
import { longZeroToEntityId } from './evm';

export type AccountRef =
  | {
      readonly kind: 'id';
      readonly id: EntityId;
      /** HIP-15 checksum as typed, unchecked. */ readonly checksum?: string;
    }
  | {
      readonly kind: 'evm';
      /** 40 lowercase hex digits, no `0x`. */
      readonly address: string;
      readonly shard?: bigint;
      readonly realm?: bigint;
    }
  | { readonly kind: 'alias'; readonly alias: string; readonly shard?: bigint; readonly realm?: bigint };

export const ACCOUNT_FORMS_HELP =
  'Enter an account id (0.0.1234, 0.1234 or 1234, optionally with a checksum such as 0.0.123-vfmkw), ' +
  'an EVM address (40 hex digits, optionally with 0x and a shard.realm. prefix), ' +
  'or a base32 account alias (optionally with a shard.realm. prefix).';

// The seed's pattern, split so each form is told apart: up to two numeric prefixes, then the body.
const PREFIXES = /^((?:\d{1,10}\.){0,2})(.*)$/s;
const NUM = /^\d{1,10}$/;
const EVM_BODY = /^(?:0x)?([0-9a-fA-F]{40})$/;
const ALIAS_BODY = /^(?:[A-Z2-7]{8})*(?:[A-Z2-7]{2}|[A-Z2-7]{4,5}|[A-Z2-7]{7,8})$/;
const ID_WITH_CHECKSUM = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})-([a-z]{5})$/;

/**
 * Parses one account reference. A bare number (`1234`) or `realm.num` (`0.1234`) is an id with the
 * missing shard/realm taken as 0, as the mirror node does. An EVM address with a prefix is refused
 * when the address itself encodes a different shard.realm (the mirror node answers 400 to
 * `9.2.0000000000000000000000000000000000000013`). The text must be exactly the reference.
 */
export function parseAccountRef(text: string): AccountRef | undefined {
  const withChecksum = ID_WITH_CHECKSUM.exec(text);
  if (withChecksum) {
    return {
      kind: 'id',
      id: entityId(BigInt(withChecksum[1]), BigInt(withChecksum[2]), BigInt(withChecksum[3])),
      checksum: withChecksum[4],
    };
  }

  const m = PREFIXES.exec(text);
  if (!m) return undefined;
  const prefixes = m[1]
    .split('.')
    .filter(p => p !== '')
    .map(p => BigInt(p));
  const body = m[2];
  // With one prefix it is the realm; with two, shard then realm.
  const shard = prefixes.length === 2 ? prefixes[0] : undefined;
  const realm = prefixes.length >= 1 ? prefixes[prefixes.length - 1] : undefined;

  // Order matters where forms overlap: digits are a number before an alias ("22222222" is both),
  // and 40 hex characters are an address before an alias, as the mirror node decides.
  if (NUM.test(body)) return { kind: 'id', id: entityId(shard ?? 0n, realm ?? 0n, BigInt(body)) };

  const evm = EVM_BODY.exec(body);
  if (evm) {
    const address = evm[1].toLowerCase();
    const encoded = longZeroToEntityId(address);
    if (
      encoded &&
      ((shard !== undefined && shard !== encoded.shard) || (realm !== undefined && realm !== encoded.realm))
    ) {
      return undefined;
    }
    return withPrefixes({ kind: 'evm' as const, address }, shard, realm);
  }

  if (ALIAS_BODY.test(body)) return withPrefixes({ kind: 'alias' as const, alias: body }, shard, realm);
  return undefined;
}

function withPrefixes<T extends object>(ref: T, shard: bigint | undefined, realm: bigint | undefined) {
  return {
    ...ref,
    ...(shard !== undefined ? { shard } : {}),
    ...(realm !== undefined ? { realm } : {}),
  };
}

/**
 * The path segment for `/api/v1/accounts/{idOrAliasOrEvmAddress}`: the canonical id (no checksum),
 * `0x` + address, or the prefixed address/alias. A prefixed address goes without `0x`, the only
 * prefixed form the mirror node parses.
 */
export function accountRefToPath(ref: AccountRef): string {
  switch (ref.kind) {
    case 'id':
      return formatEntityId(ref.id);
    case 'evm':
      return ref.shard === undefined && ref.realm === undefined ? `0x${ref.address}` : `${prefixOf(ref)}${ref.address}`;
    case 'alias':
      return `${prefixOf(ref)}${ref.alias}`;
  }
}

function prefixOf(ref: { shard?: bigint; realm?: bigint }): string {
  return `${ref.shard !== undefined ? `${ref.shard}.` : ''}${ref.realm !== undefined ? `${ref.realm}.` : ''}`;
}

/** A short human form: the id, `0x` + address, or the alias, with any prefix. */
export function formatAccountRef(ref: AccountRef): string {
  return ref.kind === 'evm' && (ref.shard !== undefined || ref.realm !== undefined)
    ? `${prefixOf(ref)}0x${ref.address}`
    : accountRefToPath(ref);
}
