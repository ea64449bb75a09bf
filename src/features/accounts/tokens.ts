// The Tokens and NFTs sections of an account: token balances in their units (`1,500.25 USDC`, the
// token id beside it, the raw amount in the tooltip and on copy), shown a page at a time so an
// account with 1,000 balances asks the metadata of the rows shown only (the first rows first); the
// account's NFTs as `Token name #serial` with the metadata decoded from base64 as text (a URL is
// shown, never fetched), paged with Load more. Pure (no vscode).
import type { EntityTarget, HasTarget } from '../../ledger';
import type { Nft, TokenLookup } from '../../mirror';
import { plainText as plain } from '../../present';
import { decodeNftMetadata, nftLabel, tokenAmountText, type NftMetadataView } from '../../present/tokens';
import { codeSpan, escapeMarkdown } from '../common/markdown';
import { LoadMoreNode, type ItemData, type TreeNode } from '../common/nodes';
import type { SectionNode } from './nodes';

/** Token rows shown before "Load more" (and added by each Load more). */
export const TOKEN_PAGE = 50;
/** The first rows of a page, asked before the rest of it (what fits a sidebar). */
export const TOKEN_FIRST_ROWS = 25;

/** Reads what the token metadata service already knows (no request). */
export type TokenPeek = (tokenId: string) => TokenLookup | undefined;

export class TokenNode implements TreeNode, HasTarget {
  readonly kind = 'token';
  readonly target: EntityTarget;
  constructor(
    readonly parent: SectionNode,
    readonly tokenId: string,
    readonly balance: bigint,
    private readonly index: number,
    private readonly peek: TokenPeek,
  ) {
    this.target = { kind: 'token', id: tokenId };
  }

  get id(): string {
    return `account/${this.parent.parent.key}/tokens/${this.index}`;
  }

  /** What "Copy value" copies: the raw integer amount. */
  get copyText(): string {
    return this.balance.toString();
  }

  /** For the "Copied …" message. */
  get row(): { readonly label: string } {
    return { label: `balance of ${this.tokenId}` };
  }

  item(): ItemData {
    const t = tokenAmountText(this.balance, this.peek(this.tokenId));
    const id = plain(this.tokenId, 40);
    return {
      id: this.id,
      label: t.text,
      description: t.note === undefined ? id : `${id} · ${t.note}`,
      icon: 'symbol-constant',
      contextValue: 'token',
      collapsible: 'none',
    };
  }

  tooltip(): string {
    const lookup = this.peek(this.tokenId);
    const t = tokenAmountText(this.balance, lookup);
    const lines = [
      `**${escapeMarkdown(t.text)}**${t.name ? ` · ${escapeMarkdown(t.name)}` : ''}`,
      '',
      `- Token: ${codeSpan(this.tokenId)}`,
      `- Raw amount: ${codeSpan(t.raw)} (the token's smallest unit)`,
      ...(t.decimals !== undefined ? [`- Decimals: ${t.decimals}`] : []),
      ...(t.note ? [`- ${escapeMarkdown(t.note)}`] : []),
      ...(lookup?.status === 'found' && lookup.meta.type ? [`- Type: ${escapeMarkdown(lookup.meta.type)}`] : []),
    ];
    return lines.join('\n');
  }
}

/** The Tokens section's rows: `shown` of them, then Load more while there are others. */
export function tokenRows(
  section: SectionNode,
  tokens: readonly { readonly token_id: string | null; readonly balance: bigint }[],
  shown: number,
  peek: TokenPeek,
): { rows: TokenNode[]; more: LoadMoreNode<SectionNode> | undefined } {
  const rows: TokenNode[] = [];
  const n = Math.min(shown, tokens.length);
  for (let i = 0; i < n; i++) rows.push(new TokenNode(section, tokens[i].token_id ?? '', tokens[i].balance, i, peek));
  const more =
    n < tokens.length
      ? new LoadMoreNode<SectionNode>(
          section,
          `${section.id}/loadMore`,
          'ledgerLens.loadMore',
          () => ({ loading: false, loaded: n }),
          'token balances (their units are asked as they are shown)',
        )
      : undefined;
  return { rows, more };
}

/**
 * The most base64 characters of one NFT's metadata that are decoded (12 KiB of bytes, more than the
 * tooltip's 10,000 characters show). The ledger keeps 100 bytes; a hostile mirror node may send
 * megabytes, which cost ~85 ms per MB to decode.
 */
export const NFT_METADATA_DECODED_CHARS = 16_384;

