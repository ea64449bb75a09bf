import * as assert from 'assert';
import { nextTurn, onNextTurn } from '../../../src/util/nextTurn';

describe('nextTurn', () => {
  it('runs after the microtasks queued before it and after a timer already due, in order', async () => {
    const seen: string[] = [];
    setTimeout(() => seen.push('timer'), 0);
    await new Promise(resolve => setTimeout(resolve, 5));
    onNextTurn(() => seen.push('turn 1'));
    void Promise.resolve().then(() => seen.push('microtask'));
    onNextTurn(() => seen.push('turn 2'));
    await nextTurn();
    assert.deepStrictEqual(seen, ['timer', 'microtask', 'turn 1', 'turn 2']);
  });
});
