// A production script: the Client below names mainnet, so Ledger Lens reads mainnet for this file
// (ledgerLens.network `auto`) and the status bar shows mainnet while it is the active editor.
declare const Client: { forMainnet(): unknown; forTestnet(): unknown };

export const client = Client.forMainnet();

// 0.0.8 with its testnet checksum: wrong for mainnet, so the hover says so without asking anyone.
export const treasury = '0.0.8-tkdgp';
