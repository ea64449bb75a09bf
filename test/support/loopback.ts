// A test server on an ephemeral 127.0.0.1 port, closed for good: its open connections (keep-alive
// ones, tunnels) are destroyed first, so `close()` resolves at once rather than when they time out.
import type * as http from 'http';
import type * as net from 'net';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Listens on a free loopback port. `sockets` may be the caller's own set (a proxy adds its tunnels'
 * far ends to it); every connection the server accepts is tracked in it until it closes.
 */
export async function listenOnLoopback(
  server: http.Server,
  sockets: Set<net.Socket> = new Set<net.Socket>(),
): Promise<LoopbackServer> {
  server.on('connection', socket => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>(resolve => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
