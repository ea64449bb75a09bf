import * as assert from 'assert';
import { MirrorError, MirrorInputError } from '../../../src/mirror';
import type { ContractInfo } from '../../../src/mirror/schemas';
import { ContractCodes, ContractCodesByNetwork, codeKey, nameParty, type NamingContext } from '../../../src/trace';
import { MY_TOKEN_CODE, TOKEN, VAULT, VAULT_CODE, sampleCodes, sampleIndex } from './fixtures';

/** A contract source answering from a table, counting and holding requests when asked to. */
function source(table: Record<string, ContractInfo | Error>) {
  const asked: string[] = [];
  let gate: Promise<void> | undefined;
  const signals: (AbortSignal | undefined)[] = [];
  return {
    asked,
    signals,
    hold(): () => void {
      let open!: () => void;
      gate = new Promise(resolve => (open = resolve));
      return () => {
        gate = undefined;
        open();
      };
    },
    async getContract(id: string, opts?: { signal?: AbortSignal }): Promise<ContractInfo> {
      asked.push(id);
      signals.push(opts?.signal);
      if (gate) await gate;
      const answer = table[id];
      if (answer === undefined) throw new MirrorError('http', 404, ['Not found'], id, 'Not found');
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

const info = (id: string, code: string | null, evm?: string): ContractInfo => ({
  contract_id: id,
  runtime_bytecode: code,
  ...(evm ? { evm_address: evm } : {}),
});

describe('trace/names: contract codes, once per contract, and party names', () => {
  it('codeKey: an id, a long-zero address (as its id), an EVM address (lowercase), else nothing', () => {
    assert.strictEqual(codeKey('0.0.5001'), '0.0.5001');
    assert.strictEqual(codeKey(VAULT.address), '0.0.5001');
    assert.strictEqual(codeKey('0x' + 'AB'.repeat(20)), '0x' + 'ab'.repeat(20));
    assert.strictEqual(codeKey('AB'.repeat(20)), '0x' + 'ab'.repeat(20));
    for (const bad of ['', null, undefined, '0.0', 'zz', '0x123', '0.0.99999999999'])
      assert.strictEqual(codeKey(bad), undefined, String(bad));
  });

  it('asks once per contract, however many ask and however it is named (id or address)', async () => {
    const s = source({ '0.0.5001': info('0.0.5001', VAULT_CODE, '0x' + 'cd'.repeat(20)) });
    const codes = new ContractCodes(s);
    const [a, b] = await Promise.all([codes.get('0.0.5001'), codes.get(VAULT.address)]);
    assert.strictEqual(a, VAULT_CODE);
    assert.strictEqual(b, VAULT_CODE);
    assert.strictEqual(await codes.get('0.0.5001'), VAULT_CODE);
    assert.deepStrictEqual(s.asked, ['0.0.5001']);
    assert.strictEqual(codes.peek('0x' + 'CD'.repeat(20)), VAULT_CODE, 'kept under its EVM address too');
    assert.strictEqual(codes.stats.requests, 1);
  });

  it('a 404 is remembered as "not a contract"; a failure is not, and is asked again', async () => {
    const s = source({ '0.0.7': new MirrorError('network', 0, [], 'x', 'down') });
    const codes = new ContractCodes(s);
    assert.strictEqual(await codes.get('0.0.6'), null);
    assert.strictEqual(await codes.get('0.0.6'), null);
    assert.strictEqual(await codes.get('0.0.7'), undefined);
    assert.strictEqual(codes.peek('0.0.7'), undefined);
    assert.strictEqual(await codes.get('0.0.7'), undefined);
    assert.deepStrictEqual(s.asked, ['0.0.6', '0.0.7', '0.0.7']);
  });

  it('an id the client refuses, empty code and code that is not hex count as no code', async () => {
    const s = source({
      '0.0.8': new MirrorInputError([{ parameter: 'contractIdOrAddress', message: 'bad' }]),
      '0.0.9': info('0.0.9', '0x'),
      '0.0.10': info('0.0.10', 'not hex'),
      '0.0.11': info('0.0.11', `0x${'60'.repeat(200_000)}`),
    });
    const codes = new ContractCodes(s);
    for (const id of ['0.0.8', '0.0.9', '0.0.10', '0.0.11']) assert.strictEqual(await codes.get(id), null, id);
    assert.strictEqual(await codes.get('garbage'), null, 'no key: nothing to ask');
    assert.strictEqual(s.asked.length, 4);
  });

  it('resolve asks each contract party once; none for system contracts or accounts', async () => {
    const s = source({ '0.0.5001': info('0.0.5001', VAULT_CODE), '0.0.5002': info('0.0.5002', MY_TOKEN_CODE) });
    const codes = new ContractCodes(s);
    await codes.resolve([
      { id: '0.0.5001', type: 'CONTRACT' },
      { address: VAULT.address, type: 'CONTRACT' },
      { id: '0.0.5002' },
      { id: '0.0.359', address: '0x0000000000000000000000000000000000000167' },
      { id: '0.0.6000', callType: 'PRECOMPILE' },
      { id: '0.0.1001', type: 'ACCOUNT' },
      { address: '0x0000000000000000000000000000000000000001' },
      {},
    ]);
    assert.deepStrictEqual(s.asked.sort(), ['0.0.5001', '0.0.5002']);
    assert.strictEqual(codes.peek('0.0.1001'), null, 'an account is remembered as no code without asking');
    await codes.resolve([{ id: '0.0.5001' }, { id: '0.0.5002' }]);
    assert.strictEqual(s.asked.length, 2, 'known: not asked again');
  });

  it('keeps a bounded number of contracts (least recently used go first)', async () => {
    const s = source({
      '0.0.1': info('0.0.1', '0x01'),
      '0.0.2': info('0.0.2', '0x02'),
      '0.0.3': info('0.0.3', '0x03'),
    });
    const codes = new ContractCodes(s, { maxEntries: 2 });
    for (const id of ['0.0.1', '0.0.2', '0.0.3']) await codes.get(id);
    assert.deepStrictEqual(
      ['0.0.1', '0.0.2', '0.0.3'].map(id => codes.peek(id)),
      [undefined, '0x02', '0x03'],
    );
  });

  it('a caller that leaves gets an abort; the shared request stops only when every caller left', async () => {
    const s = source({ '0.0.5001': info('0.0.5001', VAULT_CODE) });
    const open = s.hold();
    const codes = new ContractCodes(s);
    const first = new AbortController();
    const second = new AbortController();
    const a = codes.get('0.0.5001', { signal: first.signal });
    const b = codes.get('0.0.5001', { signal: second.signal });
    first.abort();
    await assert.rejects(a, (e: unknown) => e instanceof MirrorError && e.kind === 'aborted');
    assert.strictEqual(s.signals[0]?.aborted, false, 'the other caller still waits');
    second.abort();
    await assert.rejects(b, (e: unknown) => e instanceof MirrorError && e.kind === 'aborted');
    assert.strictEqual(s.signals[0]?.aborted, true, 'nobody waits: the request is stopped');
    open();
    const already = new AbortController();
    already.abort();
    await assert.rejects(codes.get('0.0.5001', { signal: already.signal }));
  });

  it('one ContractCodes per network', () => {
    const byNetwork = new ContractCodesByNetwork();
    const s = source({});
    assert.strictEqual(byNetwork.for('testnet', s), byNetwork.for('testnet', s));
    assert.notStrictEqual(byNetwork.for('testnet', s), byNetwork.for('mainnet', s));
  });

  describe('nameParty', () => {
    const ctx: NamingContext = { abi: sampleIndex(), codes: sampleCodes({ '0.0.7001': '0x6001' }) };

    it('an artifact: its contract name, and the source file it was compiled from', () => {
      assert.deepStrictEqual(nameParty({ id: TOKEN.id, address: TOKEN.address }, ctx), {
        id: TOKEN.id,
        address: TOKEN.address,
        label: 'MyToken',
        detail: 'contracts/MyToken.sol',
        kind: 'artifact',
      });
    });

    it('system contracts and EVM precompiles by address, without code', () => {
      const named = (id: string) => {
        const p = nameParty({ id }, ctx);
        return [p.label, p.detail, p.kind];
      };
      assert.deepStrictEqual(named('0.0.359'), ['Hedera token service', 'system contract 0x167', 'system']);
      assert.deepStrictEqual(named('0.0.360'), ['Exchange rate system contract', 'system contract 0x168', 'system']);
      assert.deepStrictEqual(named('0.0.361'), ['PRNG system contract', 'system contract 0x169', 'system']);
      assert.deepStrictEqual(named('0.0.1'), ['ecrecover', 'EVM precompile 0x1', 'system']);
      assert.deepStrictEqual(named('0.0.800'), ['0.0.800', 'system entity 0x320', 'system']);
    });

    it('a token by its symbol (made safe by the token metadata), an account, a contract, nothing', () => {
      const tokens = (id: string) =>
        id === '0.0.9009'
          ? ({ status: 'found', meta: { symbol: 'USDC', type: 'FUNGIBLE_COMMON' } } as never)
          : undefined;
      assert.deepStrictEqual(nameParty({ id: '0.0.9009' }, { ...ctx, tokens }), {
        id: '0.0.9009',
        address: '0x0000000000000000000000000000000000002331',
        label: 'USDC',
        detail: 'token 0.0.9009',
        kind: 'token',
      });
      assert.strictEqual(nameParty({ id: '0.0.1001', type: 'ACCOUNT' }, ctx).kind, 'account');
      assert.strictEqual(nameParty({ id: '0.0.7001' }, ctx).kind, 'contract');
      assert.deepStrictEqual(nameParty({}, ctx), { label: 'unknown', kind: 'unknown' });
      const evm = '0x' + 'ef'.repeat(20);
      assert.deepStrictEqual(nameParty({ address: evm.toUpperCase().replace('0X', '0x') }, ctx), {
        address: evm,
        label: evm,
        kind: 'unknown',
      });
    });

    it('an artifact name with invisible or bidi characters is shown with them visible', () => {
      const index = sampleIndex();
      const [contract] = index.workspaceContracts().filter(c => c.name === 'Vault');
      index.setFile('evil.json', [{ ...contract, name: 'Va\u202eult', origin: { ...contract.origin } }]);
      index.removeFile('artifacts/contracts/Vault.sol/Vault.json');
      const party = nameParty({ id: VAULT.id }, { abi: index, codes: sampleCodes() });
      assert.strictEqual(party.label, 'Va⟨U+202E⟩ult');
    });
  });
});
