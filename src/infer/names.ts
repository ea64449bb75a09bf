// The spellings that name a network in code and configs: SDK network names and EVM chain ids (both
// from the network table, src/ledger/networks.ts) and the public hosts of the JSON-RPC relay and the
// mirror node. Only names and hosts are read; nothing found in a workspace ever becomes an endpoint.
// Inference answers with a network of the table that has names: a public ledger, or `local`.
import { NETWORK_INFO, networkNamed, networkOfChainId, type Network } from '../ledger/networks';

/**
 * The network a name means, case-insensitive (the table's `names`: SDK names, `hedera_testnet`,
 * `local-node`, `solo`...); undefined for any other name.
 */
export function networkFromName(name: string): Network | undefined {
  return networkNamed(name);
}

/** A network's EVM chain id (HIP-26: 295 mainnet, 296 testnet, 297 previewnet, 298 a local node or Solo). */
export function chainIdOf(network: Network): number {
  return NETWORK_INFO[network].chainId;
}

/** The network of an EVM chain id written in decimal or `0x` hex; undefined for any other chain. */
export function networkFromChainId(text: string): Network | undefined {
  const t = text.trim();
  if (!/^(?:\d{1,20}|0x[0-9a-fA-F]{1,16})$/.test(t)) return undefined;
  return networkOfChainId(BigInt(t));
}

// Public hosts whose first label names the network: the JSON-RPC relay (Hashio) and the mirror node.
const PUBLIC_HOST = /^(mainnet|testnet|previewnet)(?:-public)?\.(?:hashio\.io|mirrornode\.hedera\.com)$/;
// Ports a local node or Solo listens on: the JSON-RPC relay (7546), mirror REST (5551), mirror
// gRPC (5600), the mirror web3 module (8545 is Hardhat's own node, so not counted).
const LOCAL_PORTS = new Set(['7546', '5551', '5600']);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', 'host.docker.internal']);

/** The network a URL points at, by its host (and, on loopback, a local node's well-known ports). */
export function networkFromUrl(text: string): Network | undefined {
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
  if (pub) return networkNamed(pub[1]);
  if (LOOPBACK.has(host) && LOCAL_PORTS.has(url.port)) return 'local';
  return undefined;
}
