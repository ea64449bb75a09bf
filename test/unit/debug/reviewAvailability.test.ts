// What the debugger remembers of a mirror node that does not serve opcode traces (501): long enough
// not to ask it again for every session, not for the editor's whole life: a local mirror node's
// operator turns the opcode tracer on and restarts it, and the next session a while later asks
// again. The clock is given, so the test does not wait.
import * as assert from 'assert';
import { OpcodesAvailability, NOT_SERVED_REMEMBERED_MS } from '../../../src/debug/load/availability';

describe('debug load review: the 501 remembered per mirror node', () => {
  it('is remembered per base URL for a while, then asked again', () => {
    let now = 1_000_000;
    const availability = new OpcodesAvailability(() => now, 0);
    availability.remember('http://localhost:5551', 'Not implemented');
    assert.strictEqual(availability.notServed('http://localhost:5551'), 'Not implemented');
    assert.strictEqual(availability.notServed('https://testnet.mirrornode.hedera.com'), undefined, 'another endpoint');
    now += NOT_SERVED_REMEMBERED_MS - 1;
    assert.strictEqual(availability.notServed('http://localhost:5551'), 'Not implemented');
    now += 1;
    assert.strictEqual(availability.notServed('http://localhost:5551'), undefined, 'asked again after the while');
  });
});
