// `foundry.toml`: the default profile's `eth_rpc_url` / `chain_id`, then the `[rpc_endpoints]`
// table. A small line reader for the part of TOML these use (tables, `key = "string"` or number,
// `#` comments); an unreadable table header makes the file skipped, not half-read.
import { type Claim, type ConfigEvidence, fromClaims } from './evidence';
import { hostOf } from './env';
import { CHAIN_ID, networkFromChainId, networkFromUrl } from './names';

const TABLE = /^\s*\[\s*([\w.-]+(?:\s*\.\s*[\w.-]+)*)\s*\]\s*(?:#.*)?$/;
const PAIR = /^\s*(["']?)([\w.-]+)\1\s*=\s*(?:"([^"]*)"|'([^']*)'|(0x[0-9a-fA-F]+|\d+))\s*(?:#.*)?$/;

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
      const t = TABLE.exec(line);
      if (!t) return { malformed: i + 1 };
      table = t[1].replace(/\s+/g, '');
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
    return network && { network, what: `${p.key} = ${CHAIN_ID[network]}`, line: p.line };
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
