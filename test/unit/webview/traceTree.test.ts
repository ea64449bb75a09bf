// The call trace's rows as a tree, without a browser: nesting from the levels (including levels
// that skip, go back or are negative), the rows open at first, and the keyboard's moves among the
// rows shown, checked against a plain recursive walk for any levels fast-check makes.
import * as assert from 'assert';
import fc from 'fast-check';
import {
  focusRow,
  initiallyOpen,
  lastShown,
  nextShown,
  pathTo,
  previousShown,
  traceTree,
  type TraceTree,
} from '../../../webview/shared/traceTree';
import { assertGrowth } from '../../support/growth';

const rows = (...levels: number[]) => levels.map(level => ({ level }));

/** The rows shown, in order, by a recursive walk (the reference the moves are checked against). */
function shownByWalk(tree: TraceTree, isOpen: (r: number) => boolean): number[] {
  const out: number[] = [];
  const walk = (row: number) => {
    out.push(row);
    if (isOpen(row)) for (const kid of tree.children(row)) walk(kid);
  };
  for (const root of tree.roots) walk(root);
  return out;
}

describe('webview/traceTree: nesting', () => {
  it('nests each row under the nearest earlier row with a lower level', () => {
    const tree = traceTree(rows(0, 1, 2, 1, 0, 1));
    assert.deepStrictEqual(tree.roots, [0, 4]);
    assert.deepStrictEqual(
      [0, 1, 2, 3, 4, 5].map(r => tree.parent(r)),
      [-1, 0, 1, 0, -1, 4],
    );
    assert.deepStrictEqual(tree.children(0), [1, 3]);
    assert.deepStrictEqual(tree.children(2), []);
    assert.deepStrictEqual(
      [0, 1, 2, 3, 4, 5].map(r => tree.depth(r)),
      [0, 1, 2, 1, 0, 1],
    );
    assert.deepStrictEqual(
      [0, 1, 2, 3, 4, 5].map(r => tree.position(r)),
      [1, 1, 1, 2, 2, 1],
    );
    assert.deepStrictEqual(tree.siblings(3), [1, 3]);
    assert.deepStrictEqual(tree.siblings(4), [0, 4]);
  });

  it('a level that skips nests one step; a level that goes back closes the rows between', () => {
    const skip = traceTree(rows(0, 3, 7, 3));
    assert.deepStrictEqual(
      [0, 1, 2, 3].map(r => skip.depth(r)),
      [0, 1, 2, 1],
    );
    assert.deepStrictEqual(skip.children(0), [1, 3]);
    const back = traceTree(rows(2, 5, 1, 2));
    assert.deepStrictEqual(back.roots, [0, 2], 'a row below the first level is a root of its own');
    assert.deepStrictEqual(back.children(2), [3]);
  });

  it('negative, equal and huge levels still make a tree', () => {
    const tree = traceTree(rows(-5, -5, 1e9, -1e9, 0));
    assert.deepStrictEqual(tree.roots, [0, 1, 3]);
    assert.deepStrictEqual(tree.children(1), [2]);
    assert.deepStrictEqual(tree.children(3), [4]);
    assert.deepStrictEqual(traceTree([]).roots, []);
  });

  it('for any levels: each parent comes before its child with a lower level, and every row is placed once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -3, max: 6 }), { maxLength: 60 }), levels => {
        const tree = traceTree(rows(...levels));
        const placed: number[] = [...tree.roots];
        for (let i = 0; i < levels.length; i++) {
          const p = tree.parent(i);
          if (p >= 0) {
            assert.ok(p < i && levels[p] < levels[i]);
            assert.strictEqual(tree.depth(i), tree.depth(p) + 1);
          } else assert.strictEqual(tree.depth(i), 0);
          placed.push(...tree.children(i));
          assert.strictEqual(tree.siblings(i)[tree.position(i) - 1], i);
        }
        assert.deepStrictEqual(
          placed.sort((a, b) => a - b),
          levels.map((_, i) => i),
        );
      }),
    );
  });

  it('builds in time linear in the rows (n vs 8n)', () => {
    const make = (n: number) => Array.from({ length: n }, (_, i) => ({ level: [0, 1, 2, 3, 2, 1][i % 6] }));
    assertGrowth('traceTree', make, levels => traceTree(levels), 2_000);
    assertGrowth(
      'a flat list',
      n => rows(...new Array<number>(n).fill(0)),
      levels => traceTree(levels),
      2_000,
    );
  });
});

describe('webview/traceTree: what opens and where the keyboard goes', () => {
  it('opens the rows the host opened and their ancestors; focuses the first open origin', () => {
    const levels = [
      { level: 0 },
      { level: 1 },
      { level: 2, open: true, origin: true },
      { level: 0 },
      { level: 1, origin: true },
    ];
    const tree = traceTree(levels);
    const open = initiallyOpen(tree, levels);
    assert.deepStrictEqual([...open].sort(), [0, 1, 2]);
    assert.strictEqual(focusRow(levels, open), 2);
    assert.strictEqual(focusRow(levels, new Set()), 2, 'else the first origin');
    assert.strictEqual(focusRow(rows(0, 1), open), undefined);
    assert.deepStrictEqual(pathTo(tree, 2), [2, 1, 0]);
  });

  it('Down and Up walk the rows shown; End is the last shown', () => {
    const tree = traceTree(rows(0, 1, 2, 1, 0, 1));
    const open = new Set([0, 1]);
    const isOpen = (r: number) => open.has(r);
    assert.deepStrictEqual(shownByWalk(tree, isOpen), [0, 1, 2, 3, 4]);
    assert.strictEqual(nextShown(tree, 2, isOpen), 3, 'from a last child to its parent’s next sibling');
    assert.strictEqual(nextShown(tree, 3, isOpen), 4);
    assert.strictEqual(nextShown(tree, 4, isOpen), undefined, 'closed: its call is not shown');
    assert.strictEqual(previousShown(tree, 4, isOpen), 3);
    assert.strictEqual(previousShown(tree, 3, isOpen), 2, 'to the deepest shown row of the sibling before');
    assert.strictEqual(previousShown(tree, 1, isOpen), 0);
    assert.strictEqual(previousShown(tree, 0, isOpen), undefined);
    assert.strictEqual(lastShown(tree, isOpen), 4);
    assert.strictEqual(
      lastShown(tree, () => true),
      5,
    );
    assert.strictEqual(lastShown(traceTree([]), isOpen), undefined);
  });

  it('for any tree and open rows, Down from the first row visits exactly the rows shown, and Up undoes it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ level: fc.integer({ min: 0, max: 5 }), open: fc.boolean() }), {
          minLength: 1,
          maxLength: 50,
        }),
        spec => {
          const tree = traceTree(spec);
          const isOpen = (r: number) => spec[r].open;
          const expected = shownByWalk(tree, isOpen);
          const walked: number[] = [];
          for (let at: number | undefined = tree.roots[0]; at !== undefined; at = nextShown(tree, at, isOpen))
            walked.push(at);
          assert.deepStrictEqual(walked, expected);
          for (let i = 1; i < walked.length; i++)
            assert.strictEqual(previousShown(tree, walked[i], isOpen), walked[i - 1]);
          assert.strictEqual(lastShown(tree, isOpen), expected[expected.length - 1]);
        },
      ),
    );
  });
});