export type NftMetadataDecoder = (metadata: string | null | undefined) => NftMetadataView;

/**
 * Each NFT's metadata decoded once, for as long as its row (an object of a loaded page) lives: the
 * tree asks for a row's item and tooltip on every render, and rebuilds its nodes on each refresh.
 */
export class NftMetadataViews {
  private readonly views = new WeakMap<Nft, NftMetadataView>();
  constructor(private readonly decode: NftMetadataDecoder = decodeNftMetadata) {}

  of(nft: Nft): NftMetadataView {
    let view = this.views.get(nft);
    if (view === undefined) {
      view = boundedView(nft.metadata, this.decode);
      this.views.set(nft, view);
    }
    return view;
  }
}

const sharedViews = new NftMetadataViews();

/**
 * `metadata` decoded, or for an oversized value its first NFT_METADATA_DECODED_CHARS characters,
 * marked as cut (`…`), with the byte count of the whole value for binary.
 */
function boundedView(metadata: string | null | undefined, decode: NftMetadataDecoder): NftMetadataView {
  if (!metadata || metadata.length <= NFT_METADATA_DECODED_CHARS) return decode(metadata);
  // The cut may fall inside a UTF-8 character, which would read as binary: the prefix is tried
  // ending 0, 1, 2 and 3 bytes earlier (base64 lengths 4k, 4k-1, 4k-2, 4k-4), so text stays text.
  const cut = NFT_METADATA_DECODED_CHARS - (NFT_METADATA_DECODED_CHARS % 4);
  let view: NftMetadataView | undefined;
  for (const length of [cut, cut - 1, cut - 2, cut - 4]) {
    const tried = decode(metadata.slice(0, length));
    view ??= tried;
    if (tried.kind !== 'binary') {
      view = tried;
      break;
    }
  }
  if (view === undefined || view.kind === 'none') return { kind: 'none' };
  const more = (text: string) => (text.endsWith('…') ? text : `${text}…`);
  if (view.kind === 'binary') {
    // Padding checked at the end only: a regex over megabytes is the cost this avoids.
    const padding = metadata.endsWith('==') ? 2 : metadata.endsWith('=') ? 1 : 0;
    return { ...view, full: more(view.full), bytes: Math.floor(((metadata.length - padding) * 3) / 4) };
  }
  return { ...view, text: more(view.text), full: more(view.full) };
}

export class NftNode implements TreeNode, HasTarget {
  readonly kind = 'nft';
  readonly target: EntityTarget;
  constructor(
    readonly parent: SectionNode,
    readonly nft: Nft,
    private readonly index: number,
    private readonly peek: TokenPeek,
    private readonly metadataViews: NftMetadataViews = sharedViews,
  ) {
    this.target = { kind: 'token', id: nft.token_id ?? '' };
  }

  get id(): string {
    return `account/${this.parent.parent.key}/nfts/${this.index}`;
  }

  get copyText(): string {
    return `${this.nft.token_id ?? ''}/${this.nft.serial_number}`;
  }

  get row(): { readonly label: string } {
    return { label: `NFT ${this.copyText}` };
  }

  item(): ItemData {
    const meta = this.metadataViews.of(this.nft);
    return {
      id: this.id,
      label: nftLabel(this.nft.token_id ?? '', this.nft.serial_number, this.peek(this.nft.token_id ?? '')),
      description: meta.kind === 'none' ? 'no metadata' : meta.text,
      icon: this.nft.deleted ? 'trash' : 'file-media',
      contextValue: 'nft',
      collapsible: 'none',
    };
  }

  tooltip(): string {
    const id = this.nft.token_id ?? '';
    const meta = this.metadataViews.of(this.nft);
    const what =
      meta.kind === 'url'
        ? 'Metadata (a link, shown, not opened)'
        : meta.kind === 'binary'
          ? `Metadata (${meta.bytes} bytes, not text)`
          : meta.kind === 'invalid'
            ? 'Metadata (not base64, as sent)'
            : 'Metadata';
    return [
      `**${escapeMarkdown(nftLabel(id, this.nft.serial_number, this.peek(id)))}**`,
      '',
      `- Token: ${codeSpan(id)}, serial ${codeSpan(this.nft.serial_number.toString())}`,
      `- ${what}: ${meta.kind === 'none' ? 'none' : codeSpan(meta.full)}`,
      ...(this.nft.deleted ? ['- **Deleted**'] : []),
    ].join('\n');
  }
}
