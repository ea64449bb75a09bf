// The net layer's contract (contract/cases.ts) under Node, against its loopback server, once with
// each transport: undici (what the extension uses in Node) and Node's own global fetch (the code
// path a browser takes). Every case runs its `run`, never its `inBrowser` assertion: Node's fetch
// shows redirects and says why a connection failed, so both transports answer alike here; only the
// headers case expects a different User-Agent and Accept-Encoding per transport, by design.
import { HttpClient, type HttpClientOptions } from '../../../src/net';
import { startNetContractServer, type NetContractServer } from '../../support/netContractServer';
import { NET_CONTRACT_CASES, type NetContractEnv } from './contract/cases';

for (const transport of ['undici', 'fetch'] as const) {
  describe(`net contract: every case through ${transport} (Node, loopback server)`, function () {
    this.timeout(30_000);
    let server: NetContractServer;
    const clients: HttpClient[] = [];
    before(async () => {
      server = await startNetContractServer();
    });
    after(() => server.close());
    afterEach(() => {
      for (const c of clients.splice(0)) c.close();
    });

    function env(): NetContractEnv {
      return {
        server: server.url,
        transport,
        browser: false,
        client: (options?: Partial<HttpClientOptions>) => {
          // No proxy from the environment: the cases talk to loopback.
          const client = new HttpClient({ env: {}, ...options, transport });
          clients.push(client);
          return client;
        },
      };
    }

    for (const c of NET_CONTRACT_CASES) {
      it(c.name, () => c.run(env()));
    }

    it('the transport is the one asked for', () => {
      const client = env().client();
      if (client.transport !== transport) throw new Error(`transport ${client.transport}`);
    });
  });
}
