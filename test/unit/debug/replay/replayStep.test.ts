// What the Debug Console and the session's name say of a replay: its source and worth first, every
// difference from the record (a diverged replay is never presented as the recorded execution), a
// stop once, and which answers of /opcodes a replay stands in for.
import * as assert from 'assert';
import { replayLabel, replayStandsInFor, reportReplay, type ReplayAnswer } from '../../../../src/debug/load/replayStep';
import type { ReplayVerdict } from '../../../../src/debug/replay/types';

type Replayed = Extract<ReplayAnswer, { kind: 'replayed' }>;

function replayed(verdict: ReplayVerdict, stopped?: { atEntry: number; reason: string }): Replayed {
  return {
    kind: 'replayed',
    result: { trace: undefined as never, header: {}, problems: [], bytes: 0 },
    outcome: {
      entries: 10,
      frames: [],
      result: { outcome: 'success', output: '0x', gasConsumed: 21_000n },
      written: [],
      fetched: { code: 2, slots: 3, balances: 1 },
      ...(stopped ? { stopped } : {}),
    },
    verdict,
  };
}

function lines(answer: Replayed): { text: string; category: string }[] {
  const out: { text: string; category: string }[] = [];
  reportReplay(answer, 'this mirror node does not serve opcode traces (501 Not Implemented)', {
    output: (text, category = 'console') => out.push({ text, category }),
    progress: () => undefined,
  });
  return out;
}

describe('debug load: what a replay is said to be', () => {
  it('a faithful replay: the source, the state fetched, and what was taken from the record', () => {
    const answer = replayed({
      faithful: true,
      divergences: [],
      notReplayed: ['call 2 to the token service 0x…167: not replayed'],
    });
    assert.strictEqual(replayLabel(answer), 'local replay, faithful');
    const out = lines(answer);
    assert.match(
      out[0].text,
      /501 Not Implemented\); replayed locally on an EVM \(2 code, 3 storage slot\(s\), 1 balance\(s\) fetched/,
    );
    assert.deepStrictEqual(out[1], {
      text: 'Source: local replay, faithful: its result, gas consumed, state changes and calls are those the mirror node recorded.',
      category: 'important',
    });
    assert.match(out[2].text, /token service 0x…167: not replayed/);
  });

  it('a diverged replay: NOT the recorded execution, each difference listed (at most 20, then a count)', () => {
    const divergences = Array.from({ length: 23 }, (_, i) => ({ atEntry: i, text: `difference ${i + 1}` }));
    const answer = replayed({ faithful: false, divergences, notReplayed: [] });
    assert.strictEqual(replayLabel(answer), 'local replay, diverged');
    const out = lines(answer);
    assert.match(out[1].text, /^Source: local replay, diverged: this is NOT the recorded execution\. 23 difference/);
    assert.strictEqual(out[1].category, 'important');
    const listed = out.filter(l => /^ {2}difference \d+$/.test(l.text));
    assert.strictEqual(listed.length, 20);
    assert.ok(out.some(l => l.text === '  … and 3 more'));
  });

  it('a stopped replay: where and why, once, and never faithful', () => {
    const stop = { atEntry: 4_999, reason: 'the step cap (5,000 instructions) was reached' };
    const answer = replayed(
      {
        faithful: false,
        divergences: [{ atEntry: 4_999, text: 'the replay stopped at step 5,000 …' }],
        notReplayed: [],
      },
      stop,
    );
    assert.strictEqual(replayLabel(answer), 'local replay, stopped');
    const out = lines(answer);
    assert.match(
      out[1].text,
      /^Source: local replay, stopped at step 5,000: the step cap \(5,000 instructions\) was reached\./,
    );
    assert.strictEqual(out.filter(l => l.text.includes('stopped at step')).length, 1);
  });

  it('stands in for an opcode trace not served or not now, never for one too large or our own fault', () => {
    assert.ok(replayStandsInFor({ kind: 'not-served', status: 501, message: '' }));
    assert.ok(replayStandsInFor({ kind: 'not-found-or-not-served', status: 404, message: '' }));
    assert.ok(replayStandsInFor({ kind: 'rate-limited', message: '' }));
    assert.ok(replayStandsInFor({ kind: 'refused', status: 503, message: '' }));
    assert.ok(!replayStandsInFor({ kind: 'too-large', limitBytes: 1, message: '' }));
    assert.ok(!replayStandsInFor({ kind: 'our-fault', status: 406, message: '' }));
    assert.ok(!replayStandsInFor(undefined));
  });
});
