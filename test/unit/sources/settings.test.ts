// `ledgerLens.trace.compilerOutput` and `ledgerLens.trace.decorations` as settings.ts reads them: the
// defaults (Hardhat build-info, Foundry out/), a user's globs taken as set, a bad value reported and
// replaced by the default.
import * as assert from 'assert';
import { DEFAULT_COMPILER_OUTPUT, parseSettings } from '../../../src/app/settings';

describe('sources: the trace settings', () => {
  it('defaults to Hardhat build-info and Foundry out/, with the marks on', () => {
    const { config, problems } = parseSettings({});
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(config.trace, { compilerOutput: DEFAULT_COMPILER_OUTPUT, decorations: true });
  });

  it("takes a user's globs, a solc standard-JSON file among them, and the marks turned off", () => {
    const { config, problems } = parseSettings({
      'trace.compilerOutput': ['**/artifacts/build-info/*.json', 'solc/output.json'],
      'trace.decorations': false,
    });
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(config.trace, {
      compilerOutput: ['**/artifacts/build-info/*.json', 'solc/output.json'],
      decorations: false,
    });
  });

  it('reports a bad value and keeps the default, one setting at a time', () => {
    for (const bad of ['**/*.json', [''], [42], Array.from({ length: 101 }, () => 'x'), ['x'.repeat(501)]]) {
      const { config, problems } = parseSettings({ 'trace.compilerOutput': bad });
      assert.deepStrictEqual(
        problems.map(p => p.key),
        ['ledgerLens.trace.compilerOutput'],
        JSON.stringify(bad).slice(0, 40),
      );
      assert.deepStrictEqual(config.trace.compilerOutput, DEFAULT_COMPILER_OUTPUT);
      assert.strictEqual(config.trace.decorations, true);
    }
    const { config, problems } = parseSettings({ 'trace.decorations': 'yes' });
    assert.deepStrictEqual(
      problems.map(p => p.key),
      ['ledgerLens.trace.decorations'],
    );
    assert.strictEqual(config.trace.decorations, true);
  });
});
