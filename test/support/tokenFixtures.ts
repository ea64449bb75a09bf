// Fixtures for tokens, NFTs and dollars, built with the typed builders and kept apart
// from the recorded fixtures: an account holding 1,000 token balances whose tokens have metadata
// (decimals 0, 2, 6, 8, 18, 30; one deleted token answering 404; one with a hostile symbol; one
// with decimals the server should never send), its NFTs with base64 metadata (ipfs://, https://,
// text, binary) on two pages, exchange-rate answers for several rate periods (one with
// hbar_equivalent 0), and transactions with token and NFT transfers in two different rate periods.
// Everything is a record for MirrorReplay.addRecords (in-process or through the e2e control).
import {
  aToken,
  aTokenBalance,
  aTransaction,
  aTransactionsBody,
  anAccount,
  anErrorBody,
  base64,
  JsonDoc,
  recordFor,
  toJsonText,
  type JsonIn,
} from './builders';
import type { ExtraRecord } from './mirrorReplay';
import { toMeta, type TokenMeta } from '../../src/mirror';
import { TokenInfoSchema } from '../../src/mirror/schemas';
import type { Money } from '../../src/features/transactions/money';

/** The account that holds everything below. */
export const TOKEN_ACCOUNT = '0.0.4242';
/** How many token balances it has (the mirror node's cap on one account answer). */
export const TOKEN_COUNT = 1000;
/** Token ids 0.0.600000 … 0.0.600999, in the order the account lists them. */
export const FIRST_TOKEN_NUM = 600_000;

export function tokenIdAt(i: number): string {
  return `0.0.${FIRST_TOKEN_NUM + i}`;
}

/** The special tokens, by their place in the list (the first rows a view shows). */
export const SPECIAL = {
  /** USD Coin, 6 decimals, balance 1,500,250,000 → `1,500.25 USDC`. */
  usdc: 0,
  /** Deleted: GET /tokens/{id} answers 404. */
  gone: 1,
  /** A symbol holding HTML, bidi controls and 10 KB. */
  hostile: 2,
  /** 30 decimals: every digit kept. */
  wide: 3,
  /** Decimals "-1": unusable, the raw amount shown. */
  badDecimals: 4,
  /** 0 decimals: whole units. */
  whole: 5,
  /** 18 decimals (EVM-style). */
  evm: 6,
  /** 8 decimals. */
  eight: 7,
} as const;

export const HOSTILE_SYMBOL = '<img src=x onerror=alert(1)>\u202Egnp.exe\u202C' + 'X'.repeat(10_240);

const DECIMALS_CYCLE = ['0', '2', '6', '8', '18', '30'] as const;

export interface TokenSpec {
  readonly id: string;
  readonly balance: bigint;
  readonly decimals: string;
  readonly symbol: string;
  readonly name: string;
  readonly type: 'FUNGIBLE_COMMON' | 'NON_FUNGIBLE_UNIQUE';
  /** The status GET /tokens/{id} answers (404 for the deleted one). */
  readonly status: number;
  /** How the Tokens row should read once metadata is in (`undefined`: raw). */
  readonly shown: string;
}

