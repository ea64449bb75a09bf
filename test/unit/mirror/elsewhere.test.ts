import * as assert from 'assert';
import { findElsewhere, foundElsewhereMessage, otherPublicNetworks } from '../../../src/mirror/elsewhere';
import type { Network } from '../../../src/ledger';

/** A lookup whose answers the test releases one by one; records what was asked and cancelled. */
function controlled<T>() {
  const asked: Network[] = [];
  const cancelled: Network[] = [];
  const answers = new Map<Network, (v: T | undefined | Error) => void>();
  const lookup = (network: Network, signal: AbortSignal) =>
    new Promise<T | undefined>((resolve, reject) => {
      asked.push(network);
      signal.addEventListener('abort', () => cancelled.push(network), { once: true });
      answers.set(network, v => (v instanceof Error ? reject(v) : resolve(v)));
    });
  const answer = async (network: Network, v: T | undefined | Error) => {
    answers.get(network)?.(v);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { asked, cancelled, lookup, answer };
}

describe('found elsewhere', () => {
  it('asks the other public networks, mainnet first', () => {
    assert.deepStrictEqual(otherPublicNetworks('testnet'), ['mainnet', 'previewnet']);
    assert.deepStrictEqual(otherPublicNetworks('mainnet'), ['testnet', 'previewnet']);
    assert.deepStrictEqual(otherPublicNetworks('local'), ['mainnet', 'testnet', 'previewnet']);
  });

  it('names the network that has it, and says so', async () => {
    const c = controlled<string>();
    const result = findElsewhere('testnet', c.lookup);
    assert.deepStrictEqual(c.asked, ['mainnet', 'previewnet']);
    await c.answer('mainnet', 'account 0.0.2');
    assert.deepStrictEqual(await result, { network: 'mainnet', value: 'account 0.0.2' });
    assert.ok(c.cancelled.includes('previewnet'), 'the other request is cancelled once the answer is known');
    assert.strictEqual(foundElsewhereMessage('testnet', 'mainnet'), 'Not on testnet; found on mainnet.');
  });

  it('a less preferred network that answers first waits for the preferred one', async () => {
    const c = controlled<string>();
    let settled: unknown = 'pending';
    const result = findElsewhere('testnet', c.lookup).then(r => (settled = r));
    await c.answer('previewnet', 'p');
    assert.strictEqual(settled, 'pending');
    await c.answer('mainnet', undefined);
    await result;
    assert.deepStrictEqual(settled, { network: 'previewnet', value: 'p' });
  });

  it('failures (404, 429, down) mean "not there"; nowhere is undefined', async () => {
    const c = controlled<string>();
    const result = findElsewhere('mainnet', c.lookup);
    await c.answer('testnet', new Error('404'));
    await c.answer('previewnet', new Error('connect ECONNREFUSED'));
    assert.strictEqual(await result, undefined);
  });

  it('the hover going away cancels every request and rejects with an AbortError', async () => {
    const c = controlled<string>();
    const hover = new AbortController();
    const result = findElsewhere('testnet', c.lookup, hover.signal);
    hover.abort();
    await assert.rejects(result, (e: unknown) => e instanceof Error && e.name === 'AbortError');
    assert.deepStrictEqual(c.cancelled.sort(), ['mainnet', 'previewnet']);
  });

  it('an already cancelled hover asks nothing', async () => {
    const c = controlled<string>();
    const hover = new AbortController();
    hover.abort();
    await assert.rejects(findElsewhere('testnet', c.lookup, hover.signal));
    assert.deepStrictEqual(c.asked, []);
  });
});
