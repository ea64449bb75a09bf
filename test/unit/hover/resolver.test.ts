// The hover's lookups against the loopback replay of the recorded mirror node, through the real
// client: which requests a hover costs, what it says, and how it fails.
import * as assert from 'assert';
import { rawTopicMessage, topicMessagesBody, utf8 } from '../../support/topicMessages';
import { createMirrorClient, type MirrorClient } from '../../../src/mirror';
import { type LedgerLensConfig, parseSettings } from '../../../src/app/settings';
import { HoverResolver } from '../../../src/features/hover/resolver';
import { entityChecksum } from '../../../src/ledger';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { aContract, aTopic, aToken, anAccount, hostileText, recordFor } from '../../support/builders';

describe('hover resolver against the replay server', () => {
  let replay: MirrorReplay;
  let client: MirrorClient;
  let config: LedgerLensConfig;
  let resolver: HoverResolver;

  const settings = (extra: Record<string, unknown> = {}) =>
    parseSettings({ mirrorNodeUrl: replay.url, network: 'testnet', requestTimeoutMs: 1000, ...extra }).config;
  const paths = () => replay.requests.map(r => r.url);
  const hover = (line: string, at = line.indexOf('0'), signal?: AbortSignal) =>
    resolver.hover(line, at, 'typescript', signal);

  before(async () => {
    replay = await startMirrorReplay();
  });
  after(async () => {
    await replay.close();
  });
  beforeEach(() => {
    config = settings();
    client = createMirrorClient({ baseUrl: replay.url, timeoutMs: 1000, retries: 0 });
    resolver = new HoverResolver({ client: () => client, config: () => config });
    replay.resetRequests();
  });
  afterEach(() => {
    client.dispose();
    replay.setFault(undefined);
    replay.clearSelections();
    replay.clearAddedRecords();
  });

  it('an account costs one request, and the next hover none (cache)', async () => {
    replay.preferSource('no-params');
    const first = await hover('const payer = "0.0.8";');
    assert.ok(first, 'a hover');
    assert.ok(first.markdown.includes('**Account** `0.0.8`'), first.markdown);
    assert.ok(first.markdown.includes('Balance: **0.00000080 ℏ**'), first.markdown);
    assert.ok(first.markdown.includes('EVM address: `0xac384c53f03855fa1b3616052f8ba32c6c2a2fec`'), first.markdown);
    assert.deepStrictEqual(paths(), ['/api/v1/accounts/0.0.8?transactions=false']);
    const second = await hover('x 0.0.8 y');
    assert.ok(second?.markdown.includes('Balance: **0.00000080 ℏ**'));
    assert.strictEqual(replay.requests.length, 1);
  });

  it('an id of another kind is tried in order, and its kind is remembered', async () => {
    const lastMessage = '/api/v1/topics/0.0.7000/messages?order=desc&limit=1';
    replay.addRecords([
      recordFor('/api/v1/topics/0.0.7000', aTopic({ memo: 'my topic' })),
      {
        url: lastMessage,
        bodyText: topicMessagesBody([rawTopicMessage({ sequence: 3n, bytes: utf8('hi'), topic: '0.0.7000' })]),
      },
    ]);
    const r = await hover('topic 0.0.7000');
    assert.ok(r?.markdown.startsWith('**Topic** `0.0.7000`'), r?.markdown);
    // The topic's last message, once the id is known to be a topic: one request more.
    assert.ok(r?.markdown.includes('Messages: 3 · last #3'), r?.markdown);
    assert.deepStrictEqual(paths(), [
      '/api/v1/accounts/0.0.7000?transactions=false',
      '/api/v1/contracts/0.0.7000',
      '/api/v1/tokens/0.0.7000',
      '/api/v1/topics/0.0.7000',
      lastMessage,
    ]);
    // A new client (empty cache): the remembered kind costs one request.
    client.dispose();
    client = createMirrorClient({ baseUrl: replay.url, timeoutMs: 1000, retries: 0 });
    replay.resetRequests();
    const again = await hover('topic 0.0.7000');
    assert.ok(again?.markdown.includes('Memo: my topic'));
    assert.deepStrictEqual(paths(), ['/api/v1/topics/0.0.7000', lastMessage]);
    // Another network forgets it.
    resolver.reset();
    client.dispose();
    client = createMirrorClient({ baseUrl: replay.url, timeoutMs: 1000, retries: 0 });
    replay.resetRequests();
    await hover('topic 0.0.7000');
    assert.strictEqual(replay.requests.length, 5);
  });

  it('says "not found on <network>" after every kind answered 404', async () => {
    const r = await hover('0.0.7');
    assert.ok(r?.markdown.includes('not found on testnet · 127\\.0\\.0\\.1'), r?.markdown);
    assert.strictEqual(replay.requests.length, 5);
  });

  it('a wrong checksum is said without any request', async () => {
    const good = entityChecksum({ shard: 0n, realm: 0n, num: 8n }, 'testnet');
    const bad = good === 'abcde' ? 'bcdef' : 'abcde';
    const r = await hover(`0.0.8-${bad}`);
    assert.ok(r?.markdown.includes('wrong checksum for testnet'), r?.markdown);
    assert.ok(r?.markdown.includes(`\`${good}\``), r?.markdown);
    assert.strictEqual(replay.requests.length, 0);
    const ok = await hover(`0.0.8-${good}`);
    assert.ok(ok?.markdown.includes('**Account** `0.0.8`'), ok?.markdown);
    assert.deepStrictEqual(paths(), ['/api/v1/accounts/0.0.8?transactions=false']);
  });

  it('a long-zero address is looked up as its 0.0.x id and shown with it', async () => {
    const r = await hover('to = 0x0000000000000000000000000000000000000008;', 8);
    assert.ok(r, 'a hover');
    // The title and its actions first; the note on the address right under them.
    assert.ok(r.markdown.startsWith('**Account** `0.0.8`'), r.markdown);
    const paragraphs = r.markdown.split('\n\n');
    assert.ok(paragraphs[0].includes('[Open in sidebar](command:ledgerLens.revealAccount?'), paragraphs[0]);
    assert.strictEqual(
      paragraphs[1],
      '`0x0000000000000000000000000000000000000008` is the long-zero address of `0.0.8`.',
      r.markdown,
    );
    // Accounts and contracts take the address as written; the other kinds need the id.
    assert.deepStrictEqual(paths(), ['/api/v1/accounts/0x0000000000000000000000000000000000000008?transactions=false']);
    replay.resetRequests();
    const none = await hover('0x0000000000000000000000000000000000000abc');
    assert.ok(none?.markdown.includes('not found on'), none?.markdown);
    assert.deepStrictEqual(paths(), [
      '/api/v1/accounts/0x0000000000000000000000000000000000000abc?transactions=false',
      '/api/v1/contracts/0x0000000000000000000000000000000000000abc',
      '/api/v1/tokens/0.0.2748',
      '/api/v1/topics/0.0.2748',
      '/api/v1/schedules/0.0.2748',
    ]);
  });

  it('an EVM address is looked up as an account first', async () => {
    const r = await hover('0xac384c53f03855fa1b3616052f8ba32c6c2a2fec');
    assert.ok(r?.markdown.includes('**Account** `0.0.8`'), r?.markdown);
    assert.deepStrictEqual(paths(), ['/api/v1/accounts/0xac384c53f03855fa1b3616052f8ba32c6c2a2fec?transactions=false']);
  });

  it('a transaction id in the SDK form is asked in the mirror form', async () => {
    const r = await hover('0.0.10@1234567890.000000001');
    assert.ok(r?.markdown.startsWith('**Transaction** `0.0.10-1234567890-000000001`'), r?.markdown);
    assert.ok(r?.markdown.includes('Result: ✓ Success'), r?.markdown);
    assert.deepStrictEqual(paths(), ['/api/v1/transactions/0.0.10-1234567890-000000001']);
  });

  it('a transaction that does not exist', async () => {
    const r = await hover('0.0.10-1234567890-000000002');
    assert.ok(r?.markdown.includes('not found on'), r?.markdown);
  });

  it('a slow network: the hover says so after the timeout', async () => {
    replay.setFault({ kind: 'latency', ms: 3000 });
    const t0 = Date.now();
    const r = await hover('0.0.8');
    const took = Date.now() - t0;
    assert.ok(r?.markdown.includes('did not answer within 1 s'), r?.markdown);
    assert.ok(took < 2500, `took ${took} ms`);
  });

  it("the server's own words on an error", async () => {
    replay.setFault({ kind: 'serverError', status: 503, message: 'Service <b>down</b>' });
    const r = await hover('0.0.8');
    assert.ok(r?.markdown.includes('Service &lt;b&gt;down&lt;/b&gt;'), r?.markdown);
    assert.strictEqual(replay.requests.length, 1, 'a 5xx ends the search');
  });

  it('moving away aborts: no hover, and the request is dropped', async () => {
    replay.setFault({ kind: 'latency', ms: 2000 });
    const controller = new AbortController();
    const pending = hover('0.0.8', 0, controller.signal);
    await new Promise(resolve => setTimeout(resolve, 100));
    const t0 = Date.now();
    controller.abort();
    assert.strictEqual(await pending, undefined, 'no hover (the 1 s timeout would have given one)');
    // Before the server's 2 s answer, with room for a loaded machine.
    assert.ok(Date.now() - t0 < 1500, `answered ${Date.now() - t0} ms after the abort`);
  });

  it('a stale entry answers at once and is refreshed in the background, the age shown', async () => {
    replay.addRecords([
      {
        ...recordFor('/api/v1/accounts/0.0.1001?transactions=false', anAccount({ memo: 'first' })),
        headers: { 'cache-control': 'public, max-age=1' },
      },
    ]);
    const first = await hover('0.0.1001');
    assert.ok(first?.markdown.includes('Memo: first'));
    replay.clearAddedRecords();
    replay.addRecords([recordFor('/api/v1/accounts/0.0.1001?transactions=false', anAccount({ memo: 'second' }))]);
    await new Promise(resolve => setTimeout(resolve, 1100));
    const stale = await hover('0.0.1001');
    assert.ok(stale, 'a hover');
    assert.ok(stale.markdown.includes('Memo: first'), 'the stale answer, at once');
    assert.match(stale.markdown, /_as of [12] s ago_/);
    // The refresh lands in the background; later hovers read it (polled: a loaded machine is slow).
    let fresh = stale;
    for (let i = 0; i < 100 && !fresh.markdown.includes('Memo: second'); i++) {
      await new Promise(resolve => setTimeout(resolve, 50));
      fresh = (await hover('0.0.1001')) ?? fresh;
    }
    assert.ok(fresh.markdown.includes('Memo: second'), fresh.markdown);
    assert.strictEqual(replay.requests.length, 2);
  });

  it('honours the settings: off, excluded languages, any shard.realm', async () => {
    config = settings({ 'hover.enabled': false });
    assert.strictEqual(await hover('0.0.8'), undefined);
    config = settings({ 'hover.excludedLanguages': ['typescript'] });
    assert.strictEqual(await hover('0.0.8'), undefined);
    assert.ok(await resolver.hover('0.0.8', 0, 'solidity'));
    config = settings();
    assert.strictEqual(resolver.find('1.2.3', 0, 'plaintext'), undefined);
    config = settings({ 'hover.anyShardRealm': true });
    assert.strictEqual(resolver.find('1.2.3', 0, 'plaintext')?.kind, 'entity');
  });

  it('a contract id is labelled a contract, with its balance: /accounts answers, then /contracts, once', async () => {
    // The mirror node answers /accounts for a contract too; only its null receiver_sig_required tells.
    replay.addRecords([
      recordFor(
        '/api/v1/accounts/0.0.5025?transactions=false',
        anAccount({
          account: '0.0.5025',
          receiver_sig_required: null,
          evm_address: '0x00000000000000000000000000000000000013a1',
          balance: { timestamp: '1700000000.000000000', balance: 250_000_000, tokens: [] },
        }),
      ),
      recordFor('/api/v1/contracts/0.0.5025', aContract({ memo: 'my contract' })),
    ]);
    const r = await hover('call 0.0.5025 now');
    assert.ok(r, 'a hover');
    assert.ok(r.markdown.startsWith('**Contract** `0.0.5025`'), r.markdown);
    assert.ok(!r.markdown.includes('**Account**'), r.markdown);
    assert.ok(r.markdown.includes('Balance: **2.50000000 ℏ**'), r.markdown);
    assert.ok(r.markdown.includes('Bytecode file: `0.0.5024`'), r.markdown);
    assert.ok(r.markdown.includes('Memo: my contract'), r.markdown);
    assert.ok(r.markdown.includes('[Contract results](command:ledgerLens.showContractResults?'), r.markdown);
    assert.deepStrictEqual(paths(), ['/api/v1/accounts/0.0.5025?transactions=false', '/api/v1/contracts/0.0.5025']);
    // The next hover is served from the cache.
    const again = await hover('0.0.5025');
    assert.ok(again?.markdown.startsWith('**Contract** `0.0.5025`'), again?.markdown);
    assert.strictEqual(replay.requests.length, 2);
  });

  it('an account with receiver_sig_required null that /contracts does not know stays an account', async () => {
    replay.addRecords([
      recordFor(
        '/api/v1/accounts/0.0.5026?transactions=false',
        anAccount({ account: '0.0.5026', receiver_sig_required: null }),
      ),
    ]);
    const r = await hover('0.0.5026');
    assert.ok(r?.markdown.startsWith('**Account** `0.0.5026`'), r?.markdown);
    assert.deepStrictEqual(paths(), ['/api/v1/accounts/0.0.5026?transactions=false', '/api/v1/contracts/0.0.5026']);
  });

  it('a hostile token name stays text', async () => {
    replay.addRecords([
      recordFor('/api/v1/tokens/0.0.90000', aToken({ name: hostileText.commandLink, symbol: hostileText.html })),
    ]);
    const r = await hover('0.0.90000');
    assert.ok(r, 'a hover');
    assert.ok(r.markdown.startsWith('**Token**'), r.markdown);
    assert.ok(!r.markdown.includes('](command:workbench'), r.markdown);
    assert.ok(!r.markdown.includes('<img'), r.markdown);
  });
});
