// Figures for tokens: the requests made to show an account with 1,000 token balances in units
// (goal: the rows shown + a constant, not 1,000; never above the in-flight cap) and the cost of the
// Tokens rows' text for 1,000 balances with their metadata known (goal ≤ 1 ms), against the raw
// grouped integer the rows showed before as the baseline measured in the same run. The mirror
// node is the loopback replay server with the fixtures (test/support/tokenFixtures.ts).
import { formatGrouped } from '../../src/ledger';
import { createMirrorClient, TokenMetadata, toMeta } from '../../src/mirror';
import { TokenInfoSchema } from '../../src/mirror/schemas';
import { AccountsStore, TOKEN_PAGE, type AccountNode, type SectionNode } from '../../src/features/accounts/store';
import { tokenAmountText } from '../../src/present/tokens';
import { startMirrorReplay } from '../support/mirrorReplay';
import { TOKEN_ACCOUNT, TOKEN_COUNT, tokenIdAt, tokenRequests, tokenSpecs, tokenWorld } from '../support/tokenFixtures';
import { fmt, stats, now, type BenchRow } from './harness';

const CONSTANT = 4;
const CAP = 4;

export async function run(): Promise<BenchRow[]> {
  const replay = await startMirrorReplay({ port: 0, extraRecords: tokenWorld() });
  let requests: number;
  let accountRequests: number;
  let peak: number;
  let shownMs: number;
  try {
    const client = createMirrorClient({ baseUrl: replay.url, retries: 0, maxRequestsPerSecond: 10_000 });
    const tokens = new TokenMetadata(client, { maxInFlight: CAP });
    const store = new AccountsStore({
      client: () => client,
      settings: () => ({ network: 'testnet', networkLabel: 'bench', transactionsLimit: 25 }),
      changed: () => undefined,
      tokens: () => tokens,
    });
    store.setConfigured([{ id: TOKEN_ACCOUNT }]);
    replay.resetRequests();
    const t0 = now();
    const [account] = (await store.children(undefined)) as AccountNode[];
    await account.loading;
    const [, tokenSection] = (await store.children(account)) as SectionNode[];
    await store.children(tokenSection);
    // every row shown answered
    await Promise.all(Array.from({ length: TOKEN_PAGE }, (_, i) => tokens.get(tokenIdAt(i))));
    shownMs = now() - t0;
    const urls = replay.requests.map(r => r.url);
    requests = tokenRequests(urls).length;
    accountRequests = urls.filter(u => u.startsWith('/api/v1/accounts/')).length;
    peak = tokens.stats.peakInFlight;
    store.dispose();
    client.dispose();
  } finally {
    await replay.close();
  }

  // Row text for 1,000 balances, metadata known: units + symbol vs the raw grouped integer.
  const specs = tokenSpecs();
  const lookups = specs.map(s => ({
    status: 'found' as const,
    meta: toMeta(s.id, TokenInfoSchema.parse({ token_id: s.id, name: s.name, symbol: s.symbol, decimals: s.decimals })),
  }));
  const units: number[] = [];
  const raw: number[] = [];
  let sink = 0;
  for (let round = 0; round < 60; round++) {
    let t = now();
    for (let i = 0; i < TOKEN_COUNT; i++) sink += tokenAmountText(specs[i].balance, lookups[i]).text.length;
    units.push(now() - t);
    t = now();
    for (let i = 0; i < TOKEN_COUNT; i++) sink += formatGrouped(specs[i].balance).length;
    raw.push(now() - t);
  }
  const u = stats(units.slice(10));
  const r = stats(raw.slice(10));
  return [
    {
      name: `token requests to show an account with ${TOKEN_COUNT} balances`,
      value: requests,
      unit: 'requests',
      goal: `≤ ${TOKEN_PAGE} rows shown + ${CONSTANT}`,
      pass: requests <= TOKEN_PAGE + CONSTANT,
      note: `${accountRequests} account request; ${TOKEN_PAGE} rows shown of ${TOKEN_COUNT}, the rest asked only on Load more; peak ${peak} in flight (cap ${CAP}); every shown row in units after ${fmt(shownMs)} ms on loopback`,
    },
    {
      name: 'token requests in flight at once (peak)',
      value: peak,
      unit: 'requests',
      goal: `≤ ${CAP}`,
      pass: peak <= CAP,
    },
    {
      name: `Tokens row text for ${TOKEN_COUNT} balances (units + symbol)`,
      value: u.median,
      unit: 'ms',
      goal: '≤ 1 ms',
      pass: u.median <= 1,
      note: `median of ${u.samples} rounds, p90 ${fmt(u.p90)} ms; the raw grouped integer (the old row) takes ${fmt(r.median)} ms (×${fmt(u.median / Math.max(r.median, 1e-6))}); checksum ${sink % 10}`,
    },
  ];
}
