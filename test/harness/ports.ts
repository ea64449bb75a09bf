// Loopback ports for the harness. The tests may use only 18500-18599; several test runs can share
// a machine, so a port is taken from a sub-range only after checking that nobody listens on it.
import * as net from 'net';

export const PORT_RANGE = { first: 18500, last: 18599 } as const;

/** Sub-ranges, so concurrent kinds of run do not race for the same first free port. */
export const PortBlocks = {
  start: [18500, 18509],
  e2e: [18510, 18529],
  exthost: [18530, 18539],
  startOffline: [18540, 18549],
  integration: [18550, 18569],
  spare: [18570, 18599],
} as const satisfies Record<string, readonly [number, number]>;

function canListen(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

const handedOut = new Set<number>();

/**
 * The first port of [from, to] that is free now and not yet handed out by this process.
 * There is a small window before the caller binds it; callers that start a server retry on
 * EADDRINUSE.
 */
export async function freePort([from, to]: readonly [number, number]): Promise<number> {
  if (from < PORT_RANGE.first || to > PORT_RANGE.last)
    throw new Error(`ports ${from}-${to} are outside ${PORT_RANGE.first}-${PORT_RANGE.last}`);
  for (let port = from; port <= to; port++) {
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free loopback port in ${from}-${to} (other test runs on this machine?)`);
}

/** `count` distinct free ports of a block. */
export async function freePorts(block: readonly [number, number], count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort(block));
  return ports;
}
