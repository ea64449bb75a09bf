// The issue-14 fixtures read through the real client and schemas (a fixture the client refuses
// would make every test built on it pass or fail for the wrong reason), and the figures the views
// must show, computed by the pure helpers from what the replay serves.
import * as assert from 'assert';
import { createMirrorClient, TokenMetadata, type MirrorClient } from '../../../src/mirror';
import { ExchangeRates } from '../../../src/mirror/rates';
import { approxUsd, formatTokenAmount } from '../../../src/present';
import { decodeNftMetadata, nftLabel, tokenAmountText } from '../../../src/present/tokens';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import {
  NFT_METADATA,
  NFT_NAME,
  NFT_TOKEN,
  SPECIAL,
  TOKEN_ACCOUNT,
  TOKEN_COUNT,
  TX_A,
  TX_B,
  tokenRequests,
  tokenSpecs,
  tokenWorld,
  zeroRateRecord,
} from '../../support/tokenFixtures';

describe('token fixtures through the real client', function () {
  this.timeout(30_000);
  let replay: MirrorReplay;
  let client: MirrorClient;
  before(async () => {
    replay = await startMirrorReplay({ extraRecords: tokenWorld() });
    client = createMirrorClient({ baseUrl: replay.url, maxRequestsPerSecond: 100_000, retries: 0 });
  });
  after(async () => {
    client.dispose();
    await replay.close();
  });

  it('the account lists 1,000 token balances with exact amounts', async () => {
    const a = await client.getAccount(TOKEN_ACCOUNT);
    const tokens = a.balance?.tokens ?? [];
    assert.strictEqual(tokens.length, TOKEN_COUNT);
    assert.strictEqual(tokens[SPECIAL.wide].balance, 1_234_567_890_123_456_789n, 'above 2^53, every digit kept');
    assert.strictEqual(a.transactions?.length, 2);
  });

  it('each special token reads as the fixture says once its metadata is in', async () => {
    const specs = tokenSpecs();
    const meta = new TokenMetadata(client);
    for (const i of [
      SPECIAL.usdc,
      SPECIAL.gone,
      SPECIAL.wide,
      SPECIAL.badDecimals,
      SPECIAL.whole,
      SPECIAL.evm,
      SPECIAL.eight,
    ]) {
      const s = specs[i];
      const t = tokenAmountText(s.balance, await meta.get(s.id));
      assert.strictEqual(t.text, s.shown, s.id);
    }
    const hostile = tokenAmountText(specs[SPECIAL.hostile].balance, await meta.get(specs[SPECIAL.hostile].id));
    // cut to 24 characters (+ …) and inert: the HTML is text, the bidi control never reaches the row
    assert.strictEqual(hostile.text, '7 <img src=x onerror=alert…');
    assert.strictEqual(nftLabel(NFT_TOKEN, 7n, await meta.get(NFT_TOKEN)), `${NFT_NAME} #7`);
  });

  it('the NFT pages: metadata of every kind, shown as text and never fetched', async () => {
    const first = await client.listAccountNfts(TOKEN_ACCOUNT, { limit: 25 });
    const shown = first.nfts.map(n => decodeNftMetadata(n.metadata));
    assert.deepStrictEqual(
      shown.map(s => s.kind),
      ['url', 'url', 'text', 'binary'],
    );
    assert.ok(shown[0].kind === 'url' && shown[0].text === NFT_METADATA.ipfs);
    const second = await client.next(first);
    assert.strictEqual(second?.nfts.length, 1);
    assert.ok(!replay.requests.some(r => r.url.includes('bafy') || r.url.includes('cats')));
  });

  it('fees in dollars at their own rate period; hbar_equivalent 0 gives none', async () => {
    const rates = new ExchangeRates(client);
    const a = await rates.at(TX_A.consensus);
    const b = await rates.at(TX_B.consensus);
    assert.ok(a.status === 'found' && b.status === 'found');
    assert.strictEqual(approxUsd(TX_A.fee, a.rate), TX_A.feeUsd);
    assert.strictEqual(approxUsd(TX_B.fee, b.rate), TX_B.feeUsd);
    const zero = await startMirrorReplay({ extraRecords: [zeroRateRecord('1700000000.000000001')] });
    const c2 = createMirrorClient({ baseUrl: zero.url, retries: 0 });
    try {
      const z = await new ExchangeRates(c2).at('1700000000.000000001');
      assert.ok(z.status === 'found');
      assert.strictEqual(approxUsd(TX_A.fee, z.rate), undefined);
    } finally {
      c2.dispose();
      await zero.close();
    }
  });

  it('formatting 1,000 fixture amounts stays exact', () => {
    const specs = tokenSpecs();
    for (const s of specs) assert.ok(formatTokenAmount(s.balance, s.decimals) !== undefined || s.decimals === '-1');
    assert.deepStrictEqual(
      tokenRequests(['/api/v1/tokens/0.0.5', '/api/v1/tokens/0.0.5/nfts', '/api/v1/accounts/0.0.5']),
      ['/api/v1/tokens/0.0.5'],
    );
  });
});
