import * as assert from 'assert';
import { getEventListeners } from 'events';
import { linkSignals } from '../../../src/net';
import { delay } from './support';

describe('net/signals: linking a request to long-lived signals', () => {
  it('fires when any source fires, and leaves no listener behind on the sources', () => {
    const lifetime = new AbortController();
    for (let i = 0; i < 1000; i++) linkSignals([lifetime.signal, undefined]).dispose();
    assert.strictEqual(getEventListeners(lifetime.signal, 'abort').length, 0);
    const caller = new AbortController();
    const linked = linkSignals([lifetime.signal, caller.signal]);
    assert.strictEqual(linked.signal.aborted, false);
    caller.abort();
    assert.strictEqual(linked.signal.aborted, true);
    assert.strictEqual(linked.timedOut, false);
    assert.strictEqual(getEventListeners(lifetime.signal, 'abort').length, 0, 'removed once fired');
  });

  it('an already-aborted source gives an aborted signal; the timer says it fired, and dispose clears it', async () => {
    assert.strictEqual(linkSignals([AbortSignal.abort()]).signal.aborted, true);
    const t = linkSignals([], 20);
    await delay(60);
    assert.strictEqual(t.signal.aborted, true);
    assert.strictEqual(t.timedOut, true);
    const cleared = linkSignals([], 20);
    cleared.dispose();
    await delay(60);
    assert.strictEqual(cleared.signal.aborted, false);
  });
});
