// The one pager every paged list uses (common/pager.ts): the rules of a live feed (the Blocks
// view: new rows on top, capped) next to those of an account's transactions (pages.test.ts).
import * as assert from 'assert';
import { Pager } from '../../../src/features/common/pager';
import { BLOCKS_CAP, blocksPager } from '../../../src/features/blocks/model';
import { parseLossless } from '../../../src/mirror';
import { BlocksResponseSchema } from '../../../src/mirror/schemas';
import type { BlocksResponse } from '../../../src/mirror';
import { aBlock, aBlocksBody } from '../../support/builders';

interface Row {
  readonly n: number;
}
interface RowPage {
  readonly rows: readonly Row[];
  readonly links: { readonly next: string | null };
}

function feed(cap?: number): Pager<Row, RowPage, number> {
  return new Pager<Row, RowPage, number>({
    rows: p => p.rows,
    key: r => String(r.n),
    position: r => r.n,
    compare: (a, b) => a - b,
    growOnRefresh: true,
    ...(cap !== undefined ? { cap } : {}),
  });
}

/** Rows `from` down to `to`, newest first. */
function page(from: number, to: number, next: string | null = `next<${to}`): RowPage {
  const rows: Row[] = [];
  for (let n = from; n >= to; n--) rows.push({ n });
  return { rows, links: { next } };
}

const ns = (p: Pager<Row, RowPage, number>) => p.rows.map(r => r.n);

describe('common/pager (a live feed)', () => {
  it('a refresh that reaches the list adds the new rows on top, even with one page loaded', () => {
    const p = feed();
    const first = page(19, 18);
    p.reset(first);
    p.refreshFirst(page(21, 19));
    assert.deepStrictEqual(ns(p), [21, 20, 19, 18]);
    assert.strictEqual(p.lastPage, first, 'Load more still goes on from the oldest page');
    assert.strictEqual(p.trimmed, false);
  });

  it('a refresh with a gap starts over', () => {
    const p = feed();
    p.reset(page(19, 18));
    const fresh = page(40, 39);
    p.refreshFirst(fresh);
    assert.deepStrictEqual(ns(p), [40, 39]);
    assert.strictEqual(p.lastPage, fresh);
  });

  it('a day of refreshes stays at the cap; the oldest rows go and Load more is still offered', () => {
    const p = feed(50);
    p.reset(page(10, 1, 'next<1'));
    for (let top = 15; top <= 10_000; top += 5) p.refreshFirst(page(top, top - 9));
    assert.strictEqual(p.rows.length, 50);
    assert.deepStrictEqual(ns(p).slice(0, 2), [10_000, 9999]);
    assert.strictEqual(p.rows.at(-1)!.n, 9951, 'the newest 50 are kept');
    assert.strictEqual(p.trimmed, true, 'the last page no longer follows the list');
    assert.strictEqual(p.hasMore, true);
    // Load more from the oldest row kept, as the Blocks view asks for it.
    p.append(page(9950, 9941, 'next<9941'));
    assert.strictEqual(p.rows.length, 60, 'Load more may go past the cap: the user asked for it');
    assert.strictEqual(p.trimmed, false);
    p.refreshFirst(page(10_005, 9996));
    assert.strictEqual(p.rows.length, 60, 'a refresh never shortens below what the user loaded');
    assert.deepStrictEqual([p.rows[0].n, p.rows.at(-1)!.n], [10_005, 9946]);
  });

  it('a list under the cap is not trimmed', () => {
    const p = feed(50);
    p.reset(page(10, 1));
    p.refreshFirst(page(20, 11 - 1));
    assert.strictEqual(p.rows.length, 20);
    assert.strictEqual(p.trimmed, false);
  });

  it('a Load more that found nothing ends the paging, also after a trim', () => {
    const p = feed(5);
    p.reset(page(5, 1));
    p.refreshFirst(page(8, 5));
    assert.strictEqual(p.trimmed, true);
    p.append(null);
    assert.strictEqual(p.hasMore, false);
    assert.deepStrictEqual(ns(p), [8, 7, 6, 5, 4]);
  });
});

describe('blocks/model blocksPager', () => {
  // One block parsed as the client would; the others are copies with another number.
  const template = BlocksResponseSchema.parse(parseLossless(aBlocksBody([aBlock({ number: 1 })], null).text)).blocks[0];
  function blocks(numbers: number[], next: string | null): BlocksResponse {
    return { blocks: numbers.map(n => ({ ...template, number: BigInt(n) })), links: { next } };
  }

  it(`keeps the Blocks view at ${BLOCKS_CAP} rows however long it stays open`, () => {
    const p = blocksPager();
    p.reset(blocks([25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], null));
    // A refresh every 10 s for two hours: 720 refreshes of 5 new blocks each (3,600 blocks).
    let top = 25;
    for (let i = 0; i < 720; i++) {
      top += 5;
      const numbers = Array.from({ length: 25 }, (_, k) => top - k);
      p.refreshFirst(blocks(numbers, `/api/v1/blocks?block.number=lt:${top - 24}`));
    }
    assert.strictEqual(p.rows.length, BLOCKS_CAP);
    assert.strictEqual(p.rows[0].number, BigInt(top));
    assert.strictEqual(p.rows.at(-1)!.number, BigInt(top - BLOCKS_CAP + 1));
    assert.strictEqual(p.hasMore, true, 'Load more is still offered');
    assert.strictEqual(p.trimmed, true);
  });
});
