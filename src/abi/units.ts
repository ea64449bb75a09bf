// The units of the token amounts in decoded ERC-20 calls and events. A call or log addressed to an
// HTS token's long-zero address is that token speaking (HIP-218): its decimals and symbol come from
// the token's metadata (src/mirror/tokens.ts). Any other contract's amounts stay in raw units,
// labelled so: the decimals of an ERC-20 written in Solidity live in its storage, which the mirror
// node's REST answers do not carry. Pure: no vscode; the caller supplies the metadata lookup.
import { formatEntityId, longZeroToEntityId } from '../ledger/index';
import type { TokenLookup } from '../mirror/tokens';
import { hasTokenAmount, tokenArgument, type TokenUnits } from './format';
import type { CallAnswer, EventAnswer } from './types';

/** The units of the token at an address: known, `null` (raw units, labelled), per address. */
export type UnitsOf = (address: string | undefined) => TokenUnits | null;

/** Raw units for every address: what a caller without token metadata passes. */
export const RAW_UNITS: UnitsOf = () => null;

/** The token id (`0.0.x`) an address stands for when it is a long-zero address; else undefined. */
export function tokenIdOfAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const id = longZeroToEntityId(address);
  return id ? formatEntityId(id) : undefined;
}

/** Units from a token metadata answer: a fungible token with usable decimals; else null. */
export function unitsOfLookup(lookup: TokenLookup | undefined): TokenUnits | null {
  if (lookup?.status !== 'found') return null;
  const { decimals, symbol, type } = lookup.meta;
  if (decimals === undefined || type === 'NON_FUNGIBLE_UNIQUE') return null;
  return { decimals, symbol };
}

function callHasAmount(call: CallAnswer | undefined): boolean {
  return call?.kind === 'call' && call.candidates.some(c => hasTokenAmount(c.signature));
}

/** The tokens a token-service call names in its arguments (`transferToken(token, …)`). */
function namedTokens(call: CallAnswer | undefined): string[] {
  if (call?.kind !== 'call') return [];
  return call.candidates.flatMap(c => tokenArgument(c.signature, c.args) ?? []);
}

function eventHasAmount(event: EventAnswer): boolean {
  return event.kind === 'event' && event.candidates.some(c => hasTokenAmount(c.signature));
}

/**
 * The addresses (lowercase) whose token units a decoded result needs: the called contract when the
 * call is an ERC-20 one with an amount, the token a token-service call names, and the emitter of
 * each ERC-20 event. Only long-zero ones: no other address can be an HTS token.
 */
export function unitAddresses(decoded: {
  readonly target?: string;
  readonly call?: CallAnswer;
  readonly events: readonly EventAnswer[];
  readonly emitters: readonly (string | undefined)[];
}): string[] {
  const out = new Set<string>();
  if (decoded.target && callHasAmount(decoded.call)) out.add(decoded.target.toLowerCase());
  for (const token of namedTokens(decoded.call)) out.add(token.toLowerCase());
  decoded.events.forEach((e, i) => {
    const emitter = decoded.emitters[i];
    if (emitter && eventHasAmount(e)) out.add(emitter.toLowerCase());
  });
  return [...out].filter(a => tokenIdOfAddress(a) !== undefined);
}

/**
 * Asks the metadata of the token behind each address (in parallel; `ask` is expected to coalesce
 * and remember) and answers their units; any address not asked, or whose answer is not a usable
 * fungible token, gets raw units. `ask` failing counts as unknown.
 */
export async function resolveUnits(
  addresses: readonly string[],
  ask: (tokenId: string) => Promise<TokenLookup | undefined>,
): Promise<UnitsOf> {
  const known = new Map<string, TokenUnits | null>();
  await Promise.all(
    addresses.map(async address => {
      const tokenId = tokenIdOfAddress(address);
      if (!tokenId) return;
      const lookup = await ask(tokenId).catch(() => undefined);
      known.set(address.toLowerCase(), unitsOfLookup(lookup));
    }),
  );
  return address => (address ? (known.get(address.toLowerCase()) ?? null) : null);
}

/** Units from what is already known (never a request): `peek` answers undefined when not yet known. */
export function peekUnits(peek: (tokenId: string) => TokenLookup | undefined): UnitsOf {
  return address => {
    const tokenId = tokenIdOfAddress(address);
    return tokenId ? unitsOfLookup(peek(tokenId)) : null;
  };
}

/** Whether an address is a fungible HTS token with known units: decoded as the built-in ERC-20. */
export function fungibleTokens(units: UnitsOf): (address: string) => boolean {
  return address => units(address) !== null;
}
