// The paged list every mirror list uses (common/pager.ts PagedList): one request at a time (a second
// Load more joins the first), answers of an older generation dropped, the generation's signal
// aborted on reset and dispose, a failure kept and asked again by retry, and the end of the list
// when links.next is absent or leads back to a page already followed. Requests are held open by
// hand, so every interleaving is the test's choice.
import * as assert from 'assert';
import { PagedList, type ListEvent, type MoreAsk, type PagerRules } from '../../../src/features/common/pager';
import { assertGrowthAsync } from '../../support/growth';

interface Row {
  readonly n: number;
}
interface RowPage {
  readonly rows: readonly Row[];
  readonly links: { readonly next: string | null };
}

const RULES: PagerRules<Row, RowPage, number> = {
  rows: p => p.rows,
  key: r => String(r.n),
  position: r => r.n,
  compare: (a, b) => a - b,
};

/** Rows `from` down to `to`, newest first, linking to what is below `to` unless told. */
function page(from: number, to: number, next: string | null = `lt:${to}`): RowPage {
  const rows: Row[] = [];
  for (let n = from; n >= to; n--) rows.push({ n });
  return { rows, links: { next } };
}

/** A request the test answers (or fails) when it chooses. */
interface Held<T> {
  readonly signal: AbortSignal;
  answer(value: T): void;
  fail(error: unknown): void;
}

function hold<T>(into: Held<T>[], signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    into.push({ signal, answer: resolve, fail: reject });
  });
}

function harness() {
  const firsts: Held<RowPage>[] = [];
  const mores: Held<RowPage | null>[] = [];
  const moreAsks: MoreAsk<Row, RowPage>[] = [];
  const events: ListEvent<string>[] = [];
  const list = new PagedList<Row, RowPage, number, string>({
    rules: RULES,
    more: ask => {
      moreAsks.push(ask);
      return hold(mores, ask.signal);
    },
    describe: e => (e instanceof Error ? e.message : String(e)),
    changed: e => events.push(e),
  });
  const first = (signal: AbortSignal) => hold(firsts, signal);
  return { list, firsts, mores, moreAsks, events, first };
}

const ns = (list: PagedList<Row, RowPage, number, string>) => list.rows.map(r => r.n);
/** Lets the list's microtasks run (a request is asked one tick after it is started). */
const tick = () => new Promise<void>(r => setImmediate(r));
/** What fetch throws when its request is aborted. */
const abortError = (message: string) => Object.assign(new Error(message), { name: 'AbortError' });

