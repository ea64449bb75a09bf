// The page side of the net layer's contract suite in a browser: bundled for the browser by
// runNetContract.ts (esbuild, platform 'browser') and loaded from a page on another loopback origin
// than the cases' server, so every request is a cross-origin fetch, as on vscode.dev. It runs each
// case with the platform's fetch as transport (a case's `inBrowser` assertion where it has one)
// and leaves the outcomes in `window.__results`, then sets `window.__done`.
//
// No `dom` lib in the tests' program: the few browser globals used are typed here.
import { HttpClient, type HttpClientOptions } from '../../src/net';
import { NET_CONTRACT_CASES, type NetContractEnv } from '../unit/net/contract/cases';

/** One case's outcome as the Node side reads it. */
export interface NetContractResult {
  readonly name: string;
  readonly ok: boolean;
  readonly message: string;
  /** Why the browser's behaviour differs, for a case run through its `inBrowser` assertion. */
  readonly differs?: string;
  readonly ms: number;
}

interface PageGlobals {
  __results?: NetContractResult[];
  __done?: boolean;
  location: { readonly search: string };
}

/** A case that neither settles nor times out by itself fails after this long. */
const CASE_LIMIT_MS = 20_000;

function withLimit(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

async function runAll(server: string, results: NetContractResult[]): Promise<void> {
  for (const c of NET_CONTRACT_CASES) {
    // Every client a case makes is closed after it, passed or not, so no request outlives its case.
    const clients: HttpClient[] = [];
    const env: NetContractEnv = {
      server,
      transport: 'fetch',
      browser: true,
      client: (options?: Partial<HttpClientOptions>) => {
        const client = new HttpClient({ ...options, transport: 'fetch' });
        clients.push(client);
        return client;
      },
    };
    const started = Date.now();
    const differs = c.inBrowser?.reason;
    let ok = true;
    let message = '';
    try {
      await withLimit(c.inBrowser ? c.inBrowser.run(env) : c.run(env), CASE_LIMIT_MS);
    } catch (e) {
      ok = false;
      message = describe(e);
    } finally {
      for (const client of clients) client.close();
    }
    results.push({ name: c.name, ok, message, ms: Date.now() - started, ...(differs ? { differs } : {}) });
  }
}

const page = globalThis as unknown as PageGlobals;
const server = new URLSearchParams(page.location.search).get('server');
const results: NetContractResult[] = [];
page.__results = results;
if (!server) {
  results.push({ name: 'the page', ok: false, message: 'no ?server= in the page URL', ms: 0 });
  page.__done = true;
} else {
  void runAll(server, results)
    .catch((e: unknown) => results.push({ name: 'the page', ok: false, message: describe(e), ms: 0 }))
    .finally(() => (page.__done = true));
}
