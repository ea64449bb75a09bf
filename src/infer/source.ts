// The network a source file means, from its own Hedera SDK calls: `Client.forMainnet()` and its
// spellings in the JavaScript, Java, Go, Python, Rust and Swift SDKs. A mention in a comment or a
// string is not a call. Two calls naming different networks are a conflict, reported with their
// lines, never settled by a guess.
import { type Flavor, LineCounter, commentOrStringSource } from './lexer';
import type { Network } from '../ledger/networks';
import { networkFromName } from './names';

/** One SDK call that picks a network. */
export interface SdkCall {
  /** The network it names; undefined when it names none we know (`Client.forName(name)`). */
  readonly network?: Network;
  /** The call as shown to the user: `Client.forTestnet()`, `hiero.ClientForName("mainnet")`. */
  readonly text: string;
  /** 1-based line of the call. */
  readonly line: number;
  /** Offset of the call's first character in the file. */
  readonly offset: number;
}

export interface FileEvidence {
  /** The network every call that names one agrees on; undefined when none does or they disagree. */
  readonly network?: Network;
  /** The first call naming `network`. */
  readonly call?: SdkCall;
  /** Every call found, in order. */
  readonly calls: readonly SdkCall[];
  /** When the calls disagree: the first call for each network they name, in order. */
  readonly conflict?: readonly SdkCall[];
}

