// The networks inference can name, and the spellings that name them: SDK network names, EVM chain
// ids and the public hosts of the JSON-RPC relay and the mirror node. Only names and hosts are
// read; nothing found in a workspace ever becomes an endpoint.

/** A network the code may mean: the three public ledgers, or a local node / Solo on this machine. */
export type InferredNetwork = 'mainnet' | 'testnet' | 'previewnet' | 'local';

// The names `Client.forName(...)`, `.env` files and configs use. The JavaScript SDK says
// `local-node`, the Java SDK `localhost`, local-node and Solo setups `local`/`solo`.
const NAMES: Readonly<Record<string, InferredNetwork>> = {
  mainnet: 'mainnet',
  'mainnet-public': 'mainnet',
  hedera_mainnet: 'mainnet',
  'hedera-mainnet': 'mainnet',
  testnet: 'testnet',
  hedera_testnet: 'testnet',
  'hedera-testnet': 'testnet',
  previewnet: 'previewnet',
  hedera_previewnet: 'previewnet',
  'hedera-previewnet': 'previewnet',
  local: 'local',
  localhost: 'local',
  'local-node': 'local',
  localnode: 'local',
  local_node: 'local',
  solo: 'local',
};

/** The network a name means, case-insensitive; undefined for any other name. */
export function networkFromName(name: string): InferredNetwork | undefined {
  const key = name.trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(NAMES, key) ? NAMES[key] : undefined;
}

// EVM chain ids (HIP-26): 295 mainnet, 296 testnet, 297 previewnet, 298 a local node or Solo.
const CHAIN_IDS: ReadonlyMap<bigint, InferredNetwork> = new Map<bigint, InferredNetwork>([
  [295n, 'mainnet'],
  [296n, 'testnet'],
  [297n, 'previewnet'],
  [298n, 'local'],
]);

export const CHAIN_ID: Readonly<Record<InferredNetwork, number>> = {
  mainnet: 295,
  testnet: 296,
  previewnet: 297,
  local: 298,
};

/** The network of an EVM chain id written in decimal or `0x` hex; undefined for any other chain. */
export function networkFromChainId(text: string): InferredNetwork | undefined {
  const t = text.trim();
  if (!/^(?:\d{1,20}|0x[0-9a-fA-F]{1,16})$/.test(t)) return undefined;
  return CHAIN_IDS.get(BigInt(t));
}

// Public hosts whose first label names the network: the JSON-RPC relay (Hashio) and the mirror node.
const PUBLIC_HOST = /^(mainnet|testnet|previewnet)(?:-public)?\.(?:hashio\.io|mirrornode\.hedera\.com)$/;
// Ports a local node or Solo listens on: the JSON-RPC relay (7546), mirror REST (5551), mirror
// gRPC (5600), the mirror web3 module (8545 is Hardhat's own node, so not counted).
const LOCAL_PORTS = new Set(['7546', '5551', '5600']);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', 'host.docker.internal']);

/** The network a URL points at, by its host (and, on loopback, a local node's well-known ports). */
export function networkFromUrl(text: string): InferredNetwork | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    return undefined;
  }
  const host = url.hostname.toLowerCase();
  const pub = PUBLIC_HOST.exec(host);
  if (pub) return pub[1] as InferredNetwork;
  if (LOOPBACK.has(host) && LOCAL_PORTS.has(url.port)) return 'local';
  return undefined;
}
