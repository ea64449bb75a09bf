// `hardhat.config.{ts,js,cjs,mjs}`: read as text, never run. The `networks` entries with a Hedera
// chain id (295–298) or a Hashio / mirror node URL are the claims; `defaultNetwork` picks one of
// them. Several Hedera networks and no default that names one is a conflict.
import { type Claim, type ConfigEvidence, fromClaims } from './evidence';
import { LineCounter, blankNonCode } from './lexer';
import type { Network } from '../ledger/networks';
import { chainIdOf, networkFromChainId, networkFromUrl } from './names';

interface NetworkEntry {
  readonly name: string;
  readonly network: Network;
  readonly what: string;
  readonly line: number;
}

const DEFAULT_NETWORK = /\bdefaultNetwork\s*:\s*(["'`])([\w.-]{1,64})\1/;
const NETWORKS = /\bnetworks\s*:\s*\{/g;
const ENTRY_KEY = /(["'`]?)([\w$-]{1,64})\1\s*:\s*\{/y;
/** The most characters of a key `ENTRY_KEY` reads: a longer run of them is read as its last 64. */
const MAX_KEY = 64;
const CHAIN_ID_FIELD = /\bchainId\s*:\s*(0x[0-9a-fA-F]{1,16}|\d{1,20})\b/;
const URL_STRING = /\burl\s*:\s*(["'`])((?:https?|wss?):\/\/[^"'`\s]{1,300})\1/;
const HEDERA_URL = /(["'`])((?:https?|wss?):\/\/[^"'`\s]{1,300})\1/g;

/** The offset of the brace that closes the one at `open`, in text whose strings are blanked. */
function closingBrace(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === 123 /* { */) depth++;
    else if (c === 125 /* } */ && --depth === 0) return i;
  }
  return -1;
}

function balanced(code: string): boolean {
  let depth = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === 123 || c === 91 || c === 40) depth++;
    else if ((c === 125 || c === 93 || c === 41) && --depth < 0) return false;
  }
  return depth === 0;
}

/** The Hedera network one entry's body names, by chain id first, then by its URL. */
function entryNetwork(body: string): { network: Network; what: string } | undefined {
  const chain = CHAIN_ID_FIELD.exec(body);
  const byChain = chain ? networkFromChainId(chain[1]) : undefined;
  if (byChain) return { network: byChain, what: `chainId ${chainIdOf(byChain)}` };
  const url = URL_STRING.exec(body);
  const byUrl = url ? networkFromUrl(url[2]) : undefined;
  if (byUrl && url) return { network: byUrl, what: new URL(url[2]).host };
  return undefined;
}

function isKeyChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 /* _ */ ||
    code === 36 /* $ */ ||
    code === 45 /* - */
  );
}

/** The end of the run of key characters that starts at `from`. */
function keyRunEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && isKeyChar(text.charCodeAt(end))) end++;
  return end;
}

/** The entries of every `networks: { ... }` object, with the Hedera network each names. */
function networkEntries(text: string, withStrings: string, code: string): NetworkEntry[] | 'malformed' {
  const out: NetworkEntry[] = [];
  const lines = new LineCounter(text);
  NETWORKS.lastIndex = 0;
  for (let m = NETWORKS.exec(code); m !== null; m = NETWORKS.exec(code)) {
    const open = m.index + m[0].length - 1;
    const close = closingBrace(code, open);
    if (close < 0) return 'malformed';
    // Walk the object's own keys: `name: {` at depth one.
    for (let i = open + 1; i < close;) {
      // An unquoted key is the end of a run of key characters, at most its last MAX_KEY of them,
      // and whether `: {` follows is the same from every offset in the run: the key is tried once
      // per run, where it can first match, not at each offset (64 characters read at every one).
      const runEnd = keyRunEnd(withStrings, i);
      const at = runEnd > i ? Math.max(i, runEnd - MAX_KEY) : i;
      // Keys are read where strings are kept (`"hedera-testnet": {`); braces where they are blanked.
      ENTRY_KEY.lastIndex = at;
      const key = ENTRY_KEY.exec(withStrings);
      const bodyOpen = key === null ? -1 : key.index + key[0].length - 1;
      if (key === null || code.charCodeAt(bodyOpen) !== 123) {
        i = Math.max(runEnd, i + 1);
        continue;
      }
      const bodyClose = closingBrace(code, bodyOpen);
      if (bodyClose < 0) return 'malformed';
      const name = key[2];
      const found = entryNetwork(withStrings.slice(bodyOpen, bodyClose + 1));
      if (found) out.push({ name, ...found, line: lines.lineAt(key.index) });
      i = bodyClose + 1;
    }
    NETWORKS.lastIndex = close + 1;
  }
  return out;
}

/** What a Hardhat config says about the network. */
export function inferFromHardhat(path: string, text: string): ConfigEvidence {
  const withStrings = blankNonCode(text, 'c', false);
  const code = blankNonCode(text, 'c', true);
  if (!balanced(code)) return { kind: 'skipped', path, reason: 'does not parse (unbalanced brackets)' };
  const entries = networkEntries(text, withStrings, code);
  if (entries === 'malformed')
    return { kind: 'skipped', path, reason: 'does not parse (a networks entry never closes)' };
  const def = DEFAULT_NETWORK.exec(withStrings);
  if (def) {
    const chosen = entries.find(e => e.name === def[2]);
    if (chosen) {
      const claim = {
        network: chosen.network,
        what: `defaultNetwork "${chosen.name}" (${chosen.what})`,
        line: chosen.line,
      };
      return { kind: 'network', path, network: chosen.network, claim };
    }
  }
  if (entries.length > 0) {
    return fromClaims(
      path,
      entries.map(e => ({ network: e.network, what: `networks.${e.name} (${e.what})`, line: e.line })),
    );
  }
  // No `networks` object we can read (built by a function, imported): any Hedera URL in a string.
  const claims: Claim[] = [];
  const lines = new LineCounter(text);
  HEDERA_URL.lastIndex = 0;
  for (let m = HEDERA_URL.exec(withStrings); m !== null; m = HEDERA_URL.exec(withStrings)) {
    const network = networkFromUrl(m[2]);
    if (network) claims.push({ network, what: new URL(m[2]).host, line: lines.lineAt(m.index) });
  }
  return fromClaims(path, claims);
}
