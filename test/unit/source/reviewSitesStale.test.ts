// The inferred revert site of an output without the compiled text (Foundry's out/) is placed in the
// workspace file. The detail stays loaded across asks, so an answer made while the file differed
// from what was compiled must not outlive the difference: once the file is back to the compiled
// text (an edit undone; the compiler, finding nothing to do, rewrites no output), the site is found.
import * as assert from 'assert';
import { keccak256, stringToBytes } from 'viem';
import { inferSites } from '../../../src/source/sites';
import type { CompiledContractDetail, RevertToFind } from '../../../src/source/types';
import { compileSources, detailFromOutput, testContracts } from '../../support/solcCompile';

const VAULT_SOURCES = testContracts('Vault.sol', 'Balances.sol', 'SafeSub.sol');
const VAULT = 'contracts/Vault.sol';

describe('inferred revert sites: a workspace text that changes and changes back', function () {
  this.timeout(120_000);

  it('finds the site again once the file is the compiled text again, on the same detail', () => {
    const bare = detailFromOutput(VAULT_SOURCES, compileSources(VAULT_SOURCES), VAULT, 'Vault', {
      withoutContent: true,
    });
    const hashed: CompiledContractDetail = {
      ...bare,
      sources: new Map(
        [...bare.sources].map(([id, s]) => [
          id,
          { ...s, keccak256: keccak256(stringToBytes(VAULT_SOURCES[s.name] ?? '')) },
        ]),
      ),
    };
    const withdraw = [...hashed.selectors].find(([, s]) => s === 'withdraw(uint256)')?.[0];
    assert.ok(withdraw);
    const paused: RevertToFind = {
      kind: 'custom',
      name: 'Paused',
      selector: keccak256(stringToBytes('Paused()')).slice(0, 10),
    };
    let text = VAULT_SOURCES[VAULT].replace('pragma', '\n\npragma');
    const workspace = { text: (s: { name: string }) => (s.name === VAULT ? text : VAULT_SOURCES[s.name]) };
    const changed = inferSites(hashed, withdraw, paused, workspace);
    assert.strictEqual(changed.kind, 'none');
    text = VAULT_SOURCES[VAULT];
    const again = inferSites(hashed, withdraw, paused, workspace);
    assert.strictEqual(again.kind, 'inferred', again.kind === 'none' ? again.reason : '');
  });
});
