// `.env` files: the keys scripts read the network from (`HEDERA_NETWORK=testnet`), then URLs whose
// host names a network (`RPC_URL=https://testnet.hashio.io/api`). Read as text in dotenv's
// syntax; nothing is expanded or executed.
import { type Claim, type ConfigEvidence, fromClaims } from './evidence';
import { networkFromName, networkFromUrl } from './names';

/** The keys that name the network, strongest first. */
export const NETWORK_KEYS = ['HEDERA_NETWORK', 'HIERO_NETWORK', 'NETWORK'] as const;

const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*[=:]\s*(.*)$/;

interface Entry {
  readonly key: string;
  readonly value: string;
  readonly line: number;
}

/** dotenv's value rules: quoted values keep their inside, unquoted ones lose a ` # comment`. */
function unquote(raw: string): string {
  const v = raw.trim();
  const q = v[0];
  if (q === '"' || q === "'" || q === '`') {
    const close = v.indexOf(q, 1);
    return close < 0 ? v.slice(1) : v.slice(1, close);
  }
  const hash = v.search(/\s#/);
  return (hash < 0 ? v : v.slice(0, hash)).trim();
}

function entries(text: string): Entry[] {
  const out: Entry[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trimStart().startsWith('#')) continue;
    const m = ASSIGNMENT.exec(line);
    if (m) out.push({ key: m[1], value: unquote(m[2]), line: i + 1 });
  }
  return out;
}

/** What a `.env` file says about the network. */
export function inferFromEnv(path: string, text: string): ConfigEvidence {
  const all = entries(text);
  // A later assignment of the same key wins, as when the file is loaded.
  const last = new Map<string, Entry>();
  for (const e of all) last.set(e.key, e);
  for (const key of NETWORK_KEYS) {
    const e = last.get(key);
    if (!e) continue;
    const network = networkFromName(e.value);
    if (network) return { kind: 'network', path, network, claim: { network, what: key, line: e.line } };
  }
  const claims: Claim[] = [];
  for (const e of last.values()) {
    if (!/^(?:https?|wss?):\/\//i.test(e.value)) continue;
    const network = networkFromUrl(e.value);
    if (network) claims.push({ network, what: `${e.key} (${hostOf(e.value)})`, line: e.line });
  }
  claims.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return fromClaims(path, claims);
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
