// The compiled text's address (src/features/sources/compiledUri.ts) and the command's argument: the
// source name in the path, the site key in the query, and nothing else trusted from either.
import * as assert from 'assert';
import fc from 'fast-check';
import {
  COMPILED_SCHEME,
  compiledAddress,
  isSiteKey,
  parseCompiledAddress,
  siteKeyOf,
} from '../../../src/features/sources/compiledUri';
import { SiteRegistry } from '../../../src/trace/marks';

describe('sources: the compiled text address', () => {
  it('puts the source name in the path and the key in the query, and reads them back', () => {
    assert.strictEqual(COMPILED_SCHEME, 'ledger-lens-compiled');
    const address = compiledAddress('contracts/Vault.sol', 's1f');
    assert.deepStrictEqual(address, { path: '/contracts/Vault.sol', query: 'site=s1f' });
    assert.deepStrictEqual(parseCompiledAddress(address.path, address.query), {
      key: 's1f',
      sourceName: 'contracts/Vault.sol',
    });
  });

  it('names a source that is not a plain path compiled.sol, never its text', () => {
    assert.strictEqual(compiledAddress('../../etc/passwd', 's0').path, '/compiled.sol');
    assert.strictEqual(compiledAddress('/abs/Vault.sol', 's0').path, '/compiled.sol');
  });

  it('refuses an address without a well-formed key or with a path that is not a source name', () => {
    assert.strictEqual(parseCompiledAddress('/contracts/Vault.sol', ''), undefined);
    assert.strictEqual(parseCompiledAddress('/contracts/Vault.sol', 'site='), undefined);
    assert.strictEqual(parseCompiledAddress('/contracts/Vault.sol', 'site=S1'), undefined);
    assert.strictEqual(parseCompiledAddress('/contracts/Vault.sol', 'site=s1;rm'), undefined);
    assert.strictEqual(parseCompiledAddress('/contracts/Vault.sol', 'key=s1'), undefined);
    assert.strictEqual(parseCompiledAddress('/../x.sol', 'site=s1'), undefined);
    assert.strictEqual(parseCompiledAddress('/', 'site=s1'), undefined);
  });

  it('accepts the keys the registry issues', () => {
    const registry = new SiteRegistry();
    const site = {
      sourceName: 'contracts/Vault.sol',
      start: 0,
      length: 1,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      text: 'x',
      kind: 'revert-error' as const,
    };
    const contract = { key: 'k' } as never;
    for (let i = 0; i < 50; i++) {
      const key = registry.issue({
        site: { ...site, start: i },
        contract,
        oneOf: false,
        network: 'testnet',
        transactionId: 't',
        error: 'E()',
      });
      assert.ok(isSiteKey(key), key);
    }
  });

  it('takes the command argument as a key or { key }, nothing else', () => {
    assert.strictEqual(siteKeyOf('s12'), 's12');
    assert.strictEqual(siteKeyOf({ key: 's12' }), 's12');
    for (const arg of [undefined, null, 12, 'x12', '', { key: 12 }, { site: 's1' }, ['s1'], 's'.padEnd(20, '1')])
      assert.strictEqual(siteKeyOf(arg), undefined, JSON.stringify(arg));
  });

  it('never throws on any address (fuzzed)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), (path, query) => {
        const parsed = parseCompiledAddress(path, query);
        if (parsed) assert.ok(isSiteKey(parsed.key) && !parsed.sourceName.split('/').includes('..'));
      }),
      { numRuns: 2000 },
    );
  });
});
