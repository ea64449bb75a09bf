import * as assert from 'assert';
import { ignoredSettingsMessage } from '../../../src/present';

const used = { mirrorBaseUrl: 'https://testnet.mirrornode.hedera.com', statusUrl: 'https://status.hedera.com' };

describe('ignoredSettingsMessage (untrusted workspace)', () => {
  it('says nothing when nothing is ignored', () => {
    assert.strictEqual(ignoredSettingsMessage([], used), undefined);
  });

  it('names every ignored setting, sorted, and both URLs in use', () => {
    assert.strictEqual(
      ignoredSettingsMessage(['ledgerLens.statusUrl', 'ledgerLens.scheme', 'ledgerLens.mirrorNodeUrl'], used),
      "Ledger Lens ignores this workspace's settings ledgerLens.mirrorNodeUrl, ledgerLens.scheme and " +
        'ledgerLens.statusUrl because the workspace is not trusted; it uses ' +
        'https://testnet.mirrornode.hedera.com and https://status.hedera.com.',
    );
  });

  it('names only the URL concerned', () => {
    assert.strictEqual(
      ignoredSettingsMessage(['ledgerLens.statusUrl'], used),
      "Ledger Lens ignores this workspace's setting ledgerLens.statusUrl because the workspace is not trusted; " +
        'it uses https://status.hedera.com.',
    );
    assert.match(ignoredSettingsMessage(['ledgerLens.scheme'], used) ?? '', /it uses https:\/\/testnet\.mirror/);
    // The per-network mirror node URLs are ignored too: the mirror node in use is named.
    assert.match(
      ignoredSettingsMessage(['ledgerLens.mirrorNodeUrls'], used) ?? '',
      /it uses https:\/\/testnet\.mirror/,
    );
  });
});
