// Token amounts and NFTs as the views show them, from what the TokenMetadata service knows (or not
// yet): `1,500.25 USDC` once the decimals are known, the raw integer until then or when the token
// cannot be had (404, unusable decimals), always with the reason; `Token name #serial` for NFTs;
// an NFT's base64 metadata as text, a URL shown (never fetched), binary as hex. Plain text only:
// Markdown is made by the features. Pure (no vscode).
import { base64ToBytes } from '../ledger/encoding';
import type { TokenLookup } from '../mirror/tokens';
import { formatTokenAmount, rawAmount } from './amounts';
import { cut, plainText } from './text';

export interface TokenAmountText {
  /** What the row shows: `1,500.25 USDC`, or the raw grouped integer. */
  readonly text: string;
  /** The raw integer, grouped (tooltip). */
  readonly raw: string;
  /** The raw integer exactly, ungrouped (what Copy puts on the clipboard). */
  readonly copy: string;
  /** True when `text` is in units (decimals applied). */
  readonly inUnits: boolean;
  /** Why the amount is raw, when it is: `token not found`, `decimals "-1" unusable`, `loading…`. */
  readonly note?: string | undefined;
  /** The token's symbol and name, made safe, when known. */
  readonly symbol?: string | undefined;
  readonly name?: string | undefined;
  readonly decimals?: number | undefined;
}

/**
 * A token amount in its units when the metadata is known and usable; otherwise the raw integer
 * with the reason. `lookup` undefined means "not known yet".
 */
export function tokenAmountText(
  amount: bigint,
  lookup: TokenLookup | undefined,
  opts: { readonly signed?: boolean } = {},
): TokenAmountText {
  // A hot path (1,000 rows): one class, the raw grouped text made only when read (tooltip, copy).
  const signed = opts.signed === true && amount > 0n;
  if (lookup === undefined) return new AmountText(amount, signed, undefined, 'loading…');
  if (lookup.status === 'not-found')
    return new AmountText(amount, signed, undefined, 'token not found on this network');
  if (lookup.status === 'failed') {
    const why = lookup.error instanceof Error ? lookup.error.message : 'failed';
    return new AmountText(amount, signed, undefined, `token details unavailable: ${plainText(why, 120)}`);
  }
  const meta = lookup.meta;
  const units =
    meta.decimals === undefined
      ? undefined
      : formatTokenAmount(amount, meta.decimals, signed ? { symbol: meta.symbol, signed } : { symbol: meta.symbol });
  const note =
    units === undefined
      ? `decimals ${meta.rawDecimals === undefined ? 'missing' : `"${meta.rawDecimals}"`} unusable; raw amount`
      : undefined;
  return new AmountText(amount, signed, units, note, meta.symbol || undefined, meta.name || undefined, meta.decimals);
}

class AmountText implements TokenAmountText {
  private grouped: string | undefined;
  constructor(
    private readonly amount: bigint,
    private readonly signed: boolean,
    private readonly units: string | undefined,
    readonly note: string | undefined,
    readonly symbol?: string,
    readonly name?: string,
    private readonly knownDecimals?: number,
  ) {}
  get text(): string {
    return this.units ?? (this.signed ? `+${this.raw}` : this.raw);
  }
  get raw(): string {
    return (this.grouped ??= rawAmount(this.amount));
  }
  get copy(): string {
    return this.amount.toString();
  }
  get inUnits(): boolean {
    return this.units !== undefined;
  }
  get decimals(): number | undefined {
    return this.units === undefined ? undefined : this.knownDecimals;
  }
}

/** `Lens NFT #12` (the token's name when known, else its id), for NFT rows and NFT transfers. */
export function nftLabel(tokenId: string, serial: bigint, lookup: TokenLookup | undefined): string {
  const name = lookup?.status === 'found' && lookup.meta.name ? lookup.meta.name : plainText(tokenId, 40);
  return `${name} #${serial.toString()}`;
}

// ---------------------------------------------------------------------------------------------
// NFT metadata

export type NftMetadataView =
  | { readonly kind: 'none' }
  /** A link (`ipfs://`, `https://`, `ar://`...): shown as text, never fetched. */
  | { readonly kind: 'url'; readonly text: string; readonly full: string }
  | { readonly kind: 'text'; readonly text: string; readonly full: string }
  /** Bytes that are not UTF-8 text: hex, cut. */
  | { readonly kind: 'binary'; readonly text: string; readonly full: string; readonly bytes: number }
  /** Not base64 at all: the value as sent, made safe. */
  | { readonly kind: 'invalid'; readonly text: string; readonly full: string };

const URL_LIKE = /^[a-z][a-z0-9+.-]{1,15}:\/\/\S+$/i;
const MAX_SHOWN = 200;
const MAX_FULL = 10_000;

/**
 * An NFT's `metadata` (base64 of the bytes the minter set) as something to read: UTF-8 text or a
 * URL as text (invisibles shown, one line, cut to `max`), otherwise hex. `full` is the whole value
 * (bounded) for the tooltip and copy.
 */
export function decodeNftMetadata(metadata: string | null | undefined, max = MAX_SHOWN): NftMetadataView {
  if (!metadata) return { kind: 'none' };
  const bytes = base64ToBytes(metadata);
  if (!bytes) return { kind: 'invalid', text: plainText(metadata, max), full: plainText(metadata, MAX_FULL) };
  if (bytes.length === 0) return { kind: 'none' };
  let text: string | undefined;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = undefined;
  }
  // Text with C0 controls other than tab/newline is binary wearing a UTF-8 coat.
  // eslint-disable-next-line no-control-regex
  if (text !== undefined && !/[\u0000-\u0008\u000e-\u001f]/.test(text)) {
    const trimmed = text.trim();
    const kind = URL_LIKE.test(trimmed) ? 'url' : 'text';
    return { kind, text: plainText(trimmed, max), full: plainText(trimmed, MAX_FULL) };
  }
  let hex = '0x';
  const limit = Math.min(bytes.length, MAX_FULL / 2);
  for (let i = 0; i < limit; i++) hex += bytes[i].toString(16).padStart(2, '0');
  return { kind: 'binary', text: cut(hex, max), full: limit < bytes.length ? `${hex}…` : hex, bytes: bytes.length };
}
