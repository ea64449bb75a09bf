// Entity ids (`shard.realm.num`) and their HIP-15 checksums. The parts stay bigint: a num may
// have 10 digits, and callers compare and encode ids without caring about Number's range.
import { NETWORK_INFO, type Network } from './networks';

export interface EntityId {
  readonly shard: bigint;
  readonly realm: bigint;
  readonly num: bigint;
}

/** The largest value one part of an id may take (the mirror node's 1–10 digit rule). */
export const MAX_ENTITY_PART = 9_999_999_999n;

const PART = '(\\d{1,10})';
const ENTITY_ID = new RegExp(`^${PART}\\.${PART}\\.${PART}(?:-([a-z]{5}))?$`);

export function entityId(shard: bigint, realm: bigint, num: bigint): EntityId {
  return { shard, realm, num };
}

/**
 * Parses `shard.realm.num`, each part 1–10 digits, optionally followed by a HIP-15 checksum
 * (`0.0.123-vfmkw`). The checksum is dropped WITHOUT being checked (no network is known here):
 * when it matters, use {@link parseEntityIdWithChecksum} and {@link verifyChecksum}.
 * The text must be exactly the id: trim user input first.
 */
export function parseEntityId(text: string): EntityId | undefined {
  return parseEntityIdWithChecksum(text)?.id;
}

/** Like {@link parseEntityId}, and returns the checksum suffix (without the dash) when present. */
export function parseEntityIdWithChecksum(text: string): { id: EntityId; checksum?: string } | undefined {
  const m = ENTITY_ID.exec(text);
  if (!m) return undefined;
  const id = entityId(BigInt(m[1]), BigInt(m[2]), BigInt(m[3]));
  return m[4] === undefined ? { id } : { id, checksum: m[4] };
}

/** The canonical `shard.realm.num` (no leading zeros, no checksum). */
export function formatEntityId(id: EntityId): string {
  return `${id.shard}.${id.realm}.${id.num}`;
}

/** The ledger id byte of a network's ledger (the table's `ledgerId`); throws for a network without one. */
function ledgerIdByte(network: Network): number {
  const id = NETWORK_INFO[network].ledgerId;
  if (id === undefined) throw new RangeError(`${network} has no ledger id: its ids carry no checksum`);
  return id;
}

// HIP-15 constants: the checksum is five base-26 letters, so everything is reduced modulo 26^5.
const P3 = 26 ** 3;
const P5 = 26 ** 5;
const WEIGHT = 31;
const MULTIPLIER = 1_000_003;

/**
 * The HIP-15 checksum of an id on a network's ledger: five lowercase letters, computed over the
 * canonical text of the id and the ledger id. All intermediate values stay far below 2^53. Only for
 * a network with a ledger (`ledgerOf`): a RangeError for one without (`local`).
 */
export function entityChecksum(id: EntityId, network: Network): string {
  const digits = [...formatEntityId(id)].map(ch => (ch === '.' ? 10 : ch.charCodeAt(0) - 48));
  // The ledger id followed by six zero bytes, as the HIP specifies.
  const ledgerBytes = [ledgerIdByte(network), 0, 0, 0, 0, 0, 0];

  let sumEven = 0;
  let sumOdd = 0;
  let digitHash = 0;
  digits.forEach((d, i) => {
    if (i % 2 === 0) sumEven = (sumEven + d) % 11;
    else sumOdd = (sumOdd + d) % 11;
    digitHash = (WEIGHT * digitHash + d) % P3;
  });
  let ledgerHash = 0;
  for (const b of ledgerBytes) ledgerHash = (WEIGHT * ledgerHash + b) % P5;

  const combined = ((((digits.length % 5) * 11 + sumEven) * 11 + sumOdd) * P3 + digitHash + ledgerHash) % P5;
  let value = (combined * MULTIPLIER) % P5;

  const letters: string[] = [];
  for (let i = 0; i < 5; i++) {
    letters.push(String.fromCharCode(97 + (value % 26)));
    value = Math.floor(value / 26);
  }
  return letters.reverse().join('');
}

/** True when `checksum` (with or without its leading dash) is the id's checksum on that ledger. */
export function verifyChecksum(id: EntityId, checksum: string, network: Network): boolean {
  const bare = checksum.startsWith('-') ? checksum.slice(1) : checksum;
  return bare === entityChecksum(id, network);
}

/** `0.0.123-vfmkw`: the id with its checksum for the ledger. */
export function formatEntityIdWithChecksum(id: EntityId, network: Network): string {
  return `${formatEntityId(id)}-${entityChecksum(id, network)}`;
}
