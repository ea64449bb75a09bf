// A transaction type in words: the mirror node's wire names run their words together
// (CRYPTOTRANSFER, TOKENUPDATENFTS), which a picker of sixty of them makes hard to read. The words
// are found by splitting the name into known words; a few names read better said otherwise. A name
// this table does not know (a newer server's) still reads: its unknown letters stay one word.
// Pure (no vscode).

/** Names whose split would mislead or read badly (exported for the tests). */
export const SAID_OTHERWISE: Readonly<Record<string, string>> = {
  CONTRACTCREATEINSTANCE: 'Contract create',
  CONTRACTDELETEINSTANCE: 'Contract delete',
  CONTRACTUPDATEINSTANCE: 'Contract update',
  TOKENCREATION: 'Token create',
  TOKENDELETION: 'Token delete',
  UTILPRNG: 'Pseudorandom number (PRNG)',
};

/** Words written in capitals. */
const ACRONYMS: Readonly<Record<string, string>> = { ID: 'ID', KYC: 'KYC', NFTS: 'NFTs', PRNG: 'PRNG' };

/** The words the wire names are made of, longest first so a split takes the longest word. */
const WORDS: readonly string[] = [
  'ACCOUNT',
  'ADD',
  'AIRDROP',
  'ALLOWANCE',
  'APPEND',
  'APPROVE',
  'ASSOCIATE',
  'ATOMIC',
  'BATCH',
  'BURN',
  'CALL',
  'CANCEL',
  'CLAIM',
  'CONSENSUS',
  'CONTRACT',
  'CREATE',
  'CREATION',
  'CRYPTO',
  'DELETE',
  'DELETION',
  'DISSOCIATE',
  'ETHEREUM',
  'FEE',
  'FILE',
  'FREEZE',
  'GRANT',
  'HASH',
  'HOOK',
  'ID',
  'INSTANCE',
  'KYC',
  'LEDGER',
  'LIVE',
  'MESSAGE',
  'MINT',
  'NFTS',
  'NODE',
  'PAUSE',
  'PRNG',
  'PUBLICATION',
  'REGISTERED',
  'REJECT',
  'REVOKE',
  'SCHEDULE',
  'SIGN',
  'STAKE',
  'STORE',
  'SUBMIT',
  'SYSTEM',
  'TOKEN',
  'TOPIC',
  'TRANSACTION',
  'TRANSFER',
  'UNCHECKED',
  'UNDELETE',
  'UNFREEZE',
  'UNPAUSE',
  'UPDATE',
  'UTIL',
  'WIPE',
].sort((a, b) => b.length - a.length);

/** `CRYPTOTRANSFER` → `Crypto transfer`, `TOKENGRANTKYC` → `Token grant KYC`; any text gives words. */
export function transactionTypeWords(wire: string): string {
  const upper = wire.trim().toUpperCase();
  const said = Object.hasOwn(SAID_OTHERWISE, upper) ? SAID_OTHERWISE[upper] : undefined;
  if (said !== undefined) return said;
  const words = splitWords(upper);
  if (words.length === 0) return wire;
  return words
    .map((word, i) => {
      const acronym = Object.hasOwn(ACRONYMS, word) ? ACRONYMS[word] : undefined;
      if (acronym !== undefined) return acronym;
      const lower = word.toLowerCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/** The known words of `upper` in order; letters between them stay together as one word. */
export function splitWords(upper: string): string[] {
  const out: string[] = [];
  let unknown = '';
  let i = 0;
  while (i < upper.length) {
    const word = WORDS.find(w => upper.startsWith(w, i));
    if (word === undefined) {
      const ch = upper.charAt(i);
      // Separators a caller may have written (`CRYPTO_TRANSFER`, `crypto transfer`) end a word.
      if (ch === '_' || ch === ' ' || ch === '-') {
        if (unknown) out.push(unknown);
        unknown = '';
      } else unknown += ch;
      i++;
      continue;
    }
    if (unknown) out.push(unknown);
    unknown = '';
    out.push(word);
    i += word.length;
  }
  if (unknown) out.push(unknown);
  return out;
}