/** The 1,000 tokens, with what each row should show. */
export function tokenSpecs(): TokenSpec[] {
  const specs: TokenSpec[] = [];
  for (let i = 0; i < TOKEN_COUNT; i++) {
    const decimals = DECIMALS_CYCLE[i % DECIMALS_CYCLE.length];
    const balance = BigInt(i + 1) * 10n ** BigInt(Math.min(Number(decimals), 12)) + BigInt(i);
    specs.push({
      id: tokenIdAt(i),
      balance,
      decimals,
      symbol: `T${i}`,
      name: `Token ${i}`,
      type: 'FUNGIBLE_COMMON',
      status: 200,
      shown: '',
    });
  }
  const set = (i: number, s: Partial<TokenSpec>) => (specs[i] = { ...specs[i], ...s });
  set(SPECIAL.usdc, {
    balance: 1_500_250_000n,
    decimals: '6',
    symbol: 'USDC',
    name: 'USD Coin',
    shown: '1,500.25 USDC',
  });
  set(SPECIAL.gone, { balance: 42n, status: 404, shown: '42' });
  set(SPECIAL.hostile, { balance: 7n, decimals: '0', symbol: HOSTILE_SYMBOL, name: 'Hostile <b>name</b>' });
  set(SPECIAL.wide, {
    balance: 1_234_567_890_123_456_789n, // balances are int64: 30 decimals puts every digit after the point
    decimals: '30',
    symbol: 'WIDE',
    name: 'Thirty decimals',
    shown: '0.000000000001234567890123456789 WIDE',
  });
  set(SPECIAL.badDecimals, { balance: 1234n, decimals: '-1', symbol: 'BAD', name: 'Bad decimals', shown: '1,234' });
  set(SPECIAL.whole, {
    balance: 1_000_000n,
    decimals: '0',
    symbol: 'WHOLE',
    name: 'Whole units',
    shown: '1,000,000 WHOLE',
  });
  set(SPECIAL.evm, {
    balance: 2_500_000_000_000_000_000n,
    decimals: '18',
    symbol: 'WETH',
    name: 'Wrapped ether',
    shown: '2.5 WETH',
  });
  set(SPECIAL.eight, { balance: 150_000_000n, decimals: '8', symbol: 'LENS', name: 'Lens Token', shown: '1.5 LENS' });
  return specs;
}

