// Where the extension host cannot watch the artifact files: why (said once in the log), and when a
// decode reads them again instead.
import * as assert from 'assert';
import { AbiIndex } from '../../../src/abi';
import { unwatchedReason } from '../../../src/features/abi/folders';
import { needsReread, REREAD_AFTER_MS } from '../../../src/features/abi/freshness';
import { indexUpToDate, setIndexReader } from '../../../src/abi/report';
import { NODE_PLATFORM, WEB_PLATFORM } from '../../../src/util/platform';

const web = { browser: true, hostName: WEB_PLATFORM.hostName };
const node = { browser: false, hostName: NODE_PLATFORM.hostName };

describe('ABI files the host cannot watch', () => {
  it('Node watches every folder; a watcher that cannot be created is said, in Node too', () => {
    assert.strictEqual(unwatchedReason({ ...node, schemes: ['file', 'vscode-vfs'] }), undefined);
    assert.strictEqual(
      unwatchedReason({ ...node, schemes: ['file'], thrown: 'no watcher here' }),
      'the file watcher could not be created: no watcher here',
    );
  });

  it("a browser watches a remote's folders only (code-server), and names the schemes it does not", () => {
    assert.strictEqual(unwatchedReason({ ...web, schemes: ['vscode-remote'] }), undefined);
    assert.strictEqual(unwatchedReason({ ...web, schemes: [] }), undefined);
    assert.strictEqual(
      unwatchedReason({ ...web, schemes: ['vscode-vfs', 'vscode-remote', 'vscode-vfs', 'file'] }),
      'the web worker extension host gets no file events for vscode-vfs:, file: folders',
    );
  });

  it('a decode reads unwatched files again once the last read is old, never while the first is under way', () => {
    const t = 1_000_000;
    assert.strictEqual(needsReread(true, undefined, t), false);
    assert.strictEqual(needsReread(true, t, t + REREAD_AFTER_MS - 1), false);
    assert.strictEqual(needsReread(true, t, t + REREAD_AFTER_MS), true);
    assert.strictEqual(needsReread(false, t, t + 10 * REREAD_AFTER_MS), false);
  });

  it("a decode waits for the ABI feature's reader of its index, and for nothing once it is gone", async () => {
    const index = new AbiIndex([]);
    const other = new AbiIndex([]);
    let reads = 0;
    let finish = (): void => undefined;
    setIndexReader(index, () => {
      reads++;
      return new Promise<void>(resolve => (finish = resolve));
    });
    let settled = false;
    const waiting = indexUpToDate(index).then(() => (settled = true));
    await indexUpToDate(other); // another index has no reader: at once
    await Promise.resolve();
    assert.deepStrictEqual([reads, settled], [1, false]);
    finish();
    await waiting;
    assert.strictEqual(settled, true);
    setIndexReader(index, undefined);
    await indexUpToDate(index);
    assert.strictEqual(reads, 1);
  });
});
