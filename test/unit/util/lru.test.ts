import * as assert from 'assert';
import { Lru } from '../../../src/util/lru';

describe('util/lru', () => {
  it('drops the least recently used past the entry bound; a hit counts as a use', () => {
    const m = new Lru<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    assert.strictEqual(m.get('a'), 1);
    m.set('c', 3);
    assert.deepStrictEqual([m.has('a'), m.has('b'), m.has('c')], [true, false, true]);
    assert.strictEqual(m.size, 2);
  });

  it('setting a held key replaces it and makes it the most recent', () => {
    const m = new Lru<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    m.set('a', 10);
    m.set('c', 3); // b is now the oldest
    assert.deepStrictEqual([m.get('a'), m.get('b'), m.get('c')], [10, undefined, 3]);
  });

  it('has() does not change the order', () => {
    const m = new Lru<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    assert.ok(m.has('a'));
    m.set('c', 3);
    assert.deepStrictEqual([m.has('a'), m.has('b')], [false, true]);
  });

  it('keeps the total weight under its bound, counts it exactly, and refuses a value heavier than the bound', () => {
    const m = new Lru<string, number>(100, 1000);
    m.set('a', 1, 400);
    m.set('b', 2, 400);
    m.get('a');
    m.set('c', 3, 400); // 1200 > 1000: b (least recent) goes
    assert.deepStrictEqual([m.has('b'), m.weight], [false, 800]);
    m.set('a', 4, 100);
    assert.strictEqual(m.weight, 500);
    m.set('huge', 5, 1001);
    assert.deepStrictEqual([m.has('huge'), m.size, m.weight], [false, 2, 500]);
    m.delete('a');
    m.delete('missing');
    assert.deepStrictEqual([m.size, m.weight], [1, 400]);
    m.clear();
    assert.deepStrictEqual([m.size, m.weight], [0, 0]);
  });

  it('a bound of 200 keeps the last 200 keys', () => {
    const m = new Lru<number, number>(200);
    for (let i = 0; i < 250; i++) m.set(i, i);
    assert.strictEqual(m.size, 200);
    assert.deepStrictEqual([m.has(49), m.has(50), m.has(249)], [false, true, true]);
  });
});

// The hover resolver's id → kind memory (it was its own LruMap).
describe('util/lru as the hover memory', () => {
  it('evicts the least recently used', () => {
    const m = new Lru<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    assert.strictEqual(m.get('a'), 1);
    m.set('c', 3);
    assert.strictEqual(m.get('b'), undefined);
    assert.strictEqual(m.get('a'), 1);
    assert.strictEqual(m.size, 2);
  });
});
