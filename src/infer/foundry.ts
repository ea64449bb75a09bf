// `foundry.toml`: the default profile's `eth_rpc_url` / `chain_id`, then the `[rpc_endpoints]`
// table. A small line reader for the part of TOML these use (tables, `key = "string"` or number,
// `#` comments); an unreadable table header makes the file skipped, not half-read.
import { type Claim, type ConfigEvidence, fromClaims } from './evidence';
import { hostOf } from './env';
import { chainIdOf, networkFromChainId, networkFromUrl } from './names';

// A header line: `[` name `]`, then only a comment. The name is checked by `isTableName`: as one
// pattern (`[\w.-]+(?:\s*\.\s*[\w.-]+)*`) a dot may belong to a name part or to the separator,
// and a header that fails at its end (`[a.a.a…a!`) made the regex try every way to split it,
// doubling the time with each `.a`.
const TABLE = /^\s*\[([^\]]*)\]\s*(?:#.*)?$/;
const PAIR = /^\s*(["']?)([\w.-]+)\1\s*=\s*(?:"([^"]*)"|'([^']*)'|(0x[0-9a-fA-F]+|\d+))\s*(?:#.*)?$/;

function isNamePart(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 /* _ */ ||
    code === 46 /* . */ ||
    code === 45 /* - */
  );
}

/** Whitespace as `\s` means it (the characters `trim` removes). */
function isBlank(ch: string): boolean {
  return ch.trim() === '';
}

/**
 * Whether `name` (trimmed) is a dotted table name: parts of `[\w.-]+` joined by dots that may have
 * whitespace around them (`profile . default`), as `[\w.-]+(?:\s*\.\s*[\w.-]+)*` reads it. Run as
 * that pattern's automaton, all its states at once, so each character is looked at once.
 */
function isTableName(name: string): boolean {
  // The states: in a name part (the only accepting one), in blanks after a part, just past a
  // separating dot, in blanks after that dot.
  let inPart = false;
  let blankAfterPart = false;
  let afterDot = false;
  let blankAfterDot = false;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    const start = i === 0;
    if (isNamePart(code)) {
      const dot = code === 46;
      const wasPart: boolean = inPart;
      inPart = start || wasPart || afterDot || blankAfterDot;
      afterDot = dot && (wasPart || blankAfterPart);
      blankAfterPart = false;
      blankAfterDot = false;
    } else if (!start && isBlank(name[i])) {
      blankAfterDot = afterDot || blankAfterDot;
      blankAfterPart = inPart || blankAfterPart;
      inPart = false;
      afterDot = false;
    } else {
      return false;
    }
    if (!inPart && !blankAfterPart && !afterDot && !blankAfterDot) return false;
  }
  return inPart;
}

interface Pair {
  readonly table: string;
  readonly key: string;
  readonly value: string;
  readonly line: number;
}

function pairs(text: string): Pair[] | { malformed: number } {
  const out: Pair[] = [];
  let table = '';
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (trimmed.startsWith('[') && !trimmed.startsWith('[[')) {
      const name = TABLE.exec(line)?.[1].trim();
      if (name === undefined || !isTableName(name)) return { malformed: i + 1 };
      table = name.replace(/\s+/g, '');
      continue;
    }
    const p = PAIR.exec(line);
    if (p) out.push({ table, key: p[2], value: p[3] ?? p[4] ?? p[5], line: i + 1 });
  }
  return out;
}

function claimOf(p: Pair): Claim | undefined {
  if (p.key === 'chain_id' || p.key === 'chain') {
    const network = networkFromChainId(p.value);
    return network && { network, what: `${p.key} = ${chainIdOf(network)}`, line: p.line };
  }
  const network = networkFromUrl(p.value);
  return network && { network, what: `${p.key} (${hostOf(p.value)})`, line: p.line };
}

/** What a Foundry config says about the network. */
export function inferFromFoundry(path: string, text: string): ConfigEvidence {
  const all = pairs(text);
  if (!Array.isArray(all))
    return { kind: 'skipped', path, reason: `does not parse (table header at line ${all.malformed})` };
  const profile = all.filter(
    p => p.table === 'profile.default' && (p.key === 'eth_rpc_url' || p.key === 'chain_id' || p.key === 'chain'),
  );
  for (const p of profile) {
    const claim = claimOf(p);
    if (claim) return { kind: 'network', path, network: claim.network, claim };
  }
  const endpoints = all.filter(p => p.table === 'rpc_endpoints').map(p => claimOf(p));
  return fromClaims(
    path,
    endpoints.filter((c): c is Claim => c !== undefined).map(c => ({ ...c, what: `rpc_endpoints.${c.what}` })),
  );
}
