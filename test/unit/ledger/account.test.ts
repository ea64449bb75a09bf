import * as assert from 'assert';
import {
  ACCOUNT_FORMS_HELP,
  accountRefToPath,
  formatAccountRef,
  parseAccountRef,
  type AccountRef,
} from '../../../src/ledger';
import { pathSegmentAfter, recordedExchanges } from './paths';

const ALIAS = 'KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ';
const EVM = 'ac384c53f03855fa1b3616052f8ba32c6c2a2fec';
const LONG_ZERO_8 = '0000000000000000000000000000000000000008';

describe('ledger/account references', () => {
  const accepted: Array<[string, AccountRef, string]> = [
    ['8', { kind: 'id', id: { shard: 0n, realm: 0n, num: 8n } }, '0.0.8'],
    ['0.8', { kind: 'id', id: { shard: 0n, realm: 0n, num: 8n } }, '0.0.8'],
    ['0.0.8', { kind: 'id', id: { shard: 0n, realm: 0n, num: 8n } }, '0.0.8'],
    ['1.2.3', { kind: 'id', id: { shard: 1n, realm: 2n, num: 3n } }, '1.2.3'],
    ['5.1234', { kind: 'id', id: { shard: 0n, realm: 5n, num: 1234n } }, '0.5.1234'],
    ['9999999999', { kind: 'id', id: { shard: 0n, realm: 0n, num: 9_999_999_999n } }, '0.0.9999999999'],
    ['0.0.123-vfmkw', { kind: 'id', id: { shard: 0n, realm: 0n, num: 123n }, checksum: 'vfmkw' }, '0.0.123'],
    // Digits only: a number, although "22222222" is also valid base32.
    ['22222222', { kind: 'id', id: { shard: 0n, realm: 0n, num: 22_222_222n } }, '0.0.22222222'],
    [EVM, { kind: 'evm', address: EVM }, `0x${EVM}`],
    [`0x${EVM}`, { kind: 'evm', address: EVM }, `0x${EVM}`],
    [`0x${EVM.toUpperCase()}`, { kind: 'evm', address: EVM }, `0x${EVM}`],
    [`0.0.${EVM}`, { kind: 'evm', address: EVM, shard: 0n, realm: 0n }, `0.0.${EVM}`],
    [`0.0.0x${EVM}`, { kind: 'evm', address: EVM, shard: 0n, realm: 0n }, `0.0.${EVM}`],
    [`0.${EVM}`, { kind: 'evm', address: EVM, realm: 0n }, `0.${EVM}`],
    [`0x${LONG_ZERO_8}`, { kind: 'evm', address: LONG_ZERO_8 }, `0x${LONG_ZERO_8}`],
    [`0.0.${LONG_ZERO_8}`, { kind: 'evm', address: LONG_ZERO_8, shard: 0n, realm: 0n }, `0.0.${LONG_ZERO_8}`],
    // A long-zero address under its own shard.realm is consistent.
    [
      '1.2.0000000100000000000000020000000000000003',
      { kind: 'evm', address: '0000000100000000000000020000000000000003', shard: 1n, realm: 2n },
      '1.2.0000000100000000000000020000000000000003',
    ],
    // Forty hex characters that are also base32 are an address, as the mirror node decides.
    [
      'ABCDEF2345ABCDEF2345ABCDEF2345ABCDEF2345',
      { kind: 'evm', address: 'abcdef2345abcdef2345abcdef2345abcdef2345' },
      '0xabcdef2345abcdef2345abcdef2345abcdef2345',
    ],
    [ALIAS, { kind: 'alias', alias: ALIAS }, ALIAS],
    [`0.${ALIAS}`, { kind: 'alias', alias: ALIAS, realm: 0n }, `0.${ALIAS}`],
    [`0.0.${ALIAS}`, { kind: 'alias', alias: ALIAS, shard: 0n, realm: 0n }, `0.0.${ALIAS}`],
    ['AB', { kind: 'alias', alias: 'AB' }, 'AB'],
    ['ABCD', { kind: 'alias', alias: 'ABCD' }, 'ABCD'],
    ['ABCDE', { kind: 'alias', alias: 'ABCDE' }, 'ABCDE'],
    ['ABCDEFG', { kind: 'alias', alias: 'ABCDEFG' }, 'ABCDEFG'],
    ['ABCDEFGH', { kind: 'alias', alias: 'ABCDEFGH' }, 'ABCDEFGH'],
  ];
  for (const [text, ref, path] of accepted) {
    it(`${text} → ${path}`, () => {
      const parsed = parseAccountRef(text);
      assert.deepStrictEqual(parsed, ref);
      assert.strictEqual(accountRefToPath(parsed), path);
      // The path we send parses back to the same reference (less the checksum, which is not sent).
      const { checksum: _ignored, ...withoutChecksum } = ref as AccountRef & { checksum?: string };
      assert.deepStrictEqual(parseAccountRef(path), withoutChecksum);
    });
  }

  const refused: Array<[string, string]> = [
    ['0.5.6.7', 'four parts (recorded 400)'],
    [`${ALIAS.slice(0, -3)}000`, 'base32 with 0 (recorded 400)'],
    [`0.${ALIAS.slice(0, -3)}000`, 'prefixed base32 with 0 (recorded 400)'],
    ['9.2.0000000000000000000000000000000000000013', 'long-zero address of 0.0.19 under 9.2 (recorded 400)'],
    [`1.${LONG_ZERO_8}`, 'long-zero address of 0.0.8 under realm 1'],
    [`5.0.${LONG_ZERO_8}`, 'long-zero address of 0.0.8 under shard 5'],
    ['1.2.0000000100000000000000030000000000000003', 'long-zero address of 1.3.3 under 1.2'],
    ['', 'empty'],
    ['12345678901', 'eleven digits'],
    ['0.0.12345678901', 'eleven-digit num'],
    ['-1', 'negative'],
    ['0.0.-1', 'negative num'],
    ['A', 'base32 of length 1'],
    ['ABC', 'base32 of length 3'],
    ['ABCDEF', 'base32 of length 6'],
    ['ABCDEFGHA', 'base32 of length 9'],
    [ALIAS.toLowerCase(), 'lower-case base32'],
    [`${ALIAS}=`, 'padded base32'],
    [`0x${EVM}0`, '41 hex digits'],
    [`0x${EVM.slice(1)}`, '39 hex digits'],
    [`0X${EVM}`, 'upper-case 0X'],
    [`1.2.3.${EVM}`, 'three prefixes'],
    ['0.0.123-VFMKW', 'upper-case checksum'],
    ['123-vfmkw', 'checksum on a bare number'],
    [' 0.0.8', 'leading space'],
    ['0.0.8\n', 'trailing newline'],
    ['0.0.8/', 'trailing slash'],
  ];
  for (const [text, why] of refused) {
    it(`refuses ${JSON.stringify(text)}: ${why}`, () => assert.strictEqual(parseAccountRef(text), undefined));
  }

  it('names every accepted form in the help text', () => {
    for (const form of ['0.0.1234', '1234', 'EVM address', '0x', 'alias', 'checksum']) {
      assert.ok(ACCOUNT_FORMS_HELP.includes(form), form);
    }
  });

  it('shows a prefixed address with its 0x', () => {
    assert.strictEqual(formatAccountRef(parseAccountRef(`0.0.${EVM}`)!), `0.0.0x${EVM}`);
    assert.strictEqual(formatAccountRef(parseAccountRef('8')!), '0.0.8');
  });

  describe('agrees with the mirror node on every recorded account lookup', () => {
    const lookups = recordedExchanges()
      .map(r => ({ ...r, segment: pathSegmentAfter(r.url, '/api/v1/accounts/') }))
      .filter((r): r is typeof r & { segment: string } => r.segment !== undefined);
    it('finds the recorded lookups', () => assert.ok(lookups.length > 50, String(lookups.length)));
    for (const r of lookups) {
      const refusedByServer = r.status === 400 && r.bodyText.includes('Invalid parameter: idOrAliasOrEvmAddress');
      it(`${r.segment} (${r.status})`, () => {
        const ref = parseAccountRef(r.segment);
        if (refusedByServer) {
          assert.strictEqual(ref, undefined);
        } else {
          assert.ok(ref, 'the server accepted it');
          // What we send names the same account as what was recorded.
          assert.deepStrictEqual(parseAccountRef(accountRefToPath(ref)), ref);
        }
      });
    }
  });
});
