// The index pass keeps a few facts per contract and per source of a compiler-output file. A file
// that lists far more of them than any compile writes (hostile, or not compiler output at all)
// must not make that bookkeeping grow with it: past the stated most, entries are left out and the
// outcome says so.
import * as assert from 'assert';
import { IndexCollector, MAX_INDEXED_ENTRIES } from '../../../src/source/compilerOutput';
import { JsonStreamReader } from '../../../src/source/jsonStream';

function indexText(text: string) {
  const collector = new IndexCollector();
  const reader = new JsonStreamReader({
    select: collector.select,
    onValue: collector.onValue,
    onNote: collector.onNote,
  });
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += 64 * 1024) reader.write(bytes.subarray(at, at + 64 * 1024));
  reader.end();
  return collector.finish({ file: 'out/hostile.json', projectRoot: '' });
}

describe('the index pass: a file with more contracts and sources than any compile writes', function () {
  this.timeout(60_000);

  it('keeps at most MAX_INDEXED_ENTRIES contracts, and says that it left some out', () => {
    const count = MAX_INDEXED_ENTRIES + 1000;
    const contracts = Array.from(
      { length: count },
      (_, i) => `"C${i}":{"evm":{"deployedBytecode":{"object":"6001"}}}`,
    ).join(',');
    const indexed = indexText(`{"contracts":{"a.sol":{${contracts}}}}`);
    assert.strictEqual(indexed.contracts.length, MAX_INDEXED_ENTRIES);
    assert.match(indexed.note ?? '', /more than/);
  });

  it('keeps at most MAX_INDEXED_ENTRIES sources', () => {
    const count = MAX_INDEXED_ENTRIES + 1000;
    const sources = Array.from({ length: count }, (_, i) => `"s${i}.sol":{"id":${i}}`).join(',');
    const indexed = indexText(`{"contracts":{},"sources":{${sources}}}`);
    assert.strictEqual(indexed.sourceIds.size, MAX_INDEXED_ENTRIES);
    assert.match(indexed.note ?? '', /more than/);
  });

  it('leaves a real-sized file whole, without a note', () => {
    const contracts = Array.from({ length: 100 }, (_, i) => `"C${i}":{"evm":{"deployedBytecode":{"object":"6001"}}}`);
    const indexed = indexText(`{"contracts":{"a.sol":{${contracts.join(',')}}},"sources":{"a.sol":{"id":0}}}`);
    assert.strictEqual(indexed.contracts.length, 100);
    assert.strictEqual(indexed.note, undefined);
  });
});
