import * as assert from 'assert';
import { localHealth } from '../../../src/status/local';

const NOW = 1_700_000_100_000;

describe('local mirror node health', () => {
  it('answers, newest block 3 s ago: ok', () => {
    const h = localHealth({ ok: true, newestBlockEnd: '1700000097.000000001' }, NOW, 'localhost:5551');
    assert.deepStrictEqual([h.level, h.lagSeconds, h.text], ['ok', 3, 'local · 3 s behind']);
    assert.strictEqual(h.detail, 'localhost:5551 answers; its newest block ended 3 s ago.');
  });

  it('answers, newest block 10 minutes old: lagging, said plainly', () => {
    const h = localHealth({ ok: true, newestBlockEnd: '1699999500.5' }, NOW, 'localhost:5551');
    assert.deepStrictEqual([h.level, h.lagSeconds, h.text], ['lagging', 600, 'local · 10 min behind']);
    assert.match(h.detail, /may have stopped producing blocks/);
  });

  it('answers with no block yet', () => {
    const h = localHealth({ ok: true }, NOW, 'localhost:5551');
    assert.deepStrictEqual([h.level, h.text], ['lagging', 'local · no blocks']);
  });

  it('does not answer: down, with the error in its own words', () => {
    const h = localHealth({ ok: false, error: 'connect ECONNREFUSED 127.0.0.1:5551' }, NOW, 'localhost:5551');
    assert.deepStrictEqual([h.level, h.text], ['down', 'local · down']);
    assert.strictEqual(h.detail, 'Cannot reach localhost:5551: connect ECONNREFUSED 127.0.0.1:5551');
  });

  it('a block ahead of the clock is not a negative lag', () => {
    assert.strictEqual(localHealth({ ok: true, newestBlockEnd: '1700000200.0' }, NOW, 'h').lagSeconds, 0);
  });
});