/** The body of GET /tokens/{id} for one spec (or the 404 body). */
export function tokenRecord(spec: TokenSpec): ExtraRecord {
  const url = `/api/v1/tokens/${spec.id}`;
  if (spec.status === 404) return recordFor(url, anErrorBody('Not found'), 404);
  return recordFor(
    url,
    aToken({
      token_id: spec.id,
      decimals: spec.decimals,
      symbol: spec.symbol,
      name: spec.name,
      type: spec.type,
      total_supply: (spec.balance * 10n).toString(),
      treasury_account_id: TOKEN_ACCOUNT,
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Exchange rates: hourly periods, each at its own rate

/** Period starts (on the hour) of the two transactions below, and their rates in cents per ℏ. */
export const PERIOD_A = 1_699_999_200n; // 2023-11-14 22:00:00 UTC
export const PERIOD_B = 1_700_082_000n; // 2023-11-15 21:00:00 UTC
/** 12 ¢ per ℏ in period A, 6 ¢ per ℏ in period B, 50 ¢ "now". */
export const RATES = {
  a: { cent_equivalent: 12n, hbar_equivalent: 1n },
  b: { cent_equivalent: 30n, hbar_equivalent: 5n },
  now: { cent_equivalent: 50n, hbar_equivalent: 1n },
} as const;

function rateBody(
  current: { cent_equivalent: bigint; hbar_equivalent: bigint },
  periodStart: bigint,
  at: string,
  next = current,
): JsonDoc {
  const r = (c: { cent_equivalent: bigint; hbar_equivalent: bigint }, exp: bigint): JsonIn => ({
    cent_equivalent: c.cent_equivalent,
    expiration_time: exp,
    hbar_equivalent: c.hbar_equivalent,
  });
  return new JsonDoc(
    toJsonText({
      current_rate: r(current, periodStart + 3600n),
      next_rate: r(next, periodStart + 7200n),
      timestamp: at,
    }),
  );
}

/** GET /network/exchangerate?timestamp=<t> for a timestamp in period A or B. */
export function rateRecordAt(timestamp: string): ExtraRecord {
  const seconds = BigInt(timestamp.split('.')[0]);
  const inB = seconds >= PERIOD_B;
  return recordFor(
    `/api/v1/network/exchangerate?timestamp=${timestamp}`,
    rateBody(inB ? RATES.b : RATES.a, inB ? PERIOD_B : PERIOD_A, `${inB ? PERIOD_B : PERIOD_A}.000000000`),
  );
}

/** GET /network/exchangerate (now): 50 ¢/ℏ, expiring far in the future so a test never re-asks. */
export function currentRateRecord(): ExtraRecord {
  return recordFor('/api/v1/network/exchangerate', rateBody(RATES.now, 4_102_441_200n, '4102441200.000000000'));
}

/** A rate answer with hbar_equivalent 0 (no dollar value may be shown, nothing may throw). */
export function zeroRateRecord(timestamp: string): ExtraRecord {
  const seconds = BigInt(timestamp.split('.')[0]);
  return recordFor(
    `/api/v1/network/exchangerate?timestamp=${timestamp}`,
    rateBody({ cent_equivalent: 12n, hbar_equivalent: 0n }, seconds - (seconds % 3600n), timestamp),
  );
}

// ---------------------------------------------------------------------------------------------
// Transactions with token and NFT transfers, in two rate periods

export const TX_A = {
  id: `${TOKEN_ACCOUNT}-1700000000-000000000`,
  consensus: '1700000000.000000009',
  /** Fee 84,650 tinybars at 12 ¢/ℏ = $0.00010158 → `≈ $0.000102`. */
  fee: 84_650n,
  feeUsd: '≈ $0.000102',
} as const;
export const TX_B = {
  id: `${TOKEN_ACCOUNT}-1700082100-000000000`,
  consensus: '1700082100.000000001',
  /** Fee 100,000,000 tinybars (1 ℏ) at 30 ¢ / 5 ℏ = $0.06 → `≈ $0.0600` (three significant digits below $0.10). */
  fee: 100_000_000n,
  feeUsd: '≈ $0.0600',
} as const;

/** The NFT collection the account holds. */
export const NFT_TOKEN = '0.0.700000';
export const NFT_NAME = 'Lens Cats';

export function tokenTransaction(): JsonDoc {
  const usdc = tokenIdAt(SPECIAL.usdc);
  return aTransaction({
    transaction_id: TX_A.id,
    consensus_timestamp: TX_A.consensus,
    valid_start_timestamp: '1700000000.000000000',
    charged_tx_fee: TX_A.fee,
    transfers: [
      { account: '0.0.3', amount: 4_650, is_approval: false },
      { account: '0.0.98', amount: 80_000, is_approval: false },
      { account: TOKEN_ACCOUNT, amount: -84_650, is_approval: false },
    ],
    token_transfers: [
      { token_id: usdc, account: TOKEN_ACCOUNT, amount: -1_500_250_000, is_approval: false },
      { token_id: usdc, account: '0.0.1001', amount: 1_500_250_000, is_approval: false },
    ],
    nft_transfers: [
      {
        is_approval: false,
        receiver_account_id: TOKEN_ACCOUNT,
        sender_account_id: '0.0.1001',
        serial_number: 7,
        token_id: NFT_TOKEN,
      },
    ],
  });
}

export function hbarTransaction(): JsonDoc {
  return aTransaction({
    transaction_id: TX_B.id,
    consensus_timestamp: TX_B.consensus,
    valid_start_timestamp: '1700082100.000000000',
    charged_tx_fee: TX_B.fee,
    transfers: [
      { account: '0.0.3', amount: 10_000_000, is_approval: false },
      { account: '0.0.98', amount: 90_000_000, is_approval: false },
      { account: '0.0.1001', amount: 500_000_000, is_approval: false },
      { account: TOKEN_ACCOUNT, amount: -600_000_000, is_approval: false },
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// NFTs: two pages, metadata of every kind

export const NFT_PAGE2 = `/api/v1/accounts/${TOKEN_ACCOUNT}/nfts?limit=25&token.id=lt:${NFT_TOKEN}`;

export const NFT_METADATA = {
  ipfs: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/7.json',
  https: 'https://example.com/cats/8.json',
  text: 'a plain cat',
  binary: new Uint8Array([0x00, 0x9f, 0x92, 0x96, 0xff]),
} as const;

function nft(serial: number, metadataB64: string | null, token = NFT_TOKEN): JsonIn {
  return {
    account_id: TOKEN_ACCOUNT,
    created_timestamp: '1690000000.000000010',
    delegating_spender: null,
    deleted: false,
    metadata: metadataB64,
    modified_timestamp: '1690000000.000000010',
    serial_number: serial,
    spender: null,
    token_id: token,
  };
}

export function nftPages(firstUrl: string): ExtraRecord[] {
  const first = new JsonDoc(
    toJsonText({
      nfts: [
        nft(7, base64(NFT_METADATA.ipfs)),
        nft(8, base64(NFT_METADATA.https)),
        nft(9, base64(NFT_METADATA.text)),
        nft(10, Buffer.from(NFT_METADATA.binary).toString('base64')),
      ],
      links: { next: NFT_PAGE2 },
    }),
  );
  const second = new JsonDoc(toJsonText({ nfts: [nft(1, null, '0.0.699999')], links: { next: null } }));
  return [recordFor(firstUrl, first), recordFor(NFT_PAGE2, second)];
}

// ---------------------------------------------------------------------------------------------
// Everything together

export interface TokenWorldOptions {
  /** URLs the NFT section's first page may be asked with (the feature's own query). */
  readonly nftUrls?: readonly string[];
  /** Leave out GET /tokens/{id} records (a test that counts requests may want 404s instead). */
  readonly withoutTokenRecords?: boolean;
}

/** The account with 1,000 balances, its tokens' metadata, its NFTs, the rates and the transactions. */
export function tokenWorld(options: TokenWorldOptions = {}): ExtraRecord[] {
  const specs = tokenSpecs();
  const account = anAccount({
    account: TOKEN_ACCOUNT,
    evm_address: '0x0000000000000000000000000000000000001092',
    balance: {
      timestamp: '1700082200.000000000',
      balance: 12_345_678_900n,
      tokens: specs.map(s => aTokenBalance({ token_id: s.id, balance: s.balance })),
    },
    transactions: [hbarTransaction(), tokenTransaction()],
    links: { next: null },
  });
  const nftToken = recordFor(
    `/api/v1/tokens/${NFT_TOKEN}`,
    aToken({
      token_id: NFT_TOKEN,
      name: NFT_NAME,
      symbol: 'CAT',
      decimals: '0',
      type: 'NON_FUNGIBLE_UNIQUE',
      total_supply: '10',
      treasury_account_id: '0.0.1001',
    }),
  );
  const nftUrls = options.nftUrls ?? [
    `/api/v1/accounts/${TOKEN_ACCOUNT}/nfts`,
    `/api/v1/accounts/${TOKEN_ACCOUNT}/nfts?limit=25`,
  ];
  return [
    recordFor(`/api/v1/accounts/${TOKEN_ACCOUNT}`, account),
    ...(options.withoutTokenRecords ? [] : specs.map(tokenRecord)),
    nftToken,
    ...nftUrls.flatMap(u => nftPages(u)),
    rateRecordAt(TX_A.consensus),
    rateRecordAt(TX_B.consensus),
    currentRateRecord(),
    recordFor(`/api/v1/transactions/${TX_A.id}`, aTransactionsBody(tokenTransaction())),
    recordFor(`/api/v1/transactions/${TX_B.id}`, aTransactionsBody(hbarTransaction())),
  ];
}

/** Counts the token-metadata requests among a replay's requests. */
export function tokenRequests(urls: readonly string[]): string[] {
  return urls.filter(u => /^\/api\/v1\/tokens\/0\.0\.\d+(?:\?|$)/.test(u));
}

/** The metadata of the two tokens tokenTransaction() moves: USDC (6 decimals) and an NFT collection. */
export function tokenTransactionMetas(): { readonly usdc: TokenMeta; readonly cats: TokenMeta } {
  return {
    usdc: toMeta(
      '0.0.600000',
      TokenInfoSchema.parse({ token_id: '0.0.600000', name: 'USD Coin', symbol: 'USDC', decimals: '6' }),
    ),
    cats: toMeta(
      '0.0.700000',
      TokenInfoSchema.parse({ token_id: '0.0.700000', name: 'Lens Cats', symbol: 'CAT', decimals: '0' }),
    ),
  };
}

/** What a transaction panel's Money hands out for tokenTransaction()'s tokens: both known. */
export function tokenTransactionTokens(): Money['token'] {
  const { usdc, cats } = tokenTransactionMetas();
  return id =>
    id === usdc.tokenId
      ? { status: 'found', meta: usdc }
      : id === cats.tokenId
        ? { status: 'found', meta: cats }
        : undefined;
}
