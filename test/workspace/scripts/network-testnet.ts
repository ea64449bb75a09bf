// A test script: the Client below names testnet (the comment does not count), so Ledger Lens reads
// testnet for this file. Client.forMainnet() is what production uses.
declare const Client: { forMainnet(): unknown; forTestnet(): unknown };

export const client = Client.forTestnet();

// 0.0.8 with its testnet checksum: right here, so the hover looks the account up.
export const treasury = '0.0.8-tkdgp';
