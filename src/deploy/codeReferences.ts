// The `0.0.x` ids and EVM addresses a workspace's code and `.env` files name, with their lines:
// candidates for "a deployment the code talks to", checked later against the network (bytecode
// that matches a workspace artifact). The finding is src/ledger's reference finder (one linear
// pass of one regular expression, the rules hovers use: no versions, no IPs, no part of a longer
// token); lines are counted in the same single pass over the text. Pure.
import { findReferences } from '../ledger/references';

/** References returned for one text at the most, unless the caller says otherwise. */
export const MAX_CODE_REFERENCES = 1000;
const SKIPPED_PER_KEPT = 10;

/**
 * 0.0.x ids and EVM addresses in code and .env text, with their 1-based line; at most `limit`,
 * in text order. Ids are written `shard.realm.num` (a checksum dropped); addresses `0x` + 40
 * lower-case hex. Transaction ids are not references to a contract and are left out.
 */
export function codeReferences(
  _file: string,
  text: string,
  limit = MAX_CODE_REFERENCES,
): { address: string; line: number }[] {
  const out: { address: string; line: number }[] = [];
  if (!(limit > 0)) return out;
  let line = 1;
  let counted = 0; // newlines are counted up to here
  // Transaction ids are found too (and skipped): the finder may return up to ten of them for each
  // reference kept, which bounds the work for a file of nothing but transaction ids.
  for (const ref of findReferences(text, {}, limit * (SKIPPED_PER_KEPT + 1))) {
    if (ref.kind === 'transaction') continue;
    for (let nl = text.indexOf('\n', counted); nl !== -1 && nl < ref.start; nl = text.indexOf('\n', nl + 1)) line++;
    counted = ref.start;
    const address =
      ref.kind === 'evm'
        ? ref.address
        : `${ref.id.shard.toString()}.${ref.id.realm.toString()}.${ref.id.num.toString()}`;
    out.push({ address, line });
    if (out.length >= limit) break;
  }
  return out;
}
