// The trace session (src/trace/session.ts): built lazily, it asks its keeper for the compiler-output
// index on the first read of `sources` (which starts the workspace scan), answers as an empty index
// until someone keeps one, tells its listeners when the real one arrives, and keeps contract codes
// per network and endpoint, asking through the client current at the time.
import * as assert from 'assert';
import type { SourceIndexApi } from '../../../src/source/api';
import { TraceSession } from '../../../src/trace/session';
import type { ContractSource } from '../../../src/trace/names';
import type { ContractInfo } from '../../../src/mirror';
import { compiledRef } from './fixtures';

function fakeIndex(): SourceIndexApi & { fire(): void; removed: string[] } {
  const listeners = new Set<() => void>();
  const ref = compiledRef();
  const removed: string[] = [];
  return {
    removed,
    update: files => Promise.resolve({ files: files.length, contracts: 1, skipped: [] }),
    remove: files => void removed.push(...files),
    findByCode: code => (code === '0x6080' ? ref : undefined),
    sites: () => Promise.resolve({ kind: 'none', reason: 'fake' }),
    compiledText: (_r, name) => Promise.resolve(`text of ${name}`),
    compiledKeccak256: () => Promise.resolve(`0x${'ab'.repeat(32)}`),
    projectRootOf: () => 'hardhat-sample',
    onDidChange: listener => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fire: () => listeners.forEach(l => l()),
    dispose: () => undefined,
  };
}

const noContracts = { endpoint: 'https://x', source: { getContract: () => Promise.reject(new Error('unused')) } };

describe('trace session', () => {
  it('asks for the index only when sources is read, and answers as an empty index while nobody keeps one', async () => {
    let asked = 0;
    const real = fakeIndex();
    const keeper: { index?: SourceIndexApi } = {};
    const session = new TraceSession({ contractSource: () => noContracts, sources: () => (asked++, keeper.index) });
    assert.strictEqual(asked, 0, 'not at construction');
    const sources = session.sources;
    assert.strictEqual(asked, 1);
    assert.strictEqual(sources.findByCode('0x6080'), undefined);
    assert.strictEqual(await sources.compiledText(compiledRef(), 'contracts/MyToken.sol'), undefined);
    assert.deepStrictEqual(await sources.sites(compiledRef(), undefined, { kind: 'empty' }), {
      kind: 'none',
      reason: 'the workspace compiler output is not indexed yet',
    });
    assert.deepStrictEqual(await sources.update([]), { files: 0, contracts: 0, skipped: [] });

    let heard = 0;
    sources.onDidChange(() => heard++);
    keeper.index = real;
    assert.strictEqual(session.sources, sources, 'the same object every time');
    assert.strictEqual(heard, 1, 'listeners hear the index arrive');
    assert.strictEqual(sources.findByCode('0x6080')?.contractName, 'MyToken');
    assert.strictEqual(await sources.compiledText(compiledRef(), 'a.sol'), 'text of a.sol');
    assert.strictEqual(await sources.compiledKeccak256?.(compiledRef(), 'a.sol'), `0x${'ab'.repeat(32)}`);
    assert.strictEqual(sources.projectRootOf(compiledRef()), 'hardhat-sample');
    real.fire();
    assert.strictEqual(heard, 2, 'and every change after');
    const before = asked;
    session.sources.findByCode('0x');
    assert.strictEqual(asked, before, 'kept once found: not asked again');
    sources.remove(['x.json']);
    assert.deepStrictEqual(real.removed, ['x.json']);

    session.dispose();
    real.fire();
    assert.strictEqual(heard, 2, 'a disposed session tells nobody');
  });

  it('makes the store on first use, once', () => {
    const session = new TraceSession({ contractSource: () => noContracts, sources: () => undefined });
    assert.strictEqual(session.store, session.store);
    assert.strictEqual(session.store.peek('testnet', '0.0.2-1700000000-000000001'), undefined);
  });

  it('keeps codes per network and endpoint, asking through the client current at the time', async () => {
    const asked: string[] = [];
    const client = (name: string): ContractSource => ({
      getContract: id => {
        asked.push(`${name} ${id}`);
        return Promise.resolve({
          contract_id: id,
          runtime_bytecode: '0x6080',
          evm_address: null,
        } as unknown as ContractInfo);
      },
    });
    let endpoint = 'https://testnet.example';
    let current = client('first');
    const session = new TraceSession({
      contractSource: () => ({ endpoint, source: current }),
      sources: () => undefined,
    });
    const codes = session.codes('testnet');
    assert.strictEqual(session.codes('testnet'), codes, 'the same codes for the same network and endpoint');
    assert.notStrictEqual(session.codes('mainnet'), codes, 'a network of its own');
    current = client('second');
    assert.strictEqual(await codes.get('0.0.1001'), '0x6080');
    assert.deepStrictEqual(asked, ['second 0.0.1001'], 'through the client current when asked');
    endpoint = 'https://elsewhere.example';
    assert.notStrictEqual(session.codes('testnet'), codes, 'another endpoint is other contracts');
  });

  it('issues site keys and keeps marks for the session', () => {
    const session = new TraceSession({ contractSource: () => noContracts, sources: () => undefined });
    assert.strictEqual(session.sites, session.sites);
    assert.deepStrictEqual(session.marks.all(), []);
  });
});
