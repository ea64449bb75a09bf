// Indexing workspace files: counts and skip reasons for the log, retry on the next change, files
// over 5 MB never read, and the event loop kept free while it works.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { AbiIndex, ArtifactIndexer, MAX_ARTIFACT_BYTES, summaryLines, type ArtifactSource } from '../../../src/abi';
import { cpuNow } from '../../support/cpuTime';
import { COUNTER, HARDHAT, MY_TOKEN, OZ, REGISTRY, call, longZero } from './helpers';

/** Files in memory, counting reads; sizes may be declared larger than the text. */
class MemorySource implements ArtifactSource {
  readonly files = new Map<string, { text: string; size?: number }>();
  readonly reads: string[] = [];
  async size(file: string) {
    const f = this.files.get(file);
    return f ? (f.size ?? f.text.length) : undefined;
  }
  async read(file: string) {
    this.reads.push(file);
    const f = this.files.get(file);
    if (!f) throw new Error(`ENOENT: ${file}`);
    return f.text;
  }
}

const text = (file: string) => fs.readFileSync(file, 'utf8');

/**
 * Runs `work` while the event loop ticks, and returns its value, how often the loop ran, and the
 * longest stretch it waited, in this process's CPU time (the shared test machine runs far more
 * work than it has cores, so wall time would measure the scheduler, not the indexer).
 */
async function onTheLoop<T>(work: () => Promise<T>): Promise<{ value: T; ticks: number; longest: number }> {
  let ticks = 0;
  let longest = 0;
  let last = cpuNow();
  let running = true;
  const tick = () => {
    const now = cpuNow();
    longest = Math.max(longest, now - last);
    last = now;
    ticks++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  // One more turn of the loop, so the stretch after the last yield is counted too.
  await new Promise(resolve => setImmediate(resolve));
  running = false;
  return { value, ticks, longest };
}

/**
 * The longest stretch at 8n must be about the one at n (both one slice), not 8× it. The floor
 * keeps a sub-millisecond small side from making timer noise a ratio. A stretch is CPU time, so a
 * garbage collection of the 8n input can land in one (12 ms once on a busy run): measured up to
 * three times, and a slicing that grew with the input fails every time.
 */
async function assertStretchDoesNotGrow(what: string, run: (n: number) => Promise<{ longest: number }>, n: number) {
  let small = 0;
  let large = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    small = (await run(n)).longest;
    large = (await run(8 * n)).longest;
    if (large <= 3 * Math.max(small, 2)) return;
  }
  assert.fail(`${what}: the longest stretch was ${small.toFixed(1)} ms at n=${n}, ${large.toFixed(1)} ms at 8n`);
}

