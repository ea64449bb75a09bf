// The Accounts view's age redraw (`5 min ago` on every transaction row): once a minute while the
// view is visible, stopped while it is hidden (index.ts follows the view's visibility). Pure (no
// vscode) so its timing is unit-tested with a manual clock.
import { VisibleInterval, type IntervalHost } from '../../util/visibleInterval';

/** How often the ages are redrawn: the coarsest age a row shows past two minutes is the minute. */
export const AGE_REDRAW_MS = 60_000;

/** The redraw timer, stopped until the view says it is visible. */
export function accountAges(redraw: () => void, host?: IntervalHost): VisibleInterval {
  return new VisibleInterval(redraw, AGE_REDRAW_MS, host);
}
