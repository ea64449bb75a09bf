// What one workspace file says about the network, and the limits on what inference reads.
import type { Network } from '../ledger/networks';

/** A workspace file handed to inference: its path relative to the workspace folder and its text. */
export interface WorkspaceFile {
  /** Relative to the workspace folder, `/`-separated: `contracts/hardhat.config.ts`. */
  readonly path: string;
  readonly text: string;
}

/** One claim a config makes, for the reasons and the conflicts shown to the user. */
export interface Claim {
  readonly network: Network;
  /** What says it, as shown: `HEDERA_NETWORK`, `networks.testnet (chainId 296)`. */
  readonly what: string;
  /** 1-based line in the file. */
  readonly line?: number;
}

export type ConfigEvidence =
  | {
      readonly kind: 'network';
      readonly path: string;
      readonly network: Network;
      readonly claim: Claim;
    }
  | {
      /** The file names several networks and nothing picks one: said, not guessed. */
      readonly kind: 'conflict';
      readonly path: string;
      readonly claims: readonly Claim[];
    }
  | { readonly kind: 'none'; readonly path: string }
  | {
      /** Not read: too large, binary or malformed. `reason` is for the log. */
      readonly kind: 'skipped';
      readonly path: string;
      readonly reason: string;
    };

/** The largest config file inference reads (a `.env`, `hardhat.config.ts`, `foundry.toml`, ...). */
export const MAX_CONFIG_BYTES = 256 * 1024;
/** The largest document whose own calls are searched; beyond it only the workspace counts. */
export const MAX_SOURCE_CHARS = 8 * 1024 * 1024;
/** How far into a file a NUL character marks it as binary. */
const BINARY_PROBE = 8 * 1024;

/** Why a file of `size` bytes is not read, or undefined when it may be (ask before reading it). */
export function tooLarge(size: number): string | undefined {
  if (size <= MAX_CONFIG_BYTES) return undefined;
  return `${formatSize(size)} is over the ${formatSize(MAX_CONFIG_BYTES)} limit for a config file`;
}

/** Why a text read from a config file cannot be one, or undefined when it may be. */
export function notText(text: string): string | undefined {
  if (text.length > MAX_CONFIG_BYTES) return tooLarge(text.length);
  const probe = text.length > BINARY_PROBE ? text.slice(0, BINARY_PROBE) : text;
  if (probe.includes('\u0000')) return 'binary (NUL bytes), not a text file';
  // Undecodable bytes come out of a UTF-8 decoder as U+FFFD; many of them mean binary.
  let replaced = 0;
  for (let i = 0; i < probe.length; i++) if (probe.charCodeAt(i) === 0xfffd) replaced++;
  if (replaced > 8 && replaced * 20 > probe.length) return 'binary (not UTF-8 text)';
  return undefined;
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The one network a list of claims agrees on, the conflict when they disagree, or none. */
export function fromClaims(path: string, claims: readonly Claim[]): ConfigEvidence {
  if (claims.length === 0) return { kind: 'none', path };
  const first = new Map<Network, Claim>();
  for (const c of claims) if (!first.has(c.network)) first.set(c.network, c);
  if (first.size > 1) return { kind: 'conflict', path, claims: [...first.values()] };
  return { kind: 'network', path, network: claims[0].network, claim: claims[0] };
}

/** 1-based line of `offset` in `text`. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