// The method part of every spelling: `forTestnet(` (JS, Java, Swift, C++), `ClientForTestnet(`
// (Go), `for_testnet(` (Python, Rust), `forName(`/`ClientForName(`/`for_name(`. What stands before
// it (a `Client`) is checked by hand. Group 1 is the network part.
const METHOD = String.raw`[fF]or(_?(?:mainnet|testnet|previewnet|local_?node|name)|Mainnet|Testnet|Previewnet|LocalNode|Name)\s*\(`;
// The Python SDK's other way: `Network("testnet")` or `Network(network="testnet")`. Group 2.
const PY_NETWORK = String.raw`\b(Network)\s*\(\s*(?:network\s*=\s*)?`;
// One pass over the file: a comment or a string is matched whole (and skipped), so a method
// matched by the later alternatives is always in code.
const SCAN: Readonly<Record<Flavor, RegExp>> = {
  c: new RegExp(`${commentOrStringSource('c')}|${METHOD}`, 'g'),
  python: new RegExp(`${commentOrStringSource('python')}|${METHOD}|${PY_NETWORK}`, 'g'),
};
const QUICK: Readonly<Record<Flavor, RegExp>> = {
  c: new RegExp(METHOD),
  python: new RegExp(`${METHOD}|${PY_NETWORK}`),
};
const NAME_ARGUMENT = /\s*(["'`])([\w.-]{1,40})\1\s*\)/y;
const PY_NAME_ARGUMENT = /(["'])([\w.-]{1,40})\1/y;
const EMPTY_ARGUMENTS = /\s*\)/y;

interface Candidate {
  readonly offset: number;
  readonly text: string;
  readonly network?: Network;
}

/** The SDK calls in `text` (a whole file of the given flavor) and what they say together. */
export function inferFromSource(text: string, flavor: Flavor): FileEvidence {
  // Most files have no candidate at all: a quick search spares them the lexer.
  if (!QUICK[flavor].test(text)) return { calls: [] };
  const scan = SCAN[flavor];
  const lines = new LineCounter(text);
  const calls: SdkCall[] = [];
  scan.lastIndex = 0;
  try {
    for (let m = scan.exec(text); m !== null; m = scan.exec(text)) {
      if (m[1] === undefined && m[2] === undefined) continue; // a comment or a string
      const match: Match = { index: m.index, text: m[0], name: m[1] ?? '' };
      const c = m[2] === undefined ? sdkCall(text, match) : pythonNetwork(text, match);
      if (c === undefined) continue;
      const line = lines.lineAt(c.offset);
      calls.push(c.network ? { network: c.network, text: c.text, line, offset: c.offset } : { ...c, line });
    }
  } catch (error) {
    // The regex engine's backtracking stack runs out on one token of megabytes made of millions of
    // steps (a comment of `*x*x…`, a string of `\x\x…`). Such a file says nothing, rather than
    // failing whoever asked.
    if (error instanceof RangeError) return { calls: [] };
    throw error;
  }
  return summarize(calls);
}

function summarize(calls: readonly SdkCall[]): FileEvidence {
  const firstPerNetwork = new Map<Network, SdkCall>();
  for (const call of calls) {
    if (call.network && !firstPerNetwork.has(call.network)) firstPerNetwork.set(call.network, call);
  }
  if (firstPerNetwork.size === 0) return { calls };
  if (firstPerNetwork.size > 1) return { calls, conflict: [...firstPerNetwork.values()] };
  const [[network, call]] = firstPerNetwork;
  return { network, call, calls };
}

interface Match {
  readonly index: number;
  /** The whole match: `forTestnet(`, `Network(network=`. */
  readonly text: string;
  /** The method's network part (`testnet`, `Name`, `_local_node`); empty for Python's Network(. */
  readonly name: string;
}

/** Python's `Network("testnet")` with a literal name, or undefined. */
function pythonNetwork(text: string, m: Match): Candidate | undefined {
  PY_NAME_ARGUMENT.lastIndex = m.index + m.text.length;
  const arg = PY_NAME_ARGUMENT.exec(text);
  if (arg === null) return undefined;
  const network = networkFromName(arg[2]);
  const call = `Network("${arg[2]}")`;
  return network ? { offset: m.index, text: call, network } : { offset: m.index, text: call };
}

function isIdentifierChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 36
  );
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/**
 * What stands before a method match: `Client.`, `Client::` or (Go) `Client` joined to it, and the
 * whole identifier ending in `client` (any case). Walked by hand: a regular expression anchored at
 * the end would try every start in the window.
 */
function clientBefore(text: string, at: number): { start: number; name: string; joined: boolean } | undefined {
  let i = at;
  let joined = true;
  const code = text.charCodeAt(i - 1);
  if (!isIdentifierChar(code)) {
    while (i > 0 && isSpace(text.charCodeAt(i - 1))) i--;
    if (text.charCodeAt(i - 1) === 46 /* . */) i--;
    else if (text.charCodeAt(i - 1) === 58 && text.charCodeAt(i - 2) === 58 /* :: */) i -= 2;
    else return undefined;
    while (i > 0 && isSpace(text.charCodeAt(i - 1))) i--;
    joined = false;
  }
  const end = i;
  if (end < 6 || text.slice(end - 6, end).toLowerCase() !== 'client') return undefined;
  let start = end - 6;
  while (start > 0 && end - start < 64 && isIdentifierChar(text.charCodeAt(start - 1))) start--;
  return { start, name: text.slice(start, end), joined };
}

/** `sdk.` written before `at` (`sdk.Client.forTestnet`): the qualifier's name and start. */
function qualifierBefore(text: string, at: number): { start: number; name: string } | undefined {
  let i = at;
  while (i > 0 && isSpace(text.charCodeAt(i - 1))) i--;
  if (text.charCodeAt(i - 1) !== 46 /* . */) return undefined;
  i--;
  while (i > 0 && isSpace(text.charCodeAt(i - 1))) i--;
  const end = i;
  while (i > 0 && end - i < 64 && isIdentifierChar(text.charCodeAt(i - 1))) i--;
  return i === end ? undefined : { start: i, name: text.slice(i, end) };
}

/** The call a method match belongs to, or undefined when no `Client` stands before it. */
function sdkCall(text: string, m: Match): Candidate | undefined {
  const before = clientBefore(text, m.index);
  if (before === undefined) return undefined;
  // Go's `ClientForTestnet` is one identifier; every other spelling has `.` or `::` between.
  const joined = before.joined;
  if (joined !== (m.text[0] === 'F')) return undefined;
  // `hedera.ClientForTestnet`, `sdk.Client.forTestnet`: show one qualifier when it is written.
  let offset = before.start;
  const qualifier = qualifierBefore(text, offset);
  if (qualifier) offset = qualifier.start;
  const separator = joined ? '' : text.slice(before.start + before.name.length, m.index).trim();
  const prefix = `${qualifier ? `${qualifier.name}.` : ''}${before.name}${separator}`;
  // The match ends in `\s*(`; sliced off without a regex (an unanchored `\s*\($` retries at every
  // space of a run that has no `(` after it).
  const method = m.text.slice(0, -1).trimEnd();
  const argsAt = m.index + m.text.length;
  const kind = m.name.toLowerCase().replace(/_/g, '');
  if (kind === 'name') {
    NAME_ARGUMENT.lastIndex = argsAt;
    const arg = NAME_ARGUMENT.exec(text);
    if (arg === null) return { offset, text: `${prefix}${method}(…)` };
    const network = networkFromName(arg[2]);
    const call = `${prefix}${method}("${arg[2]}")`;
    return network ? { offset, text: call, network } : { offset, text: call };
  }
  EMPTY_ARGUMENTS.lastIndex = argsAt;
  const args = EMPTY_ARGUMENTS.test(text) ? '()' : '(…)';
  // `mainnet`, `testnet`, `previewnet`, `localnode`: each a name of the table (METHOD allows no other).
  const network = networkFromName(kind);
  return network
    ? { offset, text: `${prefix}${method}${args}`, network }
    : { offset, text: `${prefix}${method}${args}` };
}