describe('common/pager PagedList', () => {
  it('a second Load more while one is on its way joins it: one request, one page appended', async () => {
    const h = harness();
    h.list.seed(page(10, 8));
    const a = h.list.loadMore();
    const b = h.list.loadMore();
    await tick();
    assert.strictEqual(h.mores.length, 1, 'asked once');
    assert.strictEqual(h.list.busy, 'more');
    assert.strictEqual(h.moreAsks[0].last, h.list.lastPage);
    h.mores[0].answer(page(7, 6, null));
    await Promise.all([a, b]);
    assert.deepStrictEqual(ns(h.list), [10, 9, 8, 7, 6]);
    assert.strictEqual(h.list.busy, undefined);
    assert.strictEqual(h.list.hasMore, false);
    assert.deepStrictEqual(
      h.events.map(e => `${e.which}:${e.state}`),
      ['more:loading', 'more:loaded'],
    );
  });

  it('Load more while the first page is on its way joins it and asks no next page', async () => {
    const h = harness();
    const loading = h.list.restart(h.first);
    const more = h.list.loadMore();
    await tick();
    h.firsts[0].answer(page(10, 8));
    await Promise.all([loading, more]);
    assert.strictEqual(h.mores.length, 0);
    assert.deepStrictEqual(ns(h.list), [10, 9, 8]);
  });

  it('a refresh asked while Load more is on its way waits for it (one request at a time), then merges', async () => {
    const h = harness();
    h.list.seed(page(10, 8));
    const more = h.list.loadMore();
    const refresh = h.list.refresh(h.first);
    const again = h.list.refresh(h.first);
    await tick();
    assert.strictEqual(h.firsts.length, 0, 'not while the next page is on its way');
    h.mores[0].answer(page(7, 6));
    await more;
    await tick();
    assert.strictEqual(h.firsts.length, 1, 'asked once, the second refresh joined it');
    h.firsts[0].answer(page(12, 9));
    await Promise.all([refresh, again]);
    assert.deepStrictEqual(ns(h.list), [12, 11, 10, 9, 8, 7, 6], 'the loaded pages stay under the new rows');
  });

  it('after a restart, the answer of the older generation is dropped whenever it lands', async () => {
    const h = harness();
    const old = h.list.restart(h.first, { query: 'a' });
    await tick();
    const current = h.list.restart(h.first, { query: 'b' });
    await tick();
    assert.strictEqual(h.firsts[0].signal.aborted, true, 'the older request was aborted');
    assert.strictEqual(h.firsts[1].signal.aborted, false);
    h.firsts[1].answer(page(5, 4));
    await current;
    // The older request answers anyway (a server that ignores the abort).
    h.firsts[0].answer(page(99, 98));
    await old;
    assert.deepStrictEqual(ns(h.list), [5, 4]);
    assert.strictEqual(h.list.query, 'b');
    const landed = h.events.filter(e => e.state === 'loaded');
    assert.strictEqual(landed.length, 1, 'the older generation said nothing');
  });

  it('a Load more of an older generation is dropped too', async () => {
    const h = harness();
    h.list.seed(page(10, 8), 'a');
    const more = h.list.loadMore();
    await tick();
    const restart = h.list.restart(h.first, { query: 'a', merge: true });
    await tick();
    h.firsts[0].answer(page(11, 9));
    await restart;
    h.mores[0].answer(page(7, 6));
    await more;
    // One page was loaded: the refreshed first page replaces it; the older Load more adds nothing.
    assert.deepStrictEqual(ns(h.list), [11, 10, 9]);
    assert.strictEqual(h.list.hasMore, true);
  });

  it('a reset aborts what is on its way, empties the list, and ignores the late answer', async () => {
    const h = harness();
    const loading = h.list.restart(h.first);
    await tick();
    const signal = h.firsts[0].signal;
    h.list.reset();
    assert.strictEqual(signal.aborted, true);
    assert.strictEqual(h.list.busy, undefined);
    assert.strictEqual(h.list.loaded, false);
    h.firsts[0].answer(page(10, 8));
    await loading;
    assert.deepStrictEqual(ns(h.list), []);
    assert.strictEqual(h.list.first, undefined);
  });

  it('dispose aborts what is on its way and asks nothing more', async () => {
    const h = harness();
    h.list.seed(page(10, 8));
    const more = h.list.loadMore();
    await tick();
    h.list.dispose();
    assert.strictEqual(h.mores[0].signal.aborted, true);
    h.mores[0].fail(abortError('aborted'));
    await more;
    await h.list.restart(h.first);
    await h.list.loadMore();
    assert.strictEqual(h.firsts.length + h.mores.length, 1);
  });

  it('an abort that is not the list’s own ends the request without a failure', async () => {
    const h = harness();
    const loading = h.list.restart(h.first);
    await tick();
    h.firsts[0].fail(abortError('the client was disposed'));
    await loading;
    assert.strictEqual(h.list.busy, undefined);
    assert.strictEqual(h.list.failed, undefined);
    assert.strictEqual(h.events.at(-1)?.state, 'cancelled');
  });

  it('a failed first page is kept with the list; retry asks the same page again', async () => {
    const h = harness();
    const loading = h.list.restart(h.first, { query: 'q' });
    await tick();
    h.firsts[0].fail(new Error('503 maintenance'));
    await loading;
    assert.deepStrictEqual(h.list.failed, { which: 'first', problem: '503 maintenance' });
    assert.deepStrictEqual(h.events.at(-1), { which: 'first', state: 'failed', problem: '503 maintenance' });
    const retry = h.list.retry();
    assert.strictEqual(h.list.failed, undefined, 'forgotten while asked again');
    await tick();
    assert.strictEqual(h.firsts.length, 2);
    h.firsts[1].answer(page(3, 1));
    await retry;
    assert.deepStrictEqual(ns(h.list), [3, 2, 1]);
    assert.strictEqual(h.list.query, 'q');
  });

  it('a failed Load more keeps the rows; retry asks the same next page', async () => {
    const h = harness();
    const first = page(10, 8);
    h.list.seed(first);
    const more = h.list.loadMore();
    await tick();
    h.mores[0].fail(new Error('429'));
    await more;
    assert.deepStrictEqual(h.list.failed, { which: 'more', problem: '429' });
    assert.deepStrictEqual(ns(h.list), [10, 9, 8]);
    const retry = h.list.retry();
    await tick();
    assert.strictEqual(h.moreAsks.length, 2);
    assert.strictEqual(h.moreAsks[1].last, first, 'the page after the same last page');
    h.mores[1].answer(page(7, 7, null));
    await retry;
    assert.deepStrictEqual(ns(h.list), [10, 9, 8, 7]);
    assert.strictEqual(h.list.failed, undefined);
    await h.list.retry();
    assert.strictEqual(h.moreAsks.length, 2, 'nothing failed: nothing asked');
  });

  it('stops when links.next is absent, or leads back to a page already followed', async () => {
    const h = harness();
    h.list.seed(page(10, 9, 'p2'));
    let more = h.list.loadMore();
    await tick();
    h.mores[0].answer(page(8, 7, 'p3'));
    await more;
    assert.strictEqual(h.list.hasMore, true);
    more = h.list.loadMore();
    await tick();
    h.mores[1].answer(page(6, 5, 'p2'));
    await more;
    assert.deepStrictEqual(ns(h.list), [10, 9, 8, 7, 6, 5]);
    assert.strictEqual(h.list.hasMore, false, 'p2 was followed already: a loop');
    await h.list.loadMore();
    assert.strictEqual(h.mores.length, 2, 'no Load more past the end');

    const ends = harness();
    ends.list.seed(page(3, 2, 'n'));
    more = ends.list.loadMore();
    await tick();
    ends.mores[0].answer(null);
    await more;
    assert.strictEqual(ends.list.hasMore, false, 'a next() that found nothing ends it');
    assert.deepStrictEqual(ns(ends.list), [3, 2]);
  });

  it('a capped list asks below the oldest row kept', async () => {
    const list = new PagedList<Row, RowPage, number, string>({
      rules: { ...RULES, growOnRefresh: true, cap: 3 },
      more: ask => Promise.resolve(ask.trimmed ? page(ask.oldest!.n - 1, ask.oldest!.n - 1, null) : null),
      describe: String,
    });
    list.seed(page(10, 9));
    await list.refresh(() => Promise.resolve(page(12, 10)));
    assert.deepStrictEqual(ns(list), [12, 11, 10]);
    await list.loadMore();
    assert.deepStrictEqual(ns(list), [12, 11, 10, 9]);
  });

  it('loading n pages costs linear time', async function () {
    this.timeout(60_000);
    const load = async (pages: number) => {
      let n = pages * 10;
      const list = new PagedList<Row, RowPage, number, string>({
        rules: RULES,
        more: () => {
          n -= 10;
          return Promise.resolve(page(n, n - 9, n > 10 ? `lt:${n - 9}` : null));
        },
        describe: String,
      });
      list.seed(page(n, n - 9));
      while (list.hasMore) await list.loadMore();
      assert.strictEqual(list.rows.length, pages * 10);
    };
    await assertGrowthAsync('PagedList Load more', n => n, load, 200);
  });
});