describe('artifact indexer', () => {
  it('indexes the sample workspace: counts, and one log line per skipped file', async () => {
    const source = new MemorySource();
    source.files.set('artifacts/contracts/MyToken.sol/MyToken.json', { text: text(MY_TOKEN) });
    source.files.set('artifacts/contracts/Registry.sol/Registry.json', { text: text(REGISTRY) });
    source.files.set('out/Counter.sol/Counter.json', { text: text(COUNTER) });
    source.files.set('artifacts/contracts/MyToken.sol/MyToken.dbg.json', { text: '{}' });
    source.files.set('artifacts/contracts/Half.sol/Half.json', { text: text(MY_TOKEN).slice(0, 500) });
    const index = new AbiIndex();
    const summary = await new ArtifactIndexer(index, source).indexAll([...source.files.keys()]);
    assert.strictEqual(summary.files, 5);
    assert.strictEqual(summary.contracts, 3);
    assert.strictEqual(index.contractCount, 3);
    const lines = summaryLines(summary);
    assert.strictEqual(lines[0], 'ABIs: indexed 3 ABIs from 3 of 5 files (2 skipped)');
    assert.ok(
      lines.some(l =>
        l.startsWith('ABIs: skipped artifacts/contracts/MyToken.sol/MyToken.dbg.json: a build-info or debug file'),
      ),
    );
    assert.ok(
      lines.some(l =>
        /^ABIs: skipped artifacts\/contracts\/Half\.sol\/Half\.json: not JSON .*a compile may still be writing it$/.test(
          l,
        ),
      ),
    );
    assert.ok(!source.reads.includes('artifacts/contracts/MyToken.sol/MyToken.dbg.json'), 'debug file read');
  });

  it('a file skipped while half-written is indexed on its next change; an edit changes the answer', async () => {
    const source = new MemorySource();
    const file = 'artifacts/contracts/MyToken.sol/MyToken.json';
    source.files.set(file, { text: text(MY_TOKEN).slice(0, 1000) });
    const index = new AbiIndex([]);
    const indexer = new ArtifactIndexer(index, source);
    assert.strictEqual((await indexer.indexFile(file)).kind, 'skipped');
    const data = call(MY_TOKEN, 'transfer', [longZero(5), 1n]);
    assert.strictEqual(index.decodeCall(data).kind, 'raw');
    source.files.set(file, { text: text(MY_TOKEN) });
    assert.deepStrictEqual(await indexer.indexFile(file), { kind: 'indexed', contracts: 1 });
    const first = index.decodeCall(data);
    assert.ok(first.kind === 'call');
    assert.strictEqual(first.candidates[0].args[1].name, 'amount');
    // A recompile renames the parameter.
    source.files.set(file, { text: text(MY_TOKEN).replace(/"name": "amount"/g, '"name": "value"') });
    await indexer.indexFile(file);
    const second = index.decodeCall(data);
    assert.ok(second.kind === 'call');
    assert.strictEqual(second.candidates[0].args[1].name, 'value');
    // Deleted: forgotten.
    source.files.delete(file);
    assert.deepStrictEqual(await indexer.indexFile(file), { kind: 'skipped', reason: 'it no longer exists' });
    assert.strictEqual(index.decodeCall(data).kind, 'raw');
  });

  it('does not read files over 5 MB', async () => {
    const source = new MemorySource();
    source.files.set('artifacts/Huge.json', { text: text(MY_TOKEN), size: MAX_ARTIFACT_BYTES + 1 });
    const index = new AbiIndex([]);
    const outcome = await new ArtifactIndexer(index, source).indexFile('artifacts/Huge.json');
    assert.deepStrictEqual(outcome, { kind: 'skipped', reason: 'larger than 5 MB, not read' });
    assert.deepStrictEqual(source.reads, []);
  });

  it('a read error is a skip with its message', async () => {
    const source = new MemorySource();
    source.size = async () => 10;
    const outcome = await new ArtifactIndexer(new AbiIndex([]), source).indexFile('gone.json');
    assert.deepStrictEqual(outcome, { kind: 'skipped', reason: 'could not be read (ENOENT: gone.json)' });
  });

  it('yields to the event loop while it works, in stretches that do not grow with the number of files', async function () {
    this.timeout(120_000);
    const files = fs.readdirSync(OZ).filter(f => f.endsWith('.json'));
    const indexFirst = (n: number) => {
      const source = new MemorySource();
      for (const f of files.slice(0, n)) source.files.set(`oz/${f}`, { text: text(path.join(OZ, f)) });
      return onTheLoop(() => new ArtifactIndexer(new AbiIndex([]), source).indexAll([...source.files.keys()]));
    };
    const { value: summary, ticks } = await indexFirst(files.length);
    assert.strictEqual(summary.files, files.length);
    assert.ok(ticks > 1, `the event loop ran only ${ticks} times`);
    await assertStretchDoesNotGrow('indexing n OpenZeppelin artifacts', indexFirst, Math.floor(files.length / 8));
  });

  it('stops when cancelled', async () => {
    const source = new MemorySource();
    for (let i = 0; i < 5; i++) source.files.set(`a${i}.json`, { text: text(COUNTER) });
    let asked = 0;
    const summary = await new ArtifactIndexer(new AbiIndex([]), source).indexAll(
      [...source.files.keys()],
      () => ++asked > 2,
    );
    assert.strictEqual(summary.files, 2);
  });

  it('the sample build-info is skipped by path, not parsed', async () => {
    const dir = path.join(HARDHAT, 'artifacts', 'build-info');
    const [name] = fs.readdirSync(dir);
    const source = new MemorySource();
    source.files.set(`artifacts/build-info/${name}`, { text: text(path.join(dir, name)) });
    const summary = await new ArtifactIndexer(new AbiIndex([]), source).indexAll([`artifacts/build-info/${name}`]);
    assert.strictEqual(summary.contracts, 0);
    assert.deepStrictEqual(source.reads, []);
  });

  describe('one large artifact', () => {
    let salt = 0;
    /** An artifact of `n` distinct functions, with names not hashed before (the hash cache would help). */
    const functions = (n: number) => {
      salt++;
      const abi = Array.from({ length: n }, (_, i) => ({
        type: 'function',
        name: `f${salt}_${i}`,
        inputs: [{ name: 'amount', type: 'uint256', internalType: 'uint256' }],
        outputs: [{ name: '', type: 'bool', internalType: 'bool' }],
        stateMutability: 'nonpayable',
      }));
      return JSON.stringify(
        { contractName: 'Big', sourceName: 'contracts/Big.sol', abi, deployedBytecode: '0x' },
        null,
        1,
      );
    };
    const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

    /** Indexes one file and returns its outcome and the longest CPU stretch the event loop waited. */
    async function indexTimed(text: string) {
      const source = new MemorySource();
      source.files.set('artifacts/Big.json', { text });
      const index = new AbiIndex([]);
      const { value: outcome, longest } = await onTheLoop(() =>
        new ArtifactIndexer(index, source).indexFile('artifacts/Big.json'),
      );
      return { outcome, longest, index };
    }

    const assertSliceDoesNotGrow = (what: string, make: (n: number) => string, n: number) =>
      assertStretchDoesNotGrow(what, size => indexTimed(make(size)), n);

    it('tens of thousands of functions are indexed in slices that do not grow with the file', async function () {
      this.timeout(120_000);
      const { outcome, index } = await indexTimed(functions(16_000));
      assert.deepStrictEqual(outcome, { kind: 'indexed', contracts: 1 });
      assert.strictEqual(index.workspaceContracts()[0].functions.length, 16_000);
      await assertSliceDoesNotGrow('indexing n functions', functions, 2000);
    });

    it('a deeply nested array is refused before it is parsed, in slices that do not grow with it', async function () {
      this.timeout(120_000);
      const { outcome } = await indexTimed(nested(2_000_000));
      assert.ok(outcome.kind === 'skipped');
      assert.match(outcome.reason, /^not JSON \(nested deeper than 512 levels\)/);
      await assertSliceDoesNotGrow('a nested array of n levels', nested, 250_000);
    });
  });
});
