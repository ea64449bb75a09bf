// A create and a library over DAP, on the EVM-made `deployProxy` (test/support/evmScenarios.ts):
// VaultProxy's constructor runs as creation code (its initcode, the library's address linked into
// it, the constructor's argument after it) and DELEGATECALLs the external library
// ProxySetup.requireCode, whose deployed code starts with the library's own address (solc's guard
// against a direct call: the build-info has zeros there). Both frames must be named and placed in
// their sources, a breakpoint in the library hit, and the immutable's assignment reached by stepping.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { startDebugPipeline, SAMPLE_ROOT, type DebugPipeline } from '../../support/debugPipeline';
import { LIBRARY_ID, longZeroAddress, PROXY_ID, VAULT_ID, type EvmScenario } from '../../support/evmTraces';
import { projectRoot } from '../../support/paths';
import { launch, LIBRARY_SOL, PROXY_SOL } from './dapLaunch';

const REQUIRE_CODE_CALL = 18; // ProxySetup.requireCode(implementation_);
const IMMUTABLE_ASSIGNMENT = 19; // implementation = implementation_;
const CODE_SIZE = 20; // size = implementation.code.length;

interface Artifact {
  readonly bytecode: string;
  readonly deployedBytecode: string;
  readonly linkReferences: Record<string, Record<string, { start: number; length: number }[]>>;
}

function artifact(file: string, contract: string): Artifact {
  const where = path.join(projectRoot(), SAMPLE_ROOT, 'artifacts', 'contracts', file, `${contract}.json`);
  return JSON.parse(fs.readFileSync(where, 'utf8')) as Artifact;
}

const bare = (address: string) => address.slice(2).toLowerCase();

describe('debug adapter: a constructor that calls an external library, over DAP', function () {
  this.timeout(120_000);
  let pipeline: DebugPipeline;
  let deployment: EvmScenario;

  before(async () => {
    pipeline = await startDebugPipeline();
    deployment = await pipeline.scenario('deployProxy');
  });
  after(async () => pipeline?.close());

  it('matches the initcode by its creation code despite the linked library, the argument after it', () => {
    const initcode = deployment.actions[0].input ?? '';
    const proxy = artifact('VaultProxy.sol', 'VaultProxy');
    // The compiled creation code has a link placeholder where the initcode has the library's address.
    const [link] = Object.values(proxy.linkReferences['contracts/ProxySetup.sol'] ?? {});
    assert.ok(link?.length, 'VaultProxy links ProxySetup');
    const at = 2 + link[0].start * 2;
    assert.strictEqual(initcode.slice(at, at + 40), bare(longZeroAddress(LIBRARY_ID)));
    assert.notStrictEqual(proxy.bytecode.slice(at, at + 40), bare(longZeroAddress(LIBRARY_ID)));
    const match = pipeline.sources.findByCreationCode(initcode);
    assert.strictEqual(match?.ref.contractName, 'VaultProxy');
    assert.strictEqual(match.constructorArgs, bare(longZeroAddress(VAULT_ID)).padStart(64, '0'));
  });

  it('matches the library by its deployed code despite its own address in the guard', () => {
    const onChain = deployment.contracts.find(c => c.contract_id === LIBRARY_ID)?.runtime_bytecode ?? '';
    const compiled = artifact('ProxySetup.sol', 'ProxySetup').deployedBytecode;
    // PUSH20 <address>: the library's own address once deployed, zeros as compiled.
    assert.strictEqual(onChain.slice(0, 44), `0x73${bare(longZeroAddress(LIBRARY_ID))}`);
    assert.strictEqual(compiled.slice(0, 44), `0x73${'0'.repeat(40)}`);
    assert.strictEqual(pipeline.sources.findByCode(onChain)?.contractName, 'ProxySetup');
  });

  it('stops on entry in VaultProxy.constructor at its first statement, and says which code ran where', async () => {
    const { dap, first } = await launch(pipeline, deployment);
    assert.strictEqual(first.body.reason, 'entry');
    const frames = await dap.frames();
    assert.deepStrictEqual(
      frames.map(f => [f.name, f.source?.path, f.line]),
      [['VaultProxy.constructor', PROXY_SOL, REQUIRE_CODE_CALL]],
    );
    assert.match(dap.console(), /VaultProxy \(constructor\) · CREATE · contracts\/VaultProxy\.sol/);
    assert.match(dap.console(), /ProxySetup · DELEGATECALL · contracts\/ProxySetup\.sol/);
    const into = await dap.step('stepIn');
    assert.strictEqual(into.body.reason, 'step');
    const inside = await dap.frames();
    assert.deepStrictEqual(
      inside.map(f => [f.name, f.source?.path, f.line]),
      [
        ['ProxySetup.requireCode', LIBRARY_SOL, CODE_SIZE],
        ['VaultProxy.constructor', PROXY_SOL, REQUIRE_CODE_CALL],
      ],
    );
  });

  it('hits a breakpoint in the library, which runs on the storage of the contract being created', async () => {
    const { dap, answers } = await launch(pipeline, deployment, { [LIBRARY_SOL]: [CODE_SIZE] });
    assert.deepStrictEqual(
      answers[0].map(b => [b.verified, b.line]),
      [[true, CODE_SIZE]],
    );
    const hit = await dap.step('continue');
    assert.strictEqual(hit.body.reason, 'breakpoint');
    const frames = await dap.frames();
    assert.deepStrictEqual(
      frames.map(f => [f.name, f.source?.path, f.line]),
      [
        ['ProxySetup.requireCode', LIBRARY_SOL, CODE_SIZE],
        ['VaultProxy.constructor', PROXY_SOL, REQUIRE_CODE_CALL],
      ],
    );
    const call = Object.fromEntries((await dap.scope('Call')).map(v => [v.name, v.value]));
    assert.strictEqual(call['operation'], 'DELEGATECALL');
    assert.strictEqual(call['code of'], `ProxySetup (${LIBRARY_ID})`);
    assert.match(call['storage of'] ?? '', new RegExp(`^${PROXY_ID.replace(/\./g, '\\.')} \\(DELEGATECALL`));
    const out = await dap.step('stepOut');
    assert.strictEqual(out.body.reason, 'step');
    assert.deepStrictEqual(
      (await dap.frames()).map(f => [f.name, f.line]),
      [['VaultProxy.constructor', REQUIRE_CODE_CALL]],
    );
  });

  it('steps over from the library to the assignment of the immutable in the constructor', async () => {
    const { dap } = await launch(pipeline, deployment, { [LIBRARY_SOL]: [CODE_SIZE] });
    await dap.step('continue');
    const visits: string[] = [];
    for (let guard = 0; guard < 20; guard++) {
      const frames = await dap.frames();
      const top = frames[0];
      visits.push(`${top.name}:${top.line}`);
      if (top.source?.path === PROXY_SOL && top.line === IMMUTABLE_ASSIGNMENT) break;
      const stopped = await dap.step('next');
      assert.notStrictEqual(stopped.body.reason, 'exception', visits.join(' → '));
    }
    assert.strictEqual(visits.at(-1), `VaultProxy.constructor:${IMMUTABLE_ASSIGNMENT}`, visits.join(' → '));
    // Each stop on the way is a statement of the library's function or the constructor's call of it.
    for (const visit of visits.slice(0, -1))
      assert.match(
        visit,
        new RegExp(`^(ProxySetup\\.requireCode:\\d+|VaultProxy\\.constructor:${REQUIRE_CODE_CALL})$`),
      );
  });
});
